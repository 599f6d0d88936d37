/**
 * Issue 21 ("Trust, third round"), rows 13 and 14, in real Chromium against a real api and a real
 * PostGIS table:
 * - the preview of a disabled layer says so and sends (almost) nothing for 5 s; a layer whose items
 *   answer 404 (its store disabled) stops asking after the refusal;
 * - a READER's record pages (workspaces, stores, a store, layers, a layer, styles, a style) have no
 *   control that writes, and the pages send nothing but reads;
 * - Save is disabled while the SLD editor lists problems, says why, and Ctrl+S sends nothing;
 * - a History change's details open in the row under it, in view;
 * - at 390 px a menu button opens the whole navigation, History and Import / Export included.
 * Every page is checked with axe-core and photographed into e2e/artifacts/trust-*.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { createWorkspace, userWithRole } from '../support/catalog';
import { createFeatureType, seedFeatureTypeXml } from '../support/featuretype';
import { SLD_10, show } from '../support/http';
import { createSpatialStore, createStatesTable, tableSuffix, useSpatialApi } from '../support/postgis';
import { HistoryPage } from './pages/history.page';
import { SignInPage } from './pages/sign-in.page';
import { StyleEditorPage } from './pages/style-editor.page';
import { expectAccessible } from './support/axe';
import { ARTIFACTS_DIR, launchChromium, requireChromium, saveScreenshot } from './support/chromium';

requireChromium();

const STEP_TIMEOUT_MS = 15_000;
/** A test's name as a file name: its words joined by `-`, the last 60 characters (where test names differ). */
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(-60)
    .replace(/^-|-$/g, '');
const SUFFIX = tableSuffix();
const WS = `trust_${SUFFIX}`;
const TABLE = `states_${SUFFIX}`;
const STYLE = 'trust_blue';

const sldOf = (fill: string) => `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">
  <NamedLayer><Name>${STYLE}</Name><UserStyle><Name>${STYLE}</Name><FeatureTypeStyle><Rule>
    <PolygonSymbolizer><Fill><CssParameter name="fill">${fill}</CssParameter></Fill></PolygonSymbolizer>
  </Rule></FeatureTypeStyle></UserStyle></NamedLayer>
</StyledLayerDescriptor>
`;

/** Names of buttons and links that would change the catalog. */
const WRITE_BUTTON =
  /^(Delete|Save|Save changes|Save styles|Create|Create and edit|Create workspace|Create data store|Revert to saved|Test connection|Enable|Disable|Make it the default)\b|^Delete /;
const WRITE_LINK = /^(New PostGIS store|Add a PostGIS store|Publish layers|Publish tables|Publish layers from )/;

