/**
 * PostGIS databases holding the tables that spatial specs publish, and the facts the specs compute
 * from them through `pg` (extents, transformed boxes), never through the api.
 *
 * - With `TEST_DATABASE_URL`: a fresh database `gc_e2e_gis_<hex>` on that server with the PostGIS
 *   extension; tables live in `public`; dropped when the file ends.
 * - Without it: the api is started with its embedded sample database (`SAMPLE_DB=on` on a free
 *   port) and the tables live in a fresh schema `gc_e2e_<hex>` of that database (the store gets a
 *   `schema` parameter); the schema is dropped when the file ends. If the sample database does not
 *   answer, the file fails with one line saying what to do, instead of skipping silently.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { ApiServer, freePort, startApi, StartApiOptions } from './api-server';
import { dataStoreBodyXml } from './catalog';
import { parseJsonList } from './geoserver';
import { restClient, RestClient, show } from './http';

export interface Box {
  minx: number;
  maxx: number;
  miny: number;
  maxy: number;
}

export interface SpatialDb {
  /** `external` = own database on TEST_DATABASE_URL's server; `sample` = own schema in the api's sample database. */
  readonly kind: 'external' | 'sample';
  /** Schema holding the test tables (`public` for an external database). */
  readonly schema: string;
  /** Connection parameters of a PostGIS data store that sees exactly the test tables. */
  storeParams(overrides?: Record<string, string>): Record<string, string>;
  /** `schema.table`, as the api names a table in messages. */
  qualified(table: string): string;
  /** Runs SQL (search_path = the test schema, then public) and returns the rows. */
  query<T = Record<string, any>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** True when `schema.table` exists. */
  tableExists(table: string): Promise<boolean>;
  /** ST_Extent of a geometry column, in the column's CRS (null for an empty table). */
  extent(table: string, column?: string): Promise<Box | null>;
  /**
   * A box in `srid` transformed to EPSG:4326 as GeoTools does (`ReferencedEnvelope.transform`
   * with densified edges): the extent of the transformed, segmentized envelope.
   */
  toLatLon(box: Box, srid: number): Promise<Box>;
  /**
   * Connections to the test database other than this helper's own (the api's store pools);
   * null for the sample database, which has no pg_stat_activity of its clients.
   */
  otherConnections(): Promise<number | null>;
  /** Drops the database or schema. */
  drop(): Promise<void>;
}

export interface SpatialContext {
  readonly server: ApiServer;
  readonly api: RestClient;
  readonly db: SpatialDb;
}

/** Loud, one line, and the reason: a spatial spec never passes by skipping. */
function noSpatialDatabase(reason: string): Error {
  const line =
    `*** spatial e2e specs need a PostGIS server: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) ` +
    `or make the api's embedded sample database (SAMPLE_DB=on) answer: ${reason} ***`;
  process.stderr.write(`\n${line}\n\n`);
  return new Error(line);
}

/**
 * Starts the api for the enclosing file plus a spatial database (beforeAll), stops and drops both
 * (afterAll). `opts` are passed to `startApi` (the sample-database variables are added when needed).
 */
export function useSpatialApi(opts: StartApiOptions = {}): SpatialContext {
  let server: ApiServer | undefined;
  let api: RestClient | undefined;
  let db: SpatialDb | undefined;
  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) {
      db = await externalSpatialDb(process.env.TEST_DATABASE_URL);
      server = await startApi(opts);
    } else {
      const port = await freePort();
      server = await startApi({ ...opts, embedded: true, env: { ...opts.env, SAMPLE_DB: 'on', SAMPLE_DB_PORT: String(port) } });
      db = await sampleSpatialDb(port);
    }
    api = restClient(server);
  }, 120_000);
  // Each test's workspaces go when it ends: deleting a store closes its connection pool, and the
  // embedded sample database accepts only a few clients (every store has its own pool).
  // A workspace whose deletion failed is reported once, not retried.
  const undeletable = new Set<string>();
  afterEach(async () => {
    if (!api) return;
    const res = await api.get('/workspaces.json');
    const names = res.status === 200 ? parseJsonList(res.text, 'workspaces', 'workspace').map((w) => w.name) : [];
    const failures: string[] = [];
    for (const ws of names.filter((n) => !undeletable.has(n))) {
      // Stores first: a store DELETE closes its pool at once (a workspace DELETE may leave it to idle out).
      const stores = await api.get(`/workspaces/${encodeURIComponent(ws)}/datastores.json`);
      const storeNames = stores.status === 200 ? parseJsonList(stores.text, 'dataStores', 'dataStore').map((d) => d.name) : [];
      for (const ds of storeNames) await api.delete(`/workspaces/${encodeURIComponent(ws)}/datastores/${encodeURIComponent(ds)}?recurse=true`);
      const del = await api.delete(`/workspaces/${encodeURIComponent(ws)}?recurse=true`);
      if (del.status !== 200) {
        undeletable.add(ws);
        failures.push(`DELETE /workspaces/${ws}?recurse=true answered ${show(del)}`);
      }
    }
    // Housekeeping, not an assertion (the specs test recursive deletes themselves): one line, no failure.
    if (failures.length) process.stderr.write(`\n[e2e cleanup] ${failures.join('; ')}\n`);
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  }, 30_000);
  return {
    get server() {
      if (!server) throw new Error('api server not started');
      return server;
    },
    get api() {
      if (!api) throw new Error('api server not started');
      return api;
    },
    get db() {
      if (!db) throw new Error('spatial database not created');
      return db;
    },
  };
}

