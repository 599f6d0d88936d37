import type { CqlGeometry } from './cql-node';

/** A box (west, south, east, north) as a polygon; one crossing the antimeridian (west > east) as two. */
export function boxGeometry(w: number, s: number, e: number, n: number): CqlGeometry {
  const ring = (x1: number, x2: number) => [
    [x1, s],
    [x2, s],
    [x2, n],
    [x1, n],
    [x1, s],
  ];
  if (w > e) return { type: 'MultiPolygon', coordinates: [[ring(w, 180)], [ring(-180, e)]] };
  return { type: 'Polygon', coordinates: [ring(w, e)] };
}
