import { Inject, Injectable, Logger, OnApplicationShutdown, Optional } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { CATALOG_DATABASE, CatalogDatabase } from '../../database/database.module';
import { StoreSecrets } from '../store-secrets';
import { crs } from './crs-lookup';
import { nativeBounds, toWgs84 } from './extents';
import type { FeatureCursor } from './feature-cursor';
import { openFeatures, readFeature, readFeaturePage, readPageWithCount } from './feature-reads';
import type { FeatureFilter, FeaturePage, FeatureSource } from './feature-sql';
import { describeTable, listTables, TableListing } from './introspection';
import type { Box, CrsInfo, StoreConnection, StoreTarget, TableInfo } from './postgis.types';
import { StoreAccess } from './store-access';
import { ownDatabaseOf, StoreAddress, StoreReach } from './store-reach';
import { openMapFeatures, type MapRow } from './map-reads';
import type { MapQuery } from './map-sql';
import { readTile, type TileData } from './tile-reads';
import type { TileRequest } from './tile-sql';
import { markStaleDescription } from './store-errors';
import { TableCache } from './table-cache';

export { ONE_QUERY_MAX_ROWS } from './feature-reads';
export { STORE_TIMEOUT_MS } from './store-errors';
export { TABLE_CACHE_MS } from './table-cache';
export { STREAM_POOL_MAX, STREAM_WAIT_MS } from './store-access';

/**
 * The only code that talks to a PostGIS data store's database, as one injectable: connections
 * (store-access.ts), table introspection (introspection.ts), extents (extents.ts), CRS definitions
 * from the store's `spatial_ref_sys` (crs-lookup.ts), feature reads (feature-reads.ts), vector
 * tiles (tile-reads.ts) and map features (map-reads.ts).
 *
 * - One bounded pool per store, created on first use, keyed by a hash of the connection parameters:
 *   when the parameters change (here or in another api process sharing the catalog) the next call
 *   gets a new pool and the old one is closed; {@link release} closes it when the store goes away.
 * - Every call is bounded by STORE_TIMEOUT_SECONDS (default {@link STORE_TIMEOUT_MS}): connect timeout, server-side statement
 *   timeout, and a deadline over the whole call. A store that cannot be reached, refuses the login,
 *   lacks the database or does not answer in time gives `STORE_UNAVAILABLE` naming the store in one
 *   wording, "unreachable" ("wrong user or password" for a refused login): no answer fingerprints
 *   what listens on a port. The driver's reason is logged, never with a password.
 * - The stored password (`crypt2:…`) is opened here only, when a connection is opened, through the
 *   injected {@link StoreSecrets} (the catalog holds the key).
 * - SQL takes client input as parameters only; identifiers read from the catalog are quoted by the
 *   driver (`escapeIdentifier`). A table name such as `states; DROP TABLE states;--` is a name
 *   that does not exist.
 */
@Injectable()
export class PostgisConnector implements OnApplicationShutdown {
  private readonly access: StoreAccess;
  private readonly where: StoreReach;
  private readonly tables: TableCache;

  constructor(
    secrets: StoreSecrets,
    @Optional() @Inject(APP_CONFIG) config?: Partial<Pick<AppConfig, 'storeHosts' | 'storeTimeoutMs'>>,
    @Optional() @Inject(CATALOG_DATABASE) catalog?: Pick<CatalogDatabase, 'url' | 'embedded'>,
  ) {
    this.where = new StoreReach(config?.storeHosts, catalog && ownDatabaseOf(catalog));
    this.access = new StoreAccess(secrets, this.where, new Logger(PostgisConnector.name), config?.storeTimeoutMs);
    this.tables = new TableCache((store, table) => describeTable(this.access, store, table));
  }

  /**
   * INVALID_VALUE when a store may not point where `target` does (STORE_HOSTS, a link-local
   * address, the catalog's own database); checked without connecting, as a store is saved.
   */
  async checkReach(target: StoreAddress): Promise<void> {
    await this.where.reach(target, false);
  }

  describeTable(store: StoreConnection, table: string): Promise<TableInfo> {
    return describeTable(this.access, store, table);
  }

  /**
   * Runs `read` with the table's description as feature reads use it: reused for a few seconds
   * (TABLE_CACHE_MS), and described again, with `read` retried once, when `read` fails in a way a
   * fresh description may avoid (see {@link staleDescription}; feature reads mark such failures).
   */
  withTable<T>(store: StoreConnection, table: string, read: (info: TableInfo) => Promise<T>): Promise<T> {
    return this.tables.use(store, table, read);
  }

  /** Marks `error` as one a fresh description of the table may avoid (for {@link withTable}). */
  staleDescription<E extends object>(error: E): E {
    return markStaleDescription(error);
  }

  listTables(store: StoreConnection, opts: TableListing = {}): Promise<string[]> {
    return listTables(this.access, store, opts);
  }

  nativeBounds(store: StoreConnection, info: TableInfo, opts: { srid?: number } = {}): Promise<Box | null> {
    return nativeBounds(this.access, store, info, opts);
  }

  toWgs84(store: StoreConnection, box: Box, srid: number): Promise<Box> {
    return toWgs84(this.access, store, box, srid);
  }

  crs(store: StoreConnection, code: string): Promise<CrsInfo> {
    return crs(this.access, store, code);
  }

  openFeatures(store: StoreConnection, source: FeatureSource, filter: FeatureFilter, page: FeaturePage): Promise<FeatureCursor> {
    return openFeatures(this.access, store, source, filter, page);
  }

  /** A page of at most ONE_QUERY_MAX_ROWS rows, read at once (one statement). */
  readFeaturePage(store: StoreConnection, source: FeatureSource, filter: FeatureFilter, page: FeaturePage): Promise<string[]> {
    return readFeaturePage(this.access, store, source, filter, page);
  }

  /** As readFeaturePage, with the selection's size when the page does not tell it and it is at most `cap` (feature-reads.ts). */
  readPageWithCount(
    store: StoreConnection,
    source: FeatureSource,
    filter: FeatureFilter,
    page: FeaturePage,
    cap: number,
  ): Promise<{ features: string[]; matched?: number }> {
    return readPageWithCount(this.access, store, source, filter, page, cap);
  }

  readFeature(store: StoreConnection, source: FeatureSource, filter: Pick<FeatureFilter, 'properties'>, id: string): Promise<string | null> {
    return readFeature(this.access, store, source, filter, id);
  }

  /** One Web Mercator tile of a published table (tile-reads.ts). */
  readTile(store: StoreConnection, source: FeatureSource, tile: TileRequest): Promise<TileData> {
    return readTile(this.access, store, source, tile);
  }

  /** The features of a map, in its CRS, batch by batch (map-reads.ts); the caller closes the cursor. */
  openMapFeatures(store: StoreConnection, source: FeatureSource, query: MapQuery): Promise<FeatureCursor<MapRow>> {
    return openMapFeatures(this.access, store, source, query);
  }

  testConnection(target: StoreTarget): Promise<string> {
    return this.access.testConnection(target);
  }

  /** Closes the pools of a store (deleted, or its parameters changed). */
  release(storeId: number): Promise<void> {
    return this.access.release(storeId);
  }

  /** Closes the pools of several stores (a workspace deleted with everything in it). */
  releaseAll(storeIds: number[]): Promise<void> {
    return this.access.releaseAll(storeIds);
  }

  /** Pool sizes per store id, for diagnostics and tests. */
  poolStats(): ReturnType<StoreAccess['poolStats']> {
    return this.access.poolStats();
  }

  onApplicationShutdown(): Promise<void> {
    return this.access.shutdown();
  }
}
