import type { AccessDecision, Caller } from '@geocatalog/catalog-model';

/**
 * What an `OPAQUE_CONTAINER` layer group hides (contract §10, §12; GeoServer's layer group
 * modes): its members — layers and groups — are not requested by themselves (WMS GetMap,
 * GetFeatureInfo, the OGC API's collections) and not listed in capabilities, but only drawn as
 * part of the group. A member that a tree group (`NAMED`, `CONTAINER`, `EO`) itself reachable also
 * holds stays reachable: GeoServer lists what a tree group refers to explicitly. `SINGLE` groups
 * neither hide nor show. Nesting follows: the members of a hidden tree group are hidden unless
 * reachable another way. Framework-free; the map and feature paths ask it with the groups they read.
 */

/** A layer group as this decision needs it: its name and its members' names, as the caller names them (`ws:name`). */
export interface GroupMembers {
  name: string;
  mode: string;
  members: readonly string[];
}

const TREE_MODES: ReadonlySet<string> = new Set(['NAMED', 'CONTAINER', 'EO']);

/** The names (layers and groups) not reachable by themselves because opaque containers hold them. */
export function hiddenByOpaqueContainers(groups: readonly GroupMembers[]): Set<string> {
  const opaqueHeld = new Set<string>();
  for (const g of groups) if (g.mode.toUpperCase() === 'OPAQUE_CONTAINER') for (const m of g.members) opaqueHeld.add(m);
  const hidden = new Set<string>();
  if (!opaqueHeld.size) return hidden;
  // A member is hidden when an opaque container or a hidden tree group holds it, and no tree group
  // that is not hidden does. Hidden only grows, so this ends in at most one pass per group.
  for (let changed = true; changed;) {
    changed = false;
    const heldBy = new Map<string, { hiding: boolean; showing: boolean }>();
    for (const g of groups) {
      const mode = g.mode.toUpperCase();
      const hides = mode === 'OPAQUE_CONTAINER' || (TREE_MODES.has(mode) && hidden.has(g.name));
      const shows = TREE_MODES.has(mode) && !hidden.has(g.name);
      for (const m of g.members) {
        const seen = heldBy.get(m) ?? { hiding: false, showing: false };
        heldBy.set(m, { hiding: seen.hiding || hides, showing: seen.showing || shows });
      }
    }
    for (const [member, { hiding, showing }] of heldBy) {
      if (hiding && !showing && !hidden.has(member)) {
        hidden.add(member);
        changed = true;
      }
    }
  }
  return hidden;
}

/**
 * Whether `caller` may request a layer or workspace group by itself (not as part of a group):
 * the rules let it read it, and no opaque container hides it (`hidden`, from {@link hiddenByOpaqueContainers},
 * keyed `ws:name`).
 */
export function readsLayerDirectly(decision: AccessDecision, caller: Caller, workspace: string, layer: string, hidden: ReadonlySet<string>): boolean {
  return !hidden.has(`${workspace}:${layer}`) && decision.readsLayer(caller, workspace, layer);
}

/** Whether `caller` may request a global layer group by itself: its rule, and no opaque container holding it. */
export function readsGlobalGroupDirectly(decision: AccessDecision, caller: Caller, group: string, hidden: ReadonlySet<string>): boolean {
  return !hidden.has(group) && decision.canGlobalGroup(caller, 'r', group);
}
