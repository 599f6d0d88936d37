// Integration spec of the connector's feature reads (OGC API - Features) against a real PostGIS
// server (TEST_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres): its own
// database with a few tables, dropped at the end.
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { CatalogError } from '@geocatalog/catalog-model';
import { StoreSecrets } from '../store-secrets';
import type { FeatureCursor } from './feature-cursor';
import type { FeatureFilter, FeatureSource } from './feature-sql';
import { ONE_QUERY_MAX_ROWS } from './feature-reads';
import { PostgisConnector, STREAM_POOL_MAX, STREAM_WAIT_MS } from './postgis.connector';
import type { StoreConnection } from './postgis.types';

jest.setTimeout(30_000);

const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const dbName = `gc_feat_${randomBytes(4).toString('hex')}`;
// Plain-text passwords: the catalog's cipher is not the connector's business (it is injected).
const secrets: StoreSecrets = { clearPassword: (value) => value };

const SETUP_SQL = `
CREATE EXTENSION postgis;
CREATE TABLE pts (id serial PRIMARY KEY, name text, geom geometry(Point, 4326));
INSERT INTO pts (name, geom) SELECT 'p' || g, ST_SetSRID(ST_MakePoint(g % 100 - 50, g / 100 - 5), 4326) FROM generate_series(1, 1000) g;
CREATE INDEX ON pts USING gist (geom);
CREATE TABLE roads (gid serial PRIMARY KEY, label text, geom geometry(LineString, 26913));
INSERT INTO roads (label, geom) VALUES
  ('near', ST_GeomFromText('LINESTRING(500000 4000000, 510000 4010000)', 26913)),
  ('far', ST_GeomFromText('LINESTRING(700000 4400000, 710000 4410000)', 26913));
CREATE TABLE places (code text PRIMARY KEY, geog geography(Point, 4326));
INSERT INTO places VALUES ('a', 'POINT(10 10)'), ('b', 'POINT(20 30)');
CREATE TABLE nokey (name text, geom geometry(Point, 4326));
INSERT INTO nokey VALUES ('x', 'SRID=4326;POINT(1 1)'), ('y', 'SRID=4326;POINT(2 2)'), ('z', NULL);
CREATE TABLE attrs (id int PRIMARY KEY, t text, n numeric(6,2), b boolean, d date, ts timestamp, arr int[], j jsonb, geom geometry(Point, 4326));
INSERT INTO attrs VALUES (1, 'é "q"', 12.5, true, '2024-02-29', '2024-02-29 12:34:56', '{1,2}', '{"k": [1]}', 'SRID=4326;POINT(2.25 48.75)');
-- Statistics that say 1,000 rows where 10 are left.
CREATE TABLE stale (id int PRIMARY KEY, geom geometry(Point, 4326)) WITH (autovacuum_enabled = false);
INSERT INTO stale SELECT g, ST_SetSRID(ST_MakePoint(g % 100, 0), 4326) FROM generate_series(1, 1000) g;
ANALYZE stale;
DELETE FROM stale WHERE id > 10;
-- What a feature read's session is set to.
CREATE VIEW session_settings AS SELECT 1 AS id, current_setting('max_parallel_workers_per_gather') AS workers, current_setting('jit') AS jit;
-- Rows 101 to 105 of this view take 0.5 s each: a second batch is slow.
CREATE VIEW slow AS SELECT id, name, geom FROM pts WHERE id <= 105 AND pg_sleep(CASE WHEN id > 100 THEN 0.5 ELSE 0 END) IS NOT NULL;
`;

const cursors: FeatureCursor[] = [];
const connector = new PostgisConnector(secrets);
let nextId = 5000;
const store: StoreConnection = {
  storeId: nextId++,
  qualifiedName: 'acme:gis',
  names: { workspace: 'acme', store: 'gis' },
  params: {
    host: serverUrl.hostname,
    port: serverUrl.port || '5432',
    database: dbName,
    user: decodeURIComponent(serverUrl.username || 'postgres'),
    passwd: decodeURIComponent(serverUrl.password),
    dbtype: 'postgis',
  },
};

async function admin<T>(fn: (c: Client) => Promise<T>, database = serverUrl.pathname.slice(1) || 'postgres'): Promise<T> {
  const u = new URL(serverUrl.toString());
  u.pathname = `/${database}`;
  const c = new Client({ connectionString: u.toString() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function source(table: string, srid = 4326): Promise<FeatureSource> {
  return { table: await connector.describeTable(store, table), srid };
}

async function open(src: FeatureSource, filter: FeatureFilter = {}, limit = 1000, offset = 0): Promise<FeatureCursor> {
  const cursor = await connector.openFeatures(store, src, filter, { limit, offset });
  cursors.push(cursor);
  return cursor;
}

/** Every feature of the cursor, parsed, and the number of batches. */
async function readAll(cursor: FeatureCursor): Promise<{ features: Array<Record<string, any>>; batches: number }> {
  const features: Array<Record<string, any>> = [];
  let batches = 0;
  for (;;) {
    const batch = await cursor.next();
    if (!batch.length) break;
    batches++;
    features.push(...batch.map((f) => JSON.parse(f)));
  }
  return { features, batches };
}

async function failure(p: Promise<unknown>): Promise<CatalogError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof CatalogError) return err;
    throw err;
  }
  throw new Error('expected a CatalogError');
}

