/**
 * QGIS 3.22's WMS provider as a real client (issue 23): Debian's python3-qgis, unmodified and
 * headless (`qgis-client.py`), opens the api's layer with the "wms" data provider, which reads the
 * capabilities, and renders it with QgsMapRendererSequentialJob. The layer's default style has two
 * rules (Colorado red by a filter, every other state blue by ElseFilter); the pixels of QGIS's
 * image at known places show those colours and, where no state is, QGIS's white background. Both in
 * the layer's EPSG:4326 and in EPSG:3857 (GetMap 1.3.0 as QGIS asks for it). No QGIS is a failure.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { ApiServer } from '../support/api-server';
import { RestClient, show, SLD_10 } from '../support/http';
import { SpatialDb } from '../support/postgis';
import { startStatesApi } from './states-api';

const WS = 'wmsqgis';
const PYTHON = '/usr/bin/python3';
const RED = [255, 0, 0, 255];
const BLUE = [0, 0, 255, 255];
const WHITE = [255, 255, 255, 255];

const TWO_RULES_SLD = `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">
  <NamedLayer><Name>states</Name><UserStyle><Name>tworules</Name><Title>Two rules</Title><FeatureTypeStyle>
    <Rule><Name>colorado</Name>
      <ogc:Filter><ogc:PropertyIsEqualTo><ogc:PropertyName>state_name</ogc:PropertyName><ogc:Literal>Colorado</ogc:Literal></ogc:PropertyIsEqualTo></ogc:Filter>
      <PolygonSymbolizer><Fill><CssParameter name="fill">#FF0000</CssParameter></Fill></PolygonSymbolizer></Rule>
    <Rule><Name>others</Name><ElseFilter/>
      <PolygonSymbolizer><Fill><CssParameter name="fill">#0000FF</CssParameter></Fill></PolygonSymbolizer></Rule>
  </FeatureTypeStyle></UserStyle></NamedLayer>
</StyledLayerDescriptor>`;

let server: ApiServer;
let api: RestClient;
let db: SpatialDb;

beforeAll(async () => {
  ({ server, api, db } = await startStatesApi([WS], ['states']));
  const style = await api.post(`/workspaces/${WS}/styles?name=tworules`, TWO_RULES_SLD, SLD_10);
  if (style.status !== 201) throw new Error(`style: ${show(style)}`);
  const layer = await api.putXml(`/layers/${WS}:states`, `<layer><defaultStyle><name>tworules</name><workspace>${WS}</workspace></defaultStyle></layer>`);
  if (layer.status !== 200) throw new Error(`layer style: ${show(layer)}`);
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await db?.drop();
}, 60_000);

interface QgisOut {
  qgis: string;
  valid: boolean;
  error: string | null;
  crs: string;
  extent?: number[];
  rendered?: number[];
  errors?: string[];
  pixels?: number[][];
  exception?: string;
}

/** Runs qgis-client.py; its one JSON line (QGIS may crash on exit after printing it: judged by the output). */
async function qgis(crs: string, bbox: number[], size: [number, number], points: Array<[number, number]>): Promise<QgisOut> {
  const args = [
    resolve(__dirname, 'qgis-client.py'),
    `${server.baseUrl}/${WS}/wms`,
    server.admin.user,
    server.admin.password,
    'states',
    crs,
    bbox.join(','),
    String(size[0]),
    String(size[1]),
    ...points.map((p) => p.join(',')),
  ];
  const env = { ...process.env, QT_QPA_PLATFORM: 'offscreen', XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR ?? '/tmp' };
  let stdout: string;
  let stderr: string;
  try {
    ({ stdout, stderr } = await promisify(execFile)(PYTHON, args, { timeout: 90_000, env, maxBuffer: 16 << 20 }));
  } catch (err) {
    // A crash while QGIS exits still leaves the printed line.
    const e = err as { stdout?: string; stderr?: string; message: string };
    if (!e.stdout?.trim()) throw new Error(`qgis-client.py printed nothing: ${e.message}\n${e.stderr ?? ''}`, { cause: err });
    stdout = e.stdout;
    stderr = e.stderr ?? '';
  }
  const line = stdout.trim().split('\n').pop() as string;
  try {
    return JSON.parse(line) as QgisOut;
  } catch (err) {
    throw new Error(`qgis-client.py printed no JSON: ${stdout}\n${stderr}`, { cause: err });
  }
}

/** The pixel of (x, y) in a `size` image of `bbox` (x/y order, y down). */
function pixelOf(bbox: number[], size: [number, number], [x, y]: [number, number]): [number, number] {
  const [minx, miny, maxx, maxy] = bbox;
  return [Math.floor(((x - minx) / (maxx - minx)) * size[0]), Math.floor(((maxy - y) / (maxy - miny)) * size[1])];
}

function mercator([lon, lat]: [number, number]): [number, number] {
  const r = 6378137;
  return [(r * lon * Math.PI) / 180, r * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))];
}

// Inside Colorado, inside Wyoming, and where no state is.
const PLACES: Array<[number, number]> = [
  [-105.5, 39],
  [-108, 43],
  [-101, 44],
];

describe('QGIS 3.22 WMS provider', () => {
  it('opens the layer (valid, EPSG:4326, its extent) and renders the two-rule style in EPSG:4326', async () => {
    const bbox = [-112, 36, -100, 46];
    const size: [number, number] = [240, 200];
    const out = await qgis(
      'EPSG:4326',
      bbox,
      size,
      PLACES.map((p) => pixelOf(bbox, size, p)),
    );
    expect(out.exception).toBeUndefined();
    expect(out.qgis).toMatch(/^3\.22\./);
    expect([out.valid, out.error]).toEqual([true, null]);
    expect(out.crs).toBe('EPSG:4326');
    // The layer's lon/lat box from the capabilities: New York to Wyoming.
    expect(out.extent?.map((v) => Math.round(v * 100) / 100)).toEqual([-111.05, 37, -74, 45.5]);
    expect(out.rendered).toEqual(size);
    expect(out.errors).toEqual([]);
    expect(out.pixels).toEqual([RED, BLUE, WHITE]);
  });

  it('renders it in EPSG:3857', async () => {
    const [a, b] = [mercator([-112, 36]), mercator([-100, 46])];
    const bbox = [a[0], a[1], b[0], b[1]];
    const size: [number, number] = [256, 256];
    const out = await qgis(
      'EPSG:3857',
      bbox,
      size,
      PLACES.map((p) => pixelOf(bbox, size, mercator(p))),
    );
    expect(out.exception).toBeUndefined();
    expect([out.valid, out.error, out.crs]).toEqual([true, null, 'EPSG:3857']);
    expect(out.errors).toEqual([]);
    expect(out.pixels).toEqual([RED, BLUE, WHITE]);
  });
});
