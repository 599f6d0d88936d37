import type { PublishedReads } from '../../rest/rest-request';
import { groupBounds, MemberExtent } from './group-bounds';
import type { LocatedGroup } from './layergroup.mapper';
import type { MemberRow } from './layergroup.repository';

/**
 * A group as a caller who may not read all of its members sees it (contract §12: nothing of a
 * hidden layer reaches its caller, as GeoServer's secured layer groups): without those members and
 * their styles, bounded by the members left. The group itself unchanged when every member is read.
 */
export function visibleTo(located: LocatedGroup, reads: PublishedReads): LocatedGroup {
  const members = located.members.filter((m) => reads(m.workspace, m.name));
  if (members.length === located.members.length) return located;
  const bounds = groupBounds(members.map(extentOfRow)) as LocatedGroup['group']['bounds'];
  return { ...located, group: { ...located.group, bounds }, members };
}

/** What a member row adds to its group's bounds: a layer's boxes, a group's stored bounds. */
function extentOfRow(m: MemberRow): MemberExtent {
  if (m.type === 'layer') return { crs: m.srs, projected: m.projected ?? false, box: m.native_bbox, lonLat: m.latlon_bbox };
  return { crs: m.bounds?.crs ?? null, projected: m.bounds?.projected ?? false, box: m.bounds, lonLat: null };
}
