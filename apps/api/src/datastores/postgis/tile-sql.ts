/**
 * SQL that reads one Web Mercator tile of a published table (contract §9). Pure: builds text and
 * parameters, talks to no database.
 *
 * - Which rows: those the feature type publishes (its cqlFilter) whose geometry's box meets the
 *   tile's envelope grown by the buffer, tested with `&&` against that envelope transformed to the
 *   column's own CRS, so the spatial index applies; at most {@link TileRequest.maxFeatures} of them (a tile is a picture, not an export).
 * - Geometry: from the declared CRS (FORCE_DECLARED, as the feature API) to EPSG:3857.
 * - Attributes: the published columns (the layer's attribute subset) but geometries, as values a vector tile can hold (integers, floats,
 *   booleans, text); other types as their text (numeric as float8, so it stays a number).
 * - `mvtTileSql`: PostGIS writes the tile itself (`ST_AsMVT` over `ST_AsMVTGeom`, extent
 *   {@link TILE_EXTENT}, buffer {@link TILE_BUFFER}).
 * - `tileFeaturesSql`: the same rows as GeoJSON in lon/lat, for stores whose PostGIS cannot write
 *   tiles (built without protobuf-c, like the embedded sample database): the api builds the tile.
 */
import { escapeIdentifier } from 'pg';
import type { AttributeInfo } from './postgis.types';
import { featureIdKind, sourceProperties, type FeatureSource, type FeatureSql } from './feature-sql';

/** Tile coordinates in 4096ths of the tile's side, as MVT writers use. */
export const TILE_EXTENT = 4096;
/** Coordinates kept beyond the tile's edge, in tile units, so neighbouring tiles join without seams. */
export const TILE_BUFFER = 64;

/** One tile of the WebMercatorQuad matrix set, and the feature cap. */
export interface TileRequest {
  z: number;
  x: number;
  y: number;
  /** The MVT layer's name. */
  layerName: string;
  maxFeatures: number;
}

/** Column aliases of the tile's rows, chosen not to collide with a table's own column names. */
const GEOM = '__tile_geom';
const ID = '__tile_id';
const NUMBERS = new Set([
  'java.lang.Integer',
  'java.lang.Long',
  'java.lang.Short',
  'java.lang.Double',
  'java.lang.Float',
  'java.lang.Boolean',
  'java.lang.String',
]);

/** The attributes a tile carries, with the SQL value of each. */
export function tileAttributes(source: FeatureSource): Array<{ name: string; value: string }> {
  return sourceProperties(source)
    .filter((a) => !isGeometry(a))
    .map((a) => ({ name: a.name, value: tileValue(a) }));
}

/** One `bytea` column `tile`: the whole tile as PostGIS encodes it (empty when no feature is in it). */
export function mvtTileSql(pg: string, source: FeatureSource, tile: TileRequest): FeatureSql {
  const params: unknown[] = [tile.z, tile.x, tile.y, TILE_BUFFER / TILE_EXTENT, tile.layerName, tile.maxFeatures];
  const id = integerId(source);
  const geom = `${pg}.ST_AsMVTGeom(${mercator(pg, source)}, ${pg}.ST_TileEnvelope($1, $2, $3), ${TILE_EXTENT}, ${TILE_BUFFER}, true)`;
  const text =
    `SELECT ${pg}.ST_AsMVT(q, $5, ${TILE_EXTENT}, '${GEOM}'${id ? `, '${ID}'` : ''}) AS tile FROM (` +
    `SELECT * FROM (SELECT ${geom} AS ${GEOM}${id ? `, ${id} AS ${ID}` : ''}${columns(source)} FROM ${from(source)}` +
    ` WHERE ${boxTest(pg, source)}${restricted(source, params)} LIMIT $6) AS r WHERE ${GEOM} IS NOT NULL) AS q`;
  return { text, params };
}

