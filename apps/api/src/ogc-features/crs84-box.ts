import { CatalogError } from '@geocatalog/catalog-model';
import type { Box } from '../datastores/postgis/postgis.types';

/** The CRS of every coordinate this API reads and writes (lon/lat on WGS 84). */
export const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';

/** A bbox as OGC API writes it: west, south, east, north (west > east across the antimeridian). */
export type Bbox = [number, number, number, number];

/**
 * Parses the `bbox` parameter: 4 or 6 comma-separated numbers in CRS84 (the 6-number form's
 * heights are checked and ignored), within the CRS's extent. A west edge east of the east edge
 * crosses the antimeridian: the box is returned as its two halves. INVALID_VALUE otherwise.
 */
export function parseBbox(text: string): Box[] {
  const parts = text.split(',');
  const bad = (why: string) => new CatalogError('INVALID_VALUE', `Invalid bbox '${shorten(text)}': ${why}`);
  if (parts.length !== 4 && parts.length !== 6) throw bad('expected 4 or 6 comma-separated numbers (minx,miny,maxx,maxy)');
  const values = parts.map((p) => (/^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(p) ? Number(p) : NaN));
  if (values.some((v) => !Number.isFinite(v))) throw bad('every value must be a number');
  const [minx, miny, maxx, maxy] = parts.length === 4 ? values : [values[0], values[1], values[3], values[4]];
  if (parts.length === 6 && values[2] > values[5]) throw bad('the lower height is above the upper height');
  if (miny > maxy) throw bad('the south edge is north of the north edge');
  if (miny < -90 || maxy > 90) throw bad('latitudes must lie within -90 and 90');
  if (minx < -180 || minx > 180 || maxx < -180 || maxx > 180) throw bad('longitudes must lie within -180 and 180');
  if (minx <= maxx) return [{ minx, miny, maxx, maxy }];
  return [
    { minx, miny, maxx: 180, maxy },
    { minx: -180, miny, maxx, maxy },
  ];
}

/** True for a box with a non-negative width and height (a catalog's empty box is not). */
export function isValidBox(box: Box | null | undefined): box is Box {
  return !!box && [box.minx, box.miny, box.maxx, box.maxy].every(Number.isFinite) && box.minx <= box.maxx && box.miny <= box.maxy;
}

/**
 * The boxes to search a layer with, in the longitudes its data uses. A layer's lat/lon box may pass
 * ±180 (data crossing the antimeridian stored as, say, -181.5): a request box is also tried shifted
 * by ±360 where it meets that part of the extent.
 *
 * - Lon/lat data (`transformed` false): the request boxes as they are, plus those shifted parts.
 * - Data in another CRS (`transformed` true): the request boxes clipped to the layer's lat/lon box
 *   (shifted as above), because a box reaching beyond the native CRS's domain cannot be transformed
 *   into it (EPSG:3857 at the poles, a UTM zone across the globe). Without a valid lat/lon box the
 *   request boxes are used as they are. An empty result selects nothing.
 */
export function searchBoxes(request: Box[], extent: Box | null | undefined, transformed: boolean): Box[] {
  const valid = isValidBox(extent) ? extent : null;
  if (!valid) return request.map((b) => ({ ...b }));
  const out: Box[] = [];
  for (const box of request) {
    for (const shift of [0, -360, 360]) {
      const shifted = { ...box, minx: box.minx + shift, maxx: box.maxx + shift };
      if (!transformed) {
        if (shift === 0) {
          out.push(shifted);
          continue;
        }
        // Only the part beyond ±180, where unshifted boxes cannot reach.
        const beyond = intersect(shifted, shift < 0 ? { ...valid, maxx: Math.min(valid.maxx, -180) } : { ...valid, minx: Math.max(valid.minx, 180) });
        if (beyond && beyond.maxx - beyond.minx > 0) out.push(beyond);
        continue;
      }
      const clipped = intersect(shifted, valid);
      if (clipped) out.push(clipped);
    }
  }
  return out;
}

/**
 * A layer's lat/lon box as a collection's spatial extent: latitudes clamped to ±90, and a box
 * passing ±180 rewritten with longitudes within ±180, west > east (the OGC way to cross the
 * antimeridian); a box 360° wide or more is the whole width. Null for an unknown or empty box.
 */
export function collectionBbox(latLon: Box | null | undefined): Bbox | null {
  if (!isValidBox(latLon)) return null;
  const miny = Math.max(-90, latLon.miny);
  const maxy = Math.min(90, latLon.maxy);
  if (latLon.maxx - latLon.minx >= 360) return [-180, miny, 180, maxy];
  if (latLon.minx >= -180 && latLon.maxx <= 180) return [latLon.minx, miny, latLon.maxx, maxy];
  return [wrapLongitude(latLon.minx), miny, wrapLongitude(latLon.maxx), maxy];
}

function wrapLongitude(x: number): number {
  const wrapped = ((((x + 180) % 360) + 360) % 360) - 180;
  // 180 and -180 are the same meridian: an east edge there is written 180.
  return wrapped === -180 && x > 0 ? 180 : wrapped;
}

function intersect(a: Box, b: Box): Box | null {
  const box = { minx: Math.max(a.minx, b.minx), miny: Math.max(a.miny, b.miny), maxx: Math.min(a.maxx, b.maxx), maxy: Math.min(a.maxy, b.maxy) };
  return box.minx <= box.maxx && box.miny <= box.maxy ? box : null;
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
