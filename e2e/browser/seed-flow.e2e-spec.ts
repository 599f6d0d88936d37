/**
 * The whole seed flow done by clicking in the console, in real Chromium against a real api and a
 * real PostGIS database: sign in, create a workspace, add a PostGIS store (testing the connection
 * first, which saves nothing), publish two tables at once, write a style in the editor (with live
 * validation and a preview of the unsaved text), save it, make it the layer's default, and end on
 * the layer preview with the features drawn in the style's fill colour (read from the canvas
 * pixels), a feature identified by clicking it, and the preview's URL opened in a new tab.
 *
 * Every page is checked with axe-core (serious or critical violations fail) and photographed into
 * e2e/artifacts/seed-*.png.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createWorkspace } from '../support/catalog';
import { createFeatureType, seedFeatureTypeXml } from '../support/featuretype';
import { createRiversTable, createSpatialStore, createStatesTable, tableSuffix, useSpatialApi } from '../support/postgis';
import { ConsolePage } from './pages/console.page';
import { LayersPage } from './pages/layers.page';
import { hexToRgb } from './pages/map-view';
import { PreviewPage } from './pages/preview.page';
import { PublishPage } from './pages/publish.page';
import { SignInPage } from './pages/sign-in.page';
import { StoresPage } from './pages/stores.page';
import { StyleEditorPage } from './pages/style-editor.page';
import { StylesPage } from './pages/styles.page';
import { WorkspacesPage } from './pages/workspaces.page';
import { expectAccessible } from './support/axe';
import { launchChromium, requireChromium, saveScreenshot } from './support/chromium';

requireChromium();

const STEP_TIMEOUT_MS = 10_000;
/** The style's fill: royal blue, as in the README's seed flow. */
const FILL = '#4169E1';

const sldDocument = (name: string, fill: string) => `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld"
    xmlns:ogc="http://www.opengis.net/ogc">
  <NamedLayer><Name>${name}</Name>
    <UserStyle><Name>${name}</Name>
      <FeatureTypeStyle><Rule><Name>States</Name>
        <PolygonSymbolizer>
          <Fill><CssParameter name="fill">${fill}</CssParameter></Fill>
          <Stroke><CssParameter name="stroke">#FFFFFF</CssParameter>
            <CssParameter name="stroke-width">0.5</CssParameter></Stroke>
        </PolygonSymbolizer>
      </Rule></FeatureTypeStyle>
    </UserStyle>
  </NamedLayer>
</StyledLayerDescriptor>
`;