/** The store's pool has every connection back (none checked out). */
function poolIdle(): boolean {
  const stats = connector.poolStats().find((s) => s.storeId === store.storeId && s.kind === 'streams');
  return !stats || stats.total === stats.idle;
}

beforeAll(async () => {
  await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
  await admin((c) => c.query(SETUP_SQL), dbName);
});

afterEach(async () => {
  await Promise.all(cursors.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await connector.onApplicationShutdown();
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
});

describe('openFeatures', () => {
  it('reads a big page through a cursor in key order, in growing batches, and hands the connection back when closed', async () => {
    const cursor = await open(await source('pts'), {}, ONE_QUERY_MAX_ROWS + 1, 0);
    const { features, batches } = await readAll(cursor);
    expect(features).toHaveLength(1000);
    expect(features.map((f) => f.id)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(features[0]).toEqual({ type: 'Feature', id: 1, geometry: { type: 'Point', coordinates: [-49, -5] }, properties: { id: 1, name: 'p1' } });
    // 100 rows first, then batches sized to ~256 KiB (the rows are small: up to 5,000 at a time).
    expect(batches).toBe(2);
    expect(poolIdle()).toBe(false);
    await cursor.close();
    await cursor.close();
    expect(poolIdle()).toBe(true);
  });

  it('reads a small page with one statement, in one batch, holding no connection once opened', async () => {
    const cursor = await open(await source('pts'), {}, ONE_QUERY_MAX_ROWS, 0);
    expect(poolIdle()).toBe(true);
    const { features, batches } = await readAll(cursor);
    expect(batches).toBe(1);
    expect(features.map((f) => f.id)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
  });

  it('pages with limit and offset', async () => {
    const { features } = await readAll(await open(await source('pts'), {}, 3, 500));
    expect(features.map((f) => f.id)).toEqual([501, 502, 503]);
  });

  it('filters by lon/lat boxes', async () => {
    const cursor = await open(await source('pts'), {
      boxes: [
        { minx: -50, miny: -5, maxx: -48, maxy: -4 },
        { minx: 40, miny: 4, maxx: 49, maxy: 4 },
      ],
    });
    const { features } = await readAll(cursor);
    const coords = features.map((f) => f.geometry.coordinates);
    expect(coords.every(([x, y]) => (x >= -50 && x <= -48 && y >= -5 && y <= -4) || (x >= 40 && y === 4))).toBe(true);
    const [expected] = (
      await admin(
        (c) =>
          c.query(`SELECT count(*)::int AS n FROM pts WHERE geom && ST_MakeEnvelope(-50, -5, -48, -4, 4326) OR geom && ST_MakeEnvelope(40, 4, 49, 4, 4326)`),
        dbName,
      )
    ).rows;
    expect(features.length).toBe(expected.n);
  });

  it("counts the selection in the page's statement when the page does not tell it, up to a cap", async () => {
    const pts = await source('pts');
    const read = (filter: FeatureFilter, limit: number, offset: number, cap: number) => connector.readPageWithCount(store, pts, filter, { limit, offset }, cap);
    // A full page (a row beyond it came): counted; beyond the cap: not said.
    const full = await read({}, 4, 10, 1000);
    expect([full.features.map((f) => JSON.parse(f).id), full.matched]).toEqual([[11, 12, 13, 14], 1000]);
    expect((await read({}, 4, 10, 999)).matched).toBeUndefined();
    // The page tells it (the selection ends within it): nothing counted.
    expect(await read({}, 4, 998, 1000)).toEqual({ features: [expect.any(String), expect.any(String)] });
    // Empty past the end: counted.
    expect(await read({}, 4, 5000, 1000)).toEqual({ features: [], matched: 1000 });
    // With the page's WHERE.
    const boxes = [{ minx: -50, miny: -5, maxx: -48, maxy: -4 }];
    const [expected] = (await admin((c) => c.query(`SELECT count(*)::int AS n FROM pts WHERE geom && ST_MakeEnvelope(-50, -5, -48, -4, 4326)`), dbName)).rows;
    expect(expected.n).toBeGreaterThan(2);
    expect((await read({ boxes }, 2, 0, 10)).matched).toBe(expected.n);
    expect(await read({ boxes: [] }, 2, 0, 10)).toEqual({ features: [] });
    // A whole table its statistics say holds over twice the cap is not counted (they say 1,000, it holds 10).
    const stale = await source('stale');
    const staleRead = (filter: FeatureFilter, cap: number) => connector.readPageWithCount(store, stale, filter, { limit: 4, offset: 0 }, cap);
    expect((await staleRead({}, 100)).matched).toBeUndefined();
    expect((await staleRead({}, 500)).matched).toBe(10);
    expect((await staleRead({ boxes: [{ minx: -1, miny: -1, maxx: 100, maxy: 1 }] }, 100)).matched).toBe(10);
  });

  it('reads small pages without parallel workers or JIT (starting or compiling costs more than such a page)', async () => {
    const [text] = await connector.readFeaturePage(store, await source('session_settings'), {}, { limit: 10, offset: 0 });
    expect(JSON.parse(text).properties).toEqual({ id: 1, workers: '0', jit: 'off' });
  });

  it('transforms a projected layer to CRS84 and its search box into the native CRS', async () => {
    const roads = await source('roads', 26913);
    const all = (await readAll(await open(roads))).features;
    expect(all.map((f) => f.properties.label)).toEqual(['near', 'far']);
    const [x, y] = all[0].geometry.coordinates[0];
    expect(x).toBeCloseTo(-105, 6);
    expect(y).toBeCloseTo(36.14, 1);
    const near = (await readAll(await open(roads, { boxes: [{ minx: -105.1, miny: 36, maxx: -104.8, maxy: 36.3 }] }))).features;
    expect(near.map((f) => f.properties.label)).toEqual(['near']);
  });

  it('reads geography, with a text key as a string id', async () => {
    const places = await source('places');
    const { features } = await readAll(await open(places, { boxes: [{ minx: 5, miny: 5, maxx: 15, maxy: 15 }] }));
    expect(features).toEqual([{ type: 'Feature', id: 'a', geometry: { type: 'Point', coordinates: [10, 10] }, properties: { code: 'a' } }]);
  });

  it('identifies rows of a table without a key by the md5 of their text; a null geometry is null', async () => {
    const { features } = await readAll(await open(await source('nokey')));
    const expected = await admin((c) => c.query(`SELECT md5(t::text) AS id, name FROM nokey t ORDER BY 1`), dbName);
    expect(features.map((f) => [f.id, f.properties.name])).toEqual(expected.rows.map((r) => [r.id, r.name]));
    expect(features.find((f) => f.properties.name === 'z')?.geometry).toBeNull();
  });

  it('writes attribute values as JSON', async () => {
    const { features } = await readAll(await open(await source('attrs')));
    expect(features[0].properties).toEqual({ id: 1, t: 'é "q"', n: 12.5, b: true, d: '2024-02-29', ts: '2024-02-29T12:34:56', arr: [1, 2], j: { k: [1] } });
  });

  it('selects nothing for an empty list of boxes', async () => {
    const cursor = await open(await source('pts'), { boxes: [] });
    expect(await cursor.next()).toEqual([]);
    const big = await open(await source('pts'), { boxes: [] }, ONE_QUERY_MAX_ROWS + 1, 0);
    expect(await big.next()).toEqual([]);
  });

  it('closes while a fetch is in flight (the client went away) and hands the connection back', async () => {
    const cursor = await open(await source('slow'), {}, ONE_QUERY_MAX_ROWS + 1, 0);
    expect(await cursor.next()).toHaveLength(100);
    const fetching = cursor.next();
    await cursor.close();
    await fetching.catch(() => undefined);
    expect(poolIdle()).toBe(true);
    // The reason (closed) is logged; the answer is the one wording of a failed store.
    await expect(cursor.next()).rejects.toThrow("Data store 'acme:gis' is unreachable");
  });

  it('says 404 when the table went away, 400 when the CRS cannot be transformed', async () => {
    const pts = await source('pts');
    const gone: FeatureSource = { ...pts, table: { ...pts.table, table: 'no_such_table' } };
    for (const limit of [10, ONE_QUERY_MAX_ROWS + 1]) {
      const missing = await failure(open(gone, {}, limit));
      expect(missing.code).toBe('NOT_FOUND');
      expect(missing.message).toBe("No such table: 'public.no_such_table' in data store 'acme:gis'");
    }
    const bad = await failure(open({ ...pts, srid: 999999 }));
    expect(bad.code).toBe('INVALID_VALUE');
    expect(bad.message).toMatch(/^Cannot transform between CRS84 and EPSG:999999, the CRS of 'public.pts' in data store 'acme:gis': /);
    expect(poolIdle()).toBe(true);
  });

  it('says 502 naming the store when it cannot be reached', async () => {
    const down: StoreConnection = { ...store, storeId: nextId++, params: { ...store.params, port: '1' } };
    const err = await failure(connector.openFeatures(down, await source('pts'), {}, { limit: 1, offset: 0 }));
    expect(err.code).toBe('STORE_UNAVAILABLE');
    expect(err.message).toBe("Data store 'acme:gis' is unreachable");
  });
});

describe('withTable: descriptions reused by feature reads', () => {
  const page = async (table: string, srid = 4326) =>
    connector.withTable(store, table, async (info) => ({
      info,
      ...(await readAll(await connector.openFeatures(store, { table: info, srid }, {}, { limit: 10, offset: 0 }))),
    }));

  it('reuses a description; a read that no longer fits the table describes it again and retries once', async () => {
    await admin(
      (c) =>
        c.query(
          `CREATE TABLE changing (id int PRIMARY KEY, a text, b text, geom geometry(Point, 4326)); INSERT INTO changing VALUES (1, 'a1', 'b1', 'SRID=4326;POINT(1 1)')`,
        ),
      dbName,
    );
    const first = await page('changing');
    expect(first.features[0].properties).toEqual({ id: 1, a: 'a1', b: 'b1' });
    expect((await page('changing')).info).toBe(first.info);
    await admin((c) => c.query(`ALTER TABLE changing DROP COLUMN b`), dbName);
    const after = await page('changing');
    expect(after.info).not.toBe(first.info);
    expect(after.features[0].properties).toEqual({ id: 1, a: 'a1' });
    await admin((c) => c.query(`DROP TABLE changing`), dbName);
    const gone = await failure(page('changing'));
    expect([gone.code, gone.message]).toEqual(['NOT_FOUND', "No such table: 'public.changing' in data store 'acme:gis'"]);
    expect(poolIdle()).toBe(true);
  });
});

describe('readFeature', () => {
  it('reads one feature by its key', async () => {
    const text = await connector.readFeature(store, await source('pts'), {}, '42');
    expect(JSON.parse(text!)).toEqual({ type: 'Feature', id: 42, geometry: { type: 'Point', coordinates: [-8, -5] }, properties: { id: 42, name: 'p42' } });
    expect(JSON.parse((await connector.readFeature(store, await source('pts'), { properties: [] }, '42'))!).properties).toEqual({});
  });

  it('is null for an unknown id, and for an id that is no value of the key type', async () => {
    const pts = await source('pts');
    for (const id of ['0', '1001', 'abc', '1.5', '99999999999999999999', '']) {
      expect(await connector.readFeature(store, pts, {}, id)).toBeNull();
    }
    expect(poolIdle()).toBe(true);
  });

  it('reads a feature of a table without a key by its hash', async () => {
    const nokey = await source('nokey');
    const [row] = (await admin((c) => c.query(`SELECT md5(t::text) AS id FROM nokey t WHERE name = 'y'`), dbName)).rows;
    expect(JSON.parse((await connector.readFeature(store, nokey, {}, row.id))!).properties).toEqual({ name: 'y' });
    expect(await connector.readFeature(store, nokey, {}, '0'.repeat(32))).toBeNull();
  });
});

describe('the stream budget', () => {
  it(`holds at most ${STREAM_POOL_MAX} open pages per store; one more waits ${STREAM_WAIT_MS} ms, then STORE_BUSY; introspection never waits`, async () => {
    const pts = await source('pts');
    // Big pages hold their connection (a cursor) until closed; small ones only while they read.
    const held = await Promise.all(Array.from({ length: STREAM_POOL_MAX }, () => open(pts, {}, ONE_QUERY_MAX_ROWS + 1, 0)));
    expect(held).toHaveLength(STREAM_POOL_MAX);
    // Calls use their own pool: describing a table does not wait on the open pages.
    const t0 = Date.now();
    await connector.describeTable(store, 'pts');
    expect(Date.now() - t0).toBeLessThan(STREAM_WAIT_MS);

    const t1 = Date.now();
    const busy = await failure(connector.openFeatures(store, pts, {}, { limit: 10, offset: 0 }));
    expect([busy.code, busy.retryAfterSeconds]).toEqual(['STORE_BUSY', Math.ceil(STREAM_WAIT_MS / 1000)]);
    expect(busy.message).toBe(`Data store 'acme:gis' is serving ${STREAM_POOL_MAX} feature reads already: try again shortly`);
    expect(Date.now() - t1).toBeGreaterThanOrEqual(STREAM_WAIT_MS - 50);

    // A page closed frees a connection for the next one.
    await held[0].close();
    const next = await open(pts, {}, 10, 0);
    expect((await readAll(next)).features).toHaveLength(10);
  });
});
