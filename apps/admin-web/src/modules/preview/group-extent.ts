import { toLonLat } from 'ol/proj';
import type { GroupBox } from '../../api';

/**
 * A group's bounds as a lat/lon box for fitting the map: geographic bounds as they are, EPSG:3857
 * (and its alias 900913) transformed; any other CRS (which the browser cannot transform) gives
 * null, and the map shows the world.
 */
export function groupLonLatBox(bounds: GroupBox | null | undefined): [number, number, number, number] | null {
  if (!bounds) return null;
  const crs = bounds.crs.toUpperCase();
  const box: [number, number, number, number] = [bounds.minx, bounds.miny, bounds.maxx, bounds.maxy];
  if (crs === 'EPSG:4326' || crs === 'CRS:84' || crs === 'OGC:CRS84') return box;
  if (crs === 'EPSG:3857' || crs === 'EPSG:900913') {
    const [minx, miny] = toLonLat([box[0], box[1]]);
    const [maxx, maxy] = toLonLat([box[2], box[3]]);
    return [minx, miny, maxx, maxy];
  }
  return null;
}
