/**
 * SQL that reads the features of a map (WMS GetMap, contract §10). Pure: builds text and
 * parameters, talks to no database.
 *
 * - Which rows: those whose geometry's box meets the map's box, tested with `&&` against that box
 *   transformed to the column's own CRS (densified first, its edges being curves there), so the
 *   spatial index applies; and the feature type's cqlFilter and the request's CQL_FILTER.
 * - Geometry: from the declared CRS (FORCE_DECLARED, as the feature API) to the map's CRS by
 *   `ST_Transform`, simplified to a fraction of the pixel (`ST_Simplify`, collapsed parts kept so
 *   that small polygons still show), written as TWKB quantized below the pixel: a few bytes a
 *   vertex.
 * - Properties: only the columns the style reads, as one JSON object text (NULL when none).
 */
import { escapeIdentifier, escapeLiteral } from 'pg';
import type { FeatureSource, FeatureSql } from './feature-sql';
import type { Box } from './postgis.types';
import type { SqlCondition } from './published-scope';

/** What a map reads of one layer. */
export interface MapQuery {
  /** SRID of the map's CRS. */
  srid: number;
  /** The map's box in its CRS, x/y. */
  box: Box;
  /** Map units per pixel (the box's width over the image's). */
  pixelSize: number;
  /** Property columns to read (unknown names are left out). */
  columns: string[];
  /** True when the map's CRS is geographic (a box transformed from it is kept off the poles). */
  geographic: boolean;
  /** The request's CQL_FILTER for this layer, ANDed with the feature type's cqlFilter. */
  where?: SqlCondition;
}

/** Segments per box edge when the box is transformed to another CRS. */
const BOX_EDGE_SEGMENTS = 16;
/** Simplification tolerance, in pixels. */
const SIMPLIFY_PIXELS = 0.5;
/** Latitudes of a geographic box are kept within this (a pole has no image in Mercator and others). */
const MAX_LATITUDE = 89.9999;

/** TWKB decimals: quantized to a tenth of a pixel, within TWKB's range of -7 to 7. */
export function twkbDecimals(pixelSize: number): number {
  if (!(pixelSize > 0) || !Number.isFinite(pixelSize)) return 7;
  return Math.max(-7, Math.min(7, Math.ceil(-Math.log10(pixelSize / 10))));
}

/** Rows `g` (TWKB, bytea) and `p` (JSON object text or NULL). */
export function mapFeaturesSql(pg: string, source: FeatureSource, q: MapQuery): FeatureSql {
  const geometry = source.table.geometry!;
  const col = `t.${escapeIdentifier(geometry.column)}`;
  const declared = geometry.geography ? 4326 : source.srid > 0 ? source.srid : 4326;
  const native = geometry.geography ? `${col}::${pg}.geometry` : geometry.srid === declared ? col : `${pg}.ST_SetSRID(${col}, ${declared})`;
  // Only a box transformed to another CRS is kept off the poles: drawn in its own CRS, a pole is a line like any other.
  const box = q.geographic && declared !== q.srid ? { ...q.box, miny: Math.max(q.box.miny, -MAX_LATITUDE), maxy: Math.min(q.box.maxy, MAX_LATITUDE) } : q.box;
  const params: unknown[] = [box.minx, box.miny, box.maxx, box.maxy, q.srid, q.pixelSize * SIMPLIFY_PIXELS, twkbDecimals(q.pixelSize)];
  const envelope = `${pg}.ST_MakeEnvelope($1::float8, $2::float8, $3::float8, $4::float8, $5::int)`;
  const inMap = declared === q.srid ? native : `${pg}.ST_Transform(${native}, $5::int)`;
  const drawn = `${pg}.ST_AsTWKB(${pg}.ST_Simplify(${inMap}, $6::float8, true), $7::int)`;

  let boxInColumn: string;
  if (declared === q.srid) boxInColumn = envelope;
  else {
    params.push(Math.max(box.maxx - box.minx, box.maxy - box.miny) / BOX_EDGE_SEGMENTS);
    boxInColumn = `${pg}.ST_Transform(${pg}.ST_Segmentize(${envelope}, $${params.length}::float8), ${declared})`;
  }
  let test: string;
  if (geometry.geography) test = `${col} && ${boxInColumn}::${pg}.geography`;
  else test = `${col} && ${geometry.srid === declared ? boxInColumn : `${pg}.ST_SetSRID(${boxInColumn}, ${geometry.srid})`}`;

  const known = new Set((source.published ?? source.table.attributes).map((a) => a.name));
  const columns = q.columns.filter((c) => known.has(c) && c !== geometry.column);
  const properties = columns.length
    ? `json_build_object(${columns.map((c) => `${escapeLiteral(c)}, t.${escapeIdentifier(c)}`).join(', ')})::text`
    : 'NULL::text';
  for (const condition of [source.restriction, q.where]) if (condition) test += ` AND (${condition(params)})`;
  const text = `SELECT ${drawn} AS g, ${properties} AS p FROM ${escapeIdentifier(source.table.schema)}.${escapeIdentifier(source.table.table)} AS t WHERE ${test}`;
  return { text, params };
}
