/**
 * The Layer Preview in real Chromium against a real api and PostGIS: the list shows a published
 * layer with its map, PNG, GeoJSON and legend links; its map opens drawn by the WMS (the GetMap
 * image's pixels in the style's fill, over the offline basemap), the coordinates line follows the
 * pointer, a click identifies by GetFeatureInfo; switched to the browser-drawn mode, the same
 * layer, SLD and box agree with GetMap on at least 98% of the map's pixels.
 * Photographed into e2e/artifacts/layer-preview-*.png.
 */
import { tableSuffix, useSpatialApi } from '../support/postgis';
import { colourMask, LayerPreviewPage } from './pages/layer-preview.page';
import { hexToRgb } from './pages/map-view';
import { PreviewPage } from './pages/preview.page';
import { SignInPage } from './pages/sign-in.page';
import { expectAccessible } from './support/axe';
import { requireChromium, useConsolePage, saveScreenshot } from './support/chromium';
import { publishFilledStates } from './support/filled-states';

requireChromium();

/** Sea green, no stroke: the same opaque fill from both renderers. */
const FILL = '#2E8B57';

describe('the Layer Preview (Chromium)', () => {
  const spatial = useSpatialApi();
  const chrome = useConsolePage(15_000);

  it('lists the layer with its links, draws it by WMS, follows the pointer, and agrees with the browser drawing', async () => {
    const { page } = chrome;
    const { server, db, api } = spatial;
    const suffix = tableSuffix();
    const workspace = `lp_${suffix}`;
    const layer = await publishFilledStates(api, db, workspace, 'green_states', FILL);

    const getMaps: string[] = [];
    const infos: string[] = [];
    page.on('response', (r) => {
      const url = r.url();
      if (/request=GetMap/i.test(url)) getMaps.push(`${r.status()} ${r.headers()['content-type']}`);
      if (/request=GetFeatureInfo/i.test(url)) infos.push(url);
    });

    const signIn = await new SignInPage(page).open(`${server.baseUrl}/web/`);
    await signIn.signIn(server.admin.user, server.admin.password);
    const list = new LayerPreviewPage(page);
    await list.navigate('Layer preview');
    await list.heading('Layer preview').waitFor();
    await list.row(layer).waitFor();
    // The row's links: a GetMap PNG over the layer's box, the OGC API items, GetLegendGraphic.
    const png = new URL((await list.link('PNG', layer).getAttribute('href'))!, server.baseUrl);
    expect(png.searchParams.get('request')).toBe('GetMap');
    expect(png.searchParams.get('layers')).toBe(layer);
    const [minx, miny, maxx, maxy] = png.searchParams.get('bbox')!.split(',').map(Number);
    expect([minx, miny, maxx, maxy].map((v) => Math.round(v * 100) / 100)).toEqual([-111.05, 37, -74, 45.5]);
    const pngAnswer = await page.request.get(png.href);
    expect(pngAnswer.status()).toBe(200);
    expect(pngAnswer.headers()['content-type']).toBe('image/png');
    const geojson = await page.request.get(new URL((await list.link('GeoJSON', layer).getAttribute('href'))!, server.baseUrl).href);
    expect(((await geojson.json()) as { features: unknown[] }).features).toHaveLength(3);
    expect(await list.link('Legend', layer).getAttribute('href')).toContain(`request=GetLegendGraphic&layer=${layer}&format=image/png`);
    await expectAccessible(page, 'the Layer Preview list');
    await saveScreenshot(page, 'layer-preview-list');

    // The map, drawn by the WMS.
    await list.openMap(layer);
    const preview = new PreviewPage(page);
    await preview.waitUntilShown(layer);
    expect(preview.path()).toBe(`/preview/${layer}`);
    await preview.status.filter({ hasText: 'Drawn by the WMS' }).waitFor();
    const green = hexToRgb(FILL);
    const wmsPixels = await preview.map.waitForPixels(green, 2_000);
    expect(wmsPixels).toBeGreaterThanOrEqual(2_000);
    expect(getMaps.length).toBeGreaterThan(0);
    expect(getMaps.every((g) => g === '200 image/png')).toBe(true);
    // The basemap: land drawn under the layer (its pale fill), where the states are not.
    expect(await preview.map.countPixels(hexToRgb('#e7eaee'), 2)).toBeGreaterThan(1_000);

    // The coordinates line follows the pointer.
    const pointer = page.locator('.map-pointer__value');
    const box = (await preview.map.element.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.4);
    await page.waitForFunction(() => /^Lon -?\d+\.\d{5}, Lat -?\d+\.\d{5}$/.test(document.querySelector('.map-pointer__value')?.textContent ?? ''));
    const first = await pointer.innerText();
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.6);
    await page.waitForFunction((before) => document.querySelector('.map-pointer__value')?.textContent !== before, first);
    const second = await pointer.innerText();
    const lon = (text: string) => Number(/Lon (-?[\d.]+)/.exec(text)![1]);
    const lat = (text: string) => Number(/Lat (-?[\d.]+)/.exec(text)![1]);
    expect(lon(second)).toBeGreaterThan(lon(first));
    expect(lat(second)).toBeLessThan(lat(first));
    // The view holds the states (fitted with padding): the pointer is over the western US.
    expect(lon(first)).toBeGreaterThan(-125);
    expect(lon(second)).toBeLessThan(-60);

    // Identify: GetFeatureInfo in JSON at a green pixel names a state.
    const inside = await preview.map.interiorPoint(green);
    if (!inside) throw new Error('no drawn state to click');
    await page.mouse.click(inside.x, inside.y);
    await preview.featureInfo.getByText('state_name').first().waitFor();
    expect(await preview.featureInfo.innerText()).toMatch(/Colorado|Wyoming|New York/);
    expect(infos.length).toBe(1);
    expect(infos[0]).toMatch(/INFO_FORMAT=application%2Fjson/i);
    await expectAccessible(page, 'the layer map in WMS mode');
    await saveScreenshot(page, 'layer-preview-wms');

    // The same layer, SLD and box drawn by the browser: the masks of the fill agree.
    await page.mouse.move(box.x - 50, box.y - 50);
    const wmsMask = await colourMask(preview.map.element, green);
    await page.getByRole('button', { name: 'Browser (vectors)' }).click();
    expect(await preview.featuresDrawn()).toBe(3);
    await preview.map.waitForPixels(green, 2_000);
    await page.waitForTimeout(500);
    const clientMask = await colourMask(preview.map.element, green);
    expect(clientMask.length).toBe(wmsMask.length);
    let same = 0;
    let both = 0;
    let either = 0;
    for (let i = 0; i < wmsMask.length; i++) {
      if (wmsMask[i] === clientMask[i]) same++;
      if (wmsMask[i] === '1' && clientMask[i] === '1') both++;
      if (wmsMask[i] === '1' || clientMask[i] === '1') either++;
    }
    const agreement = same / wmsMask.length;
    const overlap = both / either;
    console.log(`Layer Preview: GetMap and the browser agree on ${(agreement * 100).toFixed(2)}% of pixels; fill overlap ${(overlap * 100).toFixed(2)}%`);
    expect(agreement).toBeGreaterThanOrEqual(0.98);
    expect(overlap).toBeGreaterThanOrEqual(0.9);
    await saveScreenshot(page, 'layer-preview-client');
  }, 120_000);
});
