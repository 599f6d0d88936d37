import { isObject, stringOf } from './catalog-json';
import type { RestClient } from './rest-client';

/** A collection of the OGC API - Features, reduced to what the preview uses. */
export interface FeatureCollectionInfo {
  /** `ws:layer`. */
  id: string;
  title: string;
  /** CRS84 box `[minx, miny, maxx, maxy]`, when the server gives one. */
  bbox: [number, number, number, number] | null;
}

/** One page of features: GeoJSON plus the paging facts. */
export interface FeaturePage {
  /** The GeoJSON FeatureCollection as sent. */
  collection: Record<string, unknown>;
  numberMatched: number | null;
  numberReturned: number;
  /** The `next` link, when more features match. */
  next: string | null;
}

/** The OGC API - Features base below the service's context path: `/geoserver/rest` → `/geoserver/ogc/features/v1`. */
export function featuresBaseFor(restBase: string): string {
  return `${restBase.replace(/\/rest$/, '')}/ogc/features/v1`;
}

/** Reads a collection document (`/collections/{id}`). */
export function parseCollection(body: unknown): FeatureCollectionInfo {
  if (!isObject(body) || typeof body.id !== 'string') throw new Error('The server sent a collection without an id.');
  let bbox: FeatureCollectionInfo['bbox'] = null;
  const spatial = isObject(body.extent) && isObject(body.extent.spatial) ? body.extent.spatial : null;
  const first = spatial && Array.isArray(spatial.bbox) ? spatial.bbox[0] : null;
  if (Array.isArray(first) && first.length >= 4) {
    const numbers = first.length === 6 ? [first[0], first[1], first[3], first[4]] : first.slice(0, 4);
    if (numbers.every((n) => typeof n === 'number' && Number.isFinite(n))) bbox = numbers as [number, number, number, number];
  }
  return { id: body.id, title: stringOf(body.title, body.id), bbox };
}

/** `GET /collections/{id}`. */
export async function getCollection(features: RestClient, id: string, signal?: AbortSignal): Promise<FeatureCollectionInfo> {
  return parseCollection(await features.getJson(`/collections/${encodeURIComponent(id)}`, signal));
}

/**
 * A client filter as the feature and tile APIs read it (OGC API - Features Part 3): ECQL / CQL2
 * text, `&filter=…&filter-lang=cql2-text` (the server's default language, which also takes ECQL's
 * spellings); '' for no filter.
 */
export function filterQuery(filter: string | null | undefined): string {
  return filter?.trim() ? `&filter=${encodeURIComponent(filter.trim())}&filter-lang=cql2-text` : '';
}

/** The items URL for a CRS84 box, clamped to the CRS extent as the standard requires, with the client's filter. */
export function itemsPath(id: string, bbox: [number, number, number, number], limit: number, filter?: string | null): string {
  const [minx, miny, maxx, maxy] = [Math.max(bbox[0], -180), Math.max(bbox[1], -90), Math.min(bbox[2], 180), Math.min(bbox[3], 90)];
  const round = (n: number) => Number(n.toFixed(7));
  return `/collections/${encodeURIComponent(id)}/items?bbox=${[minx, miny, maxx, maxy].map(round).join(',')}&limit=${limit}${filterQuery(filter)}`;
}

/** One page of an attribute table: `limit` rows from `offset`, sorted (`+name`, `-name`) and filtered. */
export interface ItemsPageQuery {
  limit: number;
  offset: number;
  /** `sortby` as the server reads it: `+a` or `-a`; the server's order (feature id) when absent. */
  sortby?: string | null;
  filter?: string | null;
}

/** The items URL of one page of an attribute table. */
export function itemsPagePath(id: string, query: ItemsPageQuery): string {
  const sort = query.sortby ? `&sortby=${encodeURIComponent(query.sortby)}` : '';
  return `/collections/${encodeURIComponent(id)}/items?limit=${query.limit}&offset=${query.offset}${sort}${filterQuery(query.filter)}`;
}

/**
 * The 1-based position a refused filter's message names (`… (at position 14, "=")`, as the
 * feature API, the tile API and WMS CQL_FILTER write it), or null.
 */
export function filterErrorPosition(message: string): number | null {
  const match = /\bat position (\d+)/.exec(message);
  return match ? Number(match[1]) : null;
}

/** Reads one page of `/items`. */
export function parseFeaturePage(body: unknown): FeaturePage {
  if (!isObject(body) || body.type !== 'FeatureCollection' || !Array.isArray(body.features)) {
    throw new Error('The server sent something that is not a GeoJSON FeatureCollection.');
  }
  const links = Array.isArray(body.links) ? body.links : [];
  const next = links.find((link): link is Record<string, unknown> => isObject(link) && link.rel === 'next' && typeof link.href === 'string');
  return {
    collection: body,
    numberMatched: typeof body.numberMatched === 'number' ? body.numberMatched : null,
    numberReturned: typeof body.numberReturned === 'number' ? body.numberReturned : body.features.length,
    next: next ? String(next.href) : null,
  };
}

/** A page of items: a path below the features base, or a `next` URL the server wrote. */
export async function getFeaturePage(features: RestClient, pathOrUrl: string, signal?: AbortSignal): Promise<FeaturePage> {
  return parseFeaturePage(await features.getJson(pathOrUrl, signal, 'application/geo+json, application/json'));
}

/**
 * Whether a collection has more than `threshold` features: a one-feature page at that offset holds
 * a feature exactly when it does. The server counts nothing for it (it gives `numberMatched` only
 * when a page proves it), and skipping rows is cheap next to loading them.
 */
export async function hasMoreFeaturesThan(features: RestClient, id: string, threshold: number, signal?: AbortSignal): Promise<boolean> {
  return (await getFeaturePage(features, `/collections/${encodeURIComponent(id)}/items?limit=1&offset=${threshold}`, signal)).numberReturned > 0;
}

/** Features a page at offset 0 may hold before the count probes in steps. */
const COUNT_FIRST_STEP = 100;

/**
 * How many features of a collection pass `filter` (and the layer's own cqlFilter). The server's
 * `numberMatched`, when a page carries it; otherwise counted cheaply without loading features:
 * one-feature pages at doubling offsets until one is empty, then halving between the last full and
 * the first empty (a page at offset k holds a feature exactly when more than k match): about
 * 2·log2(n/100) requests of one feature each.
 */
export async function countFeatures(features: RestClient, id: string, filter: string | null, signal?: AbortSignal): Promise<number> {
  const server: { matched: number | null } = { matched: null };
  const more = async (offset: number): Promise<boolean> => {
    const page = await getFeaturePage(features, `/collections/${encodeURIComponent(id)}/items?limit=1&offset=${offset}${filterQuery(filter)}`, signal);
    if (page.numberMatched !== null) server.matched = page.numberMatched;
    return page.numberReturned > 0;
  };
  if (!(await more(0))) return server.matched ?? 0;
  if (server.matched !== null) return server.matched;
  let low = 0;
  let high = COUNT_FIRST_STEP;
  while (await more(high)) {
    if (server.matched !== null) return server.matched;
    low = high;
    high *= 2;
  }
  if (server.matched !== null) return server.matched;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (await more(middle)) low = middle;
    else high = middle;
    if (server.matched !== null) return server.matched;
  }
  return high;
}
