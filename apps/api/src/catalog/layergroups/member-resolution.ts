import { CatalogError, MemberType, SentMember } from '@geocatalog/catalog-model';
import type { EntityManager } from 'typeorm';
import type { PublishedReads } from '../../rest/rest-request';
import type { MemberExtent } from './group-bounds';
import { qualifiedName } from './layergroup.mapper';
import * as rows from './layergroup.repository';

/** A member a body named, found: what it is, its id, where it lives, and what it adds to the bounds. */
export interface ResolvedMember {
  type: MemberType;
  id: number;
  workspace: string | null;
  extent: MemberExtent;
  styleId: number | null;
}

/**
 * Finds the layer or group a body names (contract §10): `ws:name` exactly; a bare name in the
 * group's own workspace first (clients send members without their workspace), then a global group,
 * then a layer of the default workspace or of any workspace (as GeoServer's `getLayerByName`).
 * `type` (`<published type>`) limits the search to layers or to groups; `reads` (a caller other
 * than ADMIN) to what the caller reads. 404 naming the member.
 */
export async function resolveMember(
  tx: EntityManager,
  sent: SentMember,
  groupWorkspace: string | null,
  reads?: PublishedReads,
): Promise<Omit<ResolvedMember, 'styleId'>> {
  const wantLayer = sent.type !== 'layerGroup';
  const wantGroup = sent.type !== 'layer';
  const tries: Array<() => Promise<{ type: MemberType; found: rows.Found } | undefined>> = [];
  const layerIn = (ws: string | undefined) => async () => {
    const [found] = await rows.findLayers(tx, ws, sent.name);
    return found ? { type: 'layer' as const, found } : undefined;
  };
  const groupIn = (ws: string | null) => async () => {
    const [found] = await rows.findGroups(tx, ws, sent.name);
    return found ? { type: 'layerGroup' as const, found } : undefined;
  };
  if (sent.workspace) {
    if (wantLayer) tries.push(layerIn(sent.workspace));
    if (wantGroup) tries.push(groupIn(sent.workspace));
  } else {
    if (groupWorkspace && wantLayer) tries.push(layerIn(groupWorkspace));
    if (groupWorkspace && wantGroup) tries.push(groupIn(groupWorkspace));
    if (wantGroup) tries.push(groupIn(null));
    if (wantLayer) tries.push(layerIn(undefined));
  }
  for (const attempt of tries) {
    const hit = await attempt();
    // One the caller may not read is not there for it: the same 404, and the lookup goes on.
    if (hit && reads && !reads(hit.found.workspace, sent.name)) continue;
    if (hit) return { type: hit.type, id: hit.found.id, workspace: hit.found.workspace, extent: await extentOf(tx, hit.type, hit.found.id) };
  }
  const what = sent.type === 'layerGroup' ? 'layer group' : sent.type === 'layer' ? 'layer' : 'layer or layer group';
  throw new CatalogError('NOT_FOUND', `No such ${what}: ${qualifiedName(sent.workspace ?? null, sent.name)}`);
}

/** What a member adds to its group's bounds. */
async function extentOf(tx: EntityManager, type: MemberType, id: number): Promise<MemberExtent> {
  if (type === 'layer') {
    const ft = await rows.layerExtent(tx, id);
    return { crs: ft?.srs ?? null, projected: ft?.projected ?? false, box: ft?.native_bbox ?? null, lonLat: ft?.latlon_bbox ?? null };
  }
  const b = await rows.storedBounds(tx, id);
  return { crs: b?.crs ?? null, projected: b?.projected ?? false, box: b ?? null, lonLat: null };
}
