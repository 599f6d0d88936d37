// Integration spec of a map's feature read (map-sql.ts, map-reads.ts, the TWKB decoder and
// layerFeatures) against a real PostGIS server (TEST_DATABASE_URL's server, default
// postgres://postgres@127.0.0.1:5432/postgres): its own database, dropped at the end. Expected
// coordinates come from PostGIS itself (ST_Transform in SQL), never from this code.
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { StoreSecrets } from '../datastores/store-secrets';
import { mapFeaturesSql } from '../datastores/postgis/map-sql';
import { PostgisConnector } from '../datastores/postgis/postgis.connector';
import type { StoreConnection } from '../datastores/postgis/postgis.types';
import type { MapCrs } from './map-crs';
import type { MapFeature } from './map-rows';
import { layerFeatures } from './map-features';
import type { WmsLayer } from './wms-catalog';

jest.setTimeout(30_000);

const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const dbName = `gc_map_${randomBytes(4).toString('hex')}`;
const secrets: StoreSecrets = { clearPassword: (value) => value };
const connector = new PostgisConnector(secrets);

const SETUP_SQL = `
CREATE EXTENSION postgis;
CREATE TABLE pts (id serial PRIMARY KEY, name text, rank int, secret text, geom geometry(Point, 4326));
INSERT INTO pts (name, rank, secret, geom) SELECT 'p' || g, g % 7, 'x', ST_SetSRID(ST_MakePoint(g % 100 - 50, g / 100 - 5), 4326) FROM generate_series(1, 20000) g;
CREATE INDEX ON pts USING gist (geom);
ANALYZE pts;
CREATE TABLE roads (gid serial PRIMARY KEY, label text, geom geometry(LineString, 26913));
INSERT INTO roads (label, geom) VALUES
  ('near', ST_GeomFromText('LINESTRING(500000 4000000, 505000 4005000, 510000 4010000)', 26913)),
  ('far', ST_GeomFromText('LINESTRING(700000 4400000, 710000 4410000)', 26913));
CREATE TABLE places (code text PRIMARY KEY, geog geography(Point, 4326));
INSERT INTO places VALUES ('a', 'POINT(10 10)'), ('b', 'POINT(20 30)');
CREATE TABLE shapes (id int PRIMARY KEY, geom geometry(MultiPolygon, 4326));
INSERT INTO shapes VALUES (1, 'SRID=4326;MULTIPOLYGON(((0 0,10 0,10 10,0 10,0 0),(2 2,2 4,4 4,4 2,2 2)),((20 20,21 20,21 21,20 20)))');
`;

