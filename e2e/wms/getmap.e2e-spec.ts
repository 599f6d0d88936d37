/**
 * WMS GetMap drawn (contract §10) over HTTP on a real PostGIS table, the images read back with
 * GDAL (gdalinfo, gdallocationinfo: no app code). The `states` test table is drawn with the global
 * `polygon` style (fill #AAAAAA): a pixel inside Colorado is grey, one where no state is stays the
 * background. Needs the renderer (libs/map-render and apps/api/src/wms/draw).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ApiServer } from '../support/api-server';
import { userWithRole } from '../support/catalog';
import { RestClient, show } from '../support/http';
import { createFeatureType, seedFeatureTypeXml } from '../support/featuretype';
import { startRoundTripRelay } from '../support/pg-round-trips';
import { createSpatialStore, SpatialDb } from '../support/postgis';
import { imageInfo, pixels, serviceException, wmsGet } from './support';
import { startStatesApi } from './states-api';

const WS = 'wmsmap';
const GREY = [170, 170, 170];
const WHITE = [255, 255, 255];
/** In Colorado (lon -105.5, lat 39) and where no state is (lon -101, lat 44) on the map below. */
const COLORADO: [number, number] = [138, 179];
const EMPTY: [number, number] = [234, 51];

let server: ApiServer;
let api: RestClient;
let db: SpatialDb;

beforeAll(async () => {
  ({ server, api, db } = await startStatesApi([WS], ['states']));
  const group = await api.postXml(
    `/workspaces/${WS}/layergroups`,
    `<layerGroup><name>all</name><publishables><published type="layer">${WS}:states</published></publishables><styles><style></style></styles></layerGroup>`,
  );
  if (group.status !== 201) throw new Error(`group: ${show(group)}`);
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await db?.drop();
}, 60_000);

/** A 1.3.0 GetMap of the states around Colorado; `over` changes parameters (`undefined` removes one). */
function getMap(over: Record<string, string | undefined> = {}, auth = server.admin) {
  const base: Record<string, string | undefined> = {
    service: 'WMS',
    version: '1.3.0',
    request: 'GetMap',
    layers: `${WS}:states`,
    styles: '',
    crs: 'EPSG:4326',
    bbox: '36,-112,46,-100',
    width: '256',
    height: '256',
    format: 'image/png',
  };
  const params = Object.fromEntries(Object.entries({ ...base, ...over }).filter((e): e is [string, string] => e[1] !== undefined));
  return wmsGet(server, '/wms', params, auth);
}

const rgb = (values: number[]) => values.slice(0, 3);

