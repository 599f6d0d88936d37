/**
 * GDAL's OGC API - Features driver (ogrinfo from Debian's gdal-bin, installed by .ci/run) as a real
 * client: it reads the landing page, the collections and pages of items through next links, with
 * a READER's Basic credentials. The collection, its feature count and a feature's attributes must
 * come out as the table holds them.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { createWorkspace, userWithRole } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { Credentials } from '../support/http';
import { createStatesTable, useSpatialApi } from '../support/postgis';
import { featuresRoot, publish } from './support';

const OGRINFO = '/usr/bin/ogrinfo';
if (!existsSync(OGRINFO)) {
  const error = new Error(`OGRINFO TESTS CANNOT RUN: GDAL's ogrinfo is missing at ${OGRINFO} (install it with: apt-get install -y gdal-bin)`);
  error.stack = error.message;
  throw error;
}

const ctx = useSpatialApi();
const POINTS = 137;

beforeAll(async () => {
  const { db } = ctx;
  await createStatesTable(db, 'states');
  await db.query(`CREATE TABLE "${db.schema}".places (id serial PRIMARY KEY, name text, visits int, geom geometry(Point, 4326))`);
  await db.query(
    `INSERT INTO "${db.schema}".places (name, visits, geom)
     SELECT 'place ' || g, g * 10, ST_SetSRID(ST_MakePoint(g * 0.1, 45 + g * 0.01), 4326) FROM generate_series(1, ${POINTS}) g`,
  );
}, 60_000);

/** Runs ogrinfo on the API's landing page with Basic credentials; stdout. */
async function ogrinfo(auth: Credentials, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    OGRINFO,
    [
      '-ro',
      '--config',
      'GDAL_HTTP_AUTH',
      'BASIC',
      '--config',
      'GDAL_HTTP_USERPWD',
      `${auth.user}:${auth.password}`,
      '--config',
      'CPL_DEBUG',
      'OFF',
      `OAPIF:${featuresRoot(ctx.server)}`,
      ...args,
    ],
    { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
  );
  return stdout;
}

async function setUp(): Promise<{ states: string; places: string; reader: Credentials }> {
  const ws = uniqueName('gdal');
  await createWorkspace(ctx.api, ws);
  const states = await publish(ctx.api, ctx.db, ws, 'states');
  const places = await publish(ctx.api, ctx.db, ws, 'places');
  return { states, places, reader: await userWithRole(ctx.api, 'READER', 'gdal') };
}

it('lists the collections as layers', async () => {
  const { states, places, reader } = await setUp();
  const out = await ogrinfo(reader, '-q');
  expect(out).toContain(`: ${states} (title: states) (Multi Polygon)`);
  expect(out).toContain(`: ${places} (title: places) (Point)`);
}, 60_000);

it('reads a collection: its geometry type, extent, feature count and fields', async () => {
  const { states, reader } = await setUp();
  const out = await ogrinfo(reader, '-so', states);
  expect(out).toContain(`Layer name: ${states}`);
  expect(out).toContain('Geometry: Multi Polygon');
  expect(out).toContain('Feature Count: 3');
  const [extent] = await ctx.db.query<{ minx: number; miny: number; maxx: number; maxy: number }>(
    `SELECT ST_XMin(e) AS minx, ST_YMin(e) AS miny, ST_XMax(e) AS maxx, ST_YMax(e) AS maxy FROM (SELECT ST_Extent(the_geom) AS e FROM states) s`,
  );
  expect(out).toContain(`Extent: (${extent.minx.toFixed(6)}, ${extent.miny.toFixed(6)}) - (${extent.maxx.toFixed(6)}, ${extent.maxy.toFixed(6)})`);
  expect(out).toMatch(/^state_name: String/m);
  expect(out).toMatch(/^state_abbr: String/m);
  expect(out).toMatch(/^persons: (Integer|Real)/m);
}, 60_000);

it("reads a feature's attributes", async () => {
  const { states, reader } = await setUp();
  const out = await ogrinfo(reader, '-q', states, '-where', "state_abbr = 'CO'");
  const features = out.split(/^OGRFeature\(/m).slice(1);
  expect(features).toHaveLength(1);
  expect(features[0]).toMatch(/^\s+state_name \(String\) = Colorado$/m);
  expect(features[0]).toMatch(/^\s+state_abbr \(String\) = CO$/m);
  expect(features[0]).toMatch(/^\s+persons \((Integer|Real)\) = 5758736$/m);
  expect(features[0]).toMatch(/^\s+MULTIPOLYGON \(\(\(-109\.05 37(\.0)?,-102\.04 37(\.0)?,-102\.04 41(\.0)?,-109\.05 41(\.0)?,-109\.05 37(\.0)?\)\)\)$/m);
}, 60_000);

it('counts and reads every feature of a table larger than its pages, following next links', async () => {
  const { places, reader } = await setUp();
  expect(await ogrinfo(reader, '-so', places)).toContain(`Feature Count: ${POINTS}`);
  const out = await ogrinfo(reader, '-q', places);
  const ids = [...out.matchAll(/^OGRFeature\([^)]*\):(\d+)$/gm)].map((m) => Number(m[1]));
  expect(ids).toEqual(Array.from({ length: POINTS }, (_, i) => i + 1));
  expect(out).toMatch(/OGRFeature\([^)]*\):42\n\s+id \(Integer\) = 42\n\s+name \(String\) = place 42\n\s+visits \(Integer\) = 420\n/);
}, 60_000);

it('is refused without valid credentials', async () => {
  await setUp();
  await expect(ogrinfo({ user: 'admin', password: 'wrong' }, '-q')).rejects.toThrow(/401|Unauthorized|Authentication required/);
}, 60_000);
