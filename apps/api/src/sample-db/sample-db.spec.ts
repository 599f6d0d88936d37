import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { Global, Logger, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Client } from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { type SampleDatabase, SampleDatabasePortInUseError, startSampleDatabase } from './sample-db';
import { SampleDatabaseModule, SampleDatabaseService } from './sample-db.module';

// One data directory for the whole file: the first start (PGlite initdb + PostGIS + data) costs seconds.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'geocatalog-sampledb-'));
const logs: string[] = [];
const log = (m: string) => logs.push(m);

let db: SampleDatabase;
let firstStartMs = 0;

async function connect(d: SampleDatabase): Promise<Client> {
  // Connect like the PostGIS data store will: with a user AND a password.
  const c = new Client({ host: d.host, port: d.port, database: d.database, user: d.user, password: d.password });
  c.on('error', () => undefined);
  await c.connect();
  return c;
}

async function withClient<T>(d: SampleDatabase, fn: (c: Client) => Promise<T>): Promise<T> {
  const c = await connect(d);
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  const t0 = Date.now();
  db = await startSampleDatabase({ dataDir: root, port: 0, log });
  firstStartMs = Date.now() - t0;
}, 120_000);

afterAll(async () => {
  await db?.close();
  fs.rmSync(root, { recursive: true, force: true });
}, 30_000);

