/**
 * Cross-site writes and the console's cookie session (issue 9, scope 5; contract §6).
 *
 * A browser that once held Basic credentials for the site (or the session cookie) sends them
 * along with a form another site submits. Writes whose `Origin` is foreign, or that say
 * `Sec-Fetch-Site: cross-site`, are refused with 403 before anything is done. Clients without
 * `Origin` (curl, GeoServer client libraries) are unaffected; reads are not refused.
 * Requests are sent with node:http so `Origin`/`Sec-Fetch-*` go out exactly as written.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { ApiServer, describeWithExternalCatalog, startApi } from '../support/api-server';
import { createUser, createWorkspace, useApiServer, userWithRole } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { basicAuth, HttpResponse, rawRequest, restClient } from '../support/http';
import { cookieAttributes, SESSION_COOKIE, signIn, withCookie } from '../support/session';

const ALLOWED = 'https://console.example.org';
const EVIL = 'http://evil.example';
const FORM = 'application/x-www-form-urlencoded';

const ctx = useApiServer({ env: { ALLOWED_ORIGINS: `${ALLOWED}, https://other.example.org` } });
const own = () => new URL(ctx.server.baseUrl).origin;
const admin = () => ctx.server.admin;

/** A write with the admin's Basic credentials and the given browser headers. */
function adminWrite(method: string, path: string, headers: Record<string, string>, body = 'x=1', type = FORM): Promise<HttpResponse> {
  return rawRequest(`${ctx.server.restUrl}${path}`, { method, auth: { user: admin().user, password: admin().password }, type, body, headers });
}

async function rolesOf(user: string): Promise<string> {
  const res = await ctx.api.get(`/security/roles/user/${encodeURIComponent(user)}.json`);
  expect(res).toHaveStatus(200);
  return res.text;
}

function expectCrossSiteRefusal(res: HttpResponse) {
  expect(res).toHaveStatus(403);
  expect(res.contentType).toBe('text/plain');
  expect(res.text).toMatch(/^Cross-site (POST|PUT|DELETE|PATCH) refused/);
  expect(res.text).toContain('ALLOWED_ORIGINS');
}

