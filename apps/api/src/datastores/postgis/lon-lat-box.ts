import type { Box } from './postgis.types';

/**
 * Points along the edges of a box, counter-clockwise from the lower-left corner and back to it,
 * `perEdge` segments to an edge: what gets transformed to find the box's lat/lon extent (a
 * projected box's edges bend in lat/lon, so the corners alone are not enough).
 */
export function densifiedRing(box: Box, perEdge: number): Array<[number, number]> {
  const { minx, miny, maxx, maxy } = box;
  const corners: Array<[number, number]> = [
    [minx, miny],
    [maxx, miny],
    [maxx, maxy],
    [minx, maxy],
    [minx, miny],
  ];
  const ring: Array<[number, number]> = [];
  for (let e = 0; e < 4; e++) {
    const [x0, y0] = corners[e];
    const [x1, y1] = corners[e + 1];
    for (let i = 0; i < perEdge; i++) {
      const t = i / perEdge;
      ring.push([x0 + (x1 - x0) * t, y0 + (y1 - y0) * t]);
    }
  }
  ring.push([minx, miny]);
  return ring;
}

/**
 * The lat/lon box of a closed ring of lon/lat points, not clamped to ±180: longitudes are unwrapped
 * along the ring (a step of more than 180° is taken the short way round the antimeridian), so a box
 * from 170°E to 170°W comes out as one interval; the result is then shifted by whole turns so that
 * `maxx` lies in (-180, 180] (e.g. minx -190, maxx -170). A ring that winds round a pole covers
 * every longitude and reaches that pole.
 */
export function lonLatBoxOfRing(ring: Array<[number, number]>): Box {
  if (ring.length === 0) throw new Error('empty ring');
  let lon = ring[0][0];
  let minx = lon;
  let maxx = lon;
  let miny = ring[0][1];
  let maxy = miny;
  let latSum = miny;
  for (let i = 1; i < ring.length; i++) {
    let step = ring[i][0] - ring[i - 1][0];
    step -= 360 * Math.round(step / 360);
    lon += step;
    minx = Math.min(minx, lon);
    maxx = Math.max(maxx, lon);
    miny = Math.min(miny, ring[i][1]);
    maxy = Math.max(maxy, ring[i][1]);
    latSum += ring[i][1];
  }
  // The ring is closed: unwrapped, it ends where it began, give or take whole turns round a pole.
  const winding = lon - ring[0][0];
  if (Math.abs(winding) > 180 || maxx - minx >= 360) {
    const aroundNorth = latSum / ring.length > 0;
    return { minx: -180, maxx: 180, miny: aroundNorth ? miny : -90, maxy: aroundNorth ? 90 : maxy };
  }
  const turns = Math.ceil((maxx - 180) / 360);
  return { minx: minx - 360 * turns, maxx: maxx - 360 * turns, miny, maxy };
}