describe('GetMap', () => {
  it('draws the layer with its default style: a PNG of WIDTH × HEIGHT', async () => {
    const res = await getMap();
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(imageInfo(res.bytes)).toMatchObject({ width: 256, height: 256, driver: 'PNG' });
    expect(pixels(res.bytes, [COLORADO, EMPTY]).map(rgb)).toEqual([GREY, WHITE]);
  });

  it('reads the 1.3.0 EPSG:4326 box latitude first, CRS:84 and 1.1.1 longitude first: the same picture', async () => {
    const a = await getMap();
    const b = await getMap({ crs: 'CRS:84', bbox: '-112,36,-100,46' });
    const c = await getMap({ version: '1.1.1', crs: undefined, srs: 'EPSG:4326', bbox: '-112,36,-100,46' });
    const points: Array<[number, number]> = [COLORADO, EMPTY, [60, 120], [200, 200]];
    expect(pixels(b.bytes, points)).toEqual(pixels(a.bytes, points));
    expect(pixels(c.bytes, points)).toEqual(pixels(a.bytes, points));
  });

  it('reprojects to EPSG:3857 with PostGIS', async () => {
    // Web Mercator of lon -112..-100, lat 36..46; Colorado's centre (-105.5, 39) falls in the grey.
    const res = await getMap({ crs: 'EPSG:3857', bbox: '-12467782,4300621,-11131949,5780349' });
    expect(res.headers.get('content-type')).toBe('image/png');
    const x = Math.round(((-105.5 + 112) / 12) * 256);
    const y = Math.round(((5780349 - 4721672) / (5780349 - 4300621)) * 256);
    expect(pixels(res.bytes, [[x, y], EMPTY]).map(rgb)).toEqual([GREY, WHITE]);
  });

  it('keeps the background transparent with TRANSPARENT=TRUE and paints BGCOLOR otherwise', async () => {
    const clear = await getMap({ transparent: 'TRUE' });
    expect(pixels(clear.bytes, [EMPTY])[0][3]).toBe(0);
    expect(pixels(clear.bytes, [COLORADO])[0]).toEqual([...GREY, 255]);
    const blue = await getMap({ bgcolor: '0x0000FF' });
    expect(rgb(pixels(blue.bytes, [EMPTY])[0])).toEqual([0, 0, 255]);
  });

  it('writes JPEG, WebP and PNG8', async () => {
    const answers = [];
    for (const format of ['image/jpeg', 'image/webp', 'image/png8']) {
      const res = await getMap({ format });
      answers.push([format, res.status, res.headers.get('content-type'), imageInfo(res.bytes).width]);
    }
    expect(answers).toEqual([
      ['image/jpeg', 200, 'image/jpeg', 256],
      ['image/webp', 200, 'image/webp', 256],
      ['image/png8', 200, 'image/png', 256],
    ]);
  });

  it('draws a group by its members', async () => {
    const res = await getMap({ layers: `${WS}:all` });
    expect(pixels(res.bytes, [COLORADO, EMPTY]).map(rgb)).toEqual([GREY, WHITE]);
  });

  it('takes SLD_BODY in library mode: the layer gets its NamedLayer style', async () => {
    const sld =
      '<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">' +
      `<NamedLayer><Name>${WS}:states</Name><UserStyle><FeatureTypeStyle><Rule><PolygonSymbolizer><Fill><CssParameter name="fill">#FF0000</CssParameter></Fill>` +
      '</PolygonSymbolizer></Rule></FeatureTypeStyle></UserStyle></NamedLayer></StyledLayerDescriptor>';
    const res = await getMap({ sld_body: sld });
    expect([res.headers.get('content-type'), rgb(pixels(res.bytes, [COLORADO])[0])]).toEqual(['image/png', [255, 0, 0]]);
  });

  it('draws what the catalog holds now: an edited SLD and a new default style show on the very next map', async () => {
    const fill = (hex: string) =>
      '<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">' +
      `<NamedLayer><Name>recolour</Name><UserStyle><FeatureTypeStyle><Rule><PolygonSymbolizer><Fill><CssParameter name="fill">${hex}</CssParameter></Fill>` +
      '</PolygonSymbolizer></Rule></FeatureTypeStyle></UserStyle></NamedLayer></StyledLayerDescriptor>';
    const colorado = async () => rgb(pixels((await getMap()).bytes, [COLORADO])[0]);
    expect(await api.postXml(`/workspaces/${WS}/styles`, '<style><name>recolour</name><filename>recolour.sld</filename></style>')).toHaveStatus(201);
    expect(await api.put(`/workspaces/${WS}/styles/recolour`, fill('#FF0000'), 'application/vnd.ogc.sld+xml')).toHaveStatus(200);
    const seen = [await colorado()];
    try {
      expect(await api.putXml(`/layers/${WS}:states`, `<layer><defaultStyle><name>${WS}:recolour</name></defaultStyle></layer>`)).toHaveStatus(200);
      seen.push(await colorado());
      expect(await api.put(`/workspaces/${WS}/styles/recolour`, fill('#0000FF'), 'application/vnd.ogc.sld+xml')).toHaveStatus(200);
      seen.push(await colorado());
    } finally {
      expect(await api.putXml(`/layers/${WS}:states`, '<layer><defaultStyle><name>polygon</name></defaultStyle></layer>')).toHaveStatus(200);
    }
    seen.push(await colorado());
    expect(seen).toEqual([GREY, [255, 0, 0], [0, 0, 255], GREY]);
  });

  it('answers EXCEPTIONS=BLANK and INIMAGE with an image of the requested size', async () => {
    const blank = await getMap({ layers: `${WS}:nope`, exceptions: 'BLANK' });
    expect([blank.headers.get('content-type'), imageInfo(blank.bytes).width]).toEqual(['image/png', 256]);
    expect(pixels(blank.bytes, [COLORADO, EMPTY]).map(rgb)).toEqual([WHITE, WHITE]);
    const inimage = await getMap({
      version: '1.1.1',
      crs: undefined,
      srs: 'EPSG:4326',
      bbox: '-112,36,-100,46',
      layers: 'nope',
      exceptions: 'application/vnd.ogc.se_inimage',
    });
    expect(inimage.headers.get('content-type')).toBe('image/png');
    // The message is written in black in the top rows.
    const top = pixels(
      inimage.bytes,
      Array.from({ length: 120 }, (_, i) => [4 + i, 12] as [number, number]),
    );
    expect(top.some((p) => p[0] < 128)).toBe(true);
    const xml = await getMap({ layers: 'nope' });
    expect(serviceException(xml.text)?.code).toBe('LayerNotDefined');
  });

  it('lets a READER draw a map', async () => {
    const reader = await userWithRole(api, 'READER', 'wmsmapreader');
    const res = await getMap({}, { user: reader.user, password: reader.password });
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/png']);
  });

  it("GDAL's WMS driver draws the layer", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wms-gdal-'));
    try {
      const out = join(dir, 'map.png');
      const url = `WMS:${server.baseUrl}/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=${WS}:states&SRS=EPSG:4326&BBOX=-112,36,-100,46&FORMAT=image/png`;
      await promisify(execFile)('gdal_translate', ['-of', 'PNG', '-outsize', '256', '256', url, out], {
        env: { ...process.env, GDAL_HTTP_USERPWD: `${server.admin.user}:${server.admin.password}`, GDAL_HTTP_AUTH: 'BASIC' },
      });
      const bytes = readFileSync(out);
      expect(pixels(bytes, [COLORADO, EMPTY]).map(rgb)).toEqual([GREY, WHITE]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('GetMap reads from the store', () => {
  /** The map pixel (1.3.0 box 36,-112,46,-100 at 256 × 256) of a lon/lat. */
  const at = (lon: number, lat: number): [number, number] => [Math.floor(((lon + 112) / 12) * 256), Math.floor(((46 - lat) / 10) * 256)];

  it('reads a layer whose rows fit in one batch in one round trip, a bigger one whole, and what the store holds now', async () => {
    const relay = await startRoundTripRelay({ host: db.storeParams().host, port: Number(db.storeParams().port) });
    try {
      await createSpatialStore(api, db, WS, 'relayed', { host: relay.host, port: String(relay.port) });
      await createFeatureType(api, WS, 'relayed', seedFeatureTypeXml('rstates', 'states', undefined, 'EPSG:4326'));
      // 150 squares of 0.5° in 10 rows of 15: more rows than a first batch (100).
      await db.query(`CREATE TABLE squares (id serial PRIMARY KEY, geom geometry(Polygon, 4326) NOT NULL)`);
      await db.query(
        `INSERT INTO squares (geom) SELECT ST_MakeEnvelope(-111.8 + (i % 15) * 0.75, 36.2 + (i / 15) * 0.9, -111.3 + (i % 15) * 0.75, 36.7 + (i / 15) * 0.9, 4326)
           FROM generate_series(0, 149) AS i`,
      );
      await createFeatureType(api, WS, 'relayed', seedFeatureTypeXml('squares', 'squares', undefined, 'EPSG:4326'));
      // The first map of a store finds PostGIS and describes the table; later ones reuse that.
      expect((await getMap({ layers: `${WS}:rstates` })).status).toBe(200);
      relay.reset();
      const small = await getMap({ layers: `${WS}:rstates` });
      expect(pixels(small.bytes, [COLORADO, EMPTY]).map(rgb)).toEqual([GREY, WHITE]);
      expect(relay.roundTrips).toBe(1);

      const centres = Array.from({ length: 150 }, (_, i) => at(-111.55 + (i % 15) * 0.75, 36.45 + Math.floor(i / 15) * 0.9));
      for (const time of ['first', 'second']) {
        relay.reset();
        const big = await getMap({ layers: `${WS}:squares` });
        expect([time, pixels(big.bytes, centres).filter((p) => rgb(p).join() === GREY.join()).length]).toEqual([time, 150]);
        // Tried in one round trip the first time (its rows did not fit: read again), not the second:
        // BEGIN with the first batch, the second batch, ROLLBACK.
        if (time === 'second') expect(relay.roundTrips).toBe(3);
      }

      // The one-round-trip read ended its transaction: the next map sees a change made meanwhile.
      await db.query(`UPDATE states SET the_geom = ST_Translate(the_geom, 0, -20) WHERE state_name = 'Colorado'`);
      try {
        const changed = await getMap({ layers: `${WS}:rstates` });
        expect(pixels(changed.bytes, [COLORADO]).map(rgb)).toEqual([WHITE]);
      } finally {
        await db.query(`UPDATE states SET the_geom = ST_Translate(the_geom, 0, 20) WHERE state_name = 'Colorado'`);
      }
    } finally {
      await relay.close();
    }
  });
});
