import { Inject, Injectable, Logger, OnApplicationShutdown, Optional } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { Client, ClientConfig, escapeIdentifier, Pool, PoolClient } from 'pg';
import { CatalogError, isPasswordKey, isSystemSchema, loginPasswordKey } from '@geocatalog/catalog-model';
import { APP_CONFIG, AppConfig } from '../../config/config';
import type { StoreHosts } from '../../config/store-hosts';
import { StoreSecrets } from '../store-secrets';
import { bindingOf, isSpatialType } from './column-binding';
import { epsgNumber } from './crs-code';
import { densifiedRing, lonLatBoxOfRing } from './lon-lat-box';
import type { AttributeInfo, Box, CrsInfo, GeometryInfo, StoreConnection, StoreTarget, TableInfo } from './postgis.types';
import { layoutWkt, wktRootKeyword } from './wkt-layout';
import { FeatureCursor, PooledFeatureCursor } from './feature-cursor';
import { countFeaturesSql, FeatureFilter, FeaturePage, FeatureSource, selectFeatureSql, selectFeaturesSql } from './feature-sql';

/**
 * How long a data store has to answer: to connect, to run one statement (server-side
 * `statement_timeout`), and to complete one connector call as a whole (contract §5: 502 in 10 s).
 */
export const STORE_TIMEOUT_MS = 10_000;

/** Connections per store: enough for concurrent publishing, small enough not to flood a shared server. */
const POOL_MAX = 4;
/**
 * Connections per store for feature streams, a pool apart from {@link POOL_MAX}: however many
 * clients read features (or stall reading them), introspection and publishing never wait on them.
 */
export const STREAM_POOL_MAX = 4;
/** How long a feature read waits for a stream connection before it is answered 503. */
export const STREAM_WAIT_MS = 2_000;
/** Idle connections are closed after this, so a store nobody uses holds no connection. */
const POOL_IDLE_MS = 30_000;
/**
 * Tables up to this many rows (pg_class.reltuples) get an exact extent even when they have
 * statistics: ST_Extent over 100,000 rows takes some 15 ms, and PostGIS's estimate from statistics
 * is lossy (it drops outliers and pads the box by ~1 %). Above it the estimate is used (O(1)).
 */
const EXACT_EXTENT_MAX_ROWS = 100_000;
/** Segments per edge when a native box is densified before being transformed to lat/lon. */
const EDGE_SEGMENTS = 16;
/** PostGIS's own tables, which GeoTools never offers as feature types (`PostGISDialect.includeTable`). */
const METADATA_TABLES = new Set(['geometry_columns', 'geography_columns', 'raster_columns', 'raster_overviews']);
/** Relation kinds published as feature types: tables, views, materialized views, partitioned and foreign tables. */
const RELATION_KINDS = `('r', 'v', 'm', 'p', 'f')`;

/** One store's pool, keyed by a hash of the parameters it was made from. */
interface StorePool {
  key: string;
  pool: Pool;
  /** Quoted schema of the PostGIS extension (null when it is not installed), looked up once per pool. */
  postgis?: Promise<string | null>;
}

type Row = Record<string, unknown>;

/** What a connector call sees of its connection. */
interface Session {
  query<R extends Row = Row>(sql: string, params?: unknown[]): Promise<R[]>;
  /** The quoted schema holding PostGIS (`"public"`), or null when the database has no PostGIS. */
  postgis(): Promise<string | null>;
}

/** The connector's own deadline for a whole call. */
/** No stream connection freed within STREAM_WAIT_MS. */
class StoreBusy extends Error {}

class StoreDeadline extends Error {
  constructor() {
    super(`no answer within ${STORE_TIMEOUT_MS / 1000} s`);
  }
}

interface ColumnRow extends Row {
  attname: string | null;
  typname: string;
  typtype: string;
  elemname: string | null;
  typmod: number;
  pk: boolean;
}

