import type { PublishedReads } from '../../rest/rest-request';
import { groupBounds, MemberExtent } from './group-bounds';
import type { LocatedGroup } from './layergroup.mapper';
import type { MemberRow } from './layergroup.repository';

/** Deeper nesting is a cycle the catalog does not hold. */
const MAX_DEPTH = 16;

/** The members of a group, by its id. */
export type MembersOf = (groupId: number) => Promise<MemberRow[]>;

/**
 * A group as a caller who may not read all of its members sees it (contract §12: nothing of a
 * hidden layer reaches its caller, as GeoServer's secured layer groups): without those members and
 * their styles, bounded by the members left — a nested group by what it shows the caller. The
 * group itself unchanged when the caller reads every member at every depth.
 */
export async function visibleTo(located: LocatedGroup, reads: PublishedReads, membersOf: MembersOf): Promise<LocatedGroup> {
  const { shown, extents, partial } = await visibleMembers(located.members, reads, membersOf, 0);
  if (!partial) return located;
  const bounds = groupBounds(extents) as LocatedGroup['group']['bounds'];
  return { ...located, group: { ...located.group, bounds }, members: shown };
}

/** The members the caller reads, what each adds to the bounds as the caller sees it, and whether any was left out (at any depth). */
async function visibleMembers(
  members: MemberRow[],
  reads: PublishedReads,
  membersOf: MembersOf,
  depth: number,
): Promise<{ shown: MemberRow[]; extents: MemberExtent[]; partial: boolean }> {
  let partial = false;
  const shown: MemberRow[] = [];
  const extents: MemberExtent[] = [];
  for (const m of members) {
    if (!reads(m.workspace, m.name)) {
      partial = true;
      continue;
    }
    shown.push(m);
    if (m.type === 'layerGroup' && depth < MAX_DEPTH) {
      const inner = await visibleMembers(await membersOf(m.id), reads, membersOf, depth + 1);
      if (inner.partial) {
        partial = true;
        const b = groupBounds(inner.extents);
        extents.push({ crs: b?.crs ?? null, projected: b?.projected ?? false, box: b, lonLat: null });
        continue;
      }
    }
    extents.push(extentOfRow(m));
  }
  return { shown, extents, partial };
}

/** What a member row adds to its group's bounds: a layer's boxes, a group's stored bounds. */
function extentOfRow(m: MemberRow): MemberExtent {
  if (m.type === 'layer') return { crs: m.srs, projected: m.projected ?? false, box: m.native_bbox, lonLat: m.latlon_bbox };
  return { crs: m.bounds?.crs ?? null, projected: m.bounds?.projected ?? false, box: m.bounds, lonLat: null };
}
