/**
 * The console in a real browser against a real api process: sign-in, the workspace list, and
 * creating a workspace. Black box: the api is started with startApi() and spoken to over HTTP.
 * Screenshots go to e2e/artifacts/.
 */
import { randomBytes } from 'node:crypto';
import { SignInPage } from './pages/sign-in.page';
import { WorkspacesPage } from './pages/workspaces.page';
import { requireChromium, saveScreenshot } from './support/chromium';
import { useConsoleHarness } from './support/console-harness';

requireChromium();

describe('console in Chromium', () => {
  const h = useConsoleHarness();

  afterEach(() => {
    expect(h.pageErrors).toEqual([]);
  });

  const consoleUrl = () => `${h.api.baseUrl}/web/`;
  const uniqueName = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

  /** POST /rest/workspaces as the admin, as any REST client would. */
  async function createWorkspaceOverRest(name: string): Promise<void> {
    const response = await fetch(`${h.api.restUrl}/workspaces`, {
      method: 'POST',
      headers: { Authorization: basic(h.api.admin.user, h.api.admin.password), 'Content-Type': 'application/json' },
      body: JSON.stringify({ workspace: { name } }),
    });
    if (response.status !== 201) {
      throw new Error(`creating workspace ${name}: expected 201, got ${response.status} ${await response.text()}`);
    }
  }

  /** POSTs the page has sent to /rest/workspaces. */
  function workspacePostsSent(): number {
    return h.sentRequests.filter((r) => r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/rest/workspaces')).length;
  }

  async function workspaceStatusOverRest(name: string): Promise<number> {
    const response = await fetch(`${h.api.restUrl}/workspaces/${encodeURIComponent(name)}.json`, {
      headers: { Authorization: basic(h.api.admin.user, h.api.admin.password) },
    });
    await response.arrayBuffer();
    return response.status;
  }

  it('refuses a wrong password with "Wrong user name or password" and no browser login dialog', async () => {
    const signIn = await new SignInPage(h.page).open(consoleUrl());
    expect(new URL(h.page.url()).pathname).toBe('/geoserver/web/sign-in');

    // The console signs in at {base}/auth/session (the server then sets an HttpOnly cookie).
    const answer = h.page.waitForResponse((response) => response.url().endsWith('/geoserver/auth/session') && response.request().method() === 'POST');
    await signIn.signIn(h.api.admin.user, `${h.api.admin.password}-wrong`);
    const response = await answer;

    expect(await signIn.errorText()).toBe('Wrong user name or password');
    expect(response.status()).toBe(401);
    // The console asks the server not to challenge, so Chromium has no reason to open its own dialog.
    expect(await response.request().headerValue('x-requested-with')).toBe('XMLHttpRequest');
    expect(await response.headerValue('www-authenticate')).toBeNull();
    // The password is selected for retyping.
    expect(await signIn.password.evaluate((element) => element === document.activeElement)).toBe(true);
    await saveScreenshot(h.page, 'console-sign-in-wrong-password');
  });

  it('signs in as the admin and lists a workspace created over REST', async () => {
    const name = uniqueName('browser');
    await createWorkspaceOverRest(name);

    const signIn = await new SignInPage(h.page).open(consoleUrl());
    await signIn.signIn(h.api.admin.user, h.api.admin.password);

    const workspaces = new WorkspacesPage(h.page);
    await workspaces.waitUntilShown();
    expect(new URL(h.page.url()).pathname).toBe('/geoserver/web/workspaces');
    await workspaces.row(name).waitFor();
    expect(await workspaces.names()).toContain(name);
    expect(await workspaces.signedInAs.innerText()).toBe(`Signed in as ${h.api.admin.user}`);
    await saveScreenshot(h.page, 'console-workspaces');

    // The session lasts for the tab: a reload stays signed in.
    await h.page.reload();
    await workspaces.row(name).waitFor();

    await workspaces.signOut();
    await signIn.waitUntilShown();
    await signIn.notice('You have signed out.').waitFor();
    await h.page.goto(`${h.api.baseUrl}/web/workspaces`);
    await signIn.waitUntilShown();
  });

  it('creates a workspace from the form, checking the name first and showing the server refusal', async () => {
    const signIn = await new SignInPage(h.page).open(consoleUrl());
    await signIn.signIn(h.api.admin.user, h.api.admin.password);
    const workspaces = new WorkspacesPage(h.page);
    await workspaces.waitUntilShown();

    // Refused in the browser by the catalog's name rule: nothing is sent.
    await workspaces.create('1st place');
    expect(await workspaces.nameFieldProblem()).toContain("Invalid workspace name '1st place'");
    expect(workspacePostsSent()).toBe(0);

    const name = uniqueName('from_form');
    await workspaces.create(name);
    await workspaces.createdMessage(name).waitFor();
    await workspaces.row(name).waitFor();
    expect(await workspaces.nameField.inputValue()).toBe('');
    expect(await workspaceStatusOverRest(name)).toBe(200);
    await saveScreenshot(h.page, 'console-workspace-created');

    // Taken: the server's 409 text is shown at the field.
    await workspaces.create(name);
    expect(await workspaces.nameFieldProblem()).toContain('already exists');
    await saveScreenshot(h.page, 'console-workspace-name-taken');
  });
});

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}
