/**
 * The console's Import / Export page in real Chromium against a real api (issue 13, scope item 6):
 * sign in, upload a zipped data directory made here (one workspace with its namespace, one global
 * SLD 1.0 style), see the plan with its `create` rows while nothing is stored, apply it, find the
 * workspace and the style in their lists, and download the workspace's export: a zip holding
 * `workspaces/<ws>/workspace.xml`, both through the page's link (a real download, with the session
 * cookie only) and fetched in the page. Screenshot: e2e/artifacts/import-export-plan.png (and
 * /tmp/console-import.png).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { unzipText, zipDirectory, type DirText } from '../support/data-directory';
import { request } from '../support/http';
import { ImportExportPage } from './pages/import-export.page';
import { LayersPage } from './pages/layers.page';
import { SignInPage } from './pages/sign-in.page';
import { StylesPage } from './pages/styles.page';
import { WorkspacesPage } from './pages/workspaces.page';
import { expectAccessible } from './support/axe';
import { requireChromium, saveScreenshot } from './support/chromium';
import { useConsoleHarness } from './support/console-harness';

requireChromium();

const SCREENSHOT_FOR_REPORT = '/tmp/console-import.png';

/** A valid SLD 1.0 line style. */
const lineSld = (name: string) => `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">
  <NamedLayer><Name>${name}</Name>
    <UserStyle><Name>${name}</Name>
      <FeatureTypeStyle><Rule>
        <LineSymbolizer><Stroke><CssParameter name="stroke">#2E7D32</CssParameter><CssParameter name="stroke-width">2</CssParameter></Stroke></LineSymbolizer>
      </Rule></FeatureTypeStyle>
    </UserStyle>
  </NamedLayer>
</StyledLayerDescriptor>
`;

/** The smallest data directory worth importing, laid out and written the way GeoServer writes one. */
function tinyDataDirectory(workspace: string, style: string): DirText {
  const id = (kind: string) => `${kind}Impl-${randomBytes(4).toString('hex')}:18d3b2e9a41:-7ffc`;
  return new Map([
    [
      `workspaces/${workspace}/workspace.xml`,
      `<workspace>\n  <id>${id('WorkspaceInfo')}</id>\n  <name>${workspace}</name>\n  <isolated>false</isolated>\n</workspace>`,
    ],
    [
      `workspaces/${workspace}/namespace.xml`,
      `<namespace>\n  <id>${id('NamespaceInfo')}</id>\n  <prefix>${workspace}</prefix>\n  <uri>urn:example:${workspace}</uri>\n  <isolated>false</isolated>\n</namespace>`,
    ],
    [
      `styles/${style}.xml`,
      `<style>\n  <id>${id('StyleInfo')}</id>\n  <name>${style}</name>\n  <format>sld</format>\n  <languageVersion>\n    <version>1.0.0</version>\n  </languageVersion>\n  <filename>${style}.sld</filename>\n</style>`,
    ],
    [`styles/${style}.sld`, lineSld(style)],
  ]);
}

