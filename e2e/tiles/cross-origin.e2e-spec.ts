/**
 * A public web map on another origin (contract §12): an OpenLayers page served by a small static
 * server on another port, in real Chromium, without credentials, draws a layer the rules open to
 * everybody (`ws.*.r=*`) from the api's WMS and vector tiles — CORS `*` lets it read them — and
 * fails on a layer kept for signed-in users: its answers carry no `Access-Control-Allow-Origin`,
 * so the browser refuses them (CORS).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { createWorkspace } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { createStatesTable, useSpatialApi } from '../support/postgis';
import { publish } from '../features/support';
import { launchChromium, requireChromium, saveScreenshot } from '../browser/support/chromium';
import { bundlePageScript } from './openlayers/bundle';

requireChromium();

const ctx = useSpatialApi();
let browser: Browser;
let pages: Server;
let pagesOrigin: string;

beforeAll(async () => {
  await createStatesTable(ctx.db, 'states');
  const bundle = await bundlePageScript('cross-origin.js');
  pages = createServer((req, res) => {
    if (req.url === '/client.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
      return res.end(bundle);
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html><head><meta charset="utf-8"></head><body><script src="/client.js"></script></body></html>');
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesOrigin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => pages?.close(resolve));
});

it('draws a public layer’s WMS and tiles from another origin, and fails (CORS) on a private one', async () => {
  const open = uniqueName('corspub').replace(/-/g, '_');
  const closed = uniqueName('corspriv').replace(/-/g, '_');
  for (const ws of [open, closed]) await createWorkspace(ctx.api, ws);
  const pub = await publish(ctx.api, ctx.db, open, 'states');
  const priv = await publish(ctx.api, ctx.db, closed, 'states');
  expect(await ctx.api.postJson('/security/acl/layers', { [`${open}.*.r`]: '*' })).toHaveStatus(200);

  const context = await browser.newContext({ viewport: { width: 800, height: 700 } });
  const page = await context.newPage();
  const errors: string[] = [];
  const corsMessages: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (/CORS policy/.test(m.text())) corsMessages.push(m.text());
  });
  await page.goto(`${pagesOrigin}/map.html`);
  expect(new URL(page.url()).origin).not.toBe(new URL(ctx.server.baseUrl).origin);
  const wms = `${ctx.server.baseUrl}/wms`;
  const tileset = (id: string) => `${ctx.server.baseUrl}/ogc/tiles/v1/collections/${id}/tiles/WebMercatorQuad`;

  expect(await page.evaluate(([url, layer]) => (window as any).drawWms(url, layer), [wms, pub] as const)).toBe('drawn');
  expect(await page.evaluate((url) => (window as any).drawTiles(url), tileset(pub))).toBe(1);
  expect(corsMessages).toEqual([]);

  expect(await page.evaluate(([url, layer]) => (window as any).drawWms(url, layer), [wms, priv] as const)).toBe('error');
  expect(await page.evaluate((url) => (window as any).drawTiles(url), tileset(priv))).toBe('error');
  // Both refused by the browser for want of Access-Control-Allow-Origin.
  expect(corsMessages.length).toBeGreaterThanOrEqual(2);
  expect(corsMessages.every((m) => m.includes(pagesOrigin) && /Access-Control-Allow-Origin/.test(m))).toBe(true);
  await saveScreenshot(page, 'cross-origin-public-map');
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);
