/**
 * The console's Security pages in real Chromium against a real api (issue 25, scope 6): an
 * administrator creates a role, a user holding it, a rule making it the administrator of one
 * workspace, sets the catalog mode, and asks what the user can see; then that workspace
 * administrator and a READER each sign in and see only the controls they may use.
 * Photographed into e2e/artifacts/security-console-*.png.
 */
import type { Page } from 'playwright-core';
import { createWorkspace, useApiServer, userWithRole } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { card, signInToConsole } from './pages/console.page';
import { requireChromium, saveScreenshot, useConsolePage } from './support/chromium';

requireChromium();

describe('Security pages (Chromium)', () => {
  const ctx = useApiServer();
  const chrome = useConsolePage();

  const signIn = (page: Page, user: string, password: string) => signInToConsole(page, ctx.server.baseUrl, user, password);
  const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

  it('creates a role, a user with it and a rule; sets the mode; shows what the user can see; each user sees only its controls', async () => {
    const { page, browser } = chrome;
    const { server, api } = ctx;
    const [mine, theirs] = [uniqueName('secmine'), uniqueName('sectheirs')];
    await createWorkspace(api, mine);
    await createWorkspace(api, theirs);
    const role = uniqueName('WSADMIN').toUpperCase();
    const user = uniqueName('wsadmin');
    const password = `pw-${uniqueName('p')}`;

    const admin = await signIn(page, server.admin.user, server.admin.password);
    await admin.navigate('Security');
    await admin.heading('Security rules').waitFor();

    // Roles tab: create the role.
    await page.getByRole('navigation', { name: 'Security' }).getByRole('link', { name: 'Roles' }).click();
    await card(page, 'Create role').getByLabel('Role name').fill(role);
    await card(page, 'Create role').getByRole('button', { name: 'Create role' }).click();
    await page.getByRole('rowheader', { name: new RegExp(`^${role}`) }).waitFor();
    expect((await api.get('/security/roles.json')).json().roles).toContain(role);

    // /users leads to the Users tab: create the user, give it the role.
    await page.goto(`${server.baseUrl}/web/users`);
    await admin.heading('Users').waitFor();
    const create = card(page, 'Create user');
    await create.getByLabel('User name').fill(user);
    await create.getByLabel('Password').fill(password);
    await create.getByRole('button', { name: 'Create user' }).click();
    await page.getByRole('checkbox', { name: `Role ${role} for ${user}` }).check();
    await admin.toast(`${user} now has the role ${role}.`).waitFor();
    expect((await api.get(`/security/roles/user/${user}.json`)).json()).toEqual({ roles: [role] });
    await saveScreenshot(page, 'security-console-users');

    // Rules: the user's role administers `mine`; the catalog mode becomes CHALLENGE.
    await page.getByRole('navigation', { name: 'Security' }).getByRole('link', { name: 'Rules' }).click();
    const rules = card(page, 'Data rules');
    await rules.getByLabel('Workspace').fill(mine);
    await rules.getByLabel('Access').selectOption('a');
    await rules.getByLabel('Roles').fill(role);
    await rules.getByRole('button', { name: 'Save rule' }).click();
    await rules.getByRole('rowheader', { name: new RegExp(`^${mine}\\.\\*`) }).waitFor();
    expect((await api.get('/security/acl/layers.json')).json()[`${mine}.*.a`]).toBe(role);
    await card(page, 'Catalog mode').getByRole('combobox').selectOption('CHALLENGE');
    await card(page, 'Catalog mode').getByRole('button', { name: 'Save mode' }).click();
    await admin.toast('Catalog mode set to CHALLENGE.').waitFor();
    expect((await api.get('/security/acl/catalog.json')).json()).toEqual({ mode: 'CHALLENGE' });

    // What can this user see: it administers `mine`, not `theirs`; it reads both (the root rule).
    const sight = card(page, 'What can this user see?');
    await sight.getByLabel('User').selectOption(user);
    const rowOf = (ws: string) => sight.getByRole('row').filter({ has: page.getByRole('rowheader', { name: ws, exact: true }) });
    expect(await rowOf(mine).getByRole('cell').allInnerTexts()).toEqual(['yes', 'no', 'yes']);
    expect(await rowOf(theirs).getByRole('cell').allInnerTexts()).toEqual(['yes', 'no', 'no']);
    await saveScreenshot(page, 'security-console-rules');

    // The workspace administrator: New store in its workspace only; no Security, no History.
    const wsPage = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    const wsConsole = await signIn(wsPage, user, password);
    await expect(nav(wsPage).getByRole('link', { name: 'Security' }).count()).resolves.toBe(0);
    await expect(nav(wsPage).getByRole('link', { name: 'History' }).count()).resolves.toBe(0);
    await wsPage.goto(`${server.baseUrl}/web/stores?workspace=${mine}`);
    await wsPage.getByRole('link', { name: 'New PostGIS store' }).waitFor();
    await saveScreenshot(wsPage, 'security-console-workspace-admin');
    await wsPage.goto(`${server.baseUrl}/web/stores?workspace=${theirs}`);
    await wsConsole.heading('Data stores').waitFor();
    await wsPage.getByText(`No data stores in workspace ${theirs} yet`).waitFor();
    await expect(wsPage.getByRole('link', { name: /PostGIS store/ }).count()).resolves.toBe(0);
    await wsPage.goto(`${server.baseUrl}/web/security/users`);
    await wsPage.getByText('For administrators only').waitFor();
    await wsPage.context().close();

    // A READER: no write control even in `mine`, no Security.
    const reader = await userWithRole(api, 'READER', 'secreader');
    const readerPage = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    const readerConsole = await signIn(readerPage, reader.user, reader.password);
    await expect(nav(readerPage).getByRole('link', { name: 'Security' }).count()).resolves.toBe(0);
    await readerPage.goto(`${server.baseUrl}/web/stores?workspace=${mine}`);
    await readerConsole.heading('Data stores').waitFor();
    await readerPage.getByText(`No data stores in workspace ${mine} yet`).waitFor();
    await expect(readerPage.getByRole('link', { name: /PostGIS store/ }).count()).resolves.toBe(0);
    await readerPage.context().close();

    expect(await api.putJson('/security/acl/catalog', { mode: 'HIDE' })).toHaveStatus(200);
  }, 90_000);
});
