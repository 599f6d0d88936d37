/**
 * GDAL (Debian 12's gdal-bin 3.6.2) as a real client of the tile API, with a READER's Basic
 * credentials:
 * - its OGCAPI driver finds the collections from the landing page alone (subdatasets), and from a
 *   collection walks to the tileset list, the tileset and the tile matrix set;
 * - its tile matrix set parser (the one the OGCAPI driver uses) accepts /tileMatrixSets/WebMercatorQuad
 *   and tiles a raster on that grid, and refuses the same document without the TMS 1.0 names;
 * - its MVT driver reads the tile the tileset's template names: the known features come out.
 * GDAL 3.6's OGCAPI driver then builds no vector-tile layer whatever the server sends (its tiled
 * layer is never constructed: fixed upstream in 3.7/3.8); the spec says so, and expects the
 * "Zoom level N" layers from a later GDAL.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createWorkspace, userWithRole } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { Credentials, request } from '../support/http';
import { createStatesTable, useSpatialApi } from '../support/postgis';
import { publish } from '../features/support';

const GDAL_BIN = '/usr/bin';
for (const tool of ['ogrinfo', 'gdalinfo', 'gdal_translate', 'gdal_create']) {
  if (!existsSync(join(GDAL_BIN, tool))) {
    const error = new Error(`GDAL TESTS CANNOT RUN: ${tool} is missing in ${GDAL_BIN} (install it with: apt-get install -y gdal-bin)`);
    error.stack = error.message;
    throw error;
  }
}

const ctx = useSpatialApi();
/** Half the equator in EPSG:3857 metres. */
const HALF_WORLD = Math.PI * 6378137;
let work: string;

