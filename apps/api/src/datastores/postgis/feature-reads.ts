import { CatalogError } from '@geocatalog/catalog-model';
import { FeatureCursor, PooledFeatureCursor, readRows } from './feature-cursor';
import { FeatureFilter, FeatureSql, FeaturePage, FeatureSource, selectFeatureSql, selectFeaturesSql, selectPageWithCountSql } from './feature-sql';
import type { StoreConnection } from './postgis.types';
import { StoreAccess, STREAM_POOL_MAX } from './store-access';
import {
  filterEvaluationError,
  isDescriptionMismatch,
  isProgrammingError,
  isServerError,
  markStaleDescription,
  noPostgis,
  noSuchTable,
  StoreDeadline,
} from './store-errors';

/**
 * Pages of at most this many rows are read with one SELECT (one round trip, no transaction, no
 * cursor) and held whole in memory; bigger ones stream through a server-side cursor. 1,001 is a
 * 1,000-feature page and its look-ahead row: the console's preview asks for 1,000 per page.
 */
export const ONE_QUERY_MAX_ROWS = 1_001;

/**
 * Opens a read of one page of a published table's features as GeoJSON texts (OGC API -
 * Features), within the store deadline, so that an unreachable store (502), a missing table (404)
 * or a box that cannot be transformed (400) is known before the caller answers. A page of at most
 * {@link ONE_QUERY_MAX_ROWS} rows is one SELECT of {@link selectFeaturesSql} on a pooled connection,
 * handed back at once. A bigger one opens a read-only repeatable-read transaction with a
 * server-side cursor and fetches its first batch; the caller reads the rest batch by batch and must
 * close the cursor (it closes itself after CURSOR_IDLE_MS without a read, see feature-cursor.ts);
 * each FETCH is bounded by the server-side statement timeout.
 */
export async function openFeatures(
  access: StoreAccess,
  store: StoreConnection,
  source: FeatureSource,
  filter: FeatureFilter,
  page: FeaturePage,
): Promise<FeatureCursor> {
  if (page.limit <= ONE_QUERY_MAX_ROWS) return readRows(await readFeaturePage(access, store, source, filter, page));
  let abandoned = false;
  const mapError = (err: unknown) => featureReadError(access, store, source, err);
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
    const cursor = new PooledFeatureCursor(client, mapError);
    if (abandoned) {
      await cursor.close();
      throw new StoreDeadline(access.timeoutMs);
    }
    if (source.table.geometry && !pg) {
      await cursor.close();
      throw noPostgis(store);
    }
    await cursor.open(selectFeaturesSql(pg, source, filter, page));
    const first = await cursor.next();
    return { cursor, first };
  })();
  // The deadline passed while the cursor was being opened: nobody will read it.
  opening.then(
    ({ cursor }) => {
      if (abandoned) void cursor.close();
    },
    () => undefined,
  );
  const { cursor, first } = await access.withDeadline(opening, store, () => {
    abandoned = true;
  });
  return prefetched(cursor, first);
}

/**
 * The GeoJSON texts of one page of at most {@link ONE_QUERY_MAX_ROWS} rows, read with one
 * statement on a stream connection (the stream budget applies), within the store deadline.
 */
export async function readFeaturePage(
  access: StoreAccess,
  store: StoreConnection,
  source: FeatureSource,
  filter: FeatureFilter,
  page: FeaturePage,
): Promise<string[]> {
  const rows = await readPageRows(access, store, source, page, (pg) => selectFeaturesSql(pg, source, filter, page));
  return rows.map((r) => r[0] as string);
}

/**
 * A page as {@link readFeaturePage} reads it, with the number of features the selection holds when
 * the page does not tell it and that number is at most `cap` (see selectPageWithCountSql): still
 * one statement. `matched` is undefined when not counted, or when the selection holds more.
 */
