/**
 * Safe changes in the console, in real Chromium against one real api: two consoles signed in at
 * once see each other's (and REST clients') changes without reloading (live events); a stale edit
 * of a data store is refused and the conflict dialog shows what changed, with Reload and
 * Overwrite; a style deleted over REST comes back, with its SLD, by Revert on the History page.
 * Black box: the api is spoken to over HTTP only. Screenshots go to e2e/artifacts/history-*.png.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createWorkspace, useApiServer } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { SLD_10 } from '../support/http';
import { ConflictDialog } from './pages/conflict.dialog';
import { ConsolePage } from './pages/console.page';
import { HistoryPage } from './pages/history.page';
import { SignInPage } from './pages/sign-in.page';
import { WorkspacesPage } from './pages/workspaces.page';
import { expectAccessible } from './support/axe';
import { launchChromium, requireChromium, saveScreenshot } from './support/chromium';
import { STEP_TIMEOUT_MS } from './support/console-harness';

requireChromium();

const sldDocument = (name: string, fill: string) => `<?xml version="1.0" encoding="UTF-8"?>
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld">
  <NamedLayer><Name>${name}</Name>
    <UserStyle><Name>${name}</Name>
      <FeatureTypeStyle><Rule>
        <PolygonSymbolizer><Fill><CssParameter name="fill">${fill}</CssParameter></Fill></PolygonSymbolizer>
      </Rule></FeatureTypeStyle>
    </UserStyle>
  </NamedLayer>
</StyledLayerDescriptor>
`;

describe('live updates, conflicts and revert in the console (Chromium)', () => {
  const served = useApiServer();
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    expect(pageErrors.splice(0)).toEqual([]);
  });

  /** A console in its own browser context (its own session cookie), signed in as the admin. */
  async function signedInConsole(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const signIn = await new SignInPage(page).open(`${served.server.baseUrl}/web/`);
    await signIn.signIn(served.server.admin.user, served.server.admin.password);
    await new WorkspacesPage(page).waitUntilShown();
    return page;
  }

  /** Marks the document, so a later check can tell that the page was never reloaded. */
  const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { e2eMark: string }).e2eMark = 'not reloaded'));
  const documentMark = (page: Page) => page.evaluate(() => (window as unknown as { e2eMark?: string }).e2eMark ?? null);

  async function checkpoint(page: Page, name: string, what: string): Promise<void> {
    await expectAccessible(page, what);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, `history-${name}`);
  }

  it("shows a workspace created in one console, or over REST, in the other console's list without a reload", async () => {
    const [pageA, pageB] = [await signedInConsole(), await signedInConsole()];
    const [consoleA, consoleB] = [new WorkspacesPage(pageA), new WorkspacesPage(pageB)];
    await markDocument(pageB);

    const fromA = uniqueName('live_a');
    await consoleA.create(fromA);
    await consoleA.createdMessage(fromA).waitFor();
    await consoleB.row(fromA).waitFor();

    const overRest = uniqueName('live_rest');
    await createWorkspace(served.api, overRest);
    await consoleB.row(overRest).waitFor();
    await consoleA.row(overRest).waitFor();

    expect((await served.api.delete(`/workspaces/${overRest}`)).status).toBe(200);
    await consoleB.row(overRest).waitFor({ state: 'detached' });
    expect(await documentMark(pageB)).toBe('not reloaded');
    await checkpoint(pageB, 'live-workspaces', 'the workspaces page updated live');
  });

  it('refuses a stale data store edit with a dialog showing what changed; Overwrite and Reload work', async () => {
    const workspace = uniqueName('conflict');
    await createWorkspace(served.api, workspace);
    const created = await served.api.postJson(`/workspaces/${workspace}/datastores`, {
      dataStore: {
        name: 'pg',
        description: 'as created',
        connectionParameters: {
          entry: [
            { '@key': 'host', $: 'db.example.org' },
            { '@key': 'port', $: '5432' },
            { '@key': 'database', $: 'gis' },
            { '@key': 'user', $: 'bob' },
            { '@key': 'passwd', $: 'S3cret-pw' },
            { '@key': 'dbtype', $: 'postgis' },
          ],
        },
      },
    });
    expect(created.status).toBe(201);
    const storePath = `/workspaces/${workspace}/datastores/pg`;
    const storeOverRest = async () => (await served.api.get(`${storePath}.json`)).json().dataStore;
    const paramOf = (store: any, key: string) => store.connectionParameters.entry.find((e: any) => e['@key'] === key)?.$;

    const page = await signedInConsole();
    await page.goto(`${served.server.baseUrl}/web/stores/${workspace}/pg`);
    const form = page.getByRole('form', { name: 'Edit data store' });
    // The schema: a connection parameter that the stored (encrypted) password may go along with.
    const schema = form.getByLabel('Schema');
    await schema.waitFor();
    expect(await form.getByLabel('Host').inputValue()).toBe('db.example.org');

    // B edits; meanwhile a REST client changes the description. The open page learns of it live.
    await schema.fill('mine');
    expect((await served.api.putJson(storePath, { dataStore: { description: 'changed over REST' } })).status).toBe(200);
    await page.getByText('Someone else saved this data store').waitFor();
    expect(await schema.inputValue()).toBe('mine');

    // Save: the server refuses the stale If-Match; the dialog shows their change.
    const put = page.waitForRequest((request) => request.method() === 'PUT' && request.url().endsWith(storePath));
    await form.getByRole('button', { name: 'Save changes' }).click();
    expect(await (await put).headerValue('if-match')).toMatch(/^"/);
    const conflict = new ConflictDialog(page, `data store ${workspace}:pg`);
    await conflict.waitUntilShown();
    expect(await conflict.field('description')).toEqual(['description', 'changed', 'as created', 'changed over REST']);
    await checkpoint(page, 'conflict-dialog', 'the conflict dialog of a stale data store edit');

    // Overwrite: the edit is saved over the current version (the whole form, as B saw it).
    await conflict.overwriteButton.click();
    await new ConsolePage(page).toast(`Data store ${workspace}:pg saved.`).waitFor();
    await conflict.dialog.waitFor({ state: 'detached' });
    const overwritten = await storeOverRest();
    expect(paramOf(overwritten, 'schema')).toBe('mine');
    expect(overwritten.description).toBe('as created');
    await page.getByText('Someone else saved this data store').waitFor({ state: 'detached' });

    // Again, but Reload: B's edit is dropped and the form shows the current record.
    await expectValue(page, 'description', 'as created');
    await schema.fill('discarded');
    expect((await served.api.putJson(storePath, { dataStore: { description: 'second REST change' } })).status).toBe(200);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await conflict.waitUntilShown();
    expect(await conflict.field('description')).toEqual(['description', 'changed', 'as created', 'second REST change']);
    await conflict.reloadButton.click();
    await conflict.dialog.waitFor({ state: 'detached' });
    await expectValue(page, 'description', 'second REST change');
    await expectValue(page, 'schema', 'mine');
    expect(paramOf(await storeOverRest(), 'schema')).toBe('mine');
  });

  it('brings back a style deleted over REST, SLD and all, with Revert on the History page', async () => {
    const workspace = uniqueName('revert');
    const style = 'blue_fill';
    await createWorkspace(served.api, workspace);
    const stylePath = `/workspaces/${workspace}/styles/${style}`;
    expect((await served.api.post(`/workspaces/${workspace}/styles?name=${style}`, sldDocument(style, '#4169E1'), SLD_10)).status).toBe(201);
    const original = await served.api.get(`${stylePath}.sld`);
    expect(original.status).toBe(200);
    expect((await served.api.delete(stylePath)).status).toBe(200);
    expect((await served.api.get(`${stylePath}.sld`)).status).toBe(404);

    const page = await signedInConsole();
    const history = new HistoryPage(page);
    await new ConsolePage(page).navigate('History');
    await history.waitUntilShown();
    await history.filterByResource(`/workspaces/${workspace}`);
    await page.waitForURL((url) => url.searchParams.get('resource') === `/workspaces/${workspace}`);
    const deleted = history.row(stylePath, 'deleted');
    await deleted.waitFor();
    // The filtered answer replaces the unfiltered one: wait until it is the one shown.
    await history.rows().first().getByRole('rowheader', { name: stylePath, exact: true }).waitFor();
    await history
      .rows()
      .filter({ hasText: `/workspaces/${workspace}/` })
      .last()
      .waitFor();
    // Newest first: the delete, then the style's create, then the workspace's own records.
    const resources = await history.rows().locator('th').allInnerTexts();
    expect(resources[0]).toBe(stylePath);
    expect(resources).toContain(`/workspaces/${workspace}`);

    const details = await history.openDetails(deleted);
    await details.getByRole('table').getByRole('rowheader', { name: 'name', exact: true }).waitFor();
    await checkpoint(page, 'page-details', 'the History page with a change opened');
    await history.revert(details);
    await new ConsolePage(page).toast(/^Change \d+ reverted/).waitFor();

    const restored = await served.api.get(`${stylePath}.sld`);
    expect(restored.status).toBe(200);
    expect(restored.text).toBe(original.text);
    // The revert is itself a change, listed live at the top.
    await history.row(stylePath, 'created').waitFor();
    expect((await history.rows().locator('th').allInnerTexts())[0]).toBe(stylePath);
  });
});

/** Waits until a field of the store form shows `value` (a form that reloads replaces its inputs). */
async function expectValue(page: Page, field: string, value: string): Promise<void> {
  await page.waitForFunction(
    ([name, expected]) => document.querySelector<HTMLInputElement>(`form[aria-label="Edit data store"] input[name="${name}"]`)?.value === expected,
    [field, value] as const,
    { timeout: STEP_TIMEOUT_MS },
  );
}
