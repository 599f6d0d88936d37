/**
 * SQL that reads a published table as GeoJSON features (OGC API - Features). PostgreSQL writes the
 * GeoJSON text of every feature itself — one text column per row — so the api only joins rows and
 * never parses or re-serialises them. Pure: builds text and parameters, talks to no database.
 *
 * - Geometry: in CRS84 (`ST_Transform` to EPSG:4326, whose PostGIS axis order is lon/lat), from the
 *   declared CRS (projection policy FORCE_DECLARED), 9 decimals (PostGIS's default: sub-millimetre in
 *   degrees). A declared CRS of EPSG:4326, or none, needs no transformation.
 * - Properties: the published attributes (the layer's subset, else all but the geometry), as `row_to_json` of a sub-select (compact, in
 *   column order, no 100-argument limit of `json_build_object`).
 * - Feature id, in order of preference:
 *   1. a one-column primary key: its value (a JSON number for integer keys, else a string);
 *   2. otherwise (no key, a composite key, a view): the md5 of the row's text (`md5(t::text)`), a
 *      string of 32 hex digits. It is stable while the row is unchanged (unlike a row number, it does
 *      not shift when other rows come and go, and unlike `ctid` it survives VACUUM FULL and exists for
 *      views); two identical rows share it. Paging orders by it, which costs a sort of the selection
 *      (about 0.3 s for 100,000 rows): give big tables a primary key.
 * - Paging: `ORDER BY` the id, `LIMIT`/`OFFSET`; callers ask for one row more than they return, to
 *   know whether there is a next page without counting.
 * - Identifiers are quoted by the driver (`escapeIdentifier`), property names in JSON keys by
 *   `escapeLiteral`; client values (boxes, ids, paging) are parameters.
 */
import { escapeIdentifier } from 'pg';
import { propertyAttributes } from './attribute-subset';
import type { AttributeInfo, Box, TableInfo } from './postgis.types';
import type { SqlCondition } from './published-scope';

/** Decimals of coordinates in CRS84 output. */
export const GEOJSON_DECIMALS = 9;
/** Segments per edge when a lon/lat box is densified before being transformed to a native CRS. */
const BOX_EDGE_SEGMENTS = 16;
/** Bindings whose primary-key values are written as JSON numbers. */
const INTEGER_BINDINGS = new Set(['java.lang.Integer', 'java.lang.Long', 'java.lang.Short']);

/** A published table as the feature reader needs it. */
export interface FeatureSource {
  /** The table described live (columns, geometry column and its SRID, primary key). */
  table: TableInfo;
  /** SRID of the declared CRS, the CRS the geometries are in; 0 when unknown (taken as lon/lat). */
  srid: number;
  /** The properties the layer publishes (its attribute subset applied); every column but the geometry when absent. */
  published?: AttributeInfo[];
  /** The rows the feature type publishes (its cqlFilter, see published-scope.ts); every row when absent. */
  restriction?: SqlCondition;
}

/** Which features, and which of their properties. */
export interface FeatureFilter {
  /**
   * Lon/lat boxes (west ≤ east; longitudes may pass ±180 to reach data stored that way): a feature
   * matches when its geometry intersects one of them. Undefined: no spatial filter. Empty: nothing
   * matches. Features without geometry match no box.
   */
  boxes?: Box[];
  /** Names of the properties to return, in that order; undefined for all. */
  properties?: string[];
  /**
   * EPSG code of the geometries written, x/y order (WMS GetFeatureInfo answers in the map's CRS);
   * undefined: CRS84.
   */
  outputSrid?: number;
  /** A client's filter (OGC API `filter`, WMS `CQL_FILTER`), ANDed with the rest. */
  where?: SqlCondition;
  /** Sort keys before the feature id (which keeps pages stable); published columns only. */
  sortBy?: SortKey[];
}

/** One `sortby` key. */
export interface SortKey {
  column: string;
  descending: boolean;
}

/** A page of the selection. */
export interface FeaturePage {
  limit: number;
  offset: number;
}

export interface FeatureSql {
  text: string;
  params: unknown[];
}

/** How features of a table are identified. */
export type FeatureIdKind = { kind: 'key'; column: string; numeric: boolean } | { kind: 'hash' };

/** The id of the table's features: its one-column primary key, else the row hash. */
export function featureIdKind(table: TableInfo): FeatureIdKind {
  const keys = table.attributes.filter((a) => a.primaryKey);
  if (keys.length === 1) return { kind: 'key', column: keys[0].name, numeric: INTEGER_BINDINGS.has(keys[0].binding) };
  return { kind: 'hash' };
}