/** Rows `g` (GeoJSON geometry in lon/lat), `p` (JSON object of the attributes) and `id` (integer key or null). */
export function tileFeaturesSql(pg: string, source: FeatureSource, tile: Omit<TileRequest, 'layerName'>): FeatureSql {
  const params: unknown[] = [tile.z, tile.x, tile.y, TILE_BUFFER / TILE_EXTENT, tile.maxFeatures];
  const attributes = tileAttributes(source);
  const properties = attributes.length
    ? `(SELECT row_to_json(p) FROM (SELECT ${attributes.map((a) => `${a.value} AS ${escapeIdentifier(a.name)}`).join(', ')}) AS p)::text`
    : `'{}'`;
  const id = integerId(source);
  const text =
    `SELECT ${pg}.ST_AsGeoJSON(${pg}.ST_Transform(${mercator(pg, source)}, 4326), 9) AS g, ${properties} AS p, ${id ?? 'NULL::int8'} AS id` +
    ` FROM ${from(source)} WHERE ${boxTest(pg, source)}${restricted(source, params)} LIMIT $5`;
  return { text, params };
}

// ---------------------------------------------------------------------------------------------

function isGeometry(a: AttributeInfo): boolean {
  return a.binding.startsWith('org.locationtech.jts.geom.') || a.binding.startsWith('org.geotools.geometry.jts.');
}

function tileValue(a: AttributeInfo): string {
  const col = `t.${escapeIdentifier(a.name)}`;
  if (NUMBERS.has(a.binding)) return col;
  if (a.binding === 'java.math.BigDecimal') return `${col}::float8`;
  return `${col}::text`;
}

function columns(source: FeatureSource): string {
  return tileAttributes(source)
    .map((a) => `, ${a.value} AS ${escapeIdentifier(a.name)}`)
    .join('');
}

/** The one-column integer key as the MVT feature id (ids of other kinds stay attributes only). */
function integerId(source: FeatureSource): string | null {
  const kind = featureIdKind(source.table);
  return kind.kind === 'key' && kind.numeric ? `t.${escapeIdentifier(kind.column)}::int8` : null;
}

/** ` AND (the feature type's cqlFilter)`, or nothing. */
function restricted(source: FeatureSource, params: unknown[]): string {
  return source.restriction ? ` AND (${source.restriction(params)})` : '';
}

function from(source: FeatureSource): string {
  return `${escapeIdentifier(source.table.schema)}.${escapeIdentifier(source.table.table)} AS t`;
}

/** The geometry in the declared CRS (unknown: lon/lat), transformed to EPSG:3857. */
function mercator(pg: string, source: FeatureSource): string {
  const geometry = source.table.geometry!;
  const col = `t.${escapeIdentifier(geometry.column)}`;
  if (geometry.geography) return `${pg}.ST_Transform(${col}::${pg}.geometry, 3857)`;
  const declared = source.srid > 0 ? source.srid : 4326;
  const native = geometry.srid === declared ? col : `${pg}.ST_SetSRID(${col}, ${declared})`;
  return declared === 3857 ? native : `${pg}.ST_Transform(${native}, 3857)`;
}

/**
 * `column && (the tile's envelope with its buffer, in the column's CRS)`. Outside lon/lat the
 * envelope is densified first: its edges are curves in another projection.
 */
function boxTest(pg: string, source: FeatureSource): string {
  const geometry = source.table.geometry!;
  const col = `t.${escapeIdentifier(geometry.column)}`;
  const envelope = `${pg}.ST_TileEnvelope($1, $2, $3, margin => $4::float8)`;
  if (geometry.geography) return `${col} && ${pg}.ST_Transform(${envelope}, 4326)::${pg}.geography`;
  const declared = source.srid > 0 ? source.srid : 4326;
  let box = envelope;
  if (declared === 4326) box = `${pg}.ST_Transform(${envelope}, 4326)`;
  else if (declared !== 3857)
    box = `${pg}.ST_Transform(${pg}.ST_Segmentize(${envelope}, ${pg}.ST_XMax(${envelope}) / 8 - ${pg}.ST_XMin(${envelope}) / 8), ${declared})`;
  return geometry.srid === declared ? `${col} && ${box}` : `${col} && ${pg}.ST_SetSRID(${box}, ${geometry.srid})`;
}
