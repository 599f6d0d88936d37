/**
 * The layer preview of a large layer, in real Chromium: a 1,000,000-point PostGIS table (with
 * TEST_DATABASE_URL; 62,500 points in the sample database without it — still past the preview's
 * 50,000-feature threshold) is drawn from vector tiles in the SLD's colour (read from the canvas
 * pixels), no feature page is loaded, and a click identifies the point under the cursor with its
 * attributes, checked against the table.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createWorkspace } from '../support/catalog';
import { createFeatureType, seedFeatureTypeXml } from '../support/featuretype';
import { SLD_10, show } from '../support/http';
import { createSpatialStore, useSpatialApi } from '../support/postgis';
import { hexToRgb } from './pages/map-view';
import { PreviewPage } from './pages/preview.page';
import { SignInPage } from './pages/sign-in.page';
import { launchChromium, requireChromium, saveScreenshot } from './support/chromium';

requireChromium();

const STEP_TIMEOUT_MS = 15_000;
const FILL = '#D62728';
const WS = 'big';
const SIDE = process.env.TEST_DATABASE_URL ? 1000 : 250;

const redPoints = `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">
  <NamedLayer><Name>points</Name><UserStyle><Name>red_points</Name><FeatureTypeStyle><Rule><Name>Points</Name>
    <PointSymbolizer><Graphic><Mark><WellKnownName>square</WellKnownName><Fill><CssParameter name="fill">${FILL}</CssParameter></Fill></Mark>
      <Size>4</Size></Graphic></PointSymbolizer>
  </Rule></FeatureTypeStyle></UserStyle></NamedLayer>
</StyledLayerDescriptor>
`;

describe('the preview of a layer too large to load (Chromium)', () => {
  const spatial = useSpatialApi();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    const { db } = spatial;
    browser = await launchChromium();
    // A grid over lon/lat -10..10 (cell = id × a prime mod N: rows scattered over the grid).
    await db.query(`CREATE TABLE points (id int PRIMARY KEY, name text NOT NULL, rank int NOT NULL, geom geometry(Point, 4326) NOT NULL)`);
    const step = 20 / SIDE;
    await db.query(
      `INSERT INTO points
       SELECT g, 'p' || g, g % 7, ST_SetSRID(ST_MakePoint(-10 + (c % ${SIDE}) * ${step} + ${step / 2}, -10 + (c / ${SIDE}) * ${step} + ${step / 2}), 4326)
         FROM (SELECT g, (g::int8 * 999983) % ${SIDE * SIDE} AS c FROM generate_series(1, ${SIDE * SIDE}) AS g) AS s`,
    );
    await db.query('CREATE INDEX ON points USING gist (geom)');
    await db.query('ANALYZE points');
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    const { api, db } = spatial;
    await createWorkspace(api, WS);
    await createSpatialStore(api, db, WS, 'gis');
    const published = await createFeatureType(api, WS, 'gis', seedFeatureTypeXml('points', 'points'));
    if (published.status !== 201) throw new Error(`publish points: ${show(published)}`);
    expect(await api.postXml(`/workspaces/${WS}/styles`, '<style><name>red_points</name><filename>red_points.sld</filename></style>')).toHaveStatus(201);
    expect(await api.put(`/workspaces/${WS}/styles/red_points`, redPoints, SLD_10)).toHaveStatus(200);
    expect(
      await api.putXml(`/layers/${WS}:points`, `<layer><defaultStyle><name>red_points</name><workspace>${WS}</workspace></defaultStyle></layer>`),
    ).toHaveStatus(200);

    context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
  }, 60_000);

  afterEach(async () => {
    await context?.close();
    expect(pageErrors).toEqual([]);
  });

  it('draws the points from vector tiles in the style’s colour, and identifies the point clicked', async () => {
    const { server, db } = spatial;
    const tileRequests: string[] = [];
    const itemRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/ogc/tiles/v1/')) tileRequests.push(r.url());
      if (r.url().includes('/ogc/features/v1/') && r.url().includes('/items')) itemRequests.push(r.url());
    });
    const tileFailures: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/ogc/tiles/v1/') && ![200, 204, 304].includes(r.status())) tileFailures.push(`${r.status()} ${r.url()}`);
    });

    const layer = `${WS}:points`;
    const signIn = await new SignInPage(page).open(`${server.baseUrl}/web/preview/${layer}?mode=client`);
    await signIn.signIn(server.admin.user, server.admin.password);
    const preview = new PreviewPage(page);
    await preview.waitUntilShown(layer);
    await preview.status.filter({ hasText: 'A large layer: drawn from vector tiles' }).waitFor();

    // The grid covers the view's middle: a solid block of the fill colour, drawn from tiles.
    const red = hexToRgb(FILL);
    expect(await preview.map.waitForPixels(red, 20_000, 20_000)).toBeGreaterThanOrEqual(20_000);
    expect(tileRequests.length).toBeGreaterThan(0);
    expect(tileRequests.every((u) => /\/collections\/big%3Apoints\/tiles\/WebMercatorQuad\/\d+\/\d+\/\d+$/.test(u))).toBe(true);
    expect(tileFailures).toEqual([]);
    // Only whether there are more than 50,000 was asked of the feature API for the map: one feature
    // at that offset, no page of the map's extent; and the attribute table's first page of 25.
    expect(itemRequests.map((u) => new URL(u).search).sort()).toEqual(['?limit=1&offset=50000', '?limit=25&offset=0']);
    // Where there are no points (the grid ends at ±10°), the map is not red: the corners of the view.
    const corner = await preview.map.element.evaluate((element) => {
      const canvas = element.querySelector('canvas')!;
      const data = canvas.getContext('2d')!.getImageData(0, 0, 8, 8).data;
      return [data[0], data[1], data[2]];
    });
    expect(corner).not.toEqual(red);

    // Identify: the point under the cursor, with its attributes as the table has them.
    const point = await preview.map.interiorPoint(red);
    if (!point) throw new Error('no drawn point to click');
    await page.mouse.click(point.x, point.y);
    await preview.featureInfo.getByText('rank').first().waitFor();
    const info = await preview.featureInfo.innerText();
    // One entry per point, though a point near a tile's edge is in its neighbours' buffers too.
    const ids = [...info.matchAll(/\bid\s+(\d+)/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    const id = Number(/\bid\s+(\d+)/.exec(info)?.[1]);
    expect(Number.isInteger(id)).toBe(true);
    const [row] = await db.query<{ name: string; rank: number }>('SELECT name, rank FROM points WHERE id = $1', [id]);
    expect(info).toContain(row.name);
    expect(info).toMatch(new RegExp(`\\brank\\s+${row.rank}\\b`));
    await saveScreenshot(page, 'preview-tiles');
  }, 120_000);
});
