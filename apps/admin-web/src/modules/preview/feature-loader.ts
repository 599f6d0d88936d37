import type Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import type { Extent } from 'ol/extent';
import type { Projection } from 'ol/proj';
import { transformExtent } from 'ol/proj';
import { getFeaturePage, itemsPath, type RestClient } from '../../api';

/** Features asked for per request, and requests followed per map extent: a preview, not an export. */
export const PAGE_LIMIT = 1000;
export const MAX_PAGES = 5;

/** What one extent's load found. */
export interface ExtentLoad {
  features: Feature[];
  /**
   * Features the server says match the extent, when it says: the server writes numberMatched
   * only when a page proves it (the last page of the selection), so a capped load has none.
   */
  matched: number | null;
  /** True when more matched than were loaded (pages capped). */
  capped: boolean;
}

/**
 * Loads the features of an OGC API collection inside a map extent (passing the client's `filter`): the extent in CRS84 (clamped
 * to ±180/±90), `limit` per page, following `next` links up to {@link MAX_PAGES} pages.
 */
export async function loadExtent(
  features: RestClient,
  collectionId: string,
  extent: Extent,
  projection: Projection,
  signal?: AbortSignal,
  filter?: string,
): Promise<ExtentLoad> {
  const format = new GeoJSON();
  const [minx, miny, maxx, maxy] = transformExtent(extent, projection, 'EPSG:4326');
  let next: string | null = itemsPath(collectionId, [minx, miny, maxx, maxy], PAGE_LIMIT, filter);
  const loaded: Feature[] = [];
  let matched: number | null = null;
  for (let page = 0; next && page < MAX_PAGES; page++) {
    const result = await getFeaturePage(features, next, signal);
    matched = result.numberMatched ?? matched;
    loaded.push(...(format.readFeatures(result.collection, { dataProjection: 'EPSG:4326', featureProjection: projection }) as Feature[]));
    next = result.next;
  }
  return { features: loaded, matched, capped: next !== null };
}
