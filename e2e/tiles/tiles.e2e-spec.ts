/**
 * Vector tiles (contract §9) at {base}/ogc/tiles/v1 over real data, decoded with
 * @mapbox/vector-tile: the sample `states` layer of the embedded sample database (PGlite: its PostGIS
 * cannot write tiles, so the api builds them) and a points table on PostGIS (ST_AsMVT) —
 * 1,000,000 points with TEST_DATABASE_URL, a 22,500-point one in the sample database without it.
 * Expected features, attributes and positions come from SQL on the tables, never from app code.
 */
import type { Client } from 'pg';
import { ApiServer, freePort, startApi } from '../support/api-server';
import { createWorkspace, dataStoreBodyXml, userWithRole } from '../support/catalog';
import { createFeatureType, seedFeatureTypeXml } from '../support/featuretype';
import { request, restClient, RestClient, show } from '../support/http';
import { createSpatialStore, externalSpatialDb, sampleSpatialDb, SpatialDb, waitForSampleDb } from '../support/postgis';
import { decodeTile, MVT, positions, tileBounds, tileOf, tileUrl, unitDegrees } from './support';

const WS = 'tiles';
const POINTS = `${WS}:points`;
const STATES = `${WS}:states`;
/** Points per side of the grid: 1,000,000 points on PostgreSQL, 22,500 in the sample database. */
const SIDE = process.env.TEST_DATABASE_URL ? 1000 : 150;
/** The grid spans lon and lat -10..10. */
const STEP = 20 / SIDE;
/** The api's feature cap per tile. */
const CAP = 20_000;
const MARGIN = 64 / 4096;

let server: ApiServer;
let api: RestClient;
let sample: Client;
let db: SpatialDb;
let samplePort: number;

/**
 * A grid of SIDE² points in a scattered row order (cell = id × a prime mod N), so a capped tile is
 * a spread-out sample rather than one corner.
 */
async function fillPoints(spatial: SpatialDb): Promise<SpatialDb> {
  await spatial.query(
    `CREATE TABLE points (id int PRIMARY KEY, name text NOT NULL, rank int NOT NULL, value float8 NOT NULL, geom geometry(Point, 4326) NOT NULL)`,
  );
  await spatial.query(
    `INSERT INTO points
     SELECT g, 'p' || g, g % 7, g / 4.0,
            ST_SetSRID(ST_MakePoint(-10 + (c % $1::int) * $2::float8 + $2::float8 / 2, -10 + (c / $1::int) * $2::float8 + $2::float8 / 2), 4326)
       FROM (SELECT g, (g::int8 * 999983) % ($1::int * $1::int) AS c FROM generate_series(1, $1::int * $1::int) AS g) AS s`,
    [SIDE, STEP],
  );
  await spatial.query('CREATE INDEX ON points USING gist (geom)');
  await spatial.query('ANALYZE points');
  return spatial;
}

beforeAll(async () => {
  samplePort = await freePort();
  // On TEST_DATABASE_URL's server the grid is filled while the api (and its sample database) starts.
  const external = process.env.TEST_DATABASE_URL ? externalSpatialDb(process.env.TEST_DATABASE_URL).then((made) => fillPoints((db = made))) : undefined;
  const started = startApi({ env: { SAMPLE_DB: 'on', SAMPLE_DB_PORT: String(samplePort) }, readyTimeoutMs: 120_000 });
  // Both settled before either failure is thrown, so that afterAll finds what was made.
  const [spatial, apiServer] = await Promise.allSettled([external, started]);
  if (apiServer.status === 'fulfilled') server = apiServer.value;
  if (spatial.status === 'rejected') throw spatial.reason;
  if (apiServer.status === 'rejected') throw apiServer.reason;
  api = restClient(server);
  sample = await waitForSampleDb(samplePort);
  db ??= await fillPoints(await sampleSpatialDb(samplePort));

  await createWorkspace(api, WS);
  await createSpatialStore(api, db, WS, 'gis');
  const sampleStore = dataStoreBodyXml('sample', {
    host: '127.0.0.1',
    port: String(samplePort),
    database: 'postgres',
    schema: 'public',
    user: 'postgres',
    passwd: 'postgres',
    dbtype: 'postgis',
  });
  const created = await api.postXml(`/workspaces/${WS}/datastores`, sampleStore);
  if (created.status !== 201) throw new Error(`POST sample store: ${show(created)}`);
  for (const [store, table] of [
    ['gis', 'points'],
    ['sample', 'states'],
  ]) {
    const res = await createFeatureType(api, WS, store, seedFeatureTypeXml(table, table));
    if (res.status !== 201) throw new Error(`publish ${table}: ${show(res)}`);
  }
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await db?.drop();
  await sample?.end().catch(() => undefined);
}, 60_000);

