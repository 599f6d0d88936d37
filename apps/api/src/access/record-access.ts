import { parseRecordPath, type KindName, type AccessDecision, type Caller, ADMIN } from '@geocatalog/catalog-model';

/**
 * Which records a caller may see in the history and the event stream (contract §6, §7, §12),
 * decided from a change's `kind` and `resource` (the record's REST path at the time of the
 * change) by the rules of an {@link AccessDecision}. Framework-free.
 *
 * - A change is shown only to whom may read its record now: a layer, feature type or layer group
 *   by its own rule, the rest of a workspace (the workspace, its namespace, stores, styles,
 *   settings) by the workspace's, records outside any workspace (global styles and groups, the
 *   server's settings) by the root rule.
 * - User accounts, rules and service rules are administrators' (ADMIN) only, as their endpoints are.
 * - The history (`/rest/changes`) is for ADMIN and for workspace administrators, who read the
 *   changes of the workspaces they administer (contract §12) and nothing outside them.
 */

/** What a change's record is to the rules. */
export type RecordScope =
  /** Inside a workspace; `layer` for a layer, feature type or layer group. */
  | { scope: 'workspace'; workspace: string; layer?: string }
  /** Outside any workspace; `group` for a global layer group. */
  | { scope: 'global'; group?: string }
  /** Users, rules, anything not a catalog record: administrators only. */
  | { scope: 'admin' };

/** Kinds whose changes only ADMIN sees (accounts and the security rules themselves). */
const ADMIN_KINDS: ReadonlySet<KindName> = new Set<KindName>(['user', 'rule', 'serviceRule']);

/** The scope of the record a change of `kind` at `resource` touched. */
export function recordScope(kind: KindName, resource: string | null): RecordScope {
  if (ADMIN_KINDS.has(kind) || resource === null) return { scope: 'admin' };
  const ref = parseRecordPath(resource);
  // A path that is no record's, or another kind's, is not guessed at.
  if (ref === null || ref.kind !== kind) return { scope: 'admin' };
  switch (kind) {
    case 'workspace':
    case 'namespace':
      return { scope: 'workspace', workspace: ref.name };
    case 'featureType':
    case 'layer':
      return { scope: 'workspace', workspace: ref.workspace!, layer: ref.name };
    case 'layerGroup':
      return ref.workspace ? { scope: 'workspace', workspace: ref.workspace, layer: ref.name } : { scope: 'global', group: ref.name };
    default:
      return ref.workspace ? { scope: 'workspace', workspace: ref.workspace } : { scope: 'global' };
  }
}

function isAdmin(caller: Caller): boolean {
  return caller.roles.includes(ADMIN);
}

/** Whether `caller` may read the record a change of `kind` at `resource` touched (events, contract §12). */
export function readsRecord(decision: AccessDecision, caller: Caller, kind: KindName, resource: string | null): boolean {
  if (isAdmin(caller)) return true;
  const target = recordScope(kind, resource);
  switch (target.scope) {
    case 'admin':
      return false;
    case 'global':
      return target.group === undefined ? decision.readsGlobal(caller) : decision.canGlobalGroup(caller, 'r', target.group);
    default:
      return target.layer === undefined ? decision.readsWorkspace(caller, target.workspace) : decision.readsLayer(caller, target.workspace, target.layer);
  }
}

/** Whether `caller` may read the history at all: ADMIN, or the administrator of some workspace. */
export function readsHistory(decision: AccessDecision, caller: Caller): boolean {
  return isAdmin(caller) || decision.administersSome(caller);
}

/** Whether a change is in `caller`'s history: ADMIN's all; a workspace administrator's, those of the records of their workspaces. */
export function seesChange(decision: AccessDecision, caller: Caller, kind: KindName, resource: string | null): boolean {
  if (isAdmin(caller)) return true;
  const target = recordScope(kind, resource);
  return target.scope === 'workspace' && decision.administers(caller, target.workspace) && readsRecord(decision, caller, kind, resource);
}

/** Whether `caller` may revert a request that made changes of these records: ADMIN, or the administrator of every record's workspace. */
export function revertsChanges(decision: AccessDecision, caller: Caller, changes: ReadonlyArray<{ kind: KindName; resource: string | null }>): boolean {
  if (isAdmin(caller)) return true;
  return changes.every((c) => {
    const target = recordScope(c.kind, c.resource);
    // A workspace administrator writes inside the workspace, never the workspace record itself.
    return target.scope === 'workspace' && c.kind !== 'workspace' && c.kind !== 'namespace' && decision.administers(caller, target.workspace);
  });
}
