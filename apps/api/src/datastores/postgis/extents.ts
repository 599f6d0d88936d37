import { CatalogError } from '@geocatalog/catalog-model';
import { escapeIdentifier } from 'pg';
import { densifiedRing, lonLatBoxOfRing } from './lon-lat-box';
import type { Box, StoreConnection, TableInfo } from './postgis.types';
import { StoreAccess } from './store-access';
import { isServerError, noPostgis, noSuchTable } from './store-errors';
import { qualified } from './store-names';
import { wktRootKeyword } from './wkt-layout';

/**
 * Tables up to this many rows (pg_class.reltuples) get an exact extent even when they have
 * statistics: ST_Extent over 100,000 rows takes some 15 ms, and PostGIS's estimate from statistics
 * is lossy (it drops outliers and pads the box by ~1 %). Above it the estimate is used (O(1)).
 */
const EXACT_EXTENT_MAX_ROWS = 100_000;
/** Segments per edge when a native box is densified before being transformed to lat/lon. */
const EDGE_SEGMENTS = 16;

/**
 * The extent of the table's geometry in its native CRS; null for a table without geometry or
 * without any non-empty geometry. Big tables (more than 100,000 rows by the planner's count) with
 * a spatial index or statistics get PostGIS's estimate (`ST_EstimatedExtent`: the index's root box,
 * else the statistics), so publishing does not scan them; others get the exact `ST_Extent`.
 * A box of zero width or height is widened as GeoServer does: by 0.0001 on every side in a
 * geographic CRS, by 1 in others. `srid` names the CRS that decides this when it is not the column's
 * (a declared CRS for an unconstrained column).
 */
export async function nativeBounds(access: StoreAccess, store: StoreConnection, info: TableInfo, opts: { srid?: number } = {}): Promise<Box | null> {
  const geometry = info.geometry;
  if (!geometry) return null;
  const srid = opts.srid ?? geometry.srid;
  return access.run(store, async (db) => {
    const pg = await db.postgis();
    if (!pg) return null;
    const [meta] = await db.query<{ reltuples: number; has_stats: boolean; has_gist: boolean; srtext: string | null }>(
      `SELECT c.reltuples::float8 AS reltuples,
              EXISTS (SELECT 1 FROM pg_catalog.pg_stats s
                       WHERE s.schemaname = $1 AND s.tablename = $2 AND s.attname = $3) AS has_stats,
              EXISTS (SELECT 1 FROM pg_catalog.pg_index i
                        JOIN pg_catalog.pg_class ic ON ic.oid = i.indexrelid
                        JOIN pg_catalog.pg_am am ON am.oid = ic.relam
                        JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attname = $3
                       WHERE i.indrelid = c.oid AND am.amname = 'gist' AND a.attnum = ANY (i.indkey)) AS has_gist,
              (SELECT r.srtext::text FROM ${pg}.spatial_ref_sys r WHERE r.srid = $4) AS srtext
         FROM pg_catalog.pg_class c
         JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relname = $2`,
      [info.schema, info.table, geometry.column, srid],
    );
    if (!meta) throw noSuchTable(store, info.schema, info.table);
    const geographic = wktRootKeyword(meta.srtext ?? '') === 'GEOGCS';

    let box: Box | null | undefined;
    const estimate = !geometry.geography && meta.reltuples > EXACT_EXTENT_MAX_ROWS && (meta.has_stats || meta.has_gist);
    if (estimate) {
      try {
        const [r] = await db.query<BoxRow>(
          `SELECT ${pg}.ST_XMin(b) AS minx, ${pg}.ST_YMin(b) AS miny, ${pg}.ST_XMax(b) AS maxx, ${pg}.ST_YMax(b) AS maxy
             FROM (SELECT ${pg}.ST_EstimatedExtent($1, $2, $3) AS b) e`,
          [info.schema, info.table, geometry.column],
        );
        // Null here means the index or the statistics hold no geometry: the column is empty.
        box = boxOf(r);
      } catch (err) {
        // As GeoTools: when the estimate fails, fall back on the exact extent (below).
        if (!isServerError(err)) throw err;
      }
      // The statistics' box is padded beyond the data; in degrees it must not pass the poles or
      // wrap the globe. (The index's box is the data's, rounded outward to float4: left alone.)
      if (box && !meta.has_gist && geographic) box = clampToWorld(box);
    }
    if (box === undefined) {
      const col = escapeIdentifier(geometry.column) + (geometry.geography ? `::${pg}.geometry` : '');
      const [r] = await db.query<BoxRow>(
        `SELECT ${pg}.ST_XMin(e) AS minx, ${pg}.ST_YMin(e) AS miny, ${pg}.ST_XMax(e) AS maxx, ${pg}.ST_YMax(e) AS maxy
           FROM (SELECT ${pg}.ST_Extent(${col}) AS e FROM ${qualified(info.schema, info.table)}) x`,
      );
      box = boxOf(r);
    }
    return box && widenDegenerate(box, geographic ? 0.0001 : 1);
  });
}