const store: StoreConnection = {
  storeId: 7100,
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

function layer(table: string, srid: number, attributeSubset: string[] | null = null): WmsLayer {
  return {
    id: 1,
    workspace: 'acme',
    namespaceUri: 'http://acme',
    name: table,
    title: null,
    abstract: null,
    keywords: [],
    srs: `EPSG:${srid}`,
    nativeBbox: null,
    latLonBbox: null,
    queryable: true,
    opaque: false,
    styles: [],
    store,
    nativeName: table,
    srid,
    attributeSubset,
    cqlFilter: null,
  };
}

const WGS84: MapCrs = { label: 'EPSG:4326', srid: 4326, epsgAxisOrder: false, geographic: true, metresPerUnit: 1 };
const MERCATOR: MapCrs = { label: 'EPSG:3857', srid: 3857, epsgAxisOrder: false, geographic: false, metresPerUnit: 1 };

async function read(l: WmsLayer, crs: MapCrs, bbox: [number, number, number, number], columns: string[] = [], width = 256): Promise<MapFeature[]> {
  const out: MapFeature[] = [];
  for await (const f of layerFeatures(connector, l, { crs, bbox, width }, columns)) out.push(f);
  return out;
}

beforeAll(async () => {
  await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
  await admin((c) => c.query(SETUP_SQL), dbName);
});

afterAll(async () => {
  await connector.onApplicationShutdown();
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
});

describe('a map read', () => {
  it('gives the features in the box, in the map CRS, with only the columns asked for', async () => {
    const features = await read(layer('pts', 4326), WGS84, [-10.5, -0.5, -7.5, 1.5], ['name', 'rank']);
    const expected = await admin(
      (c) => c.query(`SELECT name, rank, ST_X(geom) AS x, ST_Y(geom) AS y FROM pts WHERE geom && ST_MakeEnvelope(-10.5, -0.5, -7.5, 1.5, 4326) ORDER BY name`),
      dbName,
    );
    const got = features
      .map((f) => ({ ...(f.properties as { name: string; rank: number }), xy: (f.geometry as { coordinates: number[] }).coordinates }))
      .sort((a, b) => String(a.name).localeCompare(String(b.name)));
    expect(got).toEqual(expected.rows.map((r) => ({ name: r.name, rank: r.rank, xy: [r.x, r.y] })));
    expect(got.length).toBe(6);
  });

  it('reprojects with PostGIS to the map CRS (TWKB quantized below a tenth of a pixel)', async () => {
    const [row] = (
      await admin((c) => c.query(`SELECT ST_X(g) AS x, ST_Y(g) AS y FROM (SELECT ST_Transform(geom, 3857) AS g FROM pts WHERE name = 'p1050') s`), dbName)
    ).rows;
    const box: [number, number, number, number] = [row.x - 5000, row.y - 5000, row.x + 5000, row.y + 5000];
    const features = await read(layer('pts', 4326), MERCATOR, box, ['name']);
    expect(features.map((f) => f.properties.name)).toEqual(['p1050']);
    const [x, y] = (features[0].geometry as { coordinates: number[] }).coordinates;
    const pixel = 10000 / 256;
    expect(Math.abs(x - row.x)).toBeLessThan(pixel / 10);
    expect(Math.abs(y - row.y)).toBeLessThan(pixel / 10);
  });

  it('reads a projected table into a lon/lat map, the box transformed for the index test', async () => {
    const [near] = (await admin((c) => c.query(`SELECT ST_AsGeoJSON(ST_Transform(geom, 4326)) AS g FROM roads WHERE label = 'near'`), dbName)).rows;
    const coords = JSON.parse(near.g).coordinates as number[][];
    const xs = coords.map((c) => c[0]);
    const ys = coords.map((c) => c[1]);
    const box: [number, number, number, number] = [Math.min(...xs) - 0.01, Math.min(...ys) - 0.01, Math.max(...xs) + 0.01, Math.max(...ys) + 0.01];
    const features = await read(layer('roads', 26913), WGS84, box, ['label'], 4096);
    expect(features.map((f) => f.properties.label)).toEqual(['near']);
    const got = (features[0].geometry as { coordinates: number[][] }).coordinates;
    expect(got.length).toBe(3);
    got.forEach((p, i) => {
      expect(Math.abs(p[0] - coords[i][0])).toBeLessThan(1e-5);
      expect(Math.abs(p[1] - coords[i][1])).toBeLessThan(1e-5);
    });
  });

  it('simplifies to the pixel: a zoomed-out line keeps its ends and drops the middle', async () => {
    const features = await read(layer('roads', 26913), MERCATOR, [-20037508, -20037508, 20037508, 20037508], [], 256);
    const near = features.map((f) => (f.geometry as { coordinates: number[][] }).coordinates.length);
    expect(near).toEqual([2, 2]);
  });

  it('reads geography columns and multipolygons with holes', async () => {
    const places = await read(layer('places', 4326), WGS84, [5, 5, 15, 15], ['code']);
    expect(places).toEqual([{ geometry: { type: 'Point', coordinates: [10, 10] }, properties: { code: 'a' } }]);
    const shapes = await read(layer('shapes', 4326), WGS84, [-1, -1, 30, 30], [], 3100);
    expect(shapes).toEqual([
      {
        geometry: {
          type: 'MultiPolygon',
          coordinates: [
            [
              [
                [0, 0],
                [10, 0],
                [10, 10],
                [0, 10],
                [0, 0],
              ],
              [
                [2, 2],
                [2, 4],
                [4, 4],
                [4, 2],
                [2, 2],
              ],
            ],
            [
              [
                [20, 20],
                [21, 20],
                [21, 21],
                [20, 20],
              ],
            ],
          ],
        },
        properties: {},
      },
    ]);
  });

  it('never reads a column the layer does not publish, nor one the table lacks', async () => {
    const features = await read(layer('pts', 4326, ['name', 'geom']), WGS84, [-10.5, -0.5, -9.5, 0.5], ['name', 'secret', 'nope']);
    expect(features.map((f) => f.properties)).toEqual([{ name: 'p540' }]);
  });

  it('streams a big layer batch by batch and hands its connection back', async () => {
    let count = 0;
    for await (const f of layerFeatures(connector, layer('pts', 4326), { crs: WGS84, bbox: [-180, -90, 180, 90], width: 1024 }, [])) {
      if (f.geometry.type === 'Point') count++;
    }
    // The table's points past latitude 90 (junk, but stored) are outside any lon/lat map.
    const [{ n }] = (await admin((c) => c.query(`SELECT count(*)::int AS n FROM pts WHERE ST_Y(geom) BETWEEN -90 AND 90`), dbName)).rows;
    expect([count, n > 5000]).toEqual([n, true]);
    const stats = connector.poolStats().find((s) => s.storeId === store.storeId && s.kind === 'streams');
    expect(stats && stats.total === stats.idle).toBe(true);
  });

  it('closes the read when the drawing stops early', async () => {
    const iterator = layerFeatures(connector, layer('pts', 4326), { crs: WGS84, bbox: [-180, -90, 180, 90], width: 1024 }, []);
    await iterator.next();
    await iterator.return(undefined);
    const stats = connector.poolStats().find((s) => s.storeId === store.storeId && s.kind === 'streams');
    expect(stats && stats.total === stats.idle).toBe(true);
  });

  it('tests the box through the spatial index', async () => {
    const table = await connector.describeTable(store, 'pts');
    const sql = mapFeaturesSql(
      'public',
      { table, srid: 4326 },
      { srid: 3857, box: { minx: 0, miny: 0, maxx: 1000, maxy: 1000 }, pixelSize: 4, columns: [], geographic: false },
    );
    const plan = await admin(async (c) => {
      await c.query('SET enable_seqscan = off');
      return (await c.query(`EXPLAIN ${sql.text}`, sql.params)).rows.map((r) => r['QUERY PLAN']).join('\n');
    }, dbName);
    expect(plan).toMatch(/Index Scan|Bitmap Index Scan/);
    expect(plan).toContain('pts_geom_idx');
  });
});