beforeAll(async () => {
  await createStatesTable(ctx.db, 'states');
  work = mkdtempSync(join(tmpdir(), 'gdal-tiles-'));
}, 60_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a GDAL tool with Basic credentials; its exit code and output (never throws on a non-zero exit). */
async function gdal(tool: string, auth: Credentials | null, ...args: string[]): Promise<Run> {
  const config = auth ? ['--config', 'GDAL_HTTP_AUTH', 'BASIC', '--config', 'GDAL_HTTP_USERPWD', `${auth.user}:${auth.password}`] : [];
  try {
    const { stdout, stderr } = await promisify(execFile)(join(GDAL_BIN, tool), [...config, ...args], { timeout: 120_000, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    if (typeof e.code !== 'number') throw err;
    return { code: e.code, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

function ok(run: Run): string {
  if (run.code !== 0) throw new Error(`exit ${run.code}\n${run.stderr}\n${run.stdout.slice(0, 3000)}`);
  return run.stdout;
}

async function setUp(): Promise<{ states: string; reader: Credentials; root: string }> {
  const ws = uniqueName('gdaltiles');
  await createWorkspace(ctx.api, ws);
  const states = await publish(ctx.api, ctx.db, ws, 'states');
  return { states, reader: await userWithRole(ctx.api, 'READER', 'gdaltiles'), root: `${ctx.server.baseUrl}/ogc/tiles/v1` };
}

async function json(url: string, auth: Credentials): Promise<any> {
  const res = await request(url, { auth });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${res.text}`);
  return JSON.parse(res.text);
}

it('finds the collections from the landing page alone', async () => {
  const { states, reader, root } = await setUp();
  const out = ok(await gdal('ogrinfo', reader, '-ro', '-so', `OGCAPI:${root}`));
  const names = [...out.matchAll(/SUBDATASET_\d+_NAME=(\S+)/g)].map((m) => m[1]);
  expect(names).toContain(`OGCAPI:${root}/collections/${states}`);
  expect(out).toContain('Collection states');
}, 120_000);

it('walks from a collection to the tile matrix set; GDAL 3.6 then builds no layer, a later GDAL one per zoom level', async () => {
  const { states, reader, root } = await setUp();
  const version = ok(await gdal('ogrinfo', null, '--version'));
  const run = await gdal('ogrinfo', reader, '-ro', '-so', '--debug', 'on', `OGCAPI:${root}/collections/${states}`);
  const fetched = [...run.stderr.matchAll(/HTTP: Fetch\((\S+)\)/g)].map((m) => m[1]);
  expect(fetched.slice(0, 4)).toEqual([
    `${root}/collections/${states}`,
    `${root}/collections/${states}/tiles`,
    `${root}/collections/${states}/tiles/WebMercatorQuad`,
    `${root}/tileMatrixSets/WebMercatorQuad`,
  ]);
  // No error on the way: every document was found, of the type GDAL asked for, and parsed.
  expect(run.stderr).not.toMatch(/ERROR \d+:/);
  if (/^GDAL 3\.6\./.test(version)) {
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain('Unable to open datasource');
  } else {
    expect(ok(run)).toMatch(/^1: Zoom level 0$/m);
  }
}, 120_000);

it("parses /tileMatrixSets/WebMercatorQuad with GDAL's tile matrix set reader, and tiles a raster on its grid", async () => {
  const { reader, root } = await setUp();
  const doc = await json(`${root}/tileMatrixSets/WebMercatorQuad`, reader);
  const source = join(work, 'square.tif');
  ok(
    await gdal(
      'gdal_create',
      null,
      '-q',
      '-of',
      'GTiff',
      '-outsize',
      '64',
      '64',
      '-bands',
      '1',
      '-a_srs',
      'EPSG:3857',
      '-a_ullr',
      '-1e6',
      '5e6',
      '1e6',
      '3e6',
      source,
    ),
  );
  const target = join(work, 'square-cog.tif');
  ok(await gdal('gdal_translate', null, '-q', '-of', 'COG', '-co', `TILING_SCHEME=${JSON.stringify(doc, null, 2)}`, source, target));
  const info = JSON.parse(ok(await gdal('gdalinfo', null, '-json', target)));
  // On the grid: 256-pixel blocks, a cell size of one of the matrices, the origin on a tile corner.
  expect(info.bands[0].block).toEqual([256, 256]);
  const [x0, cell, , y0] = info.geoTransform as number[];
  const zoom = Math.round(Math.log2((2 * HALF_WORLD) / 256 / cell));
  expect(cell).toBeCloseTo((2 * HALF_WORLD) / 256 / 2 ** zoom, 6);
  const tile = cell * 256;
  expect(Math.abs((x0 + HALF_WORLD) / tile - Math.round((x0 + HALF_WORLD) / tile))).toBeLessThan(1e-6);
  expect(Math.abs((HALF_WORLD - y0) / tile - Math.round((HALF_WORLD - y0) / tile))).toBeLessThan(1e-6);
  // GDAL before 3.8 knows only the TMS 1.0 names: without them the same document is refused.
  const v2only = JSON.parse(JSON.stringify(doc));
  delete v2only.identifier;
  delete v2only.supportedCRS;
  for (const m of v2only.tileMatrices) {
    delete m.identifier;
    delete m.topLeftCorner;
  }
  const refused = await gdal(
    'gdal_translate',
    null,
    '-q',
    '-of',
    'COG',
    '-co',
    `TILING_SCHEME=${JSON.stringify(v2only, null, 2)}`,
    source,
    join(work, 'refused.tif'),
  );
  if (/^GDAL 3\.[67]\./.test(ok(await gdal('gdalinfo', null, '--version')))) expect(refused.code).not.toBe(0);
}, 120_000);

it("reads the known features from the tile the tileset's template names, with GDAL's MVT driver", async () => {
  const { states, reader, root } = await setUp();
  const tileset = await json(`${root}/collections/${states}/tiles/WebMercatorQuad`, reader);
  const item = tileset.links.find((l: { rel: string; type: string }) => l.rel === 'item' && l.type === 'application/vnd.mapbox-vector-tile');
  // Zoom 3, row 2, column 1 holds Wyoming and Colorado's north; zoom 10, row 385, column 301 Lower Manhattan.
  const read = async (z: number, y: number, x: number): Promise<string[]> => {
    const url = item.href.replace('{tileMatrix}', String(z)).replace('{tileRow}', String(y)).replace('{tileCol}', String(x));
    const res = await request(url, { auth: reader });
    expect(res.status).toBe(200);
    const file = join(work, `${z}-${y}-${x}.mvt`);
    writeFileSync(file, res.bytes);
    const out = ok(
      await gdal('ogrinfo', null, '-ro', '-q', '-oo', `Z=${z}`, '-oo', `X=${x}`, '-oo', `Y=${y}`, '-oo', 'METADATA_FILE=', `MVT:${file}`, 'states'),
    );
    return [...out.matchAll(/^ {2}state_name \(String\) = (.+)$/gm)].map((m) => m[1]).sort();
  };
  expect(await read(3, 2, 1)).toEqual(['Colorado', 'Wyoming']);
  expect(await read(10, 385, 301)).toEqual(['New York']);
}, 120_000);
