// Integration spec of the PostGIS connector against a real PostGIS server
// (TEST_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres): it creates its
// own database with PostGIS and a set of tables, and drops it at the end.
import { randomBytes } from 'node:crypto';
import * as net from 'node:net';
import { Client, Pool } from 'pg';
import { CatalogError } from '@geocatalog/catalog-model';
import { StoreHosts } from '../../config/store-hosts';
import { StoreSecrets } from '../store-secrets';
import { PostgisConnector, STORE_TIMEOUT_MS } from './postgis.connector';
import type { StoreConnection } from './postgis.types';

jest.setTimeout(30_000);

const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const dbName = `gc_conn_${randomBytes(4).toString('hex')}`;
// Plain-text passwords: the catalog's cipher is not the connector's business (it is injected).
const secrets: StoreSecrets = { clearPassword: (value) => value };

const SETUP_SQL = `
CREATE EXTENSION postgis;
CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
CREATE DOMAIN positive_int AS integer CHECK (VALUE > 0);

CREATE TABLE states (fid serial PRIMARY KEY, name varchar(80), geom geometry(MultiPolygon, 4326));
INSERT INTO states (name, geom) VALUES
  ('a', ST_GeomFromText('MULTIPOLYGON(((-74.0118315772888 40.70754683896324, -74.00153046439813 40.70754683896324,
                                       -74.00153046439813 40.719885123828675, -74.0118315772888 40.70754683896324)))', 4326)),
  ('b', ST_GeomFromText('MULTIPOLYGON(((-74.01 40.71, -74.005 40.71, -74.005 40.715, -74.01 40.71)))', 4326));
CREATE VIEW states_view AS SELECT fid, name, geom FROM states;
-- A store that answers, slowly: reading this view takes 30 s.
CREATE VIEW slow_view AS SELECT s.geom FROM states s CROSS JOIN LATERAL pg_sleep(30);

CREATE TABLE roads (gid serial PRIMARY KEY, label text, geom geometry(LineString, 26913));
INSERT INTO roads (label, geom) VALUES ('r1', ST_GeomFromText('LINESTRING(500000 4000000, 600000 4100000)', 26913));

-- 170°E → 170°W: contiguous in PDC Mercator (central meridian 150°E).
CREATE TABLE dateline (id int, geom geometry(LineString, 3832));
INSERT INTO dateline VALUES (1, ST_Transform(ST_GeomFromText('LINESTRING(170 -10, 190 10)', 4326), 3832));

CREATE TABLE no_geom (id int, label text);
CREATE TABLE empty_pts (id int, geom geometry(Point, 4326));
CREATE TABLE one_point (id int, geom geometry(Point, 4326));
INSERT INTO one_point VALUES (1, ST_SetSRID(ST_MakePoint(10, 20), 4326));
CREATE TABLE one_point_utm (id int, geom geometry(Point, 26913));
INSERT INTO one_point_utm VALUES (1, ST_SetSRID(ST_MakePoint(500000, 4000000), 26913));
CREATE TABLE loose (id int, geom geometry);
INSERT INTO loose VALUES (1, NULL), (2, ST_SetSRID(ST_MakePoint(1, 2), 4326)), (3, ST_SetSRID(ST_MakePoint(3, 5), 4326));
CREATE TABLE places (id int, geog geography(Point, 4326));
INSERT INTO places VALUES (1, 'POINT(10 10)'), (2, 'POINT(20 30)');

CREATE TABLE all_types (
  c_serial serial PRIMARY KEY,
  c_smallint smallint, c_int integer, c_bigint bigint, c_real real, c_double double precision,
  c_numeric numeric(10, 2), c_bool boolean, c_text text, c_varchar varchar(30), c_varchar_free varchar,
  c_char char(5), c_name name, c_uuid uuid, c_date date, c_time time, c_timetz timetz,
  c_ts timestamp, c_tstz timestamptz, c_bytea bytea, c_json json, c_jsonb jsonb,
  c_int_arr int[], c_text_arr text[], c_enum mood, c_domain positive_int, c_money money,
  c_interval interval, c_inet inet, c_notnull text NOT NULL,
  c_point geometry(Point, 4326), c_mpoint geometry(MultiPoint, 4326), c_line geometry(LineString, 4326),
  c_mline geometry(MultiLineString, 4326), c_poly geometry(Polygon, 4326), c_coll geometry(GeometryCollection, 4326),
  c_pointz geometry(PointZ, 4326), c_pointm geometry(PointM, 4326), c_any geometry(Geometry, 4326),
  c_geog geography(Polygon, 4326)
);

CREATE TABLE "Mixed Case" (id int, geom geometry(Point, 4326));
CREATE SCHEMA other;
CREATE TABLE other.lakes (id int, geom geometry(Polygon, 4326));

-- Big enough for the estimated extent; one far outlier that statistics drop but an index keeps.
CREATE TABLE big AS
  SELECT i AS id, ST_SetSRID(ST_MakePoint((i % 1000) * 0.01, (i / 1000) * 0.01), 4326)::geometry(Point, 4326) AS geom
    FROM generate_series(1, 150000) i;
INSERT INTO big VALUES (0, ST_SetSRID(ST_MakePoint(50, 60), 4326));
CREATE TABLE big_indexed AS SELECT * FROM big;
CREATE INDEX ON big_indexed USING gist (geom);
ANALYZE big;
ANALYZE big_indexed;
`;

