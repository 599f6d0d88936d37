import { AccessDecision, parseDataKey, parseRoles, type AccessMode, type CatalogMode, type DataRule } from '@geocatalog/catalog-model';
import type { LayerRef, RuleMap } from '../../api';

/**
 * The Security rules page's model: the data rules as one row per workspace or layer, and what a
 * chosen user may see, decided by the api's own decision code (`AccessDecision` of
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

/** The rules as `AccessDecision` takes them; a rule the server would not have written is left out. */
export function dataRulesOf(rules: RuleMap): DataRule[] {
  const out: DataRule[] = [];
  for (const [key, value] of Object.entries(rules)) {
    const parsed = parseDataKey(key);
    const roles = parseRoles(value);
    if (parsed.ok && roles.ok) out.push({ ...parsed.value, roles: roles.value });
  }
  return out;
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
 * each workspace, then each of its layers, decided as the api decides.
 */
export function whatUserSees(
  rules: RuleMap,
  mode: CatalogMode,
  roles: readonly string[],
  workspaces: readonly string[],
  layers: readonly LayerRef[],
): SeenRow[] {
  const decision = new AccessDecision(dataRulesOf(rules), [], mode);
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
