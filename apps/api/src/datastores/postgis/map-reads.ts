import { CatalogError } from '@geocatalog/catalog-model';
import { FeatureCursor, OneTrip, PooledFeatureCursor } from './feature-cursor';
import type { FeatureSource } from './feature-sql';
import { mapFeaturesSql, type MapQuery } from './map-sql';
import type { StoreConnection } from './postgis.types';
import { StoreAccess, STREAM_POOL_MAX } from './store-access';
import { filterEvaluationError, isProgrammingError, isServerError, noPostgis, noSuchTable, StoreDeadline } from './store-errors';

/** One row of a map: its geometry as TWKB, its properties as JSON text (null: none read). */
export interface MapRow {
  geometry: Buffer;
  properties: string | null;
  /** Bytes of the row, for the cursor's batch sizing. */
  length: number;
}

/**
 * Whether the last map read of each source (store and table) fitted in its first batch: the next
 * read of it is then tried in one round trip (`OneTrip`). Unknown sources are tried; the oldest
 * entries go beyond the limit.
 */
const fittedLastTime = new Map<string, boolean>();
const FITTED_MAX = 1024;

function oneTripOf(store: StoreConnection, source: FeatureSource): OneTrip {
  const key = `${store.qualifiedName}\u0000${source.table.schema}\u0000${source.table.table}`;
  return {
    expected: fittedLastTime.get(key) ?? true,
    told(fitted) {
      fittedLastTime.delete(key);
      fittedLastTime.set(key, fitted);
      if (fittedLastTime.size > FITTED_MAX) fittedLastTime.delete(fittedLastTime.keys().next().value as string);
    },
  };
}

/** A read that yields nothing (a table without geometry draws nothing). */
const NOTHING: FeatureCursor<MapRow> = { next: async () => [], close: async () => undefined };

/**
 * Opens the read of one layer's features for a map (see map-sql.ts) through a server-side cursor
 * on a stream connection, within the store deadline: the caller reads batch by batch, so memory
 * holds one batch whatever the table's size, and must close the cursor (it closes itself after
 * CURSOR_IDLE_MS without a read). An unreachable store is STORE_UNAVAILABLE (502), a missing
 * table NOT_FOUND, a box the CRS cannot take INVALID_VALUE naming both CRSs.
 */
export async function openMapFeatures(access: StoreAccess, store: StoreConnection, source: FeatureSource, query: MapQuery): Promise<FeatureCursor<MapRow>> {
  if (!source.table.geometry) return NOTHING;
  let abandoned = false;
  const mapError = (err: unknown) => mapReadError(access, store, source, query, err);
  const opening = (async () => {
    const entry = await access.poolFor(store, access.streamPools, STREAM_POOL_MAX);
    const client = await access.streamConnection(store, entry);
    let pg: string | null;
    try {
      pg = await access.session(entry, client).postgis();
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    const cursor = new PooledFeatureCursor<MapRow>(client, mapError, (row) => {
      const geometry = row[0] as Buffer;
      const properties = row[1] as string | null;
      return { geometry, properties, length: geometry.length + (properties?.length ?? 0) };
    });
    if (abandoned) {
      await cursor.close();
      throw new StoreDeadline(access.timeoutMs);
    }
    if (!pg) {
      await cursor.close();
      throw noPostgis(store);
    }
    cursor.openPortal(mapFeaturesSql(pg, source, query), oneTripOf(store, source));
    return cursor;
  })();
  opening.then(
    (cursor) => {
      if (abandoned) void cursor.close();
    },
    () => undefined,
  );
  return access.withDeadline(opening, store, () => {
    abandoned = true;
  });
}

function mapReadError(access: StoreAccess, store: StoreConnection, source: FeatureSource, query: MapQuery, err: unknown): Error {
  if (err instanceof CatalogError || isProgrammingError(err)) return err as Error;
  const { schema, table } = source.table;
  if (isServerError(err)) {
    if (err.code === '42P01') return noSuchTable(store, schema, table);
    // A client's CQL_FILTER the database cannot evaluate: the filter is at fault, not the store.
    const filterError = filterEvaluationError(err, schema, table);
    if (filterError) return filterError;
    if (/srid|transform|proj|latitude|longitude|coordinate/i.test(err.message)) {
      return new CatalogError(
        'INVALID_VALUE',
        `Cannot transform between EPSG:${query.srid} and EPSG:${source.srid}, the CRS of '${schema}.${table}' in data store '${store.qualifiedName}': ${err.message}`,
      );
    }
  }
  return access.failure(store, err);
}