export async function readPageWithCount(
  access: StoreAccess,
  store: StoreConnection,
  source: FeatureSource,
  filter: FeatureFilter,
  page: FeaturePage,
  cap: number,
): Promise<{ features: string[]; matched?: number }> {
  const rows = await readPageRows(access, store, source, page, (pg) => selectPageWithCountSql(pg, source, filter, page, cap));
  const features = rows.filter((r) => r[0] !== null).map((r) => r[0] as string);
  const count = rows.find((r) => r[0] === null)?.[1];
  return typeof count === 'number' && count <= cap ? { features, matched: count } : { features };
}

async function readPageRows(
  access: StoreAccess,
  store: StoreConnection,
  source: FeatureSource,
  page: FeaturePage,
  statement: (pg: string | null) => FeatureSql,
): Promise<unknown[][]> {
  if (page.limit > ONE_QUERY_MAX_ROWS) throw new RangeError(`A page of ${page.limit} rows is read through a cursor (openFeatures)`);
  return access.run(
    store,
    async (db, client) => {
      const pg = await db.postgis();
      if (source.table.geometry && !pg) throw noPostgis(store);
      const sql = statement(pg);
      try {
        const result = await client.query<unknown[]>({ text: sql.text, values: sql.params, rowMode: 'array' });
        return result.rows;
      } catch (err) {
        // An error PostgreSQL reported becomes the catalog's (and the connection is kept); others discard it.
        throw isServerError(err) ? featureReadError(access, store, source, err) : err;
      }
    },
    { streams: true },
  );
}

/**
 * One feature of a published table as GeoJSON text, by its id (see {@link selectFeatureSql});
 * null when there is none. An id that is no valid value of the key's type names no feature.
 */
export async function readFeature(
  access: StoreAccess,
  store: StoreConnection,
  source: FeatureSource,
  filter: Pick<FeatureFilter, 'properties'>,
  id: string,
): Promise<string | null> {
  return access.run(store, async (db) => {
    const pg = await db.postgis();
    if (source.table.geometry && !pg) throw noPostgis(store);
    const sql = selectFeatureSql(pg, source, filter, id);
    if (!sql) return null;
    try {
      const [row] = await db.query<{ f: string }>(sql.text, sql.params);
      return row?.f ?? null;
    } catch (err) {
      // Class 22, data exception: the id is no value of the key's type (text for an integer key).
      if (isServerError(err) && err.code.startsWith('22')) return null;
      throw featureReadError(access, store, source, err);
    }
  });
}

/**
 * What a failed feature read means for the client: a missing table, an untransformable box, or the
 * store. A statement that did not fit the table as described is marked so that the caller may
 * describe the table again and retry (see table-cache.ts).
 */
function featureReadError(access: StoreAccess, store: StoreConnection, source: FeatureSource, err: unknown): Error {
  const mapped = mapFeatureReadError(access, store, source, err);
  return isDescriptionMismatch(err) ? markStaleDescription(mapped) : mapped;
}

function mapFeatureReadError(access: StoreAccess, store: StoreConnection, source: FeatureSource, err: unknown): Error {
  if (err instanceof CatalogError) return err;
  if (isServerError(err)) {
    const { schema, table } = source.table;
    // 42P01 undefined_table: the table went away since it was described.
    if (err.code === '42P01') return noSuchTable(store, schema, table);
    // The filter is at fault, not the store.
    const filterError = filterEvaluationError(err, schema, table);
    if (filterError) return filterError;
    if (/srid|transform|proj|latitude|longitude|coordinate/i.test(err.message)) {
      return new CatalogError(
        'INVALID_VALUE',
        `Cannot transform between CRS84 and EPSG:${source.srid}, the CRS of '${schema}.${table}' in data store '${store.qualifiedName}': ${err.message}`,
      );
    }
  }
  if (isProgrammingError(err)) return err as Error;
  return access.failure(store, err);
}

/** The cursor with its first batch (read while opening) handed out by the first `next()`. */
function prefetched(cursor: FeatureCursor, first: string[]): FeatureCursor {
  let pending: string[] | undefined = first;
  return {
    next: () => {
      if (!pending) return cursor.next();
      const batch = pending;
      pending = undefined;
      return Promise.resolve(batch);
    },
    close: () => cursor.close(),
  };
}
