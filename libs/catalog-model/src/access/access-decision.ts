import {
  ADMIN,
  ANONYMOUS,
  AUTHENTICATED,
  CATALOG_MODES,
  EVERYBODY,
  parseDataKey,
  parseRoles,
  parseServiceKey,
  type AccessMode,
  type CatalogMode,
  type DataRule,
  type ServiceRule,
} from './rule-keys';

/**
 * GeoServer's data security semantics (its `SecureTreeNode` tree), decided in memory from the
 * catalog's rules. Framework-free: the api's {@link AccessService} builds one per set of rules and
 * every path asks it.
 *
 * - The most specific rule wins: a layer's or group's, else its workspace's (`ws.*`), else the
 *   root's (`*.*`); each access mode is looked up on its own (a write rule does not give read).
 * - Among the caller's roles the most permissive applies: one matching role is enough.
 * - `*` is every caller, anonymous too; `ANONYMOUS` only a request without credentials;
 *   `AUTHENTICATED` every signed-in caller. `ADMIN` passes every rule.
 * - With no root rule for a mode, GeoServer's defaults apply: read and write to everybody,
 *   administration to `ADMIN`.
 * - `a` on a workspace makes a workspace administrator: catalog writes inside it, and reading all
 *   of it; `w` (data writes) gives no catalog write.
 */

/** Who asks: a signed-in user's roles, or an anonymous request (no roles). */
export interface Caller {
  roles: readonly string[];
  anonymous: boolean;
}

/** The anonymous caller. */
export const ANONYMOUS_CALLER: Caller = { roles: [], anonymous: true };

type ModeRoles = Partial<Record<AccessMode, ReadonlySet<string>>>;

interface WorkspaceNode {
  own: ModeRoles;
  layers: Map<string, ModeRoles>;
}

const ROOT_DEFAULTS: Record<AccessMode, ReadonlySet<string>> = { r: new Set([EVERYBODY]), w: new Set([EVERYBODY]), a: new Set([ADMIN]) };

/** A caller's roles as a rule sees them: its own, plus `ANONYMOUS` or `AUTHENTICATED`. */
function effectiveRoles(caller: Caller): ReadonlySet<string> {
  return new Set([...caller.roles, caller.anonymous ? ANONYMOUS : AUTHENTICATED]);
}

export class AccessDecision {
  private readonly root: ModeRoles = {};
  private readonly workspaces = new Map<string, WorkspaceNode>();
  /** Global layer groups' own rules (`group.r`). */
  private readonly globalGroups = new Map<string, ModeRoles>();
  private readonly services = new Map<string, ReadonlySet<string>>();

  constructor(
    rules: readonly DataRule[],
    serviceRules: readonly ServiceRule[] = [],
    /** How a record the caller may not read answers. */
    readonly catalogMode: CatalogMode = 'HIDE',
  ) {
    for (const rule of rules) this.nodeOf(rule)[rule.mode] = new Set(rule.roles);
    for (const rule of serviceRules) this.services.set(serviceKey(rule.service, rule.method), new Set(rule.roles));
  }

  /** Whether `caller` may use `mode` on a workspace (as a whole), or on a layer or group inside it. */
  can(caller: Caller, mode: AccessMode, workspace: string, layer?: string): boolean {
    const node = this.workspaces.get(workspace);
    const roles = (layer === undefined ? undefined : node?.layers.get(layer)?.[mode]) ?? node?.own[mode] ?? this.root[mode] ?? ROOT_DEFAULTS[mode];
    return matches(roles, caller);
  }

  /** Whether `caller` may use `mode` on a global layer group (its rule `group.mode`, else the root's). */
  canGlobalGroup(caller: Caller, mode: AccessMode, group: string): boolean {
    return matches(this.globalGroups.get(group)?.[mode] ?? this.root[mode] ?? ROOT_DEFAULTS[mode], caller);
  }

  /** Whether `caller` administers `workspace` (`ws.*.a`, or the root's `a`): catalog writes inside it. */
  administers(caller: Caller, workspace: string): boolean {
    return this.can(caller, 'a', workspace);
  }

