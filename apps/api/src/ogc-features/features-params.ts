import { CatalogError } from '@geocatalog/catalog-model';
import type { SortKey } from '../datastores/postgis/feature-sql';
import type { Box } from '../datastores/postgis/postgis.types';
import { parseBbox } from './crs84-box';
import { type ItemsFilter, parseItemsFilter } from './items-filter';

/** Features per page when `limit` is not given. */
export const DEFAULT_LIMIT = 100;
/** The largest page; a larger `limit` is clamped to it (OGC API - Features: not an error). */
export const MAX_LIMIT = 10_000;

/** The query parameters each resource declares in the API definition; any other is a 400. */
export const QUERY_PARAMETERS = {
  landing: ['f'],
  conformance: ['f'],
  api: ['f'],
  collections: ['f'],
  collection: ['f'],
  items: ['f', 'limit', 'offset', 'bbox', 'datetime', 'properties', 'sortby', 'filter', 'filter-lang', 'filter-crs'],
  item: ['f', 'properties'],
  queryables: ['f'],
} as const;

export type Resource = keyof typeof QUERY_PARAMETERS;

/** Media types this API answers with. */
export const MEDIA = {
  json: 'application/json',
  geojson: 'application/geo+json',
  openapi: 'application/vnd.oai.openapi+json;version=3.0',
  schema: 'application/schema+json',
} as const;

export type MediaKey = keyof typeof MEDIA;

/** Values of `f` each resource understands, and the media type each gives. */
const FORMATS: Record<Resource, Record<string, MediaKey>> = {
  landing: { json: 'json', 'application/json': 'json' },
  conformance: { json: 'json', 'application/json': 'json' },
  collections: { json: 'json', 'application/json': 'json' },
  collection: { json: 'json', 'application/json': 'json' },
  api: { json: 'json', openapi: 'openapi', 'application/json': 'json', [MEDIA.openapi]: 'openapi' },
  items: { json: 'json', geojson: 'geojson', 'application/json': 'json', 'application/geo+json': 'geojson' },
  item: { json: 'json', geojson: 'geojson', 'application/json': 'json', 'application/geo+json': 'geojson' },
  queryables: { schema: 'schema', json: 'json', [MEDIA.schema]: 'schema', 'application/json': 'json' },
};

/** What each resource answers without `f`. */
const DEFAULT_FORMAT: Record<Resource, MediaKey> = {
  landing: 'json',
  conformance: 'json',
  collections: 'json',
  collection: 'json',
  api: 'openapi',
  items: 'geojson',
  item: 'geojson',
  queryables: 'schema',
};

/** The query of a request URL, exactly as sent (names are case-sensitive). */
export function queryOf(url: string): URLSearchParams {
  const q = url.indexOf('?');
  return new URLSearchParams(q >= 0 ? url.slice(q + 1) : '');
}

/**
 * The parameters of a request to `resource`, checked: a parameter the resource does not declare,
 * or one given twice, is INVALID_VALUE (400), as OGC API - Features requires.
 */
export function checkParameters(query: URLSearchParams, resource: Resource): Map<string, string> {
  const allowed: readonly string[] = QUERY_PARAMETERS[resource];
  const params = new Map<string, string>();
  for (const [name, value] of query) {
    if (!allowed.includes(name)) {
      throw new CatalogError('INVALID_VALUE', `Unknown query parameter '${shorten(name)}'; this resource accepts ${allowed.join(', ')}`);
    }
    if (params.has(name)) throw new CatalogError('INVALID_VALUE', `The query parameter '${name}' is given more than once`);
    params.set(name, value);
  }
  return params;
}

/** The media type asked for with `f`, or the resource's default. INVALID_VALUE for another. */
export function formatOf(params: Map<string, string>, resource: Resource): MediaKey {
  const f = params.get('f');
  if (f === undefined) return DEFAULT_FORMAT[resource];
  const format = FORMATS[resource][f.toLowerCase()];
  if (!format) {
    const names = Object.keys(FORMATS[resource]).filter((k) => !k.includes('/'));
    throw new CatalogError('INVALID_VALUE', `Unsupported format f='${shorten(f)}'; this resource offers ${names.join(', ')}`);
  }
  return format;
}

/** A checked `items` request. */
export interface ItemsQuery {
  format: 'json' | 'geojson';
  /** Features per page, clamped to {@link MAX_LIMIT}. */
  limit: number;
  offset: number;
  /** CRS84 boxes (two halves for a bbox across the antimeridian); undefined without `bbox`. */
  boxes?: Box[];
  /** Requested property names; undefined for all. */
  properties?: string[];
  /** `datetime` as checked; undefined without it. */
  datetime?: DatetimeRange;
  /** `sortby` keys in order; undefined without it. Checked against the layer's sortable properties by the service. */
  sortBy?: SortKey[];
  /** `filter` read in its `filter-lang`, with its `filter-crs`; undefined without it. */
  filter?: ItemsFilter;
  /** The parameters as given, for the links of the response (self, alternate, next). */
  params: Map<string, string>;
}