/** Attributes written as properties: those the layer publishes. */
export function sourceProperties(source: FeatureSource): AttributeInfo[] {
  return source.published ?? propertyAttributes(source.table);
}

/** The features of one page, one GeoJSON text per row (column `f`), in id order. */
export function selectFeaturesSql(pg: string | null, source: FeatureSource, filter: FeatureFilter, page: FeaturePage): FeatureSql {
  const params: unknown[] = [];
  const where = whereClause(pg, source, filter, params);
  params.push(page.limit, page.offset);
  const sort = (filter.sortBy ?? []).map((k) => `t.${escapeIdentifier(k.column)} ${k.descending ? 'DESC' : 'ASC'}, `).join('');
  const text =
    `SELECT ${featureText(pg, source, filter)} AS f FROM ${from(source)}${where}` +
    ` ORDER BY ${sort}${idOrder(source)} LIMIT $${params.length - 1} OFFSET $${params.length}`;
  return { text, params };
}

/**
 * The page of {@link selectFeaturesSql} (column `f`, `n` null), then, when the page does not tell
 * how many features the selection holds — it is full (a row beyond the page came), or empty past
 * the end — one more row (`f` null) whose `n` counts them, reading at most `cap` + 1 rows with the
 * same WHERE: `n` ≤ cap is exact, cap + 1 means "more". One statement, one round trip. An
 * unfiltered page of a table whose statistics say it holds over 2 × cap rows counts nothing.
 */
export function selectPageWithCountSql(pg: string | null, source: FeatureSource, filter: FeatureFilter, page: FeaturePage, cap: number): FeatureSql {
  const inner = selectFeaturesSql(pg, source, filter, page);
  const params = [...inner.params];
  const where = whereClause(pg, source, filter, params);
  params.push(cap + 1, page.limit, page.offset);
  const [capAt, limitAt, offsetAt] = [params.length - 2, params.length - 1, params.length];
  let text =
    `WITH page AS (${inner.text}) SELECT f, NULL::int AS n FROM page UNION ALL ` +
    `SELECT NULL, (SELECT count(*)::int FROM (SELECT 1 FROM ${from(source)}${where} LIMIT $${capAt}) AS q) ` +
    `WHERE (SELECT count(*) FROM page) IN ($${limitAt}, CASE WHEN $${offsetAt}::bigint > 0 THEN 0 END)`;
  if (!where) {
    // The whole table: not counted when its statistics say it holds well over the cap (a browse
    // of a big table, the commonest page, then costs what it did without a count).
    params.push(`${escapeIdentifier(source.table.schema)}.${escapeIdentifier(source.table.table)}`, 2 * cap);
    text += ` AND (SELECT c.reltuples FROM pg_catalog.pg_class c WHERE c.oid = to_regclass($${params.length - 1})) <= $${params.length}`;
  }
  return { text, params };
}

/**
 * The one feature with this id (at most one row; a row hash shared by identical rows gives the
 * first). Null when the id cannot name a feature (a hash id that is not 32 hex digits).
 */
export function selectFeatureSql(pg: string | null, source: FeatureSource, filter: Pick<FeatureFilter, 'properties'>, id: string): FeatureSql | null {
  const idKind = featureIdKind(source.table);
  const params: unknown[] = [id];
  let condition: string;
  if (idKind.kind === 'key') {
    // An untyped parameter takes the column's type: a value that is no valid literal of it is a
    // data exception (SQLSTATE class 22), which the connector reports as "no such feature".
    condition = `t.${escapeIdentifier(idKind.column)} = $1`;
  } else {
    if (!/^[0-9a-f]{32}$/.test(id)) return null;
    condition = `md5(t::text) = $1`;
  }
  // Outside the feature type's cqlFilter, a feature is not there.
  if (source.restriction) condition += ` AND (${source.restriction(params)})`;
  return { text: `SELECT ${featureText(pg, source, filter)} AS f FROM ${from(source)} WHERE ${condition} LIMIT 1`, params };
}

// ---------------------------------------------------------------------------------------------

function from(source: FeatureSource): string {
  return `${escapeIdentifier(source.table.schema)}.${escapeIdentifier(source.table.table)} AS t`;
}

function idOrder(source: FeatureSource): string {
  const idKind = featureIdKind(source.table);
  return idKind.kind === 'key' ? `t.${escapeIdentifier(idKind.column)}` : 'md5(t::text)';
}

function idJson(source: FeatureSource): string {
  const idKind = featureIdKind(source.table);
  if (idKind.kind === 'hash') return `'"' || md5(t::text) || '"'`;
  const col = `t.${escapeIdentifier(idKind.column)}`;
  return idKind.numeric ? `to_json(${col})::text` : `to_json(${col}::text)::text`;
}

