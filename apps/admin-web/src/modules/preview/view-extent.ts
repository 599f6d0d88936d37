import { transformExtent } from 'ol/proj';
import type { Extent } from 'ol/extent';

/** Web Mercator cannot show the poles: lat/lon boxes are clamped before fitting. */
const MERCATOR_LAT = 85;

/**
 * The EPSG:3857 extent to fit a lat/lon box `[minx, miny, maxx, maxy]` into. A box whose minx is
 * greater than its maxx crosses the antimeridian: it is taken eastwards (maxx + 360), so the view
 * shows the data side by side across 180° instead of the whole world. Null for a box that is not
 * a box (infinite, NaN).
 */
export function mercatorExtent(box: readonly [number, number, number, number]): Extent | null {
  const [minx, rawMiny, rawMaxx, rawMaxy] = box;
  const maxx = rawMaxx < minx ? rawMaxx + 360 : rawMaxx;
  const miny = Math.max(Math.min(rawMiny, rawMaxy), -MERCATOR_LAT);
  const maxy = Math.min(Math.max(rawMiny, rawMaxy), MERCATOR_LAT);
  if (![minx, miny, maxx, maxy].every(Number.isFinite)) return null;
  const extent = transformExtent([minx, miny, maxx, maxy], 'EPSG:4326', 'EPSG:3857');
  return extent.every(Number.isFinite) ? extent : null;
}

/** Space left around the data when the view is fitted to it, in pixels (top, right, bottom, left). */
export const FIT_PADDING = [32, 32, 32, 32];

/**
 * "Lon 12.34567° Lat −45.00000°" for a pointer at EPSG:4326 `lonLat`, the longitude brought back
 * into [−180, 180] (the view wraps around the world).
 */
export function formatLonLat([lon, lat]: readonly number[]): string {
  const wrapped = ((((lon + 180) % 360) + 360) % 360) - 180;
  const fix = (value: number) => (Object.is(Number(value.toFixed(5)), -0) ? 0 : value).toFixed(5);
  return `Lon ${fix(wrapped)}, Lat ${fix(lat)}`;
}