const get = (url: string, headers: Record<string, string> = {}) => request(url, { auth: server.admin, headers });

/**
 * Points whose Web Mercator position is in the tile or its buffer, by id (a generous lon/lat box
 * around the tile first, so the index spares a scan of every row).
 */
async function pointsInTile(z: number, x: number, y: number) {
  const [west, south, east, north] = tileBounds(z, x, y);
  const pad = (east - west) / 8;
  return db.query<{ id: number; name: string; rank: number; value: number; lon: number; lat: number }>(
    `SELECT id, name, rank, value, ST_X(geom) AS lon, ST_Y(geom) AS lat FROM points
      WHERE geom && ST_MakeEnvelope($5, $6, $7, $8, 4326) AND ST_Transform(geom, 3857) && ST_TileEnvelope($1, $2, $3, margin => $4) ORDER BY id`,
    [z, x, y, MARGIN, west - pad, Math.max(south - pad, -90), east + pad, Math.min(north + pad, 90)],
  );
}

describe('a tile of the sample states layer (built by the api: the sample database has no ST_AsMVT)', () => {
  it('holds the states that reach the tile, with their attributes, ids and outlines', async () => {
    const tile = tileOf(4, -105.5, 39); // Colorado and its neighbours
    const res = await get(tileUrl(server, STATES, tile.z, tile.y, tile.x));
    expect(res).toHaveStatus(200);
    expect(res.contentType).toBe(MVT);
    const layers = decodeTile(res.bytes, tile);
    expect(Object.keys(layers)).toEqual(['states']);
    expect(layers.states.extent).toBe(4096);
    const features = layers.states.features;

    const envelope = (margin: number) =>
      sample.query<{ fid: number; state_fips: string; name: string; area_km2: number }>(
        `SELECT fid, state_fips, name, area_km2 FROM public.states
          WHERE ST_Intersects(ST_Transform(geom, 3857), ST_TileEnvelope($1, $2, $3, margin => $4)) ORDER BY name`,
        [tile.z, tile.x, tile.y, margin],
      );
    const inside = (await envelope(0)).rows;
    const withBuffer = (await envelope(MARGIN)).rows;
    const names = features.map((f) => f.properties.name as string).sort();
    expect(inside.map((r) => r.name)).toEqual(expect.arrayContaining(['Colorado', 'Utah', 'Kansas', 'New Mexico']));
    expect(names).toEqual(expect.arrayContaining(inside.map((r) => r.name)));
    expect(withBuffer.map((r) => r.name)).toEqual(expect.arrayContaining(names));
    expect(new Set(names).size).toBe(names.length);

    for (const f of features) {
      const row = withBuffer.find((r) => r.name === f.properties.name)!;
      expect(f.properties).toEqual({ fid: row.fid, state_fips: row.state_fips, name: row.name, area_km2: row.area_km2 });
      expect(f.id).toBe(row.fid);
      expect(f.geometry.type).toMatch(/Polygon$/);
    }

    // Colorado's outline, back in lon/lat, lies within its box (to a tile unit) and spans most of it.
    const colorado = features.find((f) => f.properties.name === 'Colorado')!;
    const box = (
      await sample.query<{ minx: number; miny: number; maxx: number; maxy: number }>(
        `SELECT ST_XMin(geom) AS minx, ST_YMin(geom) AS miny, ST_XMax(geom) AS maxx, ST_YMax(geom) AS maxy FROM public.states WHERE name = 'Colorado'`,
      )
    ).rows[0];
    const tol = 2 * unitDegrees(tile.z);
    const points = positions(colorado.geometry.coordinates);
    expect(points.filter(([lon, lat]) => lon < box.minx - tol || lon > box.maxx + tol || lat < box.miny - tol || lat > box.maxy + tol)).toEqual([]);
    expect(Math.min(...points.map((p) => p[0]))).toBeCloseTo(box.minx, 1);
    expect(Math.max(...points.map((p) => p[0]))).toBeCloseTo(box.maxx, 1);
  });
});