/** `'{"type":"Feature","id":…,"geometry":…,"properties":…}'` as one text expression. */
function featureText(pg: string | null, source: FeatureSource, filter: Pick<FeatureFilter, 'properties' | 'outputSrid'>): string {
  return (
    `'{"type":"Feature","id":' || ${idJson(source)} || ',"geometry":' || COALESCE(${geometryJson(pg, source, filter.outputSrid ?? 4326)}, 'null')` +
    ` || ',"properties":' || ${propertiesJson(source, filter.properties)} || '}'`
  );
}

function geometryJson(pg: string | null, source: FeatureSource, outputSrid: number): string {
  if (!Number.isInteger(outputSrid) || outputSrid <= 0) throw new Error(`Invalid output SRID ${outputSrid}`);
  const geometry = source.table.geometry;
  if (!geometry || !pg) return 'NULL::text';
  const col = `t.${escapeIdentifier(geometry.column)}`;
  if (geometry.geography) {
    const g = `${col}::${pg}.geometry`;
    return `${pg}.ST_AsGeoJSON(${outputSrid === 4326 ? g : `${pg}.ST_Transform(${g}, ${outputSrid})`}, ${GEOJSON_DECIMALS})`;
  }
  if (source.srid === outputSrid || source.srid <= 0) return `${pg}.ST_AsGeoJSON(${col}, ${GEOJSON_DECIMALS})`;
  // FORCE_DECLARED: the declared CRS wins over the column's SRID.
  const declared = geometry.srid === source.srid ? col : `${pg}.ST_SetSRID(${col}, ${source.srid})`;
  return `${pg}.ST_AsGeoJSON(${pg}.ST_Transform(${declared}, ${outputSrid}), ${GEOJSON_DECIMALS})`;
}

function propertiesJson(source: FeatureSource, names: string[] | undefined): string {
  const columns = names ?? sourceProperties(source).map((a) => a.name);
  if (!columns.length) return `'{}'`;
  return `(SELECT row_to_json(p) FROM (SELECT ${columns.map((c) => `t.${escapeIdentifier(c)}`).join(', ')}) AS p)::text`;
}

/** The box test, the feature type's restriction and the client's filter, ANDed. */
function whereClause(pg: string | null, source: FeatureSource, filter: FeatureFilter, params: unknown[]): string {
  const tests = [boxTest(pg, source, filter, params), source.restriction?.(params), filter.where?.(params)].filter((t): t is string => t !== undefined);
  if (!tests.length) return '';
  return ` WHERE ${tests.length === 1 ? tests[0] : tests.map((t) => `(${t})`).join(' AND ')}`;
}

function boxTest(pg: string | null, source: FeatureSource, filter: FeatureFilter, params: unknown[]): string | undefined {
  if (filter.boxes === undefined) return undefined;
  const geometry = source.table.geometry;
  if (!filter.boxes.length || !geometry || !pg) return 'false';
  const col = `t.${escapeIdentifier(geometry.column)}`;
  const tests = filter.boxes.map((box) => {
    params.push(box.minx, box.miny, box.maxx, box.maxy);
    const n = params.length;
    const envelope = `${pg}.ST_MakeEnvelope($${n - 3}, $${n - 2}, $${n - 1}, $${n}, 4326)`;
    if (geometry.geography) return `${pg}.ST_Intersects(${col}, ${envelope}::${pg}.geography)`;
    return `${pg}.ST_Intersects(${col}, ${nativeBox(pg, source, envelope, box, params)})`;
  });
  return tests.length === 1 ? tests[0] : `(${tests.join(' OR ')})`;
}

/**
 * The lon/lat box as a polygon in the column's own SRID, so that the spatial index applies. Outside
 * EPSG:4326 the box is densified first: its edges are curves in the native CRS.
 */
function nativeBox(pg: string, source: FeatureSource, envelope: string, box: Box, params: unknown[]): string {
  const columnSrid = source.table.geometry?.srid ?? 0;
  if (source.srid === 4326 || source.srid <= 0) {
    return columnSrid === 4326 ? envelope : `${pg}.ST_SetSRID(${envelope}, ${columnSrid})`;
  }
  params.push(Math.max(box.maxx - box.minx, box.maxy - box.miny) / BOX_EDGE_SEGMENTS || 1);
  const transformed = `${pg}.ST_Transform(${pg}.ST_Segmentize(${envelope}, $${params.length}::float8), ${source.srid})`;
  return columnSrid === source.srid ? transformed : `${pg}.ST_SetSRID(${transformed}, ${columnSrid})`;
}