describe('the seed flow in the console (Chromium)', () => {
  const spatial = useSpatialApi();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // The console works under its Content-Security-Policy: nothing it does is refused.
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) pageErrors.push(message.text());
    });
  });

  afterEach(async () => {
    await context?.close();
    expect(pageErrors).toEqual([]);
  });

  /** Axe first (a failure names the page), then the picture. */
  async function checkpoint(name: string, what: string): Promise<void> {
    await expectAccessible(page, what);
    // From the top: a full-page picture of a scrolled page would draw the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, `seed-${name}`);
  }

  it('signs in, builds workspace → store → layers → style → default, and previews the layer drawn in its style', async () => {
    const { server, db, api } = spatial;
    const suffix = tableSuffix();
    const workspace = `seed_${suffix}`;
    const statesTable = `states_${suffix}`;
    const riversTable = `rivers_${suffix}`;
    const storeName = 'postgis';
    const styleName = 'states_blue';
    await createStatesTable(db, statesTable);
    await createRiversTable(db, riversTable);
    const consolePage = new ConsolePage(page);

    // 1. Sign in (keyboard: Enter submits).
    const signIn = await new SignInPage(page).open(`${server.baseUrl}/web/`);
    await checkpoint('01-sign-in', 'the sign-in page');
    await signIn.signIn(server.admin.user, server.admin.password);

    // 2. A workspace, typed and submitted with Enter.
    const workspaces = new WorkspacesPage(page);
    await workspaces.waitUntilShown();
    await workspaces.create(workspace);
    await workspaces.row(workspace).waitFor();
    await checkpoint('02-workspaces', 'the workspaces page');

    // 3. A PostGIS store: test the connection (saves nothing), then create it.
    const stores = new StoresPage(page);
    await consolePage.navigate('Data stores');
    await consolePage.heading('Data stores').waitFor();
    await stores.openNewStoreForm();
    const params = db.storeParams();
    await stores.fill({
      workspace,
      name: storeName,
      host: params.host,
      port: params.port,
      database: params.database,
      schema: params.schema ?? '',
      user: params.user,
      password: params.passwd,
    });
    expect(await stores.testConnection()).toMatch(/^Connection works/);
    expect((await api.get(`/workspaces/${workspace}/datastores.json`)).text).toBe('{"dataStores":""}');
    await checkpoint('03-new-store', 'the new data store form after a connection test');
    await stores.create();

    // 4. Creating the store leads to publishing: tick both tables, one with a title, publish together.
    const publish = new PublishPage(page);
    await publish.waitUntilShown();
    expect(consolePage.query().get('store')).toBe(`${workspace}:${storeName}`);
    expect((await publish.tables()).sort()).toEqual([riversTable, statesTable].sort());
    await publish.tick(statesTable);
    await publish.tick(riversTable);
    await publish.setTitle(statesTable, 'US States');
    await publish.publish();
    await publish.published(`${workspace}:${statesTable}`).waitFor();
    await publish.published(`${workspace}:${riversTable}`).waitFor();
    await checkpoint('04-publish', 'the publish page after publishing two tables');

    // 5. The layers list shows title, CRS and box; the list's filter lives in the URL ("/" focuses it).
    const layers = new LayersPage(page);
    await consolePage.navigate('Layers');
    await layers.waitUntilShown();
    await layers.table.waitFor();
    await page.keyboard.press('/');
    await page.keyboard.type(workspace);
    await page.waitForURL((url) => url.searchParams.get('q') === workspace);
    const statesRow = layers.row(workspace, statesTable);
    await statesRow.getByText('US States').waitFor();
    await statesRow.getByText('-111.05').waitFor();
    const cells = await layers.cells(statesRow);
    expect(cells.title).toBe('US States');
    expect(cells.crs).toContain('EPSG:4326');
    expect(cells.crs).toContain('MultiPolygon');
    expect(cells['lat/lon box']).toMatch(/^-111\.05, 37\b/);
    // Disable and enable the rivers layer from its switch; the server sees both.
    const riversSwitch = layers.enabledSwitch(workspace, riversTable);
    await riversSwitch.uncheck();
    await consolePage.toast(`Layer ${workspace}:${riversTable} disabled.`).waitFor();
    expect((await api.get(`/layers/${workspace}:${riversTable}.json`)).text).toContain('"enabled":false');
    await riversSwitch.check();
    await consolePage.toast(`Layer ${workspace}:${riversTable} enabled.`).waitFor();
    await checkpoint('05-layers', 'the layers page');

    // 6. A style in the workspace, from the polygon template.
    const styles = new StylesPage(page);
    await consolePage.navigate('Styles');
    await styles.waitUntilShown();
    await checkpoint('06-styles', 'the styles page');
    await styles.create(styleName, workspace, /^Polygons/);

    // 7. The editor: a broken document is marked at its line and column, then the real one.
    const editor = new StyleEditorPage(page);
    await editor.waitUntilShown(`${workspace}:${styleName}`);
    const broken = sldDocument(styleName, FILL).replace('</Fill>', '</Fil>');
    await editor.setText(broken);
    const problems = await editor.problemTexts();
    const brokenLine = broken.split('\n').findIndex((line) => line.includes('</Fil>')) + 1;
    expect(problems[0]).toMatch(new RegExp(`^Line ${brokenLine}, column \\d+: `));
    expect(await editor.gutterMarkers.allInnerTexts()).toContain(String(brokenLine));
    expect(await editor.underlines.count()).toBeGreaterThan(0);
    await checkpoint('07-style-editor-invalid', 'the style editor with an invalid SLD');

    await editor.setText(sldDocument(styleName, FILL));
    await editor.noProblems().waitFor();
    // The preview draws the unsaved text on the store's layer: blue pixels before any save.
    await editor.previewLayer.selectOption(`${workspace}:${statesTable}`);
    expect(await editor.map.waitForPixels(hexToRgb(FILL), 200)).toBeGreaterThanOrEqual(200);
    await editor.saveWithKeyboard();
    await consolePage.toast(`Style ${workspace}:${styleName} saved.`).waitFor();
    expect((await api.get(`/workspaces/${workspace}/styles/${styleName}.sld`)).text).toBe(sldDocument(styleName, FILL));

    // 8. Make it the layer's default.
    await editor.makeDefaultButton(`${workspace}:${statesTable}`).click();
    await editor.defaultNote(`${workspace}:${statesTable}`).waitFor();
    expect((await api.get(`/layers/${workspace}:${statesTable}.json`)).text).toContain(`"defaultStyle":{"name":"${workspace}:${styleName}"`);
    await checkpoint('08-style-editor', 'the style editor with a saved, valid SLD');

    // 9. The layer page: its facts, and a second style offered in the preview.
    await consolePage.navigate('Layers');
    await layers.row(workspace, statesTable).getByRole('link', { name: statesTable, exact: true }).click();
    await consolePage.heading(`${workspace}:${statesTable}`).waitFor();
    expect(await page.getByLabel('Default style').inputValue()).toBe(`${workspace}:${styleName}`);
    await page.getByRole('checkbox', { name: 'polygon', exact: true }).check();
    await page.getByRole('button', { name: 'Save styles' }).click();
    await consolePage.toast(`Styles of ${workspace}:${statesTable} saved.`).waitFor();
    await checkpoint('09-layer', 'the layer page');

    // 10. The preview: features from the OGC API drawn in the style's fill.
    await page.getByRole('link', { name: 'Preview', exact: true }).click();
    const preview = new PreviewPage(page);
    await preview.waitUntilShown(`${workspace}:${statesTable}`);
    expect(consolePage.path()).toBe(`/preview/${workspace}:${statesTable}`);
    expect(await preview.featuresDrawn()).toBe(3);
    const bluePixels = await preview.map.waitForPixels(hexToRgb(FILL), 2_000);
    expect(bluePixels).toBeGreaterThanOrEqual(2_000);
    expect(await preview.legend.innerText()).toContain('States');
    // The style switcher redraws with the other style (grey), and the URL says which.
    await preview.styleSwitcher.selectOption('polygon');
    await page.waitForURL((url) => url.searchParams.get('style') === 'polygon');
    expect(await preview.map.waitForPixels(hexToRgb('#AAAAAA'), 2_000)).toBeGreaterThanOrEqual(2_000);
    expect(await preview.map.countPixels(hexToRgb(FILL))).toBe(0);
    await preview.styleSwitcher.selectOption(`${workspace}:${styleName}`);
    await page.waitForURL((url) => !url.searchParams.has('style'));
    expect(await preview.map.waitForPixels(hexToRgb(FILL), 2_000)).toBeGreaterThanOrEqual(2_000);

    // Click a state: its attributes show.
    const point = await preview.map.interiorPoint(hexToRgb(FILL));
    expect(point).not.toBeNull();
    await page.mouse.click(point!.x, point!.y);
    await preview.featureInfo.getByText('state_name').waitFor();
    expect(await preview.featureInfo.innerText()).toMatch(/Colorado|Wyoming|New York/);
    await checkpoint('10-preview', 'the layer preview with a feature identified');

    // 11. Share: the URL opened in another browser (another person, no session cookie) asks the
    // recipient to sign in, then shows the same map.
    const shared = await preview.shareLink.inputValue();
    expect(shared).toBe(page.url());
    const recipient = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const other = await recipient.newPage();
    other.setDefaultTimeout(STEP_TIMEOUT_MS);
    other.on('pageerror', (error) => pageErrors.push(error.message));
    await other.goto(shared);
    const otherSignIn = new SignInPage(other);
    await otherSignIn.waitUntilShown();
    await otherSignIn.signIn(server.admin.user, server.admin.password);
    const otherPreview = new PreviewPage(other);
    await otherPreview.waitUntilShown(`${workspace}:${statesTable}`);
    expect(other.url()).toBe(shared);
    expect(await otherPreview.map.waitForPixels(hexToRgb(FILL), 2_000)).toBeGreaterThanOrEqual(2_000);
    await recipient.close();
  }, 90_000);

  it('names what a delete takes along, with the keyboard: open, Esc, reopen, type the name, confirm', async () => {
    const { server, db, api } = spatial;
    const suffix = tableSuffix();
    const workspace = `del_${suffix}`;
    const table = `states_${suffix}`;
    await createStatesTable(db, table);
    await createWorkspace(api, workspace);
    await createSpatialStore(api, db, workspace, 'postgis');
    expect((await createFeatureType(api, workspace, 'postgis', seedFeatureTypeXml(table))).status).toBe(201);

    const signIn = await new SignInPage(page).open(`${server.baseUrl}/web/stores?workspace=${workspace}`);
    await signIn.signIn(server.admin.user, server.admin.password);
    const stores = new StoresPage(page);
    await stores.heading('Data stores').waitFor();
    // The deep link kept its filter through the sign-in.
    expect(await page.getByLabel('Workspace', { exact: true }).inputValue()).toBe(workspace);
    const deleteButton = page.getByRole('button', { name: `Delete data store ${workspace}:postgis` });
    await deleteButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete data store postgis?' });
    await dialog.getByText(`Layer ${workspace}:${table}`).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await deleteButton.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await dialog.getByText(`Layer ${workspace}:${table}`).waitFor();
    await checkpoint('11-delete-store', 'the delete confirmation of a store with a layer');
    const confirm = dialog.getByRole('button', { name: 'Delete data store' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/Type postgis to confirm/).focus();
    await page.keyboard.type('postgis');
    await page.keyboard.press('Enter');
    await new ConsolePage(page).toast(`Data store ${workspace}:postgis deleted.`).waitFor();
    expect((await api.get(`/workspaces/${workspace}/datastores/postgis.json`)).status).toBe(404);
    expect((await api.get(`/layers/${workspace}:${table}.json`)).status).toBe(404);
    await page.getByText(`No data stores in workspace ${workspace} yet`).waitFor();
  }, 30_000);
});