function storeParams(database: string): Record<string, string> {
  return {
    host: serverUrl.hostname,
    port: serverUrl.port || '5432',
    database,
    user: decodeURIComponent(serverUrl.username || 'postgres'),
    passwd: decodeURIComponent(serverUrl.password),
    dbtype: 'postgis',
  };
}

let nextId = 1000;
function store(params: Record<string, string>, qualifiedName = 'acme:nyc'): StoreConnection {
  const [workspace, name] = qualifiedName.split(':');
  return { storeId: nextId++, qualifiedName, names: { workspace, store: name }, params };
}

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

/** Points transformed to EPSG:4326 by the test database's PostGIS, in order. */
async function transformed(multipointWkt: string, srid: number): Promise<Array<{ x: number; y: number }>> {
  const r = await admin(
    (c) =>
      c.query(`SELECT ST_X(d.geom) AS x, ST_Y(d.geom) AS y FROM ST_DumpPoints(ST_Transform(ST_GeomFromText($1, $2), 4326)) d ORDER BY d.path`, [
        multipointWkt,
        srid,
      ]),
    dbName,
  );
  return r.rows as Array<{ x: number; y: number }>;
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

const connector = new PostgisConnector(secrets);
const nyc = store(storeParams(dbName));

beforeAll(async () => {
  await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
  await admin((c) => c.query(SETUP_SQL), dbName);
});

afterAll(async () => {
  await connector.onApplicationShutdown();
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
});

describe('describeTable', () => {
  it('describes a MultiPolygon table in EPSG:4326', async () => {
    const info = await connector.describeTable(nyc, 'states');
    // The statistics' row estimate depends on when autovacuum last ran.
    expect({ ...info, estimatedRows: undefined }).toEqual({
      schema: 'public',
      table: 'states',
      attributes: [
        { name: 'fid', binding: 'java.lang.Integer', minOccurs: 0, maxOccurs: 1, nillable: true, primaryKey: true },
        { name: 'name', binding: 'java.lang.String', minOccurs: 0, maxOccurs: 1, nillable: true, length: 80 },
        { name: 'geom', binding: 'org.locationtech.jts.geom.MultiPolygon', minOccurs: 0, maxOccurs: 1, nillable: true },
      ],
      geometry: { column: 'geom', type: 'MULTIPOLYGON', srid: 4326, geography: false },
      // Where filters find PostGIS and unaccent (not installed in this database).
      extensions: { postgis: '"public"', unaccent: null },
    });
  });

  it('gives every common column type its GeoServer binding', async () => {
    const info = await connector.describeTable(nyc, 'all_types');
    const bindings = Object.fromEntries(info.attributes.map((a) => [a.name, a.binding]));
    expect(bindings).toEqual({
      c_serial: 'java.lang.Integer',
      c_smallint: 'java.lang.Short',
      c_int: 'java.lang.Integer',
      c_bigint: 'java.lang.Long',
      c_real: 'java.lang.Float',
      c_double: 'java.lang.Double',
      c_numeric: 'java.math.BigDecimal',
      c_bool: 'java.lang.Boolean',
      c_text: 'java.lang.String',
      c_varchar: 'java.lang.String',
      c_varchar_free: 'java.lang.String',
      c_char: 'java.lang.String',
      c_name: 'java.lang.String',
      c_uuid: 'java.util.UUID',
      c_date: 'java.sql.Date',
      c_time: 'java.sql.Time',
      c_timetz: 'java.sql.Time',
      c_ts: 'java.sql.Timestamp',
      c_tstz: 'java.sql.Timestamp',
      c_bytea: '[B',
      c_json: 'java.lang.String',
      c_jsonb: 'java.lang.String',
      c_int_arr: '[Ljava.lang.Integer;',
      c_text_arr: '[Ljava.lang.String;',
      c_enum: 'java.lang.String',
      c_domain: 'java.lang.Integer',
      c_money: 'java.lang.Double',
      c_notnull: 'java.lang.String',
      c_point: 'org.locationtech.jts.geom.Point',
      c_mpoint: 'org.locationtech.jts.geom.MultiPoint',
      c_line: 'org.locationtech.jts.geom.LineString',
      c_mline: 'org.locationtech.jts.geom.MultiLineString',
      c_poly: 'org.locationtech.jts.geom.Polygon',
      c_coll: 'org.locationtech.jts.geom.GeometryCollection',
      c_pointz: 'org.locationtech.jts.geom.Point',
      c_pointm: 'org.locationtech.jts.geom.Point',
      c_any: 'org.locationtech.jts.geom.Geometry',
      c_geog: 'org.locationtech.jts.geom.Polygon',
    });
    // Table order, and what GeoServer cannot map is left out but reported.
    expect(info.attributes.map((a) => a.name)).toEqual(Object.keys(bindings));
    expect(info.unmappedColumns).toEqual(['c_interval', 'c_inet']);
    const byName = Object.fromEntries(info.attributes.map((a) => [a.name, a]));
    expect(byName.c_varchar.length).toBe(30);
    expect(byName.c_char.length).toBe(5);
    expect(byName.c_varchar_free.length).toBeUndefined();
    expect(byName.c_text.length).toBeUndefined();
    // Contract §4: every column is minOccurs 0 and nillable, NOT NULL ones included.
    expect(byName.c_notnull).toMatchObject({ minOccurs: 0, nillable: true });
    expect(byName.c_int).toMatchObject({ minOccurs: 0, nillable: true });
    expect(info.geometry).toEqual({ column: 'c_point', type: 'POINT', srid: 4326, geography: false });
  });

  it('describes a view, a table without geometry, a geography table and an unconstrained column', async () => {
    const view = await connector.describeTable(nyc, 'states_view');
    expect(view.attributes.map((a) => [a.name, a.binding, a.nillable])).toEqual([
      ['fid', 'java.lang.Integer', true],
      ['name', 'java.lang.String', true],
      ['geom', 'org.locationtech.jts.geom.MultiPolygon', true],
    ]);
    expect(view.geometry).toEqual({ column: 'geom', type: 'MULTIPOLYGON', srid: 4326, geography: false });

    expect((await connector.describeTable(nyc, 'no_geom')).geometry).toBeNull();
    expect((await connector.describeTable(nyc, 'places')).geometry).toEqual({ column: 'geog', type: 'POINT', srid: 4326, geography: true });
    expect((await connector.describeTable(nyc, 'loose')).geometry).toEqual({ column: 'geom', type: 'GEOMETRY', srid: 4326, geography: false });
    expect((await connector.describeTable(nyc, 'Mixed Case')).geometry?.column).toBe('geom');
  });

  it("looks the table up in the store's schema", async () => {
    const other = store({ ...storeParams(dbName), schema: 'other' });
    expect((await connector.describeTable(other, 'lakes')).schema).toBe('other');
    const err = await failure(connector.describeTable(other, 'states'));
    expect([err.code, err.message]).toEqual(['NOT_FOUND', "No such table: 'other.states' in data store 'acme:nyc'"]);
    await connector.release(other.storeId);
  });

  it.each(['missing', 'states; DROP TABLE states;--', '"states"', "states' OR '1'='1", 'public.states', 'STATES'])(
    'treats %j as a name that does not exist',
    async (name) => {
      const err = await failure(connector.describeTable(nyc, name));
      expect(err.code).toBe('NOT_FOUND');
      expect(err.message).toBe(`No such table: 'public.${name}' in data store 'acme:nyc'`);
      expect((await connector.describeTable(nyc, 'states')).table).toBe('states');
    },
  );
});

describe('listTables', () => {
  it('lists tables and views of the schema, sorted, without PostGIS metadata', async () => {
    const all = await connector.listTables(nyc);
    expect(all).toEqual([
      'Mixed Case',
      'all_types',
      'big',
      'big_indexed',
      'dateline',
      'empty_pts',
      'loose',
      'no_geom',
      'one_point',
      'one_point_utm',
      'places',
      'roads',
      'slow_view',
      'states',
      'states_view',
    ]);
    expect(await connector.listTables(nyc, { withGeometry: true })).toEqual(all.filter((t) => t !== 'no_geom'));
  });
});

describe('nativeBounds', () => {
  it('is the exact extent of a small table', async () => {
    const info = await connector.describeTable(nyc, 'states');
    expect(await connector.nativeBounds(nyc, info)).toEqual({
      minx: -74.0118315772888,
      miny: 40.70754683896324,
      maxx: -74.00153046439813,
      maxy: 40.719885123828675,
    });
  });

  it('is null for an empty table and for a table without geometry', async () => {
    expect(await connector.nativeBounds(nyc, await connector.describeTable(nyc, 'empty_pts'))).toBeNull();
    expect(await connector.nativeBounds(nyc, await connector.describeTable(nyc, 'no_geom'))).toBeNull();
  });

  it('widens a box of zero width or height as GeoServer does', async () => {
    expect(await connector.nativeBounds(nyc, await connector.describeTable(nyc, 'one_point'))).toEqual({
      minx: 9.9999,
      miny: 19.9999,
      maxx: 10.0001,
      maxy: 20.0001,
    });
    expect(await connector.nativeBounds(nyc, await connector.describeTable(nyc, 'one_point_utm'))).toEqual({
      minx: 499999,
      miny: 3999999,
      maxx: 500001,
      maxy: 4000001,
    });
  });

  it('works on views, geography and unconstrained columns', async () => {
    expect(await connector.nativeBounds(nyc, await connector.describeTable(nyc, 'states_view'))).toMatchObject({ minx: -74.0118315772888 });
    expect(await connector.nativeBounds(nyc, await connector.describeTable(nyc, 'places'))).toEqual({ minx: 10, miny: 10, maxx: 20, maxy: 30 });
    expect(await connector.nativeBounds(nyc, await connector.describeTable(nyc, 'loose'))).toEqual({ minx: 1, miny: 2, maxx: 3, maxy: 5 });
  });

  it('estimates the extent of a big table: from its spatial index, else from its statistics', async () => {
    const indexed = await connector.nativeBounds(nyc, await connector.describeTable(nyc, 'big_indexed'));
    // The index's root box holds every row, rounded outward to float4.
    expect(indexed!.minx).toBeLessThanOrEqual(0);
    expect(indexed!.minx).toBeGreaterThan(-0.0001);
    expect(indexed!.maxx).toBeCloseTo(50, 4);
    expect(indexed!.maxy).toBeCloseTo(60, 4);
    // Statistics are a sample, padded and without far outliers, and never beyond the world in degrees.
    const fromStats = await connector.nativeBounds(nyc, await connector.describeTable(nyc, 'big'));
    expect(fromStats!.maxx).toBeLessThan(50);
    expect(fromStats!.maxx).toBeGreaterThan(9);
    expect(fromStats!.minx).toBeGreaterThanOrEqual(-180);
  });
});

describe('toWgs84', () => {
  it('is the identity for EPSG:4326', async () => {
    const box = { minx: 170, miny: -10, maxx: 190, maxy: 10 };
    expect(await connector.toWgs84(nyc, box, 4326)).toEqual(box);
  });

  it('transforms a UTM box', async () => {
    const roads = await connector.describeTable(nyc, 'roads');
    expect(roads.geometry).toEqual({ column: 'geom', type: 'LINESTRING', srid: 26913, geography: false });
    const native = (await connector.nativeBounds(nyc, roads))!;
    expect(native).toEqual({ minx: 500000, miny: 4000000, maxx: 600000, maxy: 4100000 });
    const latLon = await connector.toWgs84(nyc, native, 26913);
    // In transverse Mercator the extremes of this box are its corners.
    const [sw, se, ne, nw] = await transformed('MULTIPOINT(500000 4000000, 600000 4000000, 600000 4100000, 500000 4100000)', 26913);
    expect(latLon.minx).toBeCloseTo(Math.min(sw.x, nw.x), 9);
    expect(latLon.maxx).toBeCloseTo(Math.max(se.x, ne.x), 9);
    expect(latLon.miny).toBeCloseTo(Math.min(sw.y, se.y), 9);
    expect(latLon.maxy).toBeCloseTo(Math.max(nw.y, ne.y), 9);
    expect(latLon.minx).toBeCloseTo(-105, 9);
  });

  it('densifies the edges: a Lambert box reaches its northernmost latitude mid-edge', async () => {
    const box = { minx: 100000, miny: 6000000, maxx: 1300000, maxy: 7100000 };
    const latLon = await connector.toWgs84(nyc, box, 2154);
    const [nw, ne, northMiddle] = await transformed('MULTIPOINT(100000 7100000, 1300000 7100000, 700000 7100000)', 2154);
    expect(northMiddle.y).toBeGreaterThan(Math.max(nw.y, ne.y) + 0.1);
    expect(latLon.maxy).toBeCloseTo(northMiddle.y, 9);
  });

  it('unwraps data crossing the antimeridian instead of clamping it', async () => {
    const info = await connector.describeTable(nyc, 'dateline');
    const native = (await connector.nativeBounds(nyc, info))!;
    const latLon = await connector.toWgs84(nyc, native, 3832);
    expect(latLon.minx).toBeCloseTo(-190, 6);
    expect(latLon.maxx).toBeCloseTo(-170, 6);
    expect(latLon.miny).toBeCloseTo(-10, 6);
    expect(latLon.maxy).toBeCloseTo(10, 6);
  });

  it('refuses an SRID the store does not know', async () => {
    const err = await failure(connector.toWgs84(nyc, { minx: 0, miny: 0, maxx: 1, maxy: 1 }, 999999));
    expect(err.code).toBe('INVALID_VALUE');
    expect(err.message).toMatch(/^Cannot transform the bounding box from EPSG:999999 to EPSG:4326 in data store 'acme:nyc': /);
  });
});

describe('crs', () => {
  it.each(['EPSG:4326', 'epsg:4326', 'urn:ogc:def:crs:EPSG::4326', 'http://www.opengis.net/gml/srs/epsg.xml#4326'])(
    'reads %s from spatial_ref_sys',
    async (code) => {
      const crs = await connector.crs(nyc, code);
      expect(crs).toMatchObject({ code: 'EPSG:4326', srid: 4326, projected: false });
      expect(crs.wkt.split('\n')).toEqual([
        'GEOGCS["WGS 84", ',
        '  DATUM["WGS_1984", ',
        '    SPHEROID["WGS 84", 6378137, 298.257223563, AUTHORITY["EPSG","7030"]], ',
        '    AUTHORITY["EPSG","6326"]], ',
        '  PRIMEM["Greenwich", 0, AUTHORITY["EPSG","8901"]], ',
        '  UNIT["degree", 0.0174532925199433, AUTHORITY["EPSG","9122"]], ',
        '  AUTHORITY["EPSG","4326"]]',
      ]);
    },
  );

  it('gives a projected CRS as PROJCS', async () => {
    const crs = await connector.crs(nyc, 'EPSG:26913');
    expect(crs).toMatchObject({ code: 'EPSG:26913', srid: 26913, projected: true });
    expect(crs.wkt.startsWith('PROJCS["NAD83 / UTM zone 13N", \n  GEOGCS["NAD83", \n    DATUM["North_American_Datum_1983", \n')).toBe(true);
    expect(crs.wkt).toContain('\n  PROJECTION["Transverse_Mercator"], \n  PARAMETER["latitude_of_origin", 0], \n');
    expect(crs.wkt.endsWith('\n  AXIS["Easting", EAST], \n  AXIS["Northing", NORTH], \n  AUTHORITY["EPSG","26913"]]')).toBe(true);
  });

  it.each([
    ['EPSG:99999', "Unknown CRS code 'EPSG:99999': data store 'acme:nyc' does not define it"],
    ['EPSG:abc', "Unknown CRS code 'EPSG:abc': it is not an EPSG code (expected e.g. EPSG:4326)"],
    ["EPSG:4326' OR '1'='1", `Unknown CRS code 'EPSG:4326' OR '1'='1': it is not an EPSG code (expected e.g. EPSG:4326)`],
  ])('refuses %s', async (code, message) => {
    const err = await failure(connector.crs(nyc, code));
    expect([err.code, err.message]).toEqual(['INVALID_VALUE', message]);
  });
});

describe('unreachable stores', () => {
  let blackhole: net.Server;
  let blackholePort: number;
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    // Accepts connections and never answers: a store behind a dead network path.
    blackhole = net.createServer((s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve));
    blackholePort = (blackhole.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => blackhole.close(resolve));
  });

  it('refused: 502 at once, naming the store in one wording, never the password', async () => {
    const down = store({ ...storeParams(dbName), host: '127.0.0.1', port: '1', passwd: 's3cret-Passw0rd' }, 'acme:down');
    const started = Date.now();
    const err = await failure(connector.describeTable(down, 'states'));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect([err.code, err.message]).toEqual(['STORE_UNAVAILABLE', "Data store 'acme:down' is unreachable"]);
    expect(err.message).not.toContain('s3cret');
    await connector.release(down.storeId);
  });

  it('missing database, unknown host: "unreachable"; an unknown role: "wrong user or password"; a bad port says so', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ database: 'no_such_db_here' }, "Data store 'acme:bad' is unreachable"],
      [{ host: 'no-such-host.invalid' }, "Data store 'acme:bad' is unreachable"],
      [{ port: 'abc' }, "Data store 'acme:bad' is unreachable: port 'abc' is not a port number"],
      [{ user: 'no_such_role_here' }, "Data store 'acme:bad' refused the login: wrong user or password"],
    ];
    for (const [change, message] of cases) {
      const bad = store({ ...storeParams(dbName), ...change }, 'acme:bad');
      const err = await failure(connector.listTables(bad));
      expect([err.code, err.message]).toEqual(['STORE_UNAVAILABLE', message]);
      await connector.release(bad.storeId);
    }
  });

  it(`silent or slow: 502 within the store deadline (${STORE_TIMEOUT_MS / 1000} s unless set shorter, as here) while other stores keep answering`, async () => {
    // STORE_TIMEOUT_SECONDS=3: the connect timeout, the statement timeout and the call deadline follow it.
    const deadlineMs = 3_000;
    const connector = new PostgisConnector(secrets, { storeTimeoutMs: deadlineMs });
    const silent = store({ ...storeParams(dbName), host: '127.0.0.1', port: String(blackholePort) }, 'acme:silent');
    const started = Date.now();
    const timed = (p: Promise<unknown>) => failure(p).then((err) => ({ err, ms: Date.now() - started }));
    const silentCall = timed(connector.describeTable(silent, 'states'));
    // A second call on the same store queues behind the pool and is bounded too.
    const queued = timed(connector.crs(silent, 'EPSG:4326'));
    // A store that accepts the connection but takes 30 s to answer a query.
    const slowInfo = await connector.describeTable(nyc, 'slow_view');
    const slowCall = timed(connector.nativeBounds(nyc, slowInfo));

    const healthy = await connector.describeTable(nyc, 'states');
    expect(healthy.table).toBe('states');
    expect(Date.now() - started).toBeLessThan(2_000);

    for (const [result, name] of [
      [await silentCall, 'acme:silent'],
      [await queued, 'acme:silent'],
      [await slowCall, 'acme:nyc'],
    ] as const) {
      expect(result.err.code).toBe('STORE_UNAVAILABLE');
      expect(result.err.message).toBe(`Data store '${name}' is unreachable`);
      expect(result.ms).toBeGreaterThanOrEqual(deadlineMs - 500);
      expect(result.ms).toBeLessThan(deadlineMs + 1_500);
    }
    // Still healthy afterwards.
    expect((await connector.describeTable(nyc, 'states')).table).toBe('states');
    await connector.onApplicationShutdown();
  });

  it('testConnection maps failures the same way and succeeds on a good store', async () => {
    await expect(connector.testConnection({ qualifiedName: 'test', params: storeParams(dbName) })).resolves.toMatch(/^PostgreSQL \d+/);
    const err = await failure(connector.testConnection({ qualifiedName: 'acme:test', params: { ...storeParams(dbName), port: '1' } }));
    expect([err.code, err.message]).toEqual(['STORE_UNAVAILABLE', "Data store 'acme:test' is unreachable"]);
  });
});

