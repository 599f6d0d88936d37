import type { Geometry } from 'geojson';
import { decodeTwkb } from './twkb';

/** A feature as the renderer draws it: geometry in the map's CRS, x/y. */
export interface MapFeature {
  geometry: Geometry;
  properties: Record<string, unknown>;
}

/** One row of a map read as it comes from the store: TWKB and the properties as JSON text. */
export interface MapRowData {
  geometry: Uint8Array;
  properties: string | null;
}

/**
 * The features of a batch of rows, decoded: a geometry that cannot be decoded is left out and
 * told to `skipped` (with the reason), an empty one is left out silently.
 */
export function* featuresOfRows(rows: Iterable<MapRowData>, skipped: (reason: string) => void): Generator<MapFeature> {
  for (const row of rows) {
    let geometry;
    try {
      geometry = decodeTwkb(row.geometry);
    } catch (err) {
      skipped((err as Error).message);
      continue;
    }
    if (!geometry) continue;
    yield { geometry, properties: row.properties ? (JSON.parse(row.properties) as Record<string, unknown>) : {} };
  }
}
