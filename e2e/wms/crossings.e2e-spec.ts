/**
 * WMS GetMap crossed with what else the api does (issue 23):
 * - WORKERS=2: a style written through one worker is what the other worker draws at its next
 *   GetMap (nothing either process kept may draw the old style);
 * - a layer whose store never answers (a host that accepts TCP and stays silent): GetMap ends
 *   within the store deadline with a ServiceExceptionReport naming the store (502), the
 *   process keeps answering (/health/ready, another layer's GetMap) while it waits and after.
 * WORKERS=2 runs on the PostgreSQL catalog only (the embedded catalog refuses it at start).
 */
import { ApiServer, describeWithExternalCatalog, startApi } from '../support/api-server';
import { createWorkspace, dataStoreBodyXml } from '../support/catalog';
import { createFeatureType, seedFeatureTypeXml } from '../support/featuretype';
import { request, restClient, RestClient, show, SLD_10 } from '../support/http';
import { createSpatialStore, createStatesTable, externalSpatialDb, SpatialDb } from '../support/postgis';
import { StalledStore, startSilentStore } from '../support/stalled-store';
import { Pinned, pinToWorkers } from '../support/workers';
import { pixels, serviceException } from './support';
import { startStatesApi } from './states-api';

const RED = [255, 0, 0];
const BLUE = [0, 0, 255];
/** The store deadline, shortened from its default 10 s. */
const STORE_TIMEOUT_MS = 3_000;

const fill = (name: string, colour: string) => `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">
  <NamedLayer><Name>${name}</Name><UserStyle><Name>${name}</Name><FeatureTypeStyle><Rule>
    <PolygonSymbolizer><Fill><CssParameter name="fill">${colour}</CssParameter></Fill></PolygonSymbolizer>
  </Rule></FeatureTypeStyle></UserStyle></NamedLayer>
</StyledLayerDescriptor>`;

/** GetMap 1.1.1 of `layer`, 64×64 over Colorado and Wyoming; Colorado is the pixel (32, 48). */
const getMapPath = (ws: string, layer: string) =>
  `/${ws}/wms?service=WMS&version=1.1.1&request=GetMap&layers=${layer}&styles=&srs=EPSG:4326&bbox=-110,37,-103,44&width=64&height=64&format=image/png`;
const COLORADO: [number, number] = [32, 48];

describeWithExternalCatalog('WMS GetMap under WORKERS=2', () => {
  const WS = 'wmsworkers';
  let server: ApiServer;
  let api: RestClient;
  let db: SpatialDb;
  let lines: Pinned[] = [];

  beforeAll(async () => {
    db = await externalSpatialDb(process.env.TEST_DATABASE_URL as string);
    server = await startApi({ workers: 2 });
    api = restClient(server);
    await createStatesTable(db, 'states');
    await createWorkspace(api, WS);
    await createSpatialStore(api, db, WS, 'gis');
    const ft = await createFeatureType(api, WS, 'gis', seedFeatureTypeXml('states', 'states', undefined, 'EPSG:4326'));
    if (ft.status !== 201) throw new Error(`publish: ${show(ft)}`);
    const style = await api.post(`/workspaces/${WS}/styles?name=fill`, fill('fill', '#FF0000'), SLD_10);
    if (style.status !== 201) throw new Error(`style: ${show(style)}`);
    const layer = await api.putXml(`/layers/${WS}:states`, `<layer><defaultStyle><name>fill</name><workspace>${WS}</workspace></defaultStyle></layer>`);
    if (layer.status !== 200) throw new Error(`layer: ${show(layer)}`);
    lines = await pinToWorkers(`${server.baseUrl}/health/live`, 2);
  }, 240_000);

  afterAll(async () => {
    for (const l of lines) l.close();
    await server?.stop();
    await db?.drop();
  }, 60_000);

  async function colorado(line: Pinned): Promise<number[]> {
    const res = await line.request(`${server.baseUrl}${getMapPath(WS, 'states')}`, { auth: server.admin });
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/png']);
    return pixels(res.bytes, [COLORADO])[0].slice(0, 3);
  }

  it('draws on each worker the style last written through the other', async () => {
    const [a, b] = lines;
    expect(a.worker).not.toBe(b.worker);
    // Both workers have drawn (and may keep) the red style.
    expect([await colorado(a), await colorado(b)]).toEqual([RED, RED]);
    for (const [writer, reader, colour, expected] of [
      [a, b, '#0000FF', BLUE],
      [b, a, '#FF0000', RED],
    ] as const) {
      const put = await writer.request(`${server.restUrl}/workspaces/${WS}/styles/fill`, {
        method: 'PUT',
        auth: server.admin,
        body: fill('fill', colour),
        type: SLD_10,
      });
      expect(put).toHaveStatus(200);
      expect(await colorado(reader)).toEqual(expected);
      expect(await colorado(writer)).toEqual(expected);
    }
  }, 120_000);
});

describe('WMS GetMap of a layer whose store never answers', () => {
  const WS = 'wmssilent';
  let server: ApiServer;
  let api: RestClient;
  let db: SpatialDb;
  let silent: StalledStore;

  beforeAll(async () => {
    silent = await startSilentStore();
    ({ server, api, db } = await startStatesApi([WS], ['states'], { STORE_TIMEOUT_SECONDS: String(STORE_TIMEOUT_MS / 1000) }));
    // A second store on the same table, published, then pointed at the silent host.
    await createSpatialStore(api, db, WS, 'gone');
    const ft = await createFeatureType(api, WS, 'gone', seedFeatureTypeXml('lost', 'states', undefined, 'EPSG:4326'));
    if (ft.status !== 201) throw new Error(`publish: ${show(ft)}`);
    const moved = await api.putXml(
      `/workspaces/${WS}/datastores/gone`,
      dataStoreBodyXml('gone', db.storeParams({ host: silent.host, port: String(silent.port) })),
    );
    if (moved.status !== 200) throw new Error(`move store: ${show(moved)}`);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    await silent?.close();
  }, 60_000);

  it('answers a 5xx naming the store within the deadline, and keeps serving meanwhile and after', async () => {
    const started = Date.now();
    const waiting = request(`${server.baseUrl}${getMapPath(WS, 'lost')}`, { auth: server.admin });
    // While it waits: the process answers at once.
    await new Promise((r) => setTimeout(r, 500));
    const t0 = Date.now();
    expect(await request(`${server.baseUrl}/health/ready`)).toHaveStatus(200);
    const other = await request(`${server.baseUrl}${getMapPath(WS, 'states')}`, { auth: server.admin });
    expect([other.status, other.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(Date.now() - t0).toBeLessThan(STORE_TIMEOUT_MS);

    const res = await waiting;
    const took = Date.now() - started;
    // The report WMS clients read, with the status of a store that cannot be reached.
    expect(res.status).toBe(502);
    expect(took).toBeLessThan(STORE_TIMEOUT_MS + 3_000);
    const report = serviceException(res.text);
    expect(report?.text).toContain(`${WS}:gone`);
    // And after: the process is up and draws the other layer.
    expect(await request(`${server.baseUrl}/health/ready`)).toHaveStatus(200);
    expect((await request(`${server.baseUrl}${getMapPath(WS, 'states')}`, { auth: server.admin })).status).toBe(200);
  }, 60_000);
});
