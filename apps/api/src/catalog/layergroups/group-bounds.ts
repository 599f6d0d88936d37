import type { Box } from './layergroup.repository';

/** A group's bounds as stored: a box in a CRS (a code), and whether that CRS is projected. */
export interface StoredBounds extends Box {
  crs: string;
  projected: boolean;
}

/** What a member offers for the group's bounds: its box in its own CRS, and its box in WGS84 when known. */
export interface MemberExtent {
  crs: string | null;
  projected: boolean;
  box: Box | null;
  lonLat: Box | null;
}

const WGS84 = new Set(['EPSG:4326', 'CRS:84', 'urn:ogc:def:crs:EPSG::4326']);
const WEB_MERCATOR = new Set(['EPSG:3857', 'EPSG:900913', 'EPSG:3785', 'EPSG:102100']);
const EARTH_RADIUS = 6378137;
/** Latitude past which Web Mercator does not go. */
const MERCATOR_MAX_LAT = 85.0511287798066;

function union(boxes: Box[]): Box | null {
  if (!boxes.length) return null;
  return {
    minx: Math.min(...boxes.map((b) => b.minx)),
    maxx: Math.max(...boxes.map((b) => b.maxx)),
    miny: Math.min(...boxes.map((b) => b.miny)),
    maxy: Math.max(...boxes.map((b) => b.maxy)),
  };
}

/** JTS's empty envelope (maxx < minx) holds nothing. */
function isEmpty(b: Box): boolean {
  return b.maxx < b.minx || b.maxy < b.miny;
}

function toMercator(b: Box): Box {
  const x = (lon: number) => (EARTH_RADIUS * lon * Math.PI) / 180;
  const y = (lat: number) => {
    const clamped = Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat));
    return EARTH_RADIUS * Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360));
  };
  return { minx: x(b.minx), maxx: x(b.maxx), miny: y(b.miny), maxy: y(b.maxy) };
}

/** A member's box in WGS84: its own when it is in WGS84 (or Web Mercator, inverted), else its lat/lon box. */
export function lonLatOf(m: MemberExtent): Box | null {
  if (m.lonLat) return m.lonLat;
  if (!m.box || !m.crs) return null;
  if (WGS84.has(m.crs)) return m.box;
  if (WEB_MERCATOR.has(m.crs)) {
    const lon = (x: number) => (x / EARTH_RADIUS) * (180 / Math.PI);
    const lat = (y: number) => (2 * Math.atan(Math.exp(y / EARTH_RADIUS)) - Math.PI / 2) * (180 / Math.PI);
    return { minx: lon(m.box.minx), maxx: lon(m.box.maxx), miny: lat(m.box.miny), maxy: lat(m.box.maxy) };
  }
  return null;
}

/**
 * The bounds of a group computed from its members, in the CRS of the first member that has one
 * (contract §10): members in that CRS give their own boxes; the others their WGS84 boxes, which
 * the catalog can bring into WGS84 or Web Mercator itself. For a first CRS it cannot reproject
 * into, a group mixing CRSs is bounded in EPSG:4326. Null when no member has bounds.
 */
export function groupBounds(members: MemberExtent[]): StoredBounds | null {
  const placed = members.filter((m) => m.crs && m.box && !isEmpty(m.box));
  const first = placed[0];
  if (!first?.crs) return null;
  const target = first.crs;
  const same = placed.filter((m) => m.crs === target).map((m) => m.box as Box);
  const others = placed.filter((m) => m.crs !== target);
  if (!others.length) return { ...(union(same) as Box), crs: target, projected: first.projected };
  const otherLonLat = others.map(lonLatOf);
  if (WGS84.has(target) && otherLonLat.every((b) => b)) return { ...(union([...same, ...(otherLonLat as Box[])]) as Box), crs: target, projected: false };
  if (WEB_MERCATOR.has(target) && otherLonLat.every((b) => b)) {
    return { ...(union([...same, ...(otherLonLat as Box[]).map(toMercator)]) as Box), crs: target, projected: true };
  }
  const all = placed.map(lonLatOf).filter((b): b is Box => !!b);
  const box = union(all);
  return box ? { ...box, crs: 'EPSG:4326', projected: false } : null;
}
