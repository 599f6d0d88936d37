/**
 * The WMS follows its settings (contract §10): `/rest/services/wms/settings` gives the service's
 * title, its SRS list and its pixel budget, a workspace's own settings its virtual service's, a
 * disabled service refuses, and `proxyBaseUrl` (`/rest/settings`) is the base of every URL the
 * capabilities write. Each change holds from the next request on.
 */
import { ApiServer } from '../support/api-server';
import { RestClient } from '../support/http';
import { SpatialDb } from '../support/postgis';
import { layerXml, serviceException, wmsGet } from './support';
import { startStatesApi } from './states-api';

const WS = 'wmsset';

let server: ApiServer;
let api: RestClient;
let db: SpatialDb;

beforeAll(async () => {
  ({ server, api, db } = await startStatesApi([WS], ['states']));
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await db?.drop();
}, 60_000);

const capabilities = (path = '/wms') => wmsGet(server, path, { service: 'WMS', version: '1.3.0', request: 'GetCapabilities' });
const serviceTitle = (xml: string) => /<Service>[\s\S]*?<Title>([^<]*)<\/Title>/.exec(xml)?.[1];

describe('the WMS reads its settings', () => {
  it('writes the global title and offers the listed SRSs; a workspace’s own settings win in its virtual service', async () => {
    expect(await api.putXml('/services/wms/settings', '<wms><title>Acme maps</title><srs><string>3035</string></srs></wms>')).toHaveStatus(200);
    const global = await capabilities();
    expect(serviceTitle(global.text)).toBe('Acme maps');
    expect(layerXml(global.text, `${WS}:states`)).toContain('<CRS>EPSG:3035</CRS>');

    expect(await api.postXml(`/services/wms/workspaces/${WS}/settings`, '<wms><title>Local maps</title></wms>')).toHaveStatus(201);
    expect(serviceTitle((await capabilities(`/${WS}/wms`)).text)).toBe('Local maps');
    expect(serviceTitle((await capabilities()).text)).toBe('Acme maps');
    expect(await api.delete(`/services/wms/workspaces/${WS}/settings`)).toHaveStatus(200);
    expect(serviceTitle((await capabilities(`/${WS}/wms`)).text)).toBe('Acme maps');
  });

  it('refuses every request while disabled, and serves again once enabled', async () => {
    expect(await api.putJson('/services/wms/settings', { wms: { enabled: false } })).toHaveStatus(200);
    try {
      const res = await capabilities();
      expect(res.status).toBe(200);
      expect(serviceException(res.text)?.text).toContain('Service WMS is disabled');
    } finally {
      expect(await api.putJson('/services/wms/settings', { wms: { enabled: true } })).toHaveStatus(200);
    }
    expect(serviceException((await capabilities()).text)).toBeNull();
  });

  it('refuses a map larger than maxRequestMemory allows (4 bytes a pixel)', async () => {
    // 64 KiB: 16,384 pixels — a 128×128 map fits, a 129×128 one does not.
    expect(await api.putJson('/services/wms/settings', { wms: { maxRequestMemory: 64 } })).toHaveStatus(200);
    try {
      const map = (width: number) =>
        wmsGet(server, '/wms', {
          service: 'WMS',
          version: '1.3.0',
          request: 'GetMap',
          layers: `${WS}:states`,
          styles: '',
          crs: 'EPSG:4326',
          bbox: '36,-112,46,-100',
          width: String(width),
          height: '128',
          format: 'image/png',
        });
      const fits = await map(128);
      expect([fits.status, fits.headers.get('content-type')]).toEqual([200, 'image/png']);
      const over = await map(129);
      expect(serviceException(over.text)).not.toBeNull();
    } finally {
      expect(await api.putJson('/services/wms/settings', { wms: { maxRequestMemory: 65536 } })).toHaveStatus(200);
    }
  });

  it('writes every URL of the capabilities from proxyBaseUrl', async () => {
    expect(await api.putJson('/settings', { global: { settings: { proxyBaseUrl: 'https://maps.example.org/geoserver/' } } })).toHaveStatus(200);
    try {
      const xml = (await capabilities()).text;
      const hrefs = [...xml.matchAll(/xlink:href="([^"]+)"/g)].map((m) => m[1]);
      expect(hrefs.length).toBeGreaterThan(3);
      for (const href of hrefs) expect(href.startsWith('https://maps.example.org/geoserver/')).toBe(true);
    } finally {
      expect(await api.putJson('/settings', { global: { settings: { proxyBaseUrl: '' } } })).toHaveStatus(200);
    }
    expect((await capabilities()).text).toContain(`xlink:href="${server.baseUrl}/wms`);
  });
});