describe('Import / Export page in Chromium', () => {
  const h = useConsoleHarness();

  afterEach(() => {
    expect(h.pageErrors).toEqual([]);
  });

  const suffix = () => randomBytes(3).toString('hex');
  const asAdmin = () => ({ user: h.api.admin.user, password: h.api.admin.password });

  async function signInAndOpen(): Promise<ImportExportPage> {
    const signIn = await new SignInPage(h.page).open(`${h.api.baseUrl}/web/`);
    await signIn.signIn(h.api.admin.user, h.api.admin.password);
    await new WorkspacesPage(h.page).waitUntilShown();
    const page = new ImportExportPage(h.page);
    await page.navigate('Import / Export');
    await page.waitUntilShown();
    return page;
  }

  it('plans an uploaded data directory, applies it, lists what it made and exports the workspace as a zip', async () => {
    const workspace = `imp_${suffix()}`;
    const style = `trail_${suffix()}`;
    const zip = zipDirectory(tinyDataDirectory(workspace, style));
    const page = await signInAndOpen();

    // Plan: a dry run, shown as a table; nothing stored yet.
    await page.chooseZip('datadir.zip', zip);
    expect(await page.applyButton.isDisabled()).toBe(true);
    await page.planButton.click();
    const planned = await page.planLines('Import plan');
    expect(planned).toEqual(
      expect.arrayContaining([`create workspace /workspaces/${workspace}`, `create namespace /namespaces/${workspace}`, `create style /styles/${style}`]),
    );
    expect(planned.filter((line) => line.startsWith('error'))).toEqual([]);
    expect(await page.summary.innerText()).toContain('3 create');
    await h.page.getByText('Dry run: nothing stored').waitFor();
    const dryRuns = h.sentRequests.filter((r) => r.method() === 'POST' && r.url().includes('/rest/catalog/import'));
    expect(dryRuns.map((r) => new URL(r.url()).search)).toEqual(['?dryRun=true']);
    expect(dryRuns[0].headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect((await request(`${h.api.restUrl}/workspaces/${workspace}.json`, { auth: asAdmin() })).status).toBe(404);
    await expectAccessible(h.page, 'the Import / Export page with a plan');
    await copyFile(await saveScreenshot(h.page, 'import-export-plan'), SCREENSHOT_FOR_REPORT);

    // Apply: the same file for real.
    await page.applyButton.click();
    await page.message('Imported').waitFor();
    expect(await page.message('Imported').innerText()).toContain('3 created, 0 updated, 0 deleted');
    expect(await page.planLines('Imported records')).toEqual(planned);
    const stored = await request(`${h.api.restUrl}/workspaces/${workspace}.json`, { auth: asAdmin() });
    expect(stored.status).toBe(200);
    await saveScreenshot(h.page, 'import-export-applied');

    // The message links to the lists; the new workspace and style are in theirs.
    await page.message('Imported').getByRole('link', { name: 'layers' }).click();
    await new LayersPage(h.page).waitUntilShown();
    await page.navigate('Workspaces');
    const workspaces = new WorkspacesPage(h.page);
    await workspaces.row(workspace).waitFor();
    await page.navigate('Styles');
    const styles = new StylesPage(h.page);
    await styles.waitUntilShown();
    await h.page.getByRole('table', { name: 'Styles' }).getByRole('rowheader', { name: style, exact: true }).waitFor();

    // Export the workspace: the link downloads with the session cookie alone (the browser context has no other credential).
    await page.navigate('Import / Export');
    await page.waitUntilShown();
    await page.exportPicker.locator('option', { hasText: `Workspace ${workspace}` }).waitFor({ state: 'attached' });
    await page.exportPicker.selectOption(workspace);
    const link = page.exportLink();
    expect(await link.innerText()).toBe(`Download geocatalog-${workspace}.zip`);
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toBe(`/geoserver/rest/catalog/export?workspace=${workspace}`);

    const [download] = await Promise.all([h.page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`geocatalog-${workspace}.zip`);
    const downloaded = unzipText(readFileSync((await download.path())!));
    expect(downloaded.get(`workspaces/${workspace}/workspace.xml`)).toContain(`<name>${workspace}</name>`);

    // The same link fetched by the page (same origin, the cookie): a zip too.
    const fetched = await h.page.evaluate(async (url) => {
      const response = await fetch(url, { credentials: 'same-origin' });
      return { status: response.status, type: response.headers.get('Content-Type'), bytes: Array.from(new Uint8Array(await response.arrayBuffer())) };
    }, href);
    expect(fetched.status).toBe(200);
    expect(fetched.type).toBe('application/zip');
    const files = unzipText(Buffer.from(fetched.bytes));
    expect(files.get(`workspaces/${workspace}/workspace.xml`)).toContain(`<name>${workspace}</name>`);
    expect(files.get(`workspaces/${workspace}/namespace.xml`)).toContain(`urn:example:${workspace}`);
  });

  it('shows a directory without workspaces/ as the server refuses it, and keeps Apply off', async () => {
    const page = await signInAndOpen();
    await page.chooseZip('empty.zip', zipDirectory(new Map([['README.txt', 'not a data directory']])));
    await page.planButton.click();
    const alert = page.message('The plan could not be made');
    await alert.waitFor();
    const answer = h.sentRequests.find((r) => r.url().includes('/rest/catalog/import'));
    const response = await answer!.response();
    expect(response!.status()).toBe(400);
    expect(await alert.innerText()).toContain((await response!.text()).trim());
    expect(await page.applyButton.isDisabled()).toBe(true);
    expect(await page.table('Import plan').count()).toBe(0);
  });
});