describe('trust in the console, third round (Chromium)', () => {
  const spatial = useSpatialApi();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  let sent: Request[];

  beforeAll(async () => {
    browser = await launchChromium();
    await createStatesTable(spatial.db, TABLE);
  }, 180_000);

  // useSpatialApi deletes every workspace after each test: each test gets the catalog anew.
  beforeEach(async () => {
    const { api, db } = spatial;
    await createWorkspace(api, WS);
    await createSpatialStore(api, db, WS, 'gis');
    await createSpatialStore(api, db, WS, 'off');
    for (const [store, name] of [
      ['gis', 'states'],
      ['gis', 'states_disabled'],
      ['off', 'states_off'],
    ]) {
      const made = await createFeatureType(api, WS, store, seedFeatureTypeXml(name, TABLE));
      if (made.status !== 201) throw new Error(`publish ${name}: ${show(made)}`);
    }
    expect(await api.putXml(`/layers/${WS}:states_disabled`, '<layer><enabled>false</enabled></layer>')).toHaveStatus(200);
    // A store disabled behind the layer's back: the layer says enabled, its items answer 404.
    expect(await api.putXml(`/workspaces/${WS}/datastores/off`, '<dataStore><name>off</name><enabled>false</enabled></dataStore>')).toHaveStatus(200);
    expect(await api.postXml(`/workspaces/${WS}/styles`, `<style><name>${STYLE}</name><filename>${STYLE}.sld</filename></style>`)).toHaveStatus(201);
    expect(await api.put(`/workspaces/${WS}/styles/${STYLE}`, sldOf('#4169E1'), SLD_10)).toHaveStatus(200);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  async function openContext(viewport = { width: 1280, height: 860 }): Promise<void> {
    context = await browser.newContext({ viewport });
    page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    pageErrors = [];
    sent = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('request', (request) => sent.push(request));
  }

  afterEach(async () => {
    await page
      ?.screenshot({ path: join(ARTIFACTS_DIR, `trust-after-${slug(expect.getState().currentTestName ?? 'test')}.png`), fullPage: true })
      .catch(() => undefined);
    await context?.close();
    expect(pageErrors).toEqual([]);
  });

  async function signIn(path: string, user = spatial.server.admin.user, password = spatial.server.admin.password): Promise<void> {
    const form = await new SignInPage(page).open(`${spatial.server.baseUrl}/web${path}`);
    await form.signIn(user, password);
  }

  /** Axe first (a failure names the page), then the picture. */
  async function checkpoint(name: string, what: string): Promise<void> {
    await expectAccessible(page, what);
    await saveScreenshot(page, `trust-${name}`);
  }

  /** What the screen shows (not the whole page): proof that something is in view. */
  async function viewportShot(name: string): Promise<void> {
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS_DIR, `trust-${name}.png`) });
  }

  const itemRequests = (requests: Request[]) => requests.filter((r) => /\/ogc\/features\/v1\/collections\/.*\/items/.test(r.url()));

  it('the preview of a disabled layer says so and sends nothing more; a refused layer stops asking', async () => {
    await openContext();
    await signIn(`/preview/${WS}:states_disabled`);
    await page.getByText('This layer is disabled', { exact: true }).waitFor();
    const enable = page.getByRole('link', { name: 'Enable it on the layer page' });
    expect(await enable.getAttribute('href')).toBe(`/geoserver/web/layers/${WS}/states_disabled`);
    expect(await page.getByText('Loading features').count()).toBe(0);
    const from = sent.length;
    await page.waitForTimeout(5_000);
    // Over 5 s: at most two requests of any kind (none is the aim), and never the layer's items.
    expect(sent.slice(from).length).toBeLessThanOrEqual(2);
    expect(itemRequests(sent).map((r) => r.url())).toEqual([]);
    await checkpoint('disabled-preview', 'the preview of a disabled layer');

    // Enabled on paper, refused by the OGC API (its store is disabled): the refusal stops the
    // browser-drawn map.
    await page.goto(`${spatial.server.baseUrl}/web/preview/${WS}:states_off?mode=client`);
    await page.locator('.map-status').filter({ hasText: 'Features could not be loaded' }).waitFor();
    // The attribute table under the map asks its first page (limit=25) once, and takes the refusal.
    const tablePages = (requests: Request[]) => itemRequests(requests).filter((r) => new URL(r.url()).searchParams.get('limit') === '25');
    const mapItems = (requests: Request[]) => itemRequests(requests).filter((r) => !tablePages([r]).length);
    const refused = mapItems(sent).length;
    await page.waitForTimeout(5_000);
    expect(refused).toBeGreaterThan(0);
    expect(mapItems(sent).length - refused).toBeLessThanOrEqual(2);
    expect(mapItems(sent).length).toBeLessThanOrEqual(3);
    expect(tablePages(sent).length).toBe(1);
  }, 60_000);

  it("a READER's record pages have no control that writes, and send nothing but reads", async () => {
    const reader = await userWithRole(spatial.api, 'READER', 'reader');
    await openContext();
    await signIn('/workspaces', reader.user, reader.password);
    await page.getByRole('heading', { level: 1, name: 'Workspaces' }).waitFor();
    const pages: Array<[path: string, loaded: () => Promise<void>]> = [
      ['/workspaces', () => page.getByRole('rowheader', { name: WS }).waitFor()],
      [`/stores?workspace=${WS}`, () => page.getByRole('rowheader', { name: 'gis' }).waitFor()],
      [`/stores/${WS}/gis`, () => page.getByRole('link', { name: `Preview ${WS}:states`, exact: true }).waitFor()],
      [`/layers?workspace=${WS}`, () => page.getByRole('rowheader', { name: 'states', exact: true }).waitFor()],
      [`/layers/${WS}/states`, () => page.getByRole('table', { name: `Attributes of ${WS}:states` }).waitFor()],
      [`/styles?workspace=${WS}`, () => page.getByRole('rowheader', { name: STYLE }).waitFor()],
      [`/styles/${WS}/${STYLE}`, () => page.getByRole('textbox', { name: `SLD of style ${WS}:${STYLE}` }).waitFor()],
    ];
    for (const [path, loaded] of pages) {
      await page.goto(`${spatial.server.baseUrl}/web${path}`);
      await loaded();
      // Cells that load after the rows (titles, enabled states) have come in.
      await page.waitForFunction(() => document.querySelectorAll('.skeleton, [aria-busy="true"]').length === 0);
      const controls = await writeControls(page);
      expect({ path, controls }).toEqual({ path, controls: [] });
    }
    await expectAccessible(page, "a reader's style page");
    await page.goto(`${spatial.server.baseUrl}/web/layers/${WS}/states`);
    await page.getByRole('table', { name: `Attributes of ${WS}:states` }).waitFor();
    // The enabled state is said, not offered as a switch.
    expect(
      await page
        .locator('dd .badge')
        .filter({ hasText: /^Enabled$/ })
        .count(),
    ).toBe(1);
    await checkpoint('reader-layer', "a reader's layer page");
    expect(sent.filter((r) => r.method() !== 'GET').map((r) => `${r.method()} ${new URL(r.url()).pathname}`)).toEqual(['POST /geoserver/auth/session']);
  }, 90_000);

  it('Save is disabled while the SLD editor lists problems, says why, and Ctrl+S sends nothing', async () => {
    await openContext();
    await signIn(`/styles/${WS}/${STYLE}`);
    const editor = new StyleEditorPage(page);
    await editor.waitUntilShown(`${WS}:${STYLE}`);
    await editor.setText(sldOf('#FF0000').replace('</Fill>', '</Fil>'));
    expect((await editor.problemTexts()).length).toBeGreaterThan(0);
    expect(await editor.saveButton.isDisabled()).toBe(true);
    const why = await editor.saveButton.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${why}"]`).innerText()).toMatch(/^Fix the problems listed above to save/);
    await editor.saveWithKeyboard();
    await page.waitForTimeout(1_000);
    expect(sent.filter((r) => r.method() === 'PUT')).toEqual([]);
    expect((await spatial.api.get(`/workspaces/${WS}/styles/${STYLE}.sld`)).text).toContain('#4169E1');
    await checkpoint('sld-errors', 'the style editor with problems listed');

    // Fixed, it saves with Ctrl+S again.
    await editor.setText(sldOf('#FF0000'));
    await editor.noProblems().waitFor();
    await editor.saveWithKeyboard();
    await editor.toast(`Style ${WS}:${STYLE} saved.`).waitFor();
    expect((await spatial.api.get(`/workspaces/${WS}/styles/${STYLE}.sld`)).text).toContain('#FF0000');
  }, 60_000);

  it("a change's details open in the row under it, in view", async () => {
    for (let i = 0; i < 24; i++) await createWorkspace(spatial.api, `hist_${SUFFIX}_${String(i).padStart(2, '0')}`);
    await openContext();
    await signIn('/history');
    const history = new HistoryPage(page);
    await history.waitUntilShown();
    const rows = history.table.locator(':scope > tbody > tr');
    await rows.nth(23).waitFor();
    const row = rows.nth(22);
    const button = row.getByRole('button', { name: /^Details of change \d+$/ });
    await button.click();
    const details = history.table.getByRole('region', { name: /^Change \d+: / });
    await details.waitFor();
    // The row right after the clicked one holds the details.
    expect(await rows.nth(23).locator('.change-history__details').count()).toBe(1);
    expect(await button.getAttribute('aria-controls')).toBe(await details.getAttribute('id'));
    await page.waitForFunction(() => {
      const box = document.querySelector('.change-history__details')!.getBoundingClientRect();
      const header = document.querySelector('.app-header')!.getBoundingClientRect();
      return box.top >= header.bottom - 1 && box.top < window.innerHeight - 40;
    });
    await expectAccessible(page, 'the history with a change open');
    await viewportShot('history-details');
  }, 90_000);

  it('at 390 px a menu button opens the whole navigation, History and Import / Export included', async () => {
    await openContext({ width: 390, height: 844 });
    await signIn('/workspaces');
    await page.getByRole('heading', { level: 1, name: 'Workspaces' }).waitFor();
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    // Closed, the list is not shown at all (so not found by role either).
    const navId = await menu.getAttribute('aria-controls');
    expect(await page.locator(`nav[id="${navId}"][aria-label="Main"]`).isHidden()).toBe(true);

    // By keyboard: focus the button, Enter opens, Esc closes and keeps the focus on the button.
    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    const links = ['Workspaces', 'Data stores', 'Layers', 'Layer groups', 'Layer preview', 'Styles', 'Settings', 'History', 'Import / Export', 'Security'];
    for (const name of links) expect(await nav.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    // Every link fits the phone's width: none is scrolled out of sight.
    const boxes = await nav.getByRole('link').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
    expect(boxes).toHaveLength(links.length);
    for (const right of boxes) expect(right).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'the open menu at 390 px');
    await viewportShot('mobile-menu');
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);

    // Following a link goes there and closes the menu.
    await menu.click();
    await nav.getByRole('link', { name: 'History', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'History' }).waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
  }, 60_000);
});

/** Every control on the page that would change the catalog, named. */
async function writeControls(page: Page): Promise<string[]> {
  const named = async (prefix: string, locator: ReturnType<Page['locator']>) =>
    (await locator.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''))).map((n) => `${prefix} ${n}`);
  return [
    ...(await named('button', page.getByRole('button', { name: WRITE_BUTTON }))),
    ...(await named('link', page.getByRole('link', { name: WRITE_LINK }))),
    ...(await named('switch', page.getByRole('switch'))),
    ...(await named('checkbox', page.getByRole('checkbox'))),
    // Typing fields outside the lists' own filter: a reader's record forms are read only.
    ...(await named('field', page.locator('main input:not([readonly]):not([type=search]):not([type=checkbox]), main textarea:not([readonly])'))),
  ];
}