async function connect(config: ConstructorParameters<typeof Client>[0]): Promise<Client> {
  const client = new Client(config);
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** A fresh database with PostGIS on the server of `adminUrl`. */
export async function externalSpatialDb(adminUrl: string): Promise<SpatialDb> {
  const name = `gc_e2e_gis_${randomBytes(6).toString('hex')}`;
  let admin: Client;
  try {
    admin = await connect({ connectionString: adminUrl });
  } catch (e) {
    throw noSpatialDatabase(`cannot connect to TEST_DATABASE_URL: ${(e as Error).message}`);
  }
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = await connect({ connectionString: url.toString() });
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS postgis');
  } catch (e) {
    await client.end();
    await dropExternal(adminUrl, name);
    throw noSpatialDatabase(`CREATE EXTENSION postgis failed on TEST_DATABASE_URL's server: ${(e as Error).message}`);
  }
  const params = {
    host: url.hostname === 'localhost' ? '127.0.0.1' : url.hostname,
    port: url.port || '5432',
    database: name,
    user: decodeURIComponent(url.username) || 'postgres',
    // Trust authentication ignores it; a password in the URL is passed on.
    passwd: decodeURIComponent(url.password) || 'unused-trust-auth',
    dbtype: 'postgis',
  };
  return makeSpatialDb('external', 'public', client, params, async () => {
    await client.end().catch(() => undefined);
    await dropExternal(adminUrl, name);
  });
}

