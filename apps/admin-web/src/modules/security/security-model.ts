import {
  decisionOf,
  parseDataKey,
  parseRoles,
  SERVICE_NAMES,
  SERVICE_OPERATIONS,
  type AccessDecision,
  type AccessMode,
  type CatalogMode,
  type DataRule,
  type ServiceName,
} from '@geocatalog/catalog-model';
import type { LayerRef, RuleMap } from '../../api';

/**
 * The Security rules page's model: the data rules as one row per workspace or layer, and what a
 * chosen user may see and call, decided by the api's own decision code (`decisionOf` of
 * `@geocatalog/catalog-model`, the one the server's every path asks), from the rules as the
 * server lists them.
 */

/** One row of the rule table: a target (`*.*`, `ws.*`, `ws.layer`, or a global group) and the roles per access mode. */
export interface RuleRow {
  /** The key without its mode: `topp.*`, `topp.roads`, `*.*`, `group`. */
  target: string;
  workspace: string | null;
  layer: string;
  roles: Partial<Record<AccessMode, string>>;
}

export const ACCESS_MODES: readonly AccessMode[] = ['r', 'w', 'a'];

export const ACCESS_MODE_LABELS: Record<AccessMode, string> = { r: 'Read', w: 'Write', a: 'Administer' };

/** The target part of a rule key (`topp.roads.r` → `topp.roads`). */
export function targetOf(rule: Omit<DataRule, 'roles'>): string {
  return rule.workspace === null ? rule.layer : `${rule.workspace}.${rule.layer}`;
}

/** The data rules as rows, one per target: `*.*` first, then by workspace, the workspace's own row before its layers'. */
export function ruleRows(rules: RuleMap): RuleRow[] {
  const rows = new Map<string, RuleRow>();
  for (const [key, value] of Object.entries(rules)) {
    const parsed = parseDataKey(key);
    if (!parsed.ok) continue;
    const target = targetOf(parsed.value);
    let row = rows.get(target);
    if (!row) rows.set(target, (row = { target, workspace: parsed.value.workspace, layer: parsed.value.layer, roles: {} }));
    row.roles[parsed.value.mode] = value;
  }
  return [...rows.values()].sort((a, b) => rank(a).localeCompare(rank(b)));
}

function rank(row: RuleRow): string {
  if (row.workspace === '*') return '0';
  if (row.workspace === null) return `2\u0000${row.layer}`;
  return `1\u0000${row.workspace}\u0000${row.layer === '*' ? '' : row.layer}`;
}

/**
 * The decision of the rules as the server lists them (`/rest/security/acl/layers`, `…/services`,
 * `…/catalog`): the api's own `decisionOf`, so the console answers as the server would.
 */
export function decisionOfLists(data: RuleMap, services: RuleMap, mode: CatalogMode): AccessDecision {
  return decisionOf(Object.entries(data), Object.entries(services), mode);
}

/** What one user may do with one workspace or layer. */
export interface SeenRow {
  workspace: string;
  /** Null for the workspace itself. */
  layer: string | null;
  read: boolean;
  write: boolean;
  administer: boolean;
}

/**
 * What a signed-in user with `roles` (its own and its groups') may read, write and administer:
 * each workspace, then each of its layers, as `decision` decides.
 */
export function whatUserSees(decision: AccessDecision, roles: readonly string[], workspaces: readonly string[], layers: readonly LayerRef[]): SeenRow[] {
  const caller = { roles, anonymous: false };
  const rows: SeenRow[] = [];
  for (const workspace of [...workspaces].sort()) {
    const administer = decision.administers(caller, workspace);
    rows.push({ workspace, layer: null, read: decision.readsWorkspace(caller, workspace), write: decision.can(caller, 'w', workspace), administer });
    const inside = layers.filter((l) => l.workspace === workspace).map((l) => l.name);
    for (const layer of inside.sort()) {
      rows.push({ workspace, layer, read: decision.readsLayer(caller, workspace, layer), write: decision.can(caller, 'w', workspace, layer), administer });
    }
  }
  return rows;
}

/** Which operations of one service a user may call, and which a service rule keeps it from. */
export interface ServiceRow {
  service: ServiceName;
  allowed: string[];
  refused: string[];
}

/**
 * What a signed-in user with `roles` may call: every operation a service rule can name
 * (`SERVICE_OPERATIONS`), per service, as `decision` decides (`wms.GetMap=ROLE_X` keeps out a
 * user without `ROLE_X`). The data rules then say which layers it reaches through them.
 */
export function whatUserCalls(decision: AccessDecision, roles: readonly string[]): ServiceRow[] {
  const caller = { roles, anonymous: false };
  return SERVICE_NAMES.map((service) => {
    const row: ServiceRow = { service, allowed: [], refused: [] };
    for (const operation of SERVICE_OPERATIONS[service]) (decision.usesService(caller, service, operation) ? row.allowed : row.refused).push(operation);
    return row;
  });
}

/** The key of a rule from the form's parts: `ws.layer.mode`; an empty layer is the whole workspace (`*`). */
export function ruleKey(workspace: string, layer: string, mode: AccessMode): string {
  return `${workspace.trim() || '*'}.${layer.trim() || '*'}.${mode}`;
}

/** Why a rule typed in the form would be refused, as the server would say it (422), or null. */
export function ruleProblem(key: string, roles: string): string | null {
  const parsed = parseDataKey(key);
  if (!parsed.ok) return parsed.problem;
  const value = parseRoles(roles);
  return value.ok ? null : value.problem;
}