describe('what the sample states feature type restricts (tiles built by the api)', () => {
  const publishStates = async (name: string, extra: string) => {
    const body = `<featureType><name>${name}</name><nativeName>states</nativeName><enabled>true</enabled>${extra}</featureType>`;
    const res = await createFeatureType(api, WS, 'sample', body);
    if (res.status !== 201) throw new Error(`publish ${name}: ${show(res)}`);
    return `${WS}:${name}`;
  };
  const tile = tileOf(4, -105.5, 39);

  it('an attribute subset is all a tile carries; the ids stay the key', async () => {
    const id = await publishStates('state_names', '<attributes><attribute><name>name</name></attribute></attributes>');
    const whole = decodeTile((await get(tileUrl(server, STATES, tile.z, tile.y, tile.x))).bytes, tile).states.features;
    const res = await get(tileUrl(server, id, tile.z, tile.y, tile.x));
    expect(res).toHaveStatus(200);
    const features = decodeTile(res.bytes, tile).state_names.features;
    expect(features.map((f) => [f.id, f.properties])).toEqual(whole.map((f) => [f.id, { name: f.properties.name }]));
  });

  it("a cqlFilter selects the tile's features (the api's own encoder); one that cannot be applied makes every tile a 409", async () => {
    const whole = decodeTile((await get(tileUrl(server, STATES, tile.z, tile.y, tile.x))).bytes, tile).states.features;
    const names = whole.map((f) => f.properties.name).filter((n) => n !== 'Wyoming');
    expect(names.length).toBeGreaterThan(0);
    const id = await publishStates('not_wyoming', "<cqlFilter>name &lt;&gt; 'Wyoming'</cqlFilter>");
    const res = await get(tileUrl(server, id, tile.z, tile.y, tile.x));
    expect(res).toHaveStatus(200);
    expect(
      decodeTile(res.bytes, tile)
        .not_wyoming.features.map((f) => f.properties.name)
        .sort(),
    ).toEqual(names.sort());

    const broken = await publishStates('broken', '<cqlFilter>name = </cqlFilter>');
    const refused = await get(tileUrl(server, broken, tile.z, tile.y, tile.x));
    expect(refused).toBeTextError(409);
    expect(refused.text).toMatch(new RegExp(`^Layer '${broken}' serves no features: its cqlFilter 'name = ?' cannot be applied`));
  });
});