describe('startSampleDatabase', () => {
  it('serves postgres/postgres on 127.0.0.1 from DATA_DIR/sample-db', async () => {
    expect(db).toMatchObject({ host: '127.0.0.1', database: 'postgres', user: 'postgres', password: 'postgres' });
    expect(db.port).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(root, 'sample-db'))).toBe(true);
    expect(logs.some((l) => /sample database created/.test(l))).toBe(true);
    console.log(`sample database first start: ${firstStartMs} ms\n${logs.join('\n')}`);
  });

  it('asks for its documented password: a wrong password or another user is refused (28P01)', async () => {
    for (const [user, password] of [
      ['postgres', 'wrong'],
      ['nobody', 'postgres'],
      ['postgres', 'postgres '],
    ]) {
      const c = new Client({ host: db.host, port: db.port, database: 'postgres', user, password });
      c.on('error', () => undefined);
      await expect(c.connect()).rejects.toMatchObject({ code: '28P01' });
    }
    const c = new Client({ host: db.host, port: db.port, database: 'postgres', user: 'postgres', password: 'postgres' });
    await c.connect();
    const { rows } = await c.query('SELECT current_user AS u, current_database() AS d');
    expect(rows).toEqual([{ u: 'postgres', d: 'postgres' }]);
    await c.end();
  });

  it('holds the 56 us-atlas states as valid MultiPolygons in EPSG:4326', async () => {
    await withClient(db, async (c) => {
      const { rows } = await c.query(
        `SELECT count(*)::int AS n,
                count(DISTINCT state_fips)::int AS fips,
                bool_and(ST_IsValid(geom)) AS valid,
                bool_and(NOT ST_IsEmpty(geom)) AS nonempty,
                array_agg(DISTINCT GeometryType(geom)) AS types,
                array_agg(DISTINCT ST_SRID(geom)) AS srids,
                ST_XMin(ST_Extent(geom)) AS xmin, ST_YMin(ST_Extent(geom)) AS ymin,
                ST_XMax(ST_Extent(geom)) AS xmax, ST_YMax(ST_Extent(geom)) AS ymax
         FROM public.states`,
      );
      const r = rows[0];
      expect(r).toMatchObject({ n: 56, fips: 56, valid: true, nonempty: true, types: ['MULTIPOLYGON'], srids: [4326] });
      expect(r.xmin).toBeCloseTo(-179.15, 1);
      expect(r.ymin).toBeCloseTo(-14.37, 1); // TopoJSON bbox says -14.55: quantization
      expect(r.xmax).toBeCloseTo(179.78, 1);
      expect(r.ymax).toBeCloseTo(71.35, 1);

      const some = await c.query(
        `SELECT state_fips, name, round(area_km2)::int AS km2 FROM public.states
         WHERE state_fips IN ('02', '06', '48', '10', '41') ORDER BY state_fips`,
      );
      expect(some.rows.map((s) => [s.state_fips, s.name])).toEqual([
        ['02', 'Alaska'],
        ['06', 'California'],
        ['10', 'Delaware'],
        ['41', 'Oregon'],
        ['48', 'Texas'],
      ]);
      const km2 = Object.fromEntries(some.rows.map((s) => [s.name, s.km2]));
      expect(km2.Alaska).toBeGreaterThan(1_400_000);
      expect(km2.Texas).toBeGreaterThan(650_000);
    });
  });

  it('is introspectable like any PostGIS: geometry_columns, information_schema, pg_catalog, index', async () => {
    await withClient(db, async (c) => {
      const gc = await c.query(
        `SELECT f_table_schema, f_table_name, f_geometry_column, coord_dimension, srid, type
         FROM geometry_columns WHERE f_table_name = 'states'`,
      );
      expect(gc.rows).toEqual([
        {
          f_table_schema: 'public',
          f_table_name: 'states',
          f_geometry_column: 'geom',
          coord_dimension: 2,
          srid: 4326,
          type: 'MULTIPOLYGON',
        },
      ]);
      const cols = await c.query(
        `SELECT column_name, udt_name FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name = 'states' ORDER BY ordinal_position`,
      );
      expect(cols.rows).toEqual([
        { column_name: 'fid', udt_name: 'int4' },
        { column_name: 'state_fips', udt_name: 'text' },
        { column_name: 'name', udt_name: 'text' },
        { column_name: 'area_km2', udt_name: 'float8' },
        { column_name: 'geom', udt_name: 'geometry' },
      ]);
      const pk = await c.query(
        `SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
         WHERE i.indrelid = 'public.states'::regclass AND i.indisprimary`,
      );
      expect(pk.rows).toEqual([{ attname: 'fid' }]);
      const idx = await c.query(
        `SELECT indexdef FROM pg_indexes
         WHERE schemaname = 'public' AND tablename = 'states' AND indexdef ILIKE '%gist%'`,
      );
      expect(idx.rows).toHaveLength(1);
      expect(idx.rows[0].indexdef).toContain('(geom)');
      const tables = await c.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
         ORDER BY table_name`,
      );
      expect(tables.rows.map((t) => t.table_name)).toEqual(['spatial_ref_sys', 'states']);
    });
  });

  it('supports spatial_ref_sys, ST_Transform, ST_EstimatedExtent and a spatial query', async () => {
    await withClient(db, async (c) => {
      const srs = await c.query(
        `SELECT srid, auth_name, auth_srid, srtext LIKE 'GEOGCS["WGS 84"%' AS wgs84
         FROM spatial_ref_sys WHERE srid IN (4326, 26913, 3857) ORDER BY srid`,
      );
      expect(srs.rows.map((r) => [r.srid, r.auth_name, r.auth_srid])).toEqual([
        [3857, 'EPSG', 3857],
        [4326, 'EPSG', 4326],
        [26913, 'EPSG', 26913],
      ]);
      expect(srs.rows[1].wgs84).toBe(true);

      const utm = await c.query(
        `SELECT ST_X(p) AS x, ST_Y(p) AS y
         FROM (SELECT ST_Transform(ST_SetSRID(ST_MakePoint(-105, 40), 4326), 26913) AS p) AS t`,
      );
      expect(utm.rows[0].x).toBeCloseTo(500000, -1); // -105° is the central meridian of UTM 13N
      expect(utm.rows[0].y).toBeCloseTo(4427757, -2);

      const co = await c.query(
        `SELECT ST_SRID(ST_Transform(geom, 3857)) AS srid, ST_XMin(ST_Transform(geom, 3857)::box2d) AS xmin
         FROM public.states WHERE name = 'Colorado'`,
      );
      expect(co.rows[0].srid).toBe(3857);
      expect(co.rows[0].xmin).toBeCloseTo(-12139000, -4);

      const est = await c.query(`SELECT ST_EstimatedExtent('public', 'states', 'geom')::text AS box`);
      const nums = (est.rows[0].box as string).match(/-?[\d.]+/g)!.map(Number);
      expect(nums[0]).toBeCloseTo(-179.15, 0);
      expect(nums[1]).toBeCloseTo(-14.37, 0);
      expect(nums[2]).toBeCloseTo(179.78, 0);
      expect(nums[3]).toBeCloseTo(71.35, 0);

      const misc = await c.query(
        `SELECT postgis_lib_version() AS v, Find_SRID('public', 'states', 'geom') AS srid,
                ST_AsGeoJSON(ST_Envelope(geom), 2) AS env FROM public.states WHERE state_fips = '08'`,
      );
      expect(misc.rows[0].v).toMatch(/^3\./);
      expect(misc.rows[0].srid).toBe(4326);
      expect(JSON.parse(misc.rows[0].env).type).toBe('Polygon');

      // The state under Denver, through the GiST index.
      const hit = await c.query(
        `SELECT name FROM public.states WHERE geom && ST_MakeEnvelope(-105, 39.7, -104.9, 39.8, 4326)
         AND ST_Intersects(geom, ST_SetSRID(ST_MakePoint(-104.99, 39.74), 4326))`,
      );
      expect(hit.rows).toEqual([{ name: 'Colorado' }]);
    });
  });

  it('restarts on the same directory without reloading', async () => {
    await withClient(db, (c) => c.query(`UPDATE public.states SET name = name || ' (kept)' WHERE state_fips = '08'`));
    await db.close();
    logs.length = 0;
    const t0 = Date.now();
    db = await startSampleDatabase({ dataDir: root, port: 0, log });
    const restartMs = Date.now() - t0;
    console.log(`sample database restart: ${restartMs} ms\n${logs.join('\n')}`);
    expect(logs.some((l) => /already loaded/.test(l))).toBe(true);
    await withClient(db, async (c) => {
      const { rows } = await c.query(`SELECT count(*)::int AS n, max(name) FILTER (WHERE state_fips = '08') AS co FROM public.states`);
      expect(rows).toEqual([{ n: 56, co: 'Colorado (kept)' }]);
      await c.query(`UPDATE public.states SET name = 'Colorado' WHERE state_fips = '08'`);
    });
    expect(restartMs).toBeLessThan(firstStartMs);
  }, 60_000);

  it('refuses a port that is taken with SampleDatabasePortInUseError, before opening anything', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'geocatalog-sampledb-busy-'));
    try {
      const t0 = Date.now();
      await expect(startSampleDatabase({ dataDir: other, port })).rejects.toBeInstanceOf(SampleDatabasePortInUseError);
      expect(Date.now() - t0).toBeLessThan(1000);
      expect(fs.existsSync(path.join(other, 'sample-db'))).toBe(false);
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('SampleDatabaseModule', () => {
  async function bootModule(config: Partial<AppConfig>) {
    @Global()
    @Module({ providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] })
    class FakeConfigModule {}
    const mod = await Test.createTestingModule({ imports: [FakeConfigModule, SampleDatabaseModule] }).compile();
    await mod.init();
    return mod;
  }

  let logSpy: jest.SpyInstance;
  let warnSpy: jest.SpyInstance;
  beforeEach(() => {
    logSpy = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    warnSpy = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('starts at bootstrap, logs one line with the connection details, closes on shutdown', async () => {
    await db.close(); // the directory of the tests above: a reopen, not a first start
    const mod = await bootModule({ sampleDb: true, sampleDbPort: 0, dataDir: root });
    const conn = mod.get(SampleDatabaseService).connection!;
    expect(conn).toMatchObject({ host: '127.0.0.1', database: 'postgres', user: 'postgres', password: 'postgres' });
    const lines = logSpy.mock.calls.map((c) => String(c[0])).filter((l) => l.includes(`:${conn.port}/`));
    expect(lines).toEqual([
      `Sample PostGIS database at postgres://postgres:postgres@127.0.0.1:${conn.port}/postgres (data store ` +
        `parameters: host=127.0.0.1 port=${conn.port} database=postgres schema=public user=postgres ` +
        `passwd=postgres dbtype=postgis; table states: 56 US states, MultiPolygon EPSG:4326)`,
    ]);
    expect(warnSpy).not.toHaveBeenCalled();
    const c = new Client({ ...conn, connectionTimeoutMillis: 5000 });
    c.on('error', () => undefined);
    await c.connect();
    expect((await c.query('SELECT count(*)::int AS n FROM states')).rows).toEqual([{ n: 56 }]);
    await c.end();
    await mod.close();
    expect(mod.get(SampleDatabaseService).connection).toBeUndefined();
    const after = new Client({ ...conn, connectionTimeoutMillis: 2000 });
    after.on('error', () => undefined);
    await expect(after.connect()).rejects.toThrow();
  }, 60_000);

  it('warns instead of crashing when the port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const mod = await bootModule({ sampleDb: true, sampleDbPort: port, dataDir: root });
      expect(mod.get(SampleDatabaseService).connection).toBeUndefined();
      expect(warnSpy).toHaveBeenCalledTimes(1);
      expect(String(warnSpy.mock.calls[0][0])).toContain(`port ${port} on 127.0.0.1 is already in use`);
      await mod.close();
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });

  it('does nothing when SAMPLE_DB is off', async () => {
    const mod = await bootModule({ sampleDb: false, sampleDbPort: 0, dataDir: root });
    expect(mod.get(SampleDatabaseService).connection).toBeUndefined();
    expect(fs.readdirSync(root)).toEqual(['sample-db']);
    await mod.close();
  });
});