describe('pools', () => {
  const poolOf = (c: PostgisConnector, storeId: number): Pool | undefined =>
    (c as unknown as { access: { pools: Map<number, { pool: Pool }> } }).access.pools.get(storeId)?.pool;

  it('keeps one pool per store, replaces it when the parameters change, closes it on release', async () => {
    const s = store(storeParams(dbName), 'acme:pooled');
    await connector.describeTable(s, 'states');
    const first = poolOf(connector, s.storeId)!;
    await connector.listTables(s);
    expect(poolOf(connector, s.storeId)).toBe(first);
    expect(first.totalCount).toBeLessThanOrEqual(4);

    // Another api process changed the store: the connector sees the new parameters on next use.
    const changed: StoreConnection = { ...s, params: { ...s.params, host: serverUrl.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1' } };
    await connector.describeTable(changed, 'states');
    const second = poolOf(connector, s.storeId)!;
    expect(second).not.toBe(first);
    await new Promise((r) => setImmediate(r));
    expect(first.ended).toBe(true);

    await connector.release(s.storeId);
    expect(poolOf(connector, s.storeId)).toBeUndefined();
    expect(second.ended).toBe(true);
    expect(connector.poolStats().find((p) => p.storeId === s.storeId)).toBeUndefined();
  });

  it('bounds each pool to 4 connections under concurrent calls', async () => {
    const s = store(storeParams(dbName), 'acme:busy');
    const calls = Array.from({ length: 12 }, () => connector.describeTable(s, 'states'));
    expect(
      Math.max(
        ...connector
          .poolStats()
          .filter((p) => p.storeId === s.storeId)
          .map((p) => p.total),
      ),
    ).toBeLessThanOrEqual(4);
    await Promise.all(calls);
    expect(poolOf(connector, s.storeId)!.totalCount).toBeLessThanOrEqual(4);
    await connector.release(s.storeId);
  });

  it('survives a connection killed by the server while idle', async () => {
    const s = store(storeParams(dbName), 'acme:killed');
    await connector.describeTable(s, 'states');
    await admin((c) => c.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = 'geocatalog'`, [dbName]));
    await new Promise((r) => setTimeout(r, 200));
    // The dead idle connection was dropped; the next call opens a new one.
    expect((await connector.describeTable(s, 'states')).table).toBe('states');
    await connector.release(s.storeId);
  });
});

describe('STORE_HOSTS at connect time', () => {
  it('a store saved before the allow-list changed is refused before any connection (502 naming STORE_HOSTS)', async () => {
    const hosts = StoreHosts.parse(['only-this.example']);
    if ('problems' in hosts) throw new Error(hosts.problems.join());
    const guarded = new PostgisConnector(secrets, { storeHosts: hosts });
    const err = await failure(guarded.describeTable(store(storeParams(dbName), 'acme:old'), 'states'));
    expect(err.code).toBe('STORE_UNAVAILABLE');
    expect(err.message).toBe(
      `Data store 'acme:old' is not reachable: Data stores may not connect to '${serverUrl.hostname}': it is not in STORE_HOSTS (STORE_HOSTS is only-this.example)`,
    );
    expect(guarded.poolStats()).toEqual([]);
    // The same store with the host allowed connects.
    const open = new PostgisConnector(secrets, { storeHosts: StoreHosts.parse([serverUrl.hostname]) as StoreHosts });
    await expect(open.describeTable(store(storeParams(dbName), 'acme:ok'), 'states')).resolves.toMatchObject({ table: 'states' });
    await open.onApplicationShutdown();
  });
});