describe(`a tile of the ${(SIDE * SIDE).toLocaleString('en')}-point table`, () => {
  it('at zoom 10 holds exactly the points in the tile and its buffer, with their attributes and positions', async () => {
    const tile = tileOf(10, 0.5, 0.5);
    const res = await get(tileUrl(server, POINTS, tile.z, tile.y, tile.x));
    expect(res).toHaveStatus(200);
    expect(res.contentType).toBe(MVT);
    const layers = decodeTile(res.bytes, tile);
    expect(Object.keys(layers)).toEqual(['points']);
    const features = layers.points.features.sort((a, b) => a.id! - b.id!);
    const expected = await pointsInTile(tile.z, tile.x, tile.y);
    // About 300 points in a full zoom-10 tile of the 1,000,000-point grid, 4 to 9 of the 22,500-point one.
    expect(expected.length).toBeGreaterThan(SIDE === 1000 ? 250 : 3);
    expect(features.map((f) => f.id)).toEqual(expected.map((r) => r.id));
    const tol = 1.5 * unitDegrees(tile.z);
    for (const [i, f] of features.entries()) {
      const row = expected[i];
      expect(f.properties).toEqual({ id: row.id, name: row.name, rank: row.rank, value: row.value });
      expect(f.geometry.type).toBe('Point');
      const [lon, lat] = f.geometry.coordinates as [number, number];
      if (Math.abs(lon - row.lon) > tol || Math.abs(lat - row.lat) > tol) throw new Error(`point ${row.id} at ${lon},${lat}, expected ${row.lon},${row.lat}`);
    }
  });

  it(`at zoom 3 is capped at ${CAP.toLocaleString('en')} features, all of them from the tile`, async () => {
    const tile = tileOf(3, 5, 5);
    const res = await get(tileUrl(server, POINTS, tile.z, tile.y, tile.x));
    expect(res).toHaveStatus(200);
    const features = decodeTile(res.bytes, tile).points.features;
    const expected = await pointsInTile(tile.z, tile.x, tile.y);
    expect(features.length).toBe(Math.min(CAP, expected.length));
    const ids = new Set(expected.map((r) => r.id));
    expect(features.filter((f) => !ids.has(f.id!))).toEqual([]);
  });

  it('takes a client filter (Part 3, as items do): only the points it selects; a filter it cannot read is a 400 at its position', async () => {
    const tile = tileOf(10, 0.5, 0.5);
    const url = tileUrl(server, POINTS, tile.z, tile.y, tile.x);
    const res = await get(`${url}?filter=${encodeURIComponent("rank = 3 AND name LIKE 'p%'")}`);
    expect(res).toHaveStatus(200);
    const ids = decodeTile(res.bytes, tile)
      .points.features.map((f) => f.id)
      .sort((a, b) => a! - b!);
    const expected = (await pointsInTile(tile.z, tile.x, tile.y)).filter((r) => r.rank === 3).map((r) => r.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(ids).toEqual(expected);
    const refused = await get(`${url}?filter=${encodeURIComponent('rank = ')}`);
    expect(refused).toBeTextError(400);
    expect(refused.text).toMatch(/position 8/);
  });

  it('answers 204 with no body for a tile no point reaches', async () => {
    const tile = tileOf(10, 100, 50);
    const res = await get(tileUrl(server, POINTS, tile.z, tile.y, tile.x));
    expect(res).toHaveStatus(204);
    expect(res.bytes.length).toBe(0);
    expect(await pointsInTile(tile.z, tile.x, tile.y)).toEqual([]);
  });

  it('carries a strong ETag of its bytes: If-None-Match gives 304, and clients revalidate', async () => {
    const tile = tileOf(10, 0.5, 0.5);
    const url = tileUrl(server, POINTS, tile.z, tile.y, tile.x);
    const first = await get(url);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect((await get(url)).headers.get('etag')).toBe(etag);
    const again = await get(url, { 'if-none-match': etag });
    expect(again).toHaveStatus(304);
    expect(again.bytes.length).toBe(0);
  });
});

describe('addresses, layers and access', () => {
  it('answers 404 outside the matrix and 400 for what is not a whole number', async () => {
    for (const [z, y, x] of [
      ['25', '0', '0'],
      ['-1', '0', '0'],
      ['0', '1', '0'],
      ['0', '0', '1'],
      ['10', '1024', '0'],
      ['10', '0', '1024'],
    ]) {
      const res = await get(tileUrl(server, POINTS, z, y, x));
      expect([z, y, x, res.status]).toEqual([z, y, x, 404]);
      expect(res.text).toMatch(/^No such tile in WebMercatorQuad/);
    }
    for (const [z, y, x] of [
      ['1.5', '0', '0'],
      ['a', '0', '0'],
      ['1', '1e0', '0'],
      ['1', '0', '0x1'],
    ]) {
      const res = await get(tileUrl(server, POINTS, z, y, x));
      expect([z, y, x, res.status]).toEqual([z, y, x, 400]);
      expect(res.text).toMatch(/must be a whole number/);
    }
    expect(await get(tileUrl(server, POINTS, 0, 0, 0, 'WorldCRS84Quad'))).toBeTextError(404);
  });

  it('answers hostile path values with a 4xx, never a 5xx', async () => {
    const hostile = ['%00', '%C3%28', '%F0%9F%92%A5', '..', '%2E%2E%2F', 'x'.repeat(20_000), '9'.repeat(400), '-0', '00000000001', "'%3B--", '%EF%BF%BF'];
    const at = (i: number, value: string) => {
      const parts = [POINTS, 'WebMercatorQuad', '3', '3', '4'].map(encodeURIComponent);
      parts[i] = value;
      return `${server.baseUrl}/ogc/tiles/v1/collections/${parts[0]}/tiles/${parts[1]}/${parts[2]}/${parts[3]}/${parts[4]}`;
    };
    for (let i = 0; i < 5; i++) {
      for (const value of hostile) {
        const res = await get(at(i, value));
        if (res.status >= 500 || (res.status >= 200 && res.status < 300 && !(i >= 2 && /^(-0|0+1)$/.test(value)))) {
          throw new Error(`position ${i}, value ${value.slice(0, 40)}: ${show(res)}`);
        }
      }
    }
    expect(await get(at(0, POINTS))).toHaveStatus(200);
  });

  it('answers 404 for an unknown layer and for a disabled one, and serves it again once enabled', async () => {
    expect(await get(tileUrl(server, `${WS}:nothing`, 0, 0, 0))).toBeTextError(404);
    expect(await get(tileUrl(server, 'nows', 0, 0, 0))).toBeTextError(404);
    const layer = `/layers/${POINTS}`;
    expect(await api.putXml(layer, '<layer><enabled>false</enabled></layer>')).toHaveStatus(200);
    try {
      const res = await get(tileUrl(server, POINTS, 0, 0, 0));
      expect(res).toBeTextError(404);
      expect(res.text).toContain(POINTS);
    } finally {
      expect(await api.putXml(layer, '<layer><enabled>true</enabled></layer>')).toHaveStatus(200);
    }
    expect(await get(tileUrl(server, POINTS, 0, 0, 0))).toHaveStatus(200);
  });

  it('hides a layer from anonymous callers unless the rules open it, refuses wrong credentials (401), and a READER may read tiles', async () => {
    const url = tileUrl(server, POINTS, 0, 0, 0);
    expect(await request(url, { auth: null })).toBeTextError(404);
    const wrong = await request(url, { auth: { user: 'admin', password: 'wrong' } });
    expect(wrong).toBeTextError(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Basic realm="geocatalog"');
    const reader = await userWithRole(api, 'READER');
    expect(await request(url, { auth: reader })).toHaveStatus(200);
  });

  it('allows GET and HEAD only (405 with Allow), and 404 for other paths', async () => {
    const url = tileUrl(server, POINTS, 0, 0, 0);
    const post = await request(url, { auth: server.admin, method: 'POST' });
    expect(post).toBeTextError(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(await get(`${server.baseUrl}/ogc/tiles/v1/collections/${POINTS}/tiles/WebMercatorQuad/0/0`)).toBeTextError(404);
  });

  it('answers 502 naming the data store when its database cannot be reached', async () => {
    const store = `/workspaces/${WS}/datastores/gis`;
    const dead = String(await freePort());
    expect(await api.putXml(store, dataStoreBodyXml('gis', db.storeParams({ host: '127.0.0.1', port: dead })))).toHaveStatus(200);
    try {
      const res = await get(tileUrl(server, POINTS, 0, 0, 0));
      expect(res).toBeTextError(502);
      expect(res.text).toContain(`Data store '${WS}:gis'`);
    } finally {
      expect(await api.putXml(store, dataStoreBodyXml('gis', db.storeParams()))).toHaveStatus(200);
    }
    expect(await get(tileUrl(server, POINTS, 0, 0, 0))).toHaveStatus(200);
  });

  it('describes itself as OpenAPI 3.0 at /ogc/tiles/v1/api', async () => {
    const res = await get(`${server.baseUrl}/ogc/tiles/v1/api`);
    expect(res).toHaveStatus(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.oai.openapi+json;version=3.0');
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\.0\./);
    expect(doc.servers).toEqual([{ url: `${server.baseUrl}/ogc/tiles/v1` }]);
    expect(Object.keys(doc.paths)).toEqual([
      '/',
      '/conformance',
      '/api',
      '/collections',
      '/collections/{collectionId}',
      '/collections/{collectionId}/tiles',
      '/collections/{collectionId}/tiles/{tileMatrixSetId}',
      '/tileMatrixSets',
      '/tileMatrixSets/{tileMatrixSetId}',
      '/collections/{collectionId}/tiles/{tileMatrixSetId}/{tileMatrix}/{tileRow}/{tileCol}',
    ]);
    const op = doc.paths['/collections/{collectionId}/tiles/{tileMatrixSetId}/{tileMatrix}/{tileRow}/{tileCol}'].get;
    expect(Object.keys(op.responses).sort()).toEqual(['200', '204', '304', '400', '401', '403', '404', '409', '502']);
    expect(Object.keys(op.responses['200'].content)).toEqual([MVT]);
  });
});
