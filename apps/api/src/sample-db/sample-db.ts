/**
 * The embedded PostGIS sample database (contract §2, SAMPLE_DB): PGlite with its PostGIS extension,
 * served over the PostgreSQL wire protocol by the catalog's own embedded server
 * (libs/embedded-postgres), persisted under `${DATA_DIR}/sample-db`, holding one table:
 *
 *   public.states (fid serial PK, state_fips text, name text, area_km2 double precision,
 *                  geom geometry(MultiPolygon,4326) with a GiST index)
 *
 * with the 56 features (50 states, DC, Puerto Rico and 4 territories) of `states-10m.json` from the
 * `us-atlas` npm package (3.0.1): the US Census Bureau's cartographic state boundaries, 2017 edition
 * (https://www2.census.gov/geo/tiger/GENZ2017/shp/), a work of the US government in the public domain,
 * redistributed as TopoJSON (package licence ISC).
 *
 * Loaded once, on the first start, in ONE transaction (CREATE EXTENSION postgis, CREATE TABLE, INSERT,
 * index, ANALYZE): a start that crashed midway left nothing behind, and the next start loads again.
 * Later starts find the table and load nothing.
 *
 * Connection: database `postgres`, user `postgres`, password `postgres` (printed at start), checked
 * with SCRAM-SHA-256 by the wire server (PGlite itself has no authentication); any other user or
 * password is refused. The database name of the startup message is ignored (every session is in
 * database `postgres`). It listens on 127.0.0.1 only, by default.
 */
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { Client } from 'pg';
import { feature } from 'topojson-client';
import type { Geometry } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '@geocatalog/embedded-postgres';

export interface SampleDatabaseOptions {
  /** The api's DATA_DIR: the database lives in `${dataDir}/sample-db`. */
  dataDir: string;
  /** TCP port (5433 in the api); 0 = an ephemeral port, reported in the result. */
  port: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  log?: (m: string) => void;
}

export interface SampleDatabase {
  /** Host to connect to (127.0.0.1 when listening on every interface). */
  host: string;
  port: number;
  database: string;
  user: string;
  /** Accepted but not checked (PGlite has no authentication). */
  password: string;
  /** Stops the server and closes the database cleanly. Idempotent. */
  close(): Promise<void>;
}

/** The port is in use: the api logs a warning and runs without the sample database. */
export class SampleDatabasePortInUseError extends Error {
  constructor(
    readonly host: string,
    readonly port: number,
  ) {
    super(`port ${port} on ${host} is already in use`);
  }
}

export const SAMPLE_DB_DIRNAME = 'sample-db';
export const SAMPLE_DB_TABLE = 'states';
const DATABASE = 'postgres';
const USER = 'postgres';
const PASSWORD = 'postgres';

export async function startSampleDatabase(opts: SampleDatabaseOptions): Promise<SampleDatabase> {
  const log = opts.log ?? (() => undefined);
  const host = opts.host ?? '127.0.0.1';
  const dataDir = path.join(path.resolve(opts.dataDir), SAMPLE_DB_DIRNAME);
  // Probe first: opening PGlite with PostGIS costs seconds (and a first start creates the directory).
  if (opts.port !== 0) await assertPortFree(host, opts.port);

  const t0 = Date.now();
  let server: EmbeddedPostgres;
  try {
    server = await startEmbeddedPostgres({
      dataDir,
      host,
      port: opts.port,
      extensions: { postgis: '@electric-sql/pglite-postgis' },
      log,
      password: PASSWORD,
    });
  } catch (err) {
    if (/EADDRINUSE/.test(errorText(err))) throw new SampleDatabasePortInUseError(host, opts.port);
    throw err;
  }
  const connectHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const db: SampleDatabase = {
    host: connectHost,
    port: server.port,
    database: DATABASE,
    user: USER,
    password: PASSWORD,
    close: () => server.close(),
  };
  try {
    const client = new Client({
      host: connectHost,
      port: server.port,
      database: DATABASE,
      user: USER,
      password: PASSWORD,
    });
    client.on('error', () => undefined);
    await client.connect();
    try {
      await loadOnce(client, log, Date.now() - t0);
    } finally {
      await client.end().catch(() => undefined);
    }
  } catch (err) {
    await server.close().catch(() => undefined);
    throw new Error(`Cannot load the sample database in ${dataDir}: ${errorText(err)}`, { cause: err });
  }
  return db;
}

