import { CatalogError } from '@geocatalog/catalog-model';
import type { Geometry } from 'geojson';
import type { FeatureSource } from './feature-sql';
import type { StoreConnection } from './postgis.types';
import type { StoreAccess } from './store-access';
import { isProgrammingError, isServerError, noPostgis, noSuchTable } from './store-errors';
import { mvtTileSql, tileFeaturesSql, type TileRequest } from './tile-sql';

/** A feature of a tile the api encodes itself: lon/lat geometry, attributes without nulls. */
export interface TileFeature {
  /** The integer key, when the table has one. */
  id?: number;
  geometry: Geometry;
  properties: Record<string, string | number | boolean>;
}

/**
 * What a store gives for a tile: the encoded tile when its PostGIS writes them (empty bytes for
 * no feature), else the tile's features for the api to encode.
 */
export type TileData = { kind: 'mvt'; bytes: Buffer } | { kind: 'features'; features: TileFeature[] };

/**
 * Reads one tile of a published table on one pooled connection, within the store deadline (an
 * unreachable store is STORE_UNAVAILABLE naming it, 502). A table without geometry has no
 * feature in any tile.
 */
export function readTile(access: StoreAccess, store: StoreConnection, source: FeatureSource, tile: TileRequest): Promise<TileData> {
  return access.run(store, async (db) => {
    const pg = await db.postgis();
    if (!source.table.geometry) return { kind: 'features', features: [] };
    if (!pg) throw noPostgis(store);
    try {
      if (await db.writesTiles(pg)) {
        const sql = mvtTileSql(pg, source, tile);
        const [row] = await db.query<{ tile: Buffer | null }>(sql.text, sql.params);
        return { kind: 'mvt', bytes: row?.tile ?? Buffer.alloc(0) };
      }
      const sql = tileFeaturesSql(pg, source, tile);
      const rows = await db.query<{ g: string | null; p: string; id: string | number | null }>(sql.text, sql.params);
      return { kind: 'features', features: rows.flatMap(tileFeature) };
    } catch (err) {
      throw tileReadError(access, store, source, err);
    }
  });
}

function tileFeature(row: { g: string | null; p: string; id: string | number | null }): TileFeature[] {
  if (row.g === null) return [];
  const properties: TileFeature['properties'] = {};
  for (const [key, value] of Object.entries(JSON.parse(row.p) as Record<string, unknown>)) {
    // As ST_AsMVT: a null is no value at all.
    if (value === null || value === undefined) continue;
    properties[key] = typeof value === 'object' ? JSON.stringify(value) : (value as string | number | boolean);
  }
  const id = row.id === null ? undefined : Number(row.id);
  return [{ ...(id !== undefined && Number.isSafeInteger(id) && id >= 0 ? { id } : {}), geometry: JSON.parse(row.g) as Geometry, properties }];
}

/** A failed tile read: the table went away (404), a CRS the tile cannot be transformed to (400), or the store (502). */
function tileReadError(access: StoreAccess, store: StoreConnection, source: FeatureSource, err: unknown): Error {
  if (err instanceof CatalogError || isProgrammingError(err)) return err as Error;
  const { schema, table } = source.table;
  if (isServerError(err)) {
    if (err.code === '42P01') return noSuchTable(store, schema, table);
    if (/srid|transform|proj|latitude|longitude|coordinate/i.test(err.message)) {
      return new CatalogError(
        'INVALID_VALUE',
        `Cannot transform this tile to EPSG:${source.srid}, the CRS of '${schema}.${table}' in data store '${store.qualifiedName}': ${err.message}`,
      );
    }
  }
  return access.failure(store, err);
}
