/**
 * The preview's attribute table in real Chromium against a real api and PostGIS (issue 24's
 * console check): the table sorts on the server, a filter it cannot read is marked at its position
 * (by the shared parser in the browser, and the server's 400 for what only it can check), a valid
 * filter narrows the table and the map — counted in the canvas pixels of the style's fill, in the
 * browser-drawn and the WMS-drawn map — and "Zoom to" fits the map to a row, its feature drawn
 * in the selection colour. Photographed as e2e/artifacts/attribute-table.png.
 */
import { tableSuffix, useSpatialApi } from '../support/postgis';
import { AttributeTable } from './pages/attribute-table.page';
import { hexToRgb } from './pages/map-view';
import { PreviewPage } from './pages/preview.page';
import { SignInPage } from './pages/sign-in.page';
import { requireChromium, saveScreenshot, useConsolePage } from './support/chromium';
import { publishFilledStates } from './support/filled-states';

requireChromium();

const FILL = '#2E8B57';
/** The console's colour for the table's selected feature (modules/preview/selection-layer.ts). */
const SELECTED = '#c026d3';

describe('the attribute table of the layer preview (Chromium)', () => {
  const spatial = useSpatialApi();
  const chrome = useConsolePage(15_000);

  it('sorts, marks a bad filter at its position, narrows table and maps to the filter, and zooms to a row', async () => {
    const { page } = chrome;
    const { server, db, api } = spatial;
    const layer = await publishFilledStates(api, db, `at_${tableSuffix()}`, 'green', FILL);
    const items: string[] = [];
    const getMaps: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/items?')) items.push(decodeURIComponent(new URL(r.url()).search));
      if (/request=GetMap/i.test(r.url())) getMaps.push(r.url());
    });

    const signIn = await new SignInPage(page).open(`${server.baseUrl}/web/preview/${layer}?mode=client`);
    await signIn.signIn(server.admin.user, server.admin.password);
    const preview = new PreviewPage(page);
    await preview.waitUntilShown(layer);
    expect(await preview.featuresDrawn()).toBe(3);
    const green = hexToRgb(FILL);
    const everyState = await preview.map.waitForPixels(green, 2_000);
    const table = new AttributeTable(page);
    await table.rows.nth(2).waitFor();
    expect((await table.column(1)).sort()).toEqual(['Colorado', 'New York', 'Wyoming']);

    // Sorted by the server: persons ascending, then descending.
    await table.sortBy('persons');
    await page.waitForFunction(() => document.querySelector('[aria-sort="ascending"]') !== null);
    await table.root.locator('tbody tr').first().filter({ hasText: 'Wyoming' }).waitFor();
    expect(await table.column(1)).toEqual(['Wyoming', 'Colorado', 'New York']);
    await table.sortBy('persons');
    await table.root.locator('tbody tr').first().filter({ hasText: 'New York' }).waitFor();
    expect(await table.column(1)).toEqual(['New York', 'Colorado', 'Wyoming']);
    expect(items.some((q) => q.includes('sortby=-persons'))).toBe(true);

    // A filter the parser cannot read: marked at its position in the browser, nothing sent.
    const sent = items.length;
    await table.filter.fill('persons > ');
    await table.error.filter({ hasText: 'position 11' }).waitFor();
    expect(await table.error.locator('mark').count()).toBe(1);
    expect(await table.apply.isDisabled()).toBe(true);
    // One only the server can refuse (no such attribute): its 400, marked where it says.
    await table.applyFilter('persns > 1000000');
    await table.error.filter({ hasText: 'Unknown property "persns"' }).waitFor();
    expect(await table.error.innerText()).toMatch(/position 1\b/);
    expect(await table.error.locator('mark').innerText()).toBe('p');
    expect(items.length).toBeGreaterThan(sent);

    // A valid filter: one row, and one state drawn (only Colorado's pixels are left green).
    await table.applyFilter("state_name = 'Colorado'");
    await table.rows.first().filter({ hasText: 'Colorado' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[aria-labelledby="attribute-table-heading"] tbody tr').length === 1);
    await preview.status.filter({ hasText: /^1 feature drawn/ }).waitFor();
    expect(preview.query().get('filter')).toBe("state_name = 'Colorado'");
    await page.waitForTimeout(300);
    const colorado = await preview.map.countPixels(green);
    console.log(`attribute table: ${everyState} fill pixels for every state, ${colorado} with the filter`);
    expect(colorado).toBeGreaterThan(500);
    expect(colorado).toBeLessThan(everyState * 0.7);

    // Zoom to the row: the map fits Colorado (more of its pixels), drawn in the selection colour.
    await table.root.getByRole('button', { name: /^Zoom to feature / }).click();
    expect(await preview.map.waitForPixels(green, colorado * 3)).toBeGreaterThan(colorado * 3);
    expect(await preview.map.waitForPixels(hexToRgb(SELECTED), 200)).toBeGreaterThanOrEqual(200);
    expect(await table.rows.first().getAttribute('aria-current')).toBe('true');

    // The server-drawn map takes the same filter (CQL_FILTER): fitted to the layer's box again,
    // it draws Colorado's pixels as the browser did (less the selection's outline over them).
    await page.getByRole('button', { name: 'Server (WMS)' }).click();
    await preview.status.filter({ hasText: 'Drawn by the WMS' }).waitFor();
    const wms = await preview.map.waitForPixels(green, colorado * 0.7);
    expect(new URL(getMaps.at(-1)!).searchParams.get('CQL_FILTER')).toBe("state_name = 'Colorado'");
    expect(wms / colorado).toBeGreaterThan(0.7);
    expect(wms / colorado).toBeLessThan(1.1);
    expect(await preview.map.countPixels(hexToRgb(SELECTED))).toBeGreaterThan(50);
    await saveScreenshot(page, 'attribute-table');
  }, 60_000);
});