/** Creates and fills `public.states` unless it exists; all in one transaction. */
async function loadOnce(client: Client, log: (m: string) => void, openMs: number): Promise<void> {
  const exists = await client.query<{ t: string | null }>(`SELECT to_regclass('public.${SAMPLE_DB_TABLE}')::text AS t`);
  if (exists.rows[0].t !== null) {
    log(`sample database opened in ${openMs} ms (table ${SAMPLE_DB_TABLE} already loaded)`);
    return;
  }
  const t0 = Date.now();
  const states = readStates();
  await client.query('BEGIN');
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS postgis');
    const tExt = Date.now();
    await client.query(`
      CREATE TABLE public.${SAMPLE_DB_TABLE} (
        fid serial PRIMARY KEY,
        state_fips text NOT NULL UNIQUE,
        name text NOT NULL,
        area_km2 double precision NOT NULL,
        geom geometry(MultiPolygon, 4326) NOT NULL
      )`);
    // us-atlas geometries are quantized: Delaware and Oregon come out invalid, and 31 features are
    // Polygons; ST_MakeValid + ST_CollectionExtract(…, 3) + ST_Multi gives valid MultiPolygons for all.
    await client.query(
      `INSERT INTO public.${SAMPLE_DB_TABLE} (state_fips, name, area_km2, geom)
       SELECT s.fips, s.name, ST_Area(s.geom::geography) / 1e6, s.geom
       FROM (
         SELECT f->>'id' AS fips, f->>'name' AS name,
                ST_Multi(ST_CollectionExtract(ST_MakeValid(
                  ST_SetSRID(ST_GeomFromGeoJSON((f->'geometry')::text), 4326)), 3)) AS geom
         FROM jsonb_array_elements($1::jsonb) AS f
       ) AS s
       ORDER BY s.fips`,
      [JSON.stringify(states)],
    );
    await client.query(`CREATE INDEX ${SAMPLE_DB_TABLE}_geom_idx ON public.${SAMPLE_DB_TABLE} USING gist (geom)`);
    await client.query(
      `COMMENT ON TABLE public.${SAMPLE_DB_TABLE} IS ` +
        `'US states, DC, Puerto Rico and territories: US Census Bureau cartographic boundaries 2017 ` +
        `(public domain), via the us-atlas npm package (states-10m.json)'`,
    );
    await client.query(`ANALYZE public.${SAMPLE_DB_TABLE}`);
    const { rows } = await client.query<{ n: number; invalid: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE NOT ST_IsValid(geom) OR ST_IsEmpty(geom))::int AS invalid
       FROM public.${SAMPLE_DB_TABLE}`,
    );
    if (rows[0].n !== states.length || rows[0].invalid !== 0) {
      throw new Error(`loaded ${rows[0].n} of ${states.length} states, ${rows[0].invalid} invalid`);
    }
    await client.query('COMMIT');
    log(
      `sample database created in ${openMs + Date.now() - t0} ms (open ${openMs} ms, PostGIS ${tExt - t0} ms, ` +
        `${states.length} states ${Date.now() - tExt} ms)`,
    );
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

interface StateRow {
  id: string;
  name: string;
  geometry: Geometry;
}

/** The 56 features of us-atlas `states-10m.json`, as GeoJSON geometries (lon/lat). */
function readStates(): StateRow[] {
  const file = require.resolve('us-atlas/states-10m.json');
  const topology = JSON.parse(fs.readFileSync(file, 'utf8')) as Topology<{
    states: GeometryCollection<{ name: string }>;
  }>;
  const collection = feature(topology, topology.objects.states);
  return collection.features.map((f) => {
    if (typeof f.id !== 'string' || !f.properties?.name || !f.geometry) {
      throw new Error(`unexpected feature in ${file}: ${JSON.stringify(f).slice(0, 200)}`);
    }
    return { id: f.id, name: f.properties.name, geometry: f.geometry };
  });
}

function assertPortFree(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') reject(new SampleDatabasePortInUseError(host, port));
      else reject(err);
    });
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

function errorText(err: unknown): string {
  const message = (err as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(err);
}