/**
 * The only code that talks to a PostGIS data store's database: pooled connections per store,
 * table introspection, extents, and CRS definitions from the store's `spatial_ref_sys`.
 *
 * - One bounded pool per store, created on first use, keyed by a hash of the connection parameters:
 *   when the parameters change (here or in another api process sharing the catalog) the next call
 *   gets a new pool and the old one is closed; {@link release} closes it when the store goes away.
 * - Every call is bounded by {@link STORE_TIMEOUT_MS}: connect timeout, server-side statement
 *   timeout, and a deadline over the whole call. A store that cannot be reached, refuses the login,
 *   lacks the database or does not answer in time gives `STORE_UNAVAILABLE` naming the store and the
 *   driver's reason; the password is never part of a message.
 * - The stored password (`crypt2:…`) is opened here only, when a connection is opened, through the
 *   injected {@link StoreSecrets} (the catalog holds the key).
 * - SQL takes client input as parameters only; identifiers read from the catalog are quoted by the
 *   driver (`escapeIdentifier`). A table name such as `states; DROP TABLE states;--` is a name
 *   that does not exist.
 */
@Injectable()
export class PostgisConnector implements OnApplicationShutdown {
  private readonly logger = new Logger(PostgisConnector.name);
  private readonly pools = new Map<number, StorePool>();
  /** Pools for feature streams, apart from {@link pools}. */
  private readonly streamPools = new Map<number, StorePool>();
  private readonly hosts?: StoreHosts;

  constructor(
    private readonly secrets: StoreSecrets,
    @Optional() @Inject(APP_CONFIG) config?: Pick<AppConfig, 'storeHosts'>,
  ) {
    this.hosts = config?.storeHosts;
  }