describe('cross-site writes', () => {
  it("refuses the issue's request: a form POST granting ADMIN from http://evil.example → 403, role not granted", async () => {
    await createUser(ctx.api, 'x', `pw-${randomBytes(6).toString('hex')}`);
    const res = await adminWrite('POST', '/security/roles/role/ADMIN/user/x', { origin: EVIL });
    expectCrossSiteRefusal(res);
    expect(res.text).toContain(`Origin ${EVIL}`);
    expect(await rolesOf('x')).not.toContain('ADMIN');
  });

  it('refuses Sec-Fetch-Site: cross-site (no Origin) and Origin: null', async () => {
    const { user } = await userWithRole(ctx.api, null, 'xs');
    expectCrossSiteRefusal(await adminWrite('POST', `/security/roles/role/ADMIN/user/${user}`, { 'sec-fetch-site': 'cross-site' }));
    expectCrossSiteRefusal(await adminWrite('POST', `/security/roles/role/ADMIN/user/${user}`, { origin: 'null' }));
    expect(await rolesOf(user)).not.toContain('ADMIN');
  });

  it('refuses PUT, DELETE and PATCH from a foreign origin, and changes nothing', async () => {
    const ws = uniqueName('xsws');
    await createWorkspace(ctx.api, ws);
    expectCrossSiteRefusal(await adminWrite('PUT', `/workspaces/${ws}`, { origin: EVIL }, '{"workspace":{"name":"renamed_xs"}}', 'application/json'));
    expectCrossSiteRefusal(await adminWrite('DELETE', `/workspaces/${ws}`, { origin: EVIL }));
    expectCrossSiteRefusal(await adminWrite('PATCH', `/workspaces/${ws}`, { origin: EVIL }));
    // Same host, other port: another origin.
    const otherPort = `http://127.0.0.1:${Number(new URL(own()).port) + 1}`;
    expectCrossSiteRefusal(await adminWrite('DELETE', `/workspaces/${ws}`, { origin: otherPort }));
    expect(await ctx.api.get(`/workspaces/${ws}.json`)).toHaveStatus(200);
  });

  it('refuses before authentication and before routing: anonymous, unknown paths, /ogc', async () => {
    const anonymous = await rawRequest(`${ctx.server.restUrl}/workspaces`, { method: 'POST', type: FORM, body: 'x=1', headers: { origin: EVIL } });
    expectCrossSiteRefusal(anonymous);
    expect(anonymous.headers.get('www-authenticate')).toBeNull();
    expectCrossSiteRefusal(await adminWrite('POST', '/no/such/endpoint', { origin: EVIL }));
    const ogc = await rawRequest(`${ctx.server.baseUrl}/ogc/features/v1/collections`, {
      method: 'POST',
      auth: { user: admin().user, password: admin().password },
      type: FORM,
      body: 'x=1',
      headers: { origin: EVIL },
    });
    expectCrossSiteRefusal(ogc);
  });

  it("lets writes from the server's own origin through (the console), with Sec-Fetch-Site: same-origin", async () => {
    const { user } = await userWithRole(ctx.api, null, 'same');
    const res = await adminWrite('POST', `/security/roles/role/READER/user/${user}`, { origin: own(), 'sec-fetch-site': 'same-origin' });
    expect(res).toHaveStatus(200);
    expect(await rolesOf(user)).toContain('READER');
  });

  it('lets writes from an ALLOWED_ORIGINS origin through, even when the browser says cross-site', async () => {
    const { user } = await userWithRole(ctx.api, null, 'allowed');
    const res = await adminWrite('POST', `/security/roles/role/READER/user/${user}`, { origin: ALLOWED, 'sec-fetch-site': 'cross-site' });
    expect(res).toHaveStatus(200);
    expect(await rolesOf(user)).toContain('READER');
    expect(await adminWrite('DELETE', `/security/roles/role/READER/user/${user}`, { origin: 'https://other.example.org' })).toHaveStatus(200);
    expect(await rolesOf(user)).not.toContain('READER');
  });

  it('leaves clients without Origin (curl, scripts, GeoServer client libraries) alone', async () => {
    const ws = uniqueName('noorigin');
    const res = await rawRequest(`${ctx.server.restUrl}/workspaces`, {
      method: 'POST',
      auth: { user: admin().user, password: admin().password },
      type: 'application/json',
      body: JSON.stringify({ workspace: { name: ws } }),
    });
    expect(res).toHaveStatus(201);
  });

  it('does not refuse reads with a foreign Origin (GET is not a write; no CORS header lets the other site read the answer)', async () => {
    const res = await rawRequest(`${ctx.server.restUrl}/workspaces.json`, {
      auth: { user: admin().user, password: admin().password },
      headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' },
    });
    expect(res).toHaveStatus(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('console sessions', () => {
  it('signs in with JSON credentials → 204 and a cookie that is exactly HttpOnly, SameSite=Strict, Path=/geoserver', async () => {
    const { token, setCookie, response } = await signIn(ctx.server.baseUrl, admin().user, admin().password, { origin: own() });
    expect(response).toHaveStatus(204);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    expect(setCookie.startsWith(`${SESSION_COOKIE}=${token};`)).toBe(true);
    // No Secure over plain http, no Domain (host-only), no Expires/Max-Age (ends with the browser).
    expect(cookieAttributes(setCookie).sort()).toEqual(['HttpOnly', 'Path=/geoserver', 'SameSite=Strict']);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const again = await signIn(ctx.server.baseUrl, admin().user, admin().password);
    expect(again.token).not.toBe(token);
  });

  it('refuses wrong credentials (401, no cookie), a form body (415), a cross-site sign-in (403) and junk', async () => {
    const wrong = await signIn(ctx.server.baseUrl, admin().user, `${admin().password}-wrong`);
    expect(wrong.response).toHaveStatus(401);
    expect(wrong.setCookie).toBe('');
    const unknown = await signIn(ctx.server.baseUrl, 'nobody_here', 'x');
    expect(unknown.response).toHaveStatus(401);
    expect(unknown.response.text).toBe(wrong.response.text);
    const form = await rawRequest(`${ctx.server.baseUrl}/auth/session`, {
      method: 'POST',
      type: FORM,
      body: `userName=${admin().user}&password=${admin().password}`,
    });
    expect(form).toHaveStatus(415);
    const crossSite = await signIn(ctx.server.baseUrl, admin().user, admin().password, { origin: EVIL });
    expectCrossSiteRefusal(crossSite.response);
    expect(crossSite.setCookie).toBe('');
    for (const body of ['{', '[]', '{"userName":1,"password":"x"}', '{"userName":"admin\\u0000","password":"x"}']) {
      const res = await rawRequest(`${ctx.server.baseUrl}/auth/session`, { method: 'POST', type: 'application/json', body });
      expect(res.status).toBe(400);
    }
    const huge = await rawRequest(`${ctx.server.baseUrl}/auth/session`, {
      method: 'POST',
      type: 'application/json',
      body: JSON.stringify({ userName: 'a', password: 'p'.repeat(100_000) }),
    });
    expect(huge).toHaveStatus(413);
  });

  it('refuses a sign-in of a user without any role (403) and of a disabled user (401)', async () => {
    const { user, password } = await userWithRole(ctx.api, null, 'norole');
    expect((await signIn(ctx.server.baseUrl, user, password)).response).toHaveStatus(403);
    const disabled = uniqueName('disabled');
    await createUser(ctx.api, disabled, 'pw-disabled-1', false);
    expect((await signIn(ctx.server.baseUrl, disabled, 'pw-disabled-1')).response).toHaveStatus(401);
  });

  it('the cookie says who is signed in and authenticates /rest reads and same-origin writes, and /ogc', async () => {
    const { token } = await signIn(ctx.server.baseUrl, admin().user, admin().password);
    const who = await withCookie(`${ctx.server.baseUrl}/auth/session`, token);
    expect(who).toHaveStatus(200);
    expect(who.json()).toEqual({ userName: admin().user, roles: ['ADMIN'] });
    expect(await rawRequest(`${ctx.server.baseUrl}/auth/session`)).toHaveStatus(401);

    expect(await withCookie(`${ctx.server.restUrl}/workspaces.json`, token)).toHaveStatus(200);
    const ws = uniqueName('bycookie');
    const created = await withCookie(`${ctx.server.restUrl}/workspaces`, token, {
      method: 'POST',
      type: 'application/json',
      body: JSON.stringify({ workspace: { name: ws } }),
      headers: { origin: own(), 'sec-fetch-site': 'same-origin' },
    });
    expect(created).toHaveStatus(201);
    expect(await ctx.api.get(`/workspaces/${ws}.json`)).toHaveStatus(200);
    expect(await withCookie(`${ctx.server.baseUrl}/ogc/features/v1/collections`, token, { accept: 'application/json' })).toHaveStatus(200);
  });

  it('the cookie with a foreign Origin or Sec-Fetch-Site: cross-site → 403, nothing created', async () => {
    const { token } = await signIn(ctx.server.baseUrl, admin().user, admin().password);
    const ws = uniqueName('csrf');
    const attempts: Array<Record<string, string>> = [{ origin: EVIL }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }];
    for (const headers of attempts) {
      const res = await withCookie(`${ctx.server.restUrl}/workspaces`, token, {
        method: 'POST',
        type: 'application/json',
        body: JSON.stringify({ workspace: { name: ws } }),
        headers,
      });
      expectCrossSiteRefusal(res);
    }
    expect(await ctx.api.get(`/workspaces/${ws}.json`)).toHaveStatus(404);
    // Sign-out is a write too: another site cannot sign the user out.
    expectCrossSiteRefusal(await withCookie(`${ctx.server.baseUrl}/auth/session`, token, { method: 'DELETE', headers: { origin: EVIL } }));
    expect(await withCookie(`${ctx.server.restUrl}/workspaces.json`, token)).toHaveStatus(200);
  });

  it('a READER session reads but may not write', async () => {
    const reader = await userWithRole(ctx.api, 'READER', 'rd');
    const { token } = await signIn(ctx.server.baseUrl, reader.user, reader.password);
    expect(await withCookie(`${ctx.server.restUrl}/workspaces.json`, token)).toHaveStatus(200);
    const res = await withCookie(`${ctx.server.restUrl}/workspaces`, token, {
      method: 'POST',
      type: 'application/json',
      body: JSON.stringify({ workspace: { name: uniqueName('rd') } }),
      headers: { origin: own() },
    });
    expect(res).toHaveStatus(403);
  });

  it('explicit Basic credentials decide: a wrong password is not rescued by a valid cookie', async () => {
    const { token } = await signIn(ctx.server.baseUrl, admin().user, admin().password);
    const res = await rawRequest(`${ctx.server.restUrl}/workspaces.json`, {
      headers: { cookie: `${SESSION_COOKIE}=${token}`, authorization: basicAuth(admin().user, 'wrong') },
    });
    expect(res).toHaveStatus(401);
    // A forged or malformed cookie is simply no session.
    expect(await withCookie(`${ctx.server.restUrl}/workspaces.json`, 'A'.repeat(43))).toHaveStatus(401);
    expect(await withCookie(`${ctx.server.restUrl}/workspaces.json`, `${token}x`)).toHaveStatus(401);
  });

  it('sign-out ends the session at once and clears the cookie', async () => {
    const { token } = await signIn(ctx.server.baseUrl, admin().user, admin().password);
    expect(await withCookie(`${ctx.server.restUrl}/workspaces.json`, token)).toHaveStatus(200); // cached now
    const out = await withCookie(`${ctx.server.baseUrl}/auth/session`, token, { method: 'DELETE', headers: { origin: own() } });
    expect(out).toHaveStatus(204);
    expect(out.headers.get('set-cookie')).toBe(`${SESSION_COOKIE}=; Path=/geoserver; HttpOnly; SameSite=Strict; Max-Age=0`);
    expect(await withCookie(`${ctx.server.restUrl}/workspaces.json`, token)).toHaveStatus(401);
    expect(await withCookie(`${ctx.server.baseUrl}/auth/session`, token)).toHaveStatus(401);
    // Signing out again (a stale cookie) is harmless.
    expect(await withCookie(`${ctx.server.baseUrl}/auth/session`, token, { method: 'DELETE' })).toHaveStatus(204);
  });

  it("a password change by an admin ends the user's sessions; the new password signs in", async () => {
    const user = await userWithRole(ctx.api, 'ADMIN', 'pwchange');
    const { token } = await signIn(ctx.server.baseUrl, user.user, user.password);
    expect(await withCookie(`${ctx.server.restUrl}/workspaces.json`, token)).toHaveStatus(200);
    expect(await ctx.api.putJson(`/security/usergroup/user/${user.user}`, { user: { password: 'pw-new-one-2' } })).toHaveStatus(200);
    expect(await withCookie(`${ctx.server.restUrl}/workspaces.json`, token)).toHaveStatus(401);
    expect((await signIn(ctx.server.baseUrl, user.user, 'pw-new-one-2')).response).toHaveStatus(204);
  });

  it('disabling, removing the last role or deleting a user ends its sessions; renaming or enabling does not', async () => {
    const works = (token: string) => withCookie(`${ctx.server.restUrl}/workspaces.json`, token);
    const a = await userWithRole(ctx.api, 'READER', 'dis');
    const sa = await signIn(ctx.server.baseUrl, a.user, a.password);
    expect(await ctx.api.putJson(`/security/usergroup/user/${a.user}`, { user: { enabled: true } })).toHaveStatus(200);
    expect(await works(sa.token)).toHaveStatus(200);
    expect(await ctx.api.putJson(`/security/usergroup/user/${a.user}`, { user: { enabled: false } })).toHaveStatus(200);
    expect(await works(sa.token)).toHaveStatus(401);

    const b = await userWithRole(ctx.api, 'READER', 'unrole');
    const sb = await signIn(ctx.server.baseUrl, b.user, b.password);
    expect(await ctx.api.delete(`/security/roles/role/READER/user/${b.user}`)).toHaveStatus(200);
    expect(await works(sb.token)).toHaveStatus(401);

    const c = await userWithRole(ctx.api, 'READER', 'del');
    const sc = await signIn(ctx.server.baseUrl, c.user, c.password);
    const renamed = uniqueName('renamed');
    expect(await ctx.api.putJson(`/security/usergroup/user/${c.user}`, { user: { userName: renamed } })).toHaveStatus(200);
    expect((await withCookie(`${ctx.server.baseUrl}/auth/session`, sc.token)).json()).toEqual({ userName: renamed, roles: ['READER'] });
    expect(await ctx.api.delete(`/security/usergroup/user/${renamed}`)).toHaveStatus(200);
    expect(await works(sc.token)).toHaveStatus(401);
  });
});

describeWithExternalCatalog('sessions across two api processes on one database', () => {
  let a: ApiServer | undefined;
  let b: ApiServer | undefined;

  beforeAll(async () => {
    a = await startApi();
    b = await startApi({ databaseUrl: a.databaseUrl, env: { ADMIN_PASSWORD: a.admin.password } });
  }, 120_000);
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  }, 30_000);

  /** Polls until the request answers `status` or `ms` pass; returns how long it took. */
  async function within(ms: number, status: number, send: () => Promise<HttpResponse>): Promise<number> {
    const started = Date.now();
    for (;;) {
      const res = await send();
      if (res.status === status) return Date.now() - started;
      if (Date.now() - started > ms) throw new Error(`still ${res.status} after ${ms} ms, expected ${status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('a session made on A works on B; a sign-out on B ends it on A within a few seconds', async () => {
    const { token } = await signIn(a!.baseUrl, a!.admin.user, a!.admin.password);
    expect(await withCookie(`${a!.restUrl}/workspaces.json`, token)).toHaveStatus(200); // cached on A
    expect(await withCookie(`${b!.restUrl}/workspaces.json`, token)).toHaveStatus(200);
    const ws = uniqueName('twoproc');
    const created = await withCookie(`${b!.restUrl}/workspaces`, token, {
      method: 'POST',
      type: 'application/json',
      body: JSON.stringify({ workspace: { name: ws } }),
      headers: { origin: new URL(b!.baseUrl).origin },
    });
    expect(created).toHaveStatus(201);
    expect(await withCookie(`${b!.baseUrl}/auth/session`, token, { method: 'DELETE' })).toHaveStatus(204);
    expect(await withCookie(`${b!.restUrl}/workspaces.json`, token)).toHaveStatus(401); // at once where signed out
    const took = await within(5_000, 401, () => withCookie(`${a!.restUrl}/workspaces.json`, token));
    expect(took).toBeLessThanOrEqual(5_000);
  });

  it('a password change through B ends the sessions on A', async () => {
    const api = restClient(b!);
    const user = await userWithRole(api, 'READER', 'tp');
    const { token } = await signIn(a!.baseUrl, user.user, user.password);
    expect(await withCookie(`${a!.restUrl}/workspaces.json`, token)).toHaveStatus(200);
    expect(await api.putJson(`/security/usergroup/user/${user.user}`, { user: { password: 'pw-changed-3' } })).toHaveStatus(200);
    await within(5_000, 401, () => withCookie(`${a!.restUrl}/workspaces.json`, token));
  });

  it('the database holds only the SHA-256 of the token, never the token', async () => {
    const { token } = await signIn(a!.baseUrl, a!.admin.user, a!.admin.password);
    const client = new Client({ connectionString: a!.databaseUrl });
    await client.connect();
    try {
      const dump = JSON.stringify((await client.query('SELECT * FROM app_session')).rows);
      expect(dump).not.toContain(token);
      expect(dump).toContain(createHash('sha256').update(token).digest('hex'));
    } finally {
      await client.end();
    }
  });
});