async function dropExternal(adminUrl: string, name: string): Promise<void> {
  const admin = await connect({ connectionString: adminUrl });
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

const SAMPLE_DB_WAIT_MS = 60_000;

/**
 * A connection to the api's sample database once it answers with PostGIS: the api may open it
 * after it started serving HTTP. Fails loudly (one line) after a minute.
 */
export async function waitForSampleDb(port: number): Promise<Client> {
  const config = { host: '127.0.0.1', port, database: 'postgres', user: 'postgres', password: 'postgres' };
  const deadline = Date.now() + SAMPLE_DB_WAIT_MS;
  for (;;) {
    let client: Client | undefined;
    try {
      client = await connect(config);
      await client.query('SELECT postgis_version()');
      return client;
    } catch (e) {
      await client?.end().catch(() => undefined);
      if (Date.now() > deadline) {
        throw noSpatialDatabase(
          `the embedded sample database on 127.0.0.1:${port} did not answer with PostGIS within ${SAMPLE_DB_WAIT_MS / 1000} s: ${(e as Error).message}`,
        );
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** A fresh schema in the api's embedded sample database (database, user and password `postgres`). */
export async function sampleSpatialDb(port: number): Promise<SpatialDb> {
  const client = await waitForSampleDb(port);
  const schema = `gc_e2e_${randomBytes(6).toString('hex')}`;
  await client.query(`CREATE SCHEMA "${schema}"`);
  const params = {
    host: '127.0.0.1',
    port: String(port),
    database: 'postgres',
    schema,
    user: 'postgres',
    passwd: 'postgres',
    dbtype: 'postgis',
  };
  // The api is stopped before drop() runs: the schema goes with the sample database's data dir,
  // so a failure to drop it here is harmless.
  return makeSpatialDb('sample', schema, client, params, async () => {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await client.end().catch(() => undefined);
  });
}

function makeSpatialDb(kind: SpatialDb['kind'], schema: string, client: Client, params: Record<string, string>, drop: () => Promise<void>): SpatialDb {
  let searchPathSet: Promise<unknown> | undefined;
  const query = async <T>(sql: string, values?: unknown[]): Promise<T[]> => {
    searchPathSet ??= client.query(`SET search_path TO "${schema}", public`);
    await searchPathSet;
    return (await client.query(sql, values as any[])).rows as T[];
  };
  const db: SpatialDb = {
    kind,
    schema,
    storeParams: (overrides = {}) => ({ ...params, ...overrides }),
    qualified: (table) => `${schema}.${table}`,
    query,
    async tableExists(table) {
      const rows = await query<{ t: string | null }>('SELECT to_regclass(format($1::text, $2::text, $3::text))::text AS t', ['%I.%I', schema, table]);
      return rows[0].t !== null;
    },
    async extent(table, column = 'geom') {
      const rows = await query<{ minx: number | null; maxx: number; miny: number; maxy: number }>(
        `SELECT ST_XMin(e) AS minx, ST_XMax(e) AS maxx, ST_YMin(e) AS miny, ST_YMax(e) AS maxy
           FROM (SELECT ST_Extent("${column}") AS e FROM "${schema}"."${table}") s`,
      );
      const r = rows[0];
      return r.minx === null ? null : { minx: r.minx, maxx: r.maxx, miny: r.miny, maxy: r.maxy };
    },
    async toLatLon(box, srid) {
      const rows = await query<Box>(
        `SELECT ST_XMin(e) AS minx, ST_XMax(e) AS maxx, ST_YMin(e) AS miny, ST_YMax(e) AS maxy
           FROM (SELECT ST_Extent(ST_Transform(ST_Segmentize(ST_MakeEnvelope($1, $2, $3, $4, $5), $6), 4326)) AS e) s`,
        [box.minx, box.miny, box.maxx, box.maxy, srid, Math.max(box.maxx - box.minx, box.maxy - box.miny) / 50 || 1],
      );
      return rows[0];
    },
    async otherConnections() {
      if (kind !== 'external') return null;
      const rows = await query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
      return rows[0].n;
    },
    drop,
  };
  return db;
}

// ---------------------------------------------------------------------------------------------
// Test tables. Every table is created without a primary key, so "one attribute per column" is
// exactly the column list; all columns are nullable (`nillable` true).

export interface ColumnSpec {
  name: string;
  /** SQL type, e.g. `varchar(80)`, `geometry(MultiPolygon,4326)`. */
  type: string;
}

/** Creates `table` with `columns` and inserts `rows` (values as SQL expressions, e.g. `ST_GeomFromText('…', 4326)`). */
export async function createTable(db: SpatialDb, table: string, columns: ColumnSpec[], rows: string[][] = []): Promise<void> {
  const t = `"${db.schema}"."${table}"`;
  await db.query(`CREATE TABLE ${t} (${columns.map((c) => `"${c.name}" ${c.type}`).join(', ')})`);
  for (const row of rows) {
    await db.query(`INSERT INTO ${t} (${columns.map((c) => `"${c.name}"`).join(', ')}) VALUES (${row.join(', ')})`);
  }
}

const sqlString = (s: string) => `'${s.replace(/'/g, "''")}'`;
const geom = (wkt: string, srid: number) => `ST_GeomFromText(${sqlString(wkt)}, ${srid})`;

/** The seed's `states` columns: MultiPolygon geometry first, then text and numbers. */
export const STATES_COLUMNS: ColumnSpec[] = [
  { name: 'the_geom', type: 'geometry(MultiPolygon,4326)' },
  { name: 'state_name', type: 'varchar(80)' },
  { name: 'state_abbr', type: 'varchar(2)' },
  { name: 'persons', type: 'float8' },
];

/**
 * A `states`-like MultiPolygon table in EPSG:4326: Lower Manhattan (the reference's box, so the
 * numbers need all their digits), Colorado, and a two-part Wyoming-ish shape.
 */
export async function createStatesTable(db: SpatialDb, table = 'states'): Promise<void> {
  await createTable(db, table, STATES_COLUMNS, [
    [
      geom(
        'MULTIPOLYGON(((-74.0118315772888 40.70754683896324,-74.00153046439813 40.70754683896324,' +
          '-74.00153046439813 40.719885123828675,-74.0118315772888 40.719885123828675,-74.0118315772888 40.70754683896324)))',
        4326,
      ),
      sqlString('New York'),
      sqlString('NY'),
      '19453561',
    ],
    [geom('MULTIPOLYGON(((-109.05 37,-102.04 37,-102.04 41,-109.05 41,-109.05 37)))', 4326), sqlString('Colorado'), sqlString('CO'), '5758736'],
    [
      geom('MULTIPOLYGON(((-111.05 41,-104.05 41,-104.05 45,-111.05 45,-111.05 41)),((-110.5 45.25,-110 45.25,-110 45.5,-110.5 45.5,-110.5 45.25)))', 4326),
      sqlString('Wyoming'),
      sqlString('WY'),
      '578759',
    ],
  ]);
}

/**
 * LineStrings in EPSG:26913 (UTM 13N, near Denver, east of the central meridian so that every
 * extreme of the transformed box is at a corner): two diagonals and a short road.
 */
export async function createUtmLinesTable(db: SpatialDb, table: string): Promise<void> {
  await createTable(
    db,
    table,
    [
      { name: 'geom', type: 'geometry(LineString,26913)' },
      { name: 'name', type: 'varchar(40)' },
      { name: 'lanes', type: 'int4' },
    ],
    [
      [geom('LINESTRING(510000.5 4400000.25,518250.75 4408500.125)', 26913), sqlString('Diagonal A'), '2'],
      [geom('LINESTRING(510000.5 4408500.125,518250.75 4400000.25)', 26913), sqlString('Diagonal B'), '4'],
      [geom('LINESTRING(512000 4402000,513000 4403500)', 26913), sqlString('Short'), '1'],
    ],
  );
}

/** MultiPolygons around Fiji written with longitudes below -180: the data crosses the antimeridian. */
export async function createAntimeridianTable(db: SpatialDb, table: string): Promise<void> {
  await createTable(
    db,
    table,
    [
      { name: 'geom', type: 'geometry(MultiPolygon,4326)' },
      { name: 'name', type: 'text' },
    ],
    [
      [geom('MULTIPOLYGON(((-181.5 -18.5,-179.25 -18.5,-179.25 -16,-181.5 -16,-181.5 -18.5)))', 4326), sqlString('Viti Levu')],
      [geom('MULTIPOLYGON(((-180.25 -17,-178.125 -17,-178.125 -15.75,-180.25 -15.75,-180.25 -17)))', 4326), sqlString('Vanua Levu')],
    ],
  );
}

/** A MultiLineString table; `rivers` hashes to bucket 0, so its keywords are `rivers, features`. */
export async function createRiversTable(db: SpatialDb, table = 'rivers'): Promise<void> {
  await createTable(
    db,
    table,
    [
      { name: 'geom', type: 'geometry(MultiLineString,4326)' },
      { name: 'name', type: 'varchar(50)' },
    ],
    [[geom('MULTILINESTRING((-105.5 39.5,-104.25 40.125),(-104.25 40.125,-103 40.5))', 4326), sqlString('South Platte')]],
  );
}

/** A table with one column of each common type and a Point geometry last. */
export const ALL_TYPES_COLUMNS: Array<ColumnSpec & { binding: string; length?: number }> = [
  { name: 'c_text', type: 'text', binding: 'java.lang.String' },
  { name: 'c_varchar', type: 'varchar(25)', binding: 'java.lang.String', length: 25 },
  { name: 'c_int4', type: 'int4', binding: 'java.lang.Integer' },
  { name: 'c_int8', type: 'int8', binding: 'java.lang.Long' },
  { name: 'c_float8', type: 'float8', binding: 'java.lang.Double' },
  { name: 'c_numeric', type: 'numeric(12,3)', binding: 'java.math.BigDecimal' },
  { name: 'c_bool', type: 'bool', binding: 'java.lang.Boolean' },
  { name: 'c_date', type: 'date', binding: 'java.sql.Date' },
  { name: 'c_timestamp', type: 'timestamp', binding: 'java.sql.Timestamp' },
  { name: 'geom', type: 'geometry(Point,4326)', binding: 'org.locationtech.jts.geom.Point' },
];

export async function createAllTypesTable(db: SpatialDb, table: string): Promise<void> {
  await createTable(db, table, ALL_TYPES_COLUMNS, [
    ["'a'", "'b'", '1', '10000000000', '1.5', '12.345', 'true', "'2024-02-29'", "'2024-02-29 12:34:56'", geom('POINT(2.25 48.75)', 4326)],
    ['NULL', 'NULL', 'NULL', 'NULL', 'NULL', 'NULL', 'NULL', 'NULL', 'NULL', geom('POINT(2.5 48.875)', 4326)],
  ]);
}

// ---------------------------------------------------------------------------------------------
// Data stores pointing at a spatial database.

/** Creates a PostGIS store with the database's parameters (asserting 201). */
export async function createSpatialStore(api: RestClient, db: SpatialDb, ws: string, name: string, overrides: Record<string, string> = {}): Promise<void> {
  const res = await api.postXml(`/workspaces/${encodeURIComponent(ws)}/datastores`, dataStoreBodyXml(name, db.storeParams(overrides)));
  if (res.status !== 201) throw new Error(`create data store ${ws}:${name}: expected 201, got ${show(res)}`);
}

/** A random table-name suffix (lowercase, so no quoting surprises). */
export function tableSuffix(): string {
  return randomBytes(3).toString('hex');
}