/**
 * A native box in lat/lon (EPSG:4326): its edges densified and transformed with the store's
 * PostGIS (`ST_Transform`), longitudes unwrapped across the antimeridian and not clamped (data from
 * 170°E to 170°W gives minx -190, maxx -170). Identity for EPSG:4326. INVALID_VALUE when the CRS
 * is unknown to the store or the box cannot be transformed.
 */
export async function toWgs84(access: StoreAccess, store: StoreConnection, box: Box, srid: number): Promise<Box> {
  if (srid === 4326) return { ...box };
  if (!Number.isInteger(srid) || srid <= 0) {
    throw new CatalogError(
      'INVALID_VALUE',
      `Cannot compute a lat/lon bounding box in data store '${store.qualifiedName}': the native CRS is unknown (SRID ${srid})`,
    );
  }
  const ring = densifiedRing(box, EDGE_SEGMENTS);
  return access.run(store, async (db) => {
    const pg = await db.postgis();
    if (!pg) throw noPostgis(store);
    let rows: Array<{ x: number; y: number }>;
    try {
      rows = await db.query<{ x: number; y: number }>(
        `SELECT ${pg}.ST_X(d.geom) AS x, ${pg}.ST_Y(d.geom) AS y
           FROM ${pg}.ST_DumpPoints(${pg}.ST_Transform(${pg}.ST_SetSRID(${pg}.ST_MakeLine(ARRAY(
                  SELECT ${pg}.ST_MakePoint(u.x, u.y)
                    FROM unnest($1::float8[], $2::float8[]) WITH ORDINALITY AS u(x, y, i) ORDER BY u.i)), $3), 4326)) AS d
          ORDER BY d.path`,
        [ring.map((p) => p[0]), ring.map((p) => p[1]), srid],
      );
    } catch (err) {
      if (isServerError(err) && /srid|transform|proj|coordinate|latitude|longitude/i.test(err.message)) {
        throw new CatalogError(
          'INVALID_VALUE',
          `Cannot transform the bounding box from EPSG:${srid} to EPSG:4326 in data store '${store.qualifiedName}': ${err.message}`,
        );
      }
      throw err;
    }
    const points = rows.filter((r) => Number.isFinite(r.x) && Number.isFinite(r.y)).map((r): [number, number] => [r.x, r.y]);
    if (!points.length) {
      throw new CatalogError('INVALID_VALUE', `Cannot transform the bounding box from EPSG:${srid} to EPSG:4326 in data store '${store.qualifiedName}'`);
    }
    return lonLatBoxOfRing(points);
  });
}

type BoxRow = { minx: number | null; miny: number | null; maxx: number | null; maxy: number | null };

function boxOf(r: BoxRow | undefined): Box | null {
  if (!r || r.minx === null || r.miny === null || r.maxx === null || r.maxy === null) return null;
  return { minx: r.minx, miny: r.miny, maxx: r.maxx, maxy: r.maxy };
}

/** GeoServer's `CatalogBuilder`: a box with no width or no height is expanded on every side. */
function widenDegenerate(box: Box, by: number): Box {
  if (box.maxx - box.minx !== 0 && box.maxy - box.miny !== 0) return box;
  return { minx: box.minx - by, miny: box.miny - by, maxx: box.maxx + by, maxy: box.maxy + by };
}

function clampToWorld(box: Box): Box {
  return {
    minx: Math.max(box.minx, -180),
    miny: Math.max(box.miny, -90),
    maxx: Math.min(box.maxx, 180),
    maxy: Math.min(box.maxy, 90),
  };
}