export function parseItemsQuery(query: URLSearchParams): ItemsQuery {
  const params = checkParameters(query, 'items');
  const limit = params.get('limit');
  const offset = params.get('offset');
  const bbox = params.get('bbox');
  const datetime = params.get('datetime');
  const properties = params.get('properties');
  return {
    format: formatOf(params, 'items') as 'json' | 'geojson',
    limit: limit === undefined ? DEFAULT_LIMIT : Math.min(MAX_LIMIT, nonNegativeInteger('limit', limit, 1)),
    offset: offset === undefined ? 0 : nonNegativeInteger('offset', offset, 0),
    boxes: bbox === undefined ? undefined : parseBbox(bbox),
    properties: properties === undefined ? undefined : parseProperties(properties),
    datetime: datetime === undefined ? undefined : checkDatetime(datetime),
    sortBy: params.has('sortby') ? parseSortBy(params.get('sortby')!) : undefined,
    filter: parseItemsFilter(params),
    params,
  };
}

/**
 * `sortby=+a,-b,c` (OGC API - Features Part 8): names, each ascending (`+` or no sign; a `+` left
 * unescaped in a URL arrives as a space) or descending (`-`). A name given twice is a 400.
 */
export function parseSortBy(text: string): SortKey[] {
  const keys = text.split(',').map((raw) => {
    // A `+` sent unescaped arrives as a space, trimmed away here: ascending either way.
    const part = raw.trim();
    const signed = part.startsWith('+') || part.startsWith('-');
    const column = signed ? part.slice(1) : part;
    const descending = part.startsWith('-');
    if (!column) {
      throw new CatalogError(
        'INVALID_VALUE',
        `Invalid sortby '${shorten(text)}': expected property names, each with an optional + or - before it, separated by commas`,
      );
    }
    return { column, descending };
  });
  const seen = new Set<string>();
  for (const k of keys) {
    if (seen.has(k.column)) throw new CatalogError('INVALID_VALUE', `Invalid sortby '${shorten(text)}': '${k.column}' is given more than once`);
    seen.add(k.column);
  }
  return keys;
}

/** A checked single-feature request. */
export interface ItemQuery {
  format: 'json' | 'geojson';
  properties?: string[];
  params: Map<string, string>;
}

export function parseItemQuery(query: URLSearchParams): ItemQuery {
  const params = checkParameters(query, 'item');
  const properties = params.get('properties');
  return {
    format: formatOf(params, 'item') as 'json' | 'geojson',
    properties: properties === undefined ? undefined : parseProperties(properties),
    params,
  };
}

/** `properties=a,b`: names in order, without repeats; empty for `properties=` (no properties). */
export function parseProperties(text: string): string[] {
  if (text === '') return [];
  const names = text.split(',').map((n) => n.trim());
  if (names.some((n) => n === '')) throw new CatalogError('INVALID_VALUE', `Invalid properties '${shorten(text)}': a property name is empty`);
  return [...new Set(names)];
}

/**
 * `datetime` read: its start and end as RFC 3339 texts (an instant is both), an open end absent. A
 * date stands for its first instant in UTC (midnight), as GeoServer reads one.
 */
export interface DatetimeRange {
  start?: string;
  end?: string;
}

/**
 * Checks `datetime`: an instant (RFC 3339 date-time, or a date) or an interval `start/end` whose
 * open ends are `..` or empty. The service applies it to the layer's time dimension, or refuses it
 * where the layer has none.
 */
export function checkDatetime(text: string): DatetimeRange {
  const bad = (why: string) => new CatalogError('INVALID_VALUE', `Invalid datetime '${shorten(text)}': ${why}`);
  const parts = text.split('/');
  if (parts.length > 2) throw bad('expected an instant or an interval start/end');
  if (parts.length === 1) {
    if (instant(parts[0]) === null) throw bad('expected an RFC 3339 date-time such as 2024-02-29T12:00:00Z, or a date');
    return { start: parts[0].toUpperCase(), end: parts[0].toUpperCase() };
  }
  const [start, end] = parts.map((p) => (p === '' || p === '..' ? undefined : instant(p)));
  if (start === null || end === null) throw bad('each end must be an RFC 3339 date-time, a date, or .. for an open end');
  if (start === undefined && end === undefined) throw bad('at most one end of an interval may be open');
  if (start !== undefined && end !== undefined && start > end) throw bad('the interval ends before it starts');
  const end$ = (i: number) => (parts[i] === '' || parts[i] === '..' ? undefined : parts[i].toUpperCase());
  return { start: end$(0), end: end$(1) };
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2}))?$/;

/** Milliseconds since the epoch of an RFC 3339 date-time or date; null when it is neither. */
function instant(text: string): number | null {
  const m = DATE_TIME.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (m[4] === undefined) return date.getTime();
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 60) return null;
  const ms = Date.parse(text.toUpperCase());
  return Number.isNaN(ms) ? null : ms;
}

function nonNegativeInteger(name: string, text: string, min: number): number {
  if (!/^\d+$/.test(text)) throw new CatalogError('INVALID_VALUE', `Invalid ${name} '${shorten(text)}': expected an integer of at least ${min}`);
  const n = Number(text);
  if (n < min) throw new CatalogError('INVALID_VALUE', `Invalid ${name} '${shorten(text)}': expected an integer of at least ${min}`);
  // `limit` is clamped by the caller; an offset beyond this is beyond any table.
  return Number.isSafeInteger(n) ? n : Number.MAX_SAFE_INTEGER;
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