  /** Whether `caller` may see a workspace and the records that follow it (stores, styles, settings). */
  readsWorkspace(caller: Caller, workspace: string): boolean {
    return this.can(caller, 'r', workspace) || this.administers(caller, workspace);
  }

  /** Whether `caller` may see a layer, its feature type, or a layer group of a workspace, and read its data. */
  readsLayer(caller: Caller, workspace: string, layer: string): boolean {
    return this.can(caller, 'r', workspace, layer) || this.administers(caller, workspace);
  }

  /** Whether `caller` may see records outside any workspace (global styles, the server's settings). */
  readsGlobal(caller: Caller): boolean {
    return matches(this.root.r ?? ROOT_DEFAULTS.r, caller);
  }

  /**
   * Whether `caller` may call `method` of `service` (`wms`, `features`, `tiles`): the rule of the
   * method, else of the service (`wms.*`), else `*.*`; with none, everybody may.
   */
  usesService(caller: Caller, service: string, method: string): boolean {
    const roles =
      this.services.get(serviceKey(service, method)) ??
      this.services.get(serviceKey(service, EVERYBODY)) ??
      this.services.get(serviceKey(EVERYBODY, EVERYBODY));
    return roles === undefined || matches(roles, caller);
  }

  /** How a record `caller` may not read answers: not found, or the credentials challenge (401 anonymous, 403 signed in). */
  refusal(caller: Caller): 'NOT_FOUND' | 'UNAUTHENTICATED' | 'FORBIDDEN' {
    if (this.catalogMode === 'HIDE') return 'NOT_FOUND';
    return caller.anonymous ? 'UNAUTHENTICATED' : 'FORBIDDEN';
  }

  /** Whether `caller` administers at least one workspace (`ws.*.a`, or the root's `a`): who may read some of the history. */
  administersSome(caller: Caller): boolean {
    if (matches(this.root.a ?? ROOT_DEFAULTS.a, caller)) return true;
    for (const node of this.workspaces.values()) if (node.own.a !== undefined && matches(node.own.a, caller)) return true;
    return false;
  }

  private nodeOf(rule: Omit<DataRule, 'roles'>): ModeRoles {
    if (rule.workspace === null) return getOrAdd(this.globalGroups, rule.layer, () => ({}));
    if (rule.workspace === EVERYBODY) return this.root;
    const node = getOrAdd(this.workspaces, rule.workspace, () => ({ own: {}, layers: new Map() }));
    return rule.layer === EVERYBODY ? node.own : getOrAdd(node.layers, rule.layer, () => ({}));
  }
}

function matches(roles: ReadonlySet<string>, caller: Caller): boolean {
  if (roles.has(EVERYBODY)) return true;
  if (caller.roles.includes(ADMIN)) return true;
  for (const role of effectiveRoles(caller)) if (roles.has(role)) return true;
  return false;
}

function serviceKey(service: string, method: string): string {
  return `${service.toLowerCase()}\u0000${method.toLowerCase()}`;
}

function getOrAdd<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}

/** Name → roles, the rules' stored form: the rule tables' rows, the REST maps, `layers.properties`. */
export type RuleEntries = Iterable<readonly [name: string, roles: string]>;

/**
 * The decision of rules in their stored form. Rules are checked when written, so a name that is
 * no rule (a row written by hand) is no rule and roles that do not parse are none; a data entry
 * named `mode` holding a catalog mode sets the mode.
 */
export function decisionOf(data: RuleEntries, services: RuleEntries = [], mode: CatalogMode = 'HIDE'): AccessDecision {
  const dataRules: DataRule[] = [];
  for (const [name, value] of data) {
    if (name === 'mode') {
      if (CATALOG_MODES.includes(value as CatalogMode)) mode = value as CatalogMode;
      continue;
    }
    const key = parseDataKey(name);
    if (key.ok) dataRules.push({ ...key.value, roles: rolesOf(value) });
  }
  const serviceRules: ServiceRule[] = [];
  for (const [name, value] of services) {
    const key = parseServiceKey(name);
    if (key.ok) serviceRules.push({ ...key.value, roles: rolesOf(value) });
  }
  return new AccessDecision(dataRules, serviceRules, mode);
}

function rolesOf(value: string): string[] {
  const roles = parseRoles(value);
  return roles.ok ? roles.value : [];
}
