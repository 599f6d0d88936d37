/**
 * The console's security in a real browser (issue 9, "How it is checked"): it signs in, works,
 * and `document.cookie`, `sessionStorage` and `localStorage` hold no credential; the session
 * cookie is HttpOnly and SameSite=Strict; another origin cannot make the browser write; the
 * Content-Security-Policy is in force (an injected inline script does not run).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignInPage } from './pages/sign-in.page';
import { WorkspacesPage } from './pages/workspaces.page';
import { requireChromium, saveScreenshot } from './support/chromium';
import { useConsoleHarness } from './support/console-harness';

requireChromium();

const SESSION_COOKIE = 'geocatalog_session';

describe('console security in Chromium', () => {
  const h = useConsoleHarness();

  const uniqueName = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;
  const adminAuth = () => `Basic ${Buffer.from(`${h.api.admin.user}:${h.api.admin.password}`).toString('base64')}`;

  async function signInAsAdmin(): Promise<WorkspacesPage> {
    const signIn = await new SignInPage(h.page).open(`${h.api.baseUrl}/web/`);
    await signIn.signIn(h.api.admin.user, h.api.admin.password);
    const workspaces = new WorkspacesPage(h.page);
    await workspaces.waitUntilShown();
    return workspaces;
  }

  /** Everything script on the page can read that could hold a credential. */
  function scriptReachableState(): Promise<{ cookie: string; session: string; local: string }> {
    return h.page.evaluate(() => {
      const dump = (storage: Storage) => JSON.stringify(Object.fromEntries(Object.keys(storage).map((k) => [k, storage.getItem(k)])));
      return { cookie: document.cookie, session: dump(sessionStorage), local: dump(localStorage) };
    });
  }

  it('signs in, lists and creates a workspace, and keeps no credential where script can read it', async () => {
    const workspaces = await signInAsAdmin();
    const name = uniqueName('sec');
    await workspaces.create(name);
    await workspaces.createdMessage(name).waitFor();
    await workspaces.row(name).waitFor();
    const created = await fetch(`${h.api.restUrl}/workspaces/${name}.json`, { headers: { Authorization: adminAuth() } });
    expect(created.status).toBe(200);

    // The session cookie exists, and script cannot reach it.
    const cookies = await h.page.context().cookies(h.api.baseUrl);
    const session = cookies.find((c) => c.name === SESSION_COOKIE);
    expect(session).toBeDefined();
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/geoserver', secure: false });
    const token = session!.value;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const basic = `Basic ${Buffer.from(`${h.api.admin.user}:${h.api.admin.password}`).toString('base64')}`;
    const state = await scriptReachableState();
    for (const [where, text] of Object.entries(state)) {
      for (const secret of [h.api.admin.password, token, 'Basic ', basic.slice(6), SESSION_COOKIE]) {
        expect({ where, holds: text.includes(secret) }).toEqual({ where, holds: false });
      }
    }
    expect(state.cookie).toBe('');

    // No request carried an Authorization header; the password travelled once, to the sign-in endpoint.
    expect(h.sentRequests.length).toBeGreaterThan(2);
    for (const request of h.sentRequests) expect(await request.headerValue('authorization')).toBeNull();
    const withPassword = h.sentRequests
      .filter((r) => (r.postData() ?? '').includes(h.api.admin.password))
      .map((r) => `${r.method()} ${new URL(r.url()).pathname}`);
    expect(withPassword).toEqual(['POST /geoserver/auth/session']);

    // A reload stays signed in (the cookie), and still stores nothing.
    await h.page.reload();
    await workspaces.row(name).waitFor();
    expect(await workspaces.signedInAs.innerText()).toBe(`Signed in as ${h.api.admin.user}`);
    expect(await scriptReachableState()).toEqual({ cookie: '', session: state.session, local: state.local });
    await saveScreenshot(h.page, 'security-signed-in');

    // Sign-out ends the session on the server: the old token no longer works.
    await workspaces.signOut();
    await new SignInPage(h.page).waitUntilShown();
    const afterSignOut = await fetch(`${h.api.restUrl}/workspaces.json`, { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
    expect(afterSignOut.status).toBe(401);
    expect((await h.page.context().cookies(h.api.baseUrl)).find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('a h.page of another origin cannot make the signed-in browser grant a role (form POST → 403)', async () => {
    const victim = uniqueName('victim');
    const made = await fetch(`${h.api.restUrl}/security/usergroup/users`, {
      method: 'POST',
      headers: { Authorization: adminAuth(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ user: { userName: victim, password: 'pw-victim-1', enabled: true } }),
    });
    expect(made.status).toBe(201);
    await signInAsAdmin();

    // Same site (127.0.0.1), other origin (port): SameSite=Strict alone would still send the
    // cookie, so this is the Origin check at work.
    const target = `${h.api.restUrl}/security/roles/role/ADMIN/user/${victim}`;
    const evil: Server = createServer((_req, res) => {
      res.setHeader('Content-Type', 'text/html');
      res.end(`<form id="f" method="POST" action="${target}"><input name="x" value="1"></form><script>document.getElementById('f').submit()</script>`);
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    try {
      const evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}/`;
      const answer = h.page.waitForResponse((r) => r.url() === target && r.request().method() === 'POST');
      await h.page.goto(evilUrl);
      const response = await answer;
      expect(await response.request().headerValue('cookie')).toContain(SESSION_COOKIE);
      expect(response.status()).toBe(403);
      expect(await response.text()).toContain('Cross-site POST refused');
    } finally {
      await new Promise((resolve) => evil.close(resolve));
    }
    const roles = await fetch(`${h.api.restUrl}/security/roles/user/${victim}.json`, { headers: { Authorization: adminAuth() } });
    expect(roles.status).toBe(200);
    expect(await roles.text()).not.toContain('ADMIN');
  });

  it('the Content-Security-Policy is in force: an injected inline script does not run', async () => {
    const response = await h.page.goto(`${h.api.baseUrl}/web/`);
    await new SignInPage(h.page).waitUntilShown();
    const csp = response!.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'|default-src 'self'/);
    expect(csp).toContain("frame-ancestors 'none'");

    const outcome = await h.page.evaluate(async () => {
      const violations: string[] = [];
      document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));
      const script = document.createElement('script');
      script.textContent = 'window.__injected = 42;';
      document.head.appendChild(script);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return { ran: (window as unknown as { __injected?: number }).__injected === 42, violations };
    });
    expect(outcome.ran).toBe(false);
    // It was the policy that stopped it.
    expect(outcome.violations.some((d) => d.startsWith('script-src'))).toBe(true);
    // The console itself still runs under the policy.
    expect(await h.page.getByLabel('User name').isVisible()).toBe(true);
  });
});