  /**
   * The address to connect to for `host`, or INVALID_VALUE when `STORE_HOSTS` does not allow it
   * (see {@link StoreHosts}). A name allowed only by the addresses it resolves to is pinned to
   * the checked address, so a second lookup cannot lead elsewhere.
   */
  async reach(host: string): Promise<string> {
    const written = host.trim() || 'localhost';
    if (!this.hosts || this.hosts.allowsAsWritten(written)) return written;
    const refused = (why: string) =>
      new CatalogError('INVALID_VALUE', `Data stores may not connect to '${written}': ${why} (STORE_HOSTS is ${this.hosts!.entries.join(', ')})`);
    if (!this.hosts.checksAddresses || /^[\d.]+$|:/.test(written)) throw refused('it is not in STORE_HOSTS');
    let addresses: string[];
    try {
      addresses = (await lookup(written, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw refused('it does not resolve, and no name in STORE_HOSTS allows it');
    }
    if (!this.hosts.allowsAddresses(addresses)) throw refused(`it resolves to ${addresses.join(', ')}, not all of them in STORE_HOSTS`);
    return addresses[0];
  }

  /**
   * Columns, bindings and geometry of a table or view in the store's schema (`schema` parameter,
   * default `public`). NOT_FOUND naming `schema.table` when there is no such relation.
   */
  async describeTable(store: StoreConnection, table: string): Promise<TableInfo> {
    const schema = schemaOf(store);
    return this.run(store, async (db) => {
      const rows = await db.query<ColumnRow>(
        `SELECT a.attname, t.typname, t.typtype, et.typname AS elemname,
                CASE WHEN a.atttypmod >= 0 THEN a.atttypmod ELSE t.typtypmod END AS typmod,
                EXISTS (SELECT 1 FROM pg_catalog.pg_index i
                         WHERE i.indrelid = c.oid AND i.indisprimary AND a.attnum = ANY (i.indkey)) AS pk
           FROM pg_catalog.pg_class c
           JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
           LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
           LEFT JOIN pg_catalog.pg_type dt ON dt.oid = a.atttypid
           LEFT JOIN pg_catalog.pg_type t ON t.oid = CASE WHEN dt.typtype = 'd' THEN dt.typbasetype ELSE dt.oid END
           LEFT JOIN pg_catalog.pg_type et ON et.oid = t.typelem AND t.typcategory = 'A'
          WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ${RELATION_KINDS}
          ORDER BY a.attnum`,
        [schema, table],
      );
      if (!rows.length) throw noSuchTable(store, schema, table);
      const columns = rows.filter((r): r is ColumnRow & { attname: string } => r.attname !== null);

      const spatial = new Map<string, { type: string; srid: number; geography: boolean }>();
      const pg = columns.some((c) => isSpatialType(c.typname)) ? await db.postgis() : null;
      if (pg) {
        const found = await db.query<{ col: string; type: string | null; srid: number | null; geography: boolean }>(
          `SELECT f_geometry_column::text AS col, upper(type) AS type, srid, false AS geography
             FROM ${pg}.geometry_columns WHERE f_table_schema = $1 AND f_table_name = $2
           UNION ALL
           SELECT f_geography_column::text, upper(type), srid, true
             FROM ${pg}.geography_columns WHERE f_table_schema = $1 AND f_table_name = $2`,
          [schema, table],
        );
        for (const g of found) spatial.set(g.col, { type: g.type || 'GEOMETRY', srid: g.srid ?? 0, geography: g.geography });
      }

      const attributes: AttributeInfo[] = [];
      const unmapped: string[] = [];
      let geometry: GeometryInfo | null = null;
      for (const c of columns) {
        const isSpatial = isSpatialType(c.typname);
        const meta = spatial.get(c.attname);
        const binding = bindingOf({ typname: c.typname, typtype: c.typtype, elementTypname: c.elemname, geometryType: meta?.type });
        if (!binding) {
          unmapped.push(c.attname);
          continue;
        }
        const attribute: AttributeInfo = {
          name: c.attname,
          binding,
          // The contract fixes minOccurs 0 and nillable true for every column, as the seed shows
          // them (GeoTools itself would say 1/false for NOT NULL columns).
          minOccurs: 0,
          maxOccurs: 1,
          nillable: true,
        };
        const length = declaredLength(c.typname, c.elemname, c.typmod);
        if (length !== undefined) attribute.length = length;
        if (c.pk) attribute.primaryKey = true;
        attributes.push(attribute);
        if (isSpatial && !geometry) {
          const geography = meta?.geography ?? c.typname === 'geography';
          geometry = { column: c.attname, type: meta?.type ?? 'GEOMETRY', srid: meta?.srid ?? 0, geography };
        }
      }

      if (geometry && geometry.srid === 0 && pg) {
        // An unconstrained column: take the SRID of the first geometry, as GeoTools does.
        const col = escapeIdentifier(geometry.column);
        const [first] = await db.query<{ srid: number }>(
          `SELECT ${pg}.ST_SRID(${col}::${pg}.geometry) AS srid FROM ${qualified(schema, table)} WHERE ${col} IS NOT NULL LIMIT 1`,
        );
        geometry.srid = first?.srid ?? 0;
      }
      if (geometry?.geography && geometry.srid === 0) geometry.srid = 4326;

      const info: TableInfo = { schema, table, attributes, geometry };
      if (unmapped.length) info.unmappedColumns = unmapped;
      return info;
    });
  }

  /**
   * Names of the tables and views of the store's schema, sorted; with `withGeometry`, only those
   * with a geometry or geography column. PostGIS's metadata tables are left out.
   */
  async listTables(store: StoreConnection, opts: { withGeometry?: boolean } = {}): Promise<string[]> {
    const schema = schemaOf(store);
    if (schema === 'topology') return [];
    return this.run(store, async (db) => {
      const rows = await db.query<{ relname: string; spatial: boolean }>(
        `SELECT c.relname,
                EXISTS (SELECT 1 FROM pg_catalog.pg_attribute a
                          JOIN pg_catalog.pg_type dt ON dt.oid = a.atttypid
                          JOIN pg_catalog.pg_type t ON t.oid = CASE WHEN dt.typtype = 'd' THEN dt.typbasetype ELSE dt.oid END
                         WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                           AND t.typname IN ('geometry', 'geography')) AS spatial
           FROM pg_catalog.pg_class c
           JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = $1 AND c.relkind IN ${RELATION_KINDS}`,
        [schema],
      );
      return rows
        .filter((r) => !METADATA_TABLES.has(r.relname) && !r.relname.startsWith('spatial_ref_sys'))
        .filter((r) => !opts.withGeometry || r.spatial)
        .map((r) => r.relname)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    });
  }

  /**
   * The extent of the table's geometry in its native CRS; null for a table without geometry or
   * without any non-empty geometry. Big tables (more than 100,000 rows by the planner's count) with
   * a spatial index or statistics get PostGIS's estimate (`ST_EstimatedExtent`: the index's root box,
   * else the statistics), so publishing does not scan them; others get the exact `ST_Extent`.
   * A box of zero width or height is widened as GeoServer does: by 0.0001 on every side in a
   * geographic CRS, by 1 in others. `srid` names the CRS that decides this when it is not the column's
   * (a declared CRS for an unconstrained column).
   */
  async nativeBounds(store: StoreConnection, info: TableInfo, opts: { srid?: number } = {}): Promise<Box | null> {
    const geometry = info.geometry;
    if (!geometry) return null;
    const srid = opts.srid ?? geometry.srid;
    return this.run(store, async (db) => {
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
  async toWgs84(store: StoreConnection, box: Box, srid: number): Promise<Box> {
    if (srid === 4326) return { ...box };
    if (!Number.isInteger(srid) || srid <= 0) {
      throw new CatalogError(
        'INVALID_VALUE',
        `Cannot compute a lat/lon bounding box in data store '${store.qualifiedName}': the native CRS is unknown (SRID ${srid})`,
      );
    }
    const ring = densifiedRing(box, EDGE_SEGMENTS);
    return this.run(store, async (db) => {
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

  /**
   * A CRS by code (`EPSG:4326`, `epsg:4326`, `urn:ogc:def:crs:EPSG::4326`,
   * `http://www.opengis.net/gml/srs/epsg.xml#4326`, …) with its WKT from the store's
   * `spatial_ref_sys`, laid out as GeoServer writes it. INVALID_VALUE for a code that is malformed
   * or unknown to the store.
   */
  async crs(store: StoreConnection, code: string): Promise<CrsInfo> {
    const number = epsgNumber(code);
    if (number === null) throw unknownCrs(code, 'it is not an EPSG code (expected e.g. EPSG:4326)');
    return this.run(store, async (db) => {
      const pg = await db.postgis();
      if (!pg) throw unknownCrs(code, `data store '${store.qualifiedName}' has no PostGIS spatial_ref_sys`);
      const [row] = await db.query<{ srid: number; srtext: string | null }>(
        `SELECT srid, srtext::text AS srtext FROM ${pg}.spatial_ref_sys
          WHERE (upper(auth_name) = 'EPSG' AND auth_srid = $1) OR srid = $1
          ORDER BY (upper(auth_name) = 'EPSG' AND auth_srid = $1) DESC, srid
          LIMIT 1`,
        [number],
      );
      if (!row || !row.srtext?.trim()) throw unknownCrs(code, `data store '${store.qualifiedName}' does not define it`);
      let wkt: string;
      try {
        wkt = layoutWkt(row.srtext);
      } catch {
        throw unknownCrs(code, `its definition in data store '${store.qualifiedName}' is not readable WKT`);
      }
      return { code: `EPSG:${number}`, srid: row.srid, wkt, projected: wktRootKeyword(row.srtext) === 'PROJCS' };
    });
  }

  /**
   * Opens a read of one page of a published table's features as GeoJSON texts (OGC API -
   * Features): a pooled connection, a read-only repeatable-read transaction, a server-side cursor
   * over {@link selectFeaturesSql}, and its first batch fetched, all within the store deadline, so
   * that an unreachable store (502), a missing table (404) or a box that cannot be transformed (400)
   * is known before the caller answers. The caller reads the rest batch by batch and must close the
   * cursor (it closes itself after CURSOR_IDLE_MS without a read, see feature-cursor.ts); each FETCH is bounded by
   * the server-side statement timeout.
   */
  async openFeatures(store: StoreConnection, source: FeatureSource, filter: FeatureFilter, page: FeaturePage): Promise<FeatureCursor> {
    let abandoned = false;
    const mapError = (err: unknown) => this.featureReadError(store, source, err);
    const opening = (async () => {
      const entry = await this.poolFor(store, this.streamPools, STREAM_POOL_MAX);
      const client = await this.streamConnection(store, entry);
      let pg: string | null;
      try {
        pg = await this.session(entry, client).postgis();
      } catch (err) {
        client.release(err as Error);
        throw err;
      }
      const cursor = new PooledFeatureCursor(client, countFeaturesSql(pg, source, filter), mapError, STORE_TIMEOUT_MS);
      if (abandoned) {
        await cursor.close();
        throw new StoreDeadline();
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
    const { cursor, first } = await this.withDeadline(opening, store, () => {
      abandoned = true;
    });
    return prefetched(cursor, first);
  }

  /**
   * One feature of a published table as GeoJSON text, by its id (see {@link selectFeatureSql});
   * null when there is none. An id that is no valid value of the key's type names no feature.
   */
  async readFeature(store: StoreConnection, source: FeatureSource, filter: Pick<FeatureFilter, 'properties'>, id: string): Promise<string | null> {
    return this.run(store, async (db) => {
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
        throw this.featureReadError(store, source, err);
      }
    });
  }

  /** What a failed feature read means for the client: a missing table, an untransformable box, or the store. */
  private featureReadError(store: StoreConnection, source: FeatureSource, err: unknown): Error {
    if (err instanceof CatalogError) return err;
    if (isServerError(err)) {
      const { schema, table } = source.table;
      // 42P01 undefined_table: the table went away since it was described.
      if (err.code === '42P01') return noSuchTable(store, schema, table);
      if (/srid|transform|proj|latitude|longitude|coordinate/i.test(err.message)) {
        return new CatalogError(
          'INVALID_VALUE',
          `Cannot transform between CRS84 and EPSG:${source.srid}, the CRS of '${schema}.${table}' in data store '${store.qualifiedName}': ${err.message}`,
        );
      }
    }
    if (isProgrammingError(err)) return err as Error;
    return new CatalogError(
      'STORE_UNAVAILABLE',
      `Data store '${store.qualifiedName}' failed to read '${source.table.schema}.${source.table.table}': ${this.redact(reasonOf(err), store)}`,
    );
  }

  /**
   * Connects to a store's server and runs one query, without touching the pools: the console's
   * "Test connection". `target.names` is set when the parameters are those of a saved store (its
   * stored password is then opened for it); without them, a password must be plain text.
   * Returns the server's version (`PostgreSQL 15.8 …`); STORE_UNAVAILABLE on failure.
   */
  async testConnection(target: StoreTarget): Promise<string> {
    const client = new Client(this.clientConfig(target, await this.reach(target.params.host ?? '')));
    client.on('error', () => undefined);
    const attempt = (async () => {
      try {
        await client.connect();
        const { rows } = await client.query<{ version: string }>(`SELECT current_setting('server_version') AS version`);
        return `PostgreSQL ${rows[0].version}`;
      } finally {
        await client.end().catch(() => undefined);
      }
    })();
    return this.withDeadline(attempt, target);
  }

  /** Closes the pool of a store (deleted, or its parameters changed). */
  async release(storeId: number): Promise<void> {
    for (const pools of [this.pools, this.streamPools]) {
      const entry = pools.get(storeId);
      if (!entry) continue;
      pools.delete(storeId);
      await this.closePool(entry);
    }
  }

  /** Closes the pools of several stores (a workspace deleted with everything in it). */
  async releaseAll(storeIds: number[]): Promise<void> {
    await Promise.all(storeIds.map((id) => this.release(id)));
  }

  /** Pool sizes per store id, for diagnostics and tests. */
  poolStats(): Array<{ storeId: number; kind: 'calls' | 'streams'; total: number; idle: number; waiting: number }> {
    const stats = (kind: 'calls' | 'streams', pools: Map<number, StorePool>) =>
      [...pools].map(([storeId, { pool }]) => ({ storeId, kind, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
    return [...stats('calls', this.pools), ...stats('streams', this.streamPools)];
  }

  async onApplicationShutdown(): Promise<void> {
    const entries = [...this.pools.values(), ...this.streamPools.values()];
    this.pools.clear();
    this.streamPools.clear();
    await Promise.all(entries.map((e) => this.closePool(e)));
  }

  // ---------------------------------------------------------------------------------------------

  /** Runs one call on one pooled connection, within the store deadline, mapping driver failures. */
  private async run<T>(store: StoreConnection, work: (db: Session) => Promise<T>): Promise<T> {
    let abandoned = false;
    const task = (async () => {
      const entry = await this.poolFor(store, this.pools, POOL_MAX);
      const client = await entry.pool.connect();
      if (abandoned) {
        // The caller has had its answer (the deadline): hand the connection back unused.
        client.release();
        throw new StoreDeadline();
      }
      let broken: Error | undefined;
      // A connection lost while checked out emits 'error' on the client: never let it reach Node.
      const onError = (err: Error) => {
        broken = err;
      };
      client.on('error', onError);
      try {
        return await work(this.session(entry, client));
      } catch (err) {
        if (!(err instanceof CatalogError)) broken ??= err as Error;
        throw err;
      } finally {
        client.off('error', onError);
        // Releasing with an error discards the connection instead of returning it to the pool.
        client.release(broken);
      }
    })();
    return this.withDeadline(task, store, () => {
      abandoned = true;
    });
  }

  /** Awaits `work` for at most STORE_TIMEOUT_MS; anything but a CatalogError becomes STORE_UNAVAILABLE. */
  private async withDeadline<T>(work: Promise<T>, target: StoreTarget, onExpire?: () => void): Promise<T> {
    const name = target.qualifiedName;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        onExpire?.();
        reject(new StoreDeadline());
      }, STORE_TIMEOUT_MS);
    });
    try {
      return await Promise.race([work, deadline]);
    } catch (err) {
      // Domain refusals pass; so do bugs of this code, which are no fault of the store.
      if (err instanceof CatalogError || isProgrammingError(err)) throw err;
      throw new CatalogError('STORE_UNAVAILABLE', `Data store '${name}' is unreachable: ${this.redact(reasonOf(err), target)}`);
    } finally {
      clearTimeout(timer);
      // The work goes on after the deadline until its own timeouts end it: its outcome is nobody's.
      work.catch(() => undefined);
    }
  }

  private session(entry: StorePool, client: PoolClient): Session {
    return {
      query: async <R extends Row>(sql: string, params?: unknown[]) => (await client.query<R>(sql, params)).rows,
      postgis: () => {
        entry.postgis ??= client
          .query<{ nspname: string }>(
            `SELECT n.nspname FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace
              WHERE e.extname = 'postgis'`,
          )
          .then((r) => {
            // Only a found extension is remembered: one created later is seen on the next call.
            if (!r.rows.length) entry.postgis = undefined;
            return r.rows.length ? escapeIdentifier(r.rows[0].nspname) : null;
          })
          .catch((err: unknown) => {
            entry.postgis = undefined;
            throw err;
          });
        return entry.postgis;
      },
    };
  }

  /**
   * The store's pool in `pools`, made on first use and remade when its connection parameters
   * changed. A host `STORE_HOSTS` does not allow (any more) is refused here, before any connection.
   */
  private async poolFor(store: StoreConnection, pools: Map<number, StorePool>, max: number): Promise<StorePool> {
    const key = connectionKey(store.params);
    const current = pools.get(store.storeId);
    if (current?.key === key) return current;
    let host: string;
    try {
      host = await this.reach(store.params.host ?? '');
    } catch (err) {
      // Not the reader's mistake: the store was saved before the allow-list said otherwise.
      if (err instanceof CatalogError) throw new CatalogError('STORE_UNAVAILABLE', `Data store '${store.qualifiedName}' is not reachable: ${err.message}`);
      throw err;
    }
    const again = pools.get(store.storeId);
    if (again?.key === key) return again;
    if (again) {
      pools.delete(store.storeId);
      void this.closePool(again);
    }
    const name = store.qualifiedName;
    const pool = new Pool({ ...this.clientConfig(store, host), max, idleTimeoutMillis: POOL_IDLE_MS, allowExitOnIdle: true });
    // An idle connection that dies (server restart, network) must not crash the api.
    pool.on('error', (err) => this.logger.warn(`Data store '${name}': a pooled connection failed: ${this.redact(reasonOf(err), store)}`));
    const entry: StorePool = { key, pool };
    pools.set(store.storeId, entry);
    return entry;
  }

  /**
   * A connection for a feature stream: waits at most {@link STREAM_WAIT_MS} while all
   * {@link STREAM_POOL_MAX} are reading, then refuses with 503 and Retry-After (a connection that
   * frees later goes back to the pool unused).
   */
  private async streamConnection(store: StoreConnection, entry: StorePool): Promise<PoolClient> {
    const pending = entry.pool.connect();
    let timer: NodeJS.Timeout | undefined;
    const busy = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new StoreBusy()), STREAM_WAIT_MS);
    });
    try {
      return await Promise.race([pending, busy]);
    } catch (err) {
      if (!(err instanceof StoreBusy)) throw err;
      pending.then(
        (client) => client.release(),
        () => undefined,
      );
      throw new CatalogError(
        'STORE_BUSY',
        `Data store '${store.qualifiedName}' is serving ${STREAM_POOL_MAX} feature reads already: try again shortly`,
        [],
        Math.ceil(STREAM_WAIT_MS / 1000),
      );
    } finally {
      clearTimeout(timer);
    }
  }

  private async closePool(entry: StorePool): Promise<void> {
    try {
      await entry.pool.end();
    } catch (err) {
      this.logger.warn(`Closing a data store pool failed: ${reasonOf(err)}`);
    }
  }

  /**
   * Driver configuration for a store. Every field is set explicitly so that nothing falls back to
   * the api's own PG* environment variables or ~/.pgpass (the password is a function for that).
   */
  private clientConfig(target: StoreTarget, connectTo: string): ClientConfig {
    const { params, qualifiedName: name } = target;
    const host = (params.host ?? '').trim() || 'localhost';
    const portText = (params.port ?? '').trim() || '5432';
    const port = Number(portText);
    if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
      throw new CatalogError('STORE_UNAVAILABLE', `Data store '${name}' is unreachable: port '${portText}' is not a port number`);
    }
    const database = (params.database ?? '').trim();
    const user = (params.user ?? '').trim();
    if (!database || !user) {
      throw new CatalogError('STORE_UNAVAILABLE', `Data store '${name}' is unreachable: its ${database ? 'user' : 'database'} is not set`);
    }
    const ssl = sslOption(params['SSL mode'] ?? params.sslmode);
    return {
      // The checked address (see reach); TLS still verifies the name the store was saved with.
      host: connectTo,
      port,
      database,
      user,
      password: async () => this.password(target),
      ssl: ssl && typeof ssl === 'object' && connectTo !== host ? { ...ssl, servername: host } : ssl,
      application_name: 'geocatalog',
      options: `-c statement_timeout=${STORE_TIMEOUT_MS}`,
      connectionTimeoutMillis: STORE_TIMEOUT_MS,
      // Client-side backstop for a connection that goes silent mid-query.
      query_timeout: STORE_TIMEOUT_MS + 1_000,
      keepAlive: true,
    };
  }

  /** The clear password a store logs in with (see `loginPasswordKey`); '' when it has none. */
  private password(target: StoreTarget): string {
    const key = loginPasswordKey(target.params);
    const value = key ? target.params[key] : '';
    return value ? this.secrets.clearPassword(value, target.names && { ...target.names, params: target.params }) : '';
  }

  /** A message with the store's passwords (stored or clear) masked, should a driver ever echo one. */
  private redact(message: string, target: StoreTarget): string {
    const secrets: string[] = [];
    for (const key of Object.keys(target.params).filter(isPasswordKey)) {
      const stored = target.params[key];
      secrets.push(stored);
      try {
        secrets.push(this.secrets.clearPassword(stored, target.names && { ...target.names, params: target.params }));
      } catch {
        // undecryptable: only the stored form can appear
      }
    }
    let out = message;
    for (const secret of secrets) {
      if (secret.length >= 3) out = out.split(secret).join('***');
    }
    return out;
  }
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

/** Declared length of `varchar(n)` / `char(n)` columns (typmod is n + 4). */
function declaredLength(typname: string, elemname: string | null, typmod: number): number | undefined {
  if (elemname) return undefined;
  if ((typname === 'varchar' || typname === 'bpchar') && typmod > 4) return typmod - 4;
  return undefined;
}

/** The store's schema; never one of PostgreSQL's own (`pg_catalog.pg_authid` holds password hashes). */
function schemaOf(store: StoreConnection): string {
  const schema = (store.params.schema ?? '').trim() || 'public';
  if (isSystemSchema(schema)) {
    throw new CatalogError(
      'INVALID_VALUE',
      `Data store '${store.qualifiedName}' names the system schema '${schema}': PostgreSQL's own schemas are never published or read`,
    );
  }
  return schema;
}

function qualified(schema: string, table: string): string {
  return `${escapeIdentifier(schema)}.${escapeIdentifier(table)}`;
}

function noSuchTable(store: StoreConnection, schema: string, table: string): CatalogError {
  return new CatalogError('NOT_FOUND', `No such table: '${schema}.${table}' in data store '${store.qualifiedName}'`);
}

function noPostgis(store: StoreConnection): CatalogError {
  return new CatalogError('INVALID_VALUE', `Data store '${store.qualifiedName}' has no PostGIS: its CRS definitions are unknown`);
}

function unknownCrs(code: string, why: string): CatalogError {
  const shown = code.length > 80 ? code.slice(0, 77) + '...' : code;
  return new CatalogError('INVALID_VALUE', `Unknown CRS code '${shown}': ${why}`);
}

/** What identifies a connection: a change to any of these gives the store a new pool. */
function connectionKey(params: Record<string, string>): string {
  const passwords = Object.keys(params)
    .filter(isPasswordKey)
    .map((k) => params[k]);
  const parts = [params.host, params.port, params.database, params.user, ...passwords, params['SSL mode'] ?? params.sslmode];
  return createHash('sha256')
    .update(JSON.stringify(parts.map((p) => (p ?? '').trim())))
    .digest('hex');
}

function sslOption(mode: string | undefined): ClientConfig['ssl'] {
  switch ((mode ?? '').trim().toUpperCase().replace('-', '_')) {
    case 'REQUIRE':
      return { rejectUnauthorized: false };
    case 'VERIFY_CA':
      return { rejectUnauthorized: true, checkServerIdentity: () => undefined };
    case 'VERIFY_FULL':
      return { rejectUnauthorized: true };
    default:
      // DISABLE, ALLOW, PREFER (the driver cannot fall back between plain and TLS), or unset.
      return false;
  }
}

/** pg's messages when `connectionTimeoutMillis` runs out (client and pool). */
const PG_CONNECT_TIMEOUTS = new Set(['Connection terminated due to connection timeout', 'timeout exceeded when trying to connect']);

/**
 * The driver's reason for a failure, in one line. Duck-typed: errors made by Node's core (sockets,
 * DNS) are not `instanceof Error` of every realm (Jest's sandbox).
 */
function reasonOf(err: unknown): string {
  const e = err as { message?: unknown; code?: unknown; name?: unknown; errors?: unknown } | null;
  // pg's connect timeout and the call deadline are the same 10 s bound and race each other;
  // either way the store did not answer in time, so both say so in the same words.
  if (e && typeof e.message === 'string' && PG_CONNECT_TIMEOUTS.has(e.message)) return new StoreDeadline().message;
  if (e && Array.isArray(e.errors) && e.errors.length) {
    // Node's connection to every address of a host failed (AggregateError, empty message).
    return [...new Set(e.errors.map(reasonOf))].join('; ');
  }
  if (e && typeof e === 'object') {
    const text = typeof e.message === 'string' ? e.message.trim() : '';
    return (text || (typeof e.code === 'string' && e.code) || (typeof e.name === 'string' && e.name) || 'unknown error').replace(/\s+/g, ' ');
  }
  return String(err);
}

function isProgrammingError(err: unknown): boolean {
  const name = (err as { name?: unknown } | null)?.name;
  return name === 'TypeError' || name === 'ReferenceError' || name === 'RangeError' || name === 'SyntaxError';
}

/** An error PostgreSQL reported (it has a SQLSTATE), as opposed to a connection failure. */
function isServerError(err: unknown): err is { code: string; message: string } {
  const e = err as { code?: unknown; severity?: unknown; message?: unknown } | null;
  return !!e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string' && typeof e.message === 'string';
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
    count: () => cursor.count(),
    close: () => cursor.close(),
  };
}
