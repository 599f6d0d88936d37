/**
 * OpenLayers (the `ol` package the console uses) in real Chromium as an OGC API - Tiles client:
 * from the tile API's landing page alone it finds a layer's tileset and draws its vector tiles
 * (`ol/source/OGCVectorTile` reads the tileset's `item` template and the tile matrix set of its
 * `tiling-scheme` link), with a READER's Basic credentials, sent with every request: the read
 * paths answer a request without credentials as the anonymous caller (contract §12), so a browser
 * that waits for a challenge would be shown only what is public. The features under a point are the
 * table's. The page is served on the api's origin by the browser (route), so no CORS is involved.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createWorkspace, userWithRole } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { createStatesTable, useSpatialApi } from '../support/postgis';
import { publish } from '../features/support';
import { launchChromium, requireChromium, saveScreenshot } from '../browser/support/chromium';
import { bundlePageScript } from './openlayers/bundle';

requireChromium();

const ctx = useSpatialApi();
let browser: Browser;
let context: BrowserContext;
let page: Page;
let bundle: string;
const tileRequests: string[] = [];

beforeAll(async () => {
  await createStatesTable(ctx.db, 'states');
  bundle = await bundlePageScript('client.js');
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

it('draws a layer found from the landing page alone, and finds its features under a point', async () => {
  const ws = uniqueName('oltiles');
  await createWorkspace(ctx.api, ws);
  const states = await publish(ctx.api, ctx.db, ws, 'states');
  const reader = await userWithRole(ctx.api, 'READER', 'oltiles');
  context = await browser.newContext({
    viewport: { width: 800, height: 600 },
    extraHTTPHeaders: { Authorization: `Basic ${Buffer.from(`${reader.user}:${reader.password}`).toString('base64')}` },
  });
  page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    if (/\/tiles\/WebMercatorQuad\/\d+\/\d+\/\d+$/.test(r.url())) tileRequests.push(r.url());
  });
  const pageUrl = `${ctx.server.baseUrl}/__e2e/openlayers.html`;
  await page.route(pageUrl, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><html><head><style>html,body,#map{margin:0;width:100%;height:100%}</style></head><body><div id="map"></div><script src="openlayers.js"></script></body></html>',
    }),
  );
  await page.route(pageUrl.replace(/\.html$/, '.js'), (route) => route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: bundle }));
  await page.goto(pageUrl);
  expect(errors).toEqual([]);
  const root = `${ctx.server.baseUrl}/ogc/tiles/v1`;
  const tileset = await page.evaluate(([landing, id]) => (window as any).openTiles(landing, id, [-105, 41], 4), [root, states] as const);
  expect(tileset).toBe(`${root}/collections/${states}/tiles/WebMercatorQuad`);
  expect(tileRequests.length).toBeGreaterThan(0);
  for (const url of tileRequests) expect(url.startsWith(`${root}/collections/${states}/tiles/WebMercatorQuad/4/`)).toBe(true);
  expect(await page.evaluate(() => (window as any).namesAt([-105.5, 39], 'state_name'))).toEqual(['Colorado']);
  expect(await page.evaluate(() => (window as any).namesAt([-107, 43.5], 'state_name'))).toEqual(['Wyoming']);
  expect(await page.evaluate(() => (window as any).namesAt([-95, 39], 'state_name'))).toEqual([]);
  await saveScreenshot(page, 'openlayers-ogc-tiles');
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);
