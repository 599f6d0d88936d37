import { createWorkspace, useApiServer, userWithRole } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { HttpResponse, request, SLD_10 } from '../support/http';

const ctx = useApiServer();

const CHALLENGE = 'Basic realm="geocatalog"';

function expect401(res: HttpResponse) {
  expect(res).toHaveStatus(401);
  expect(res.headers.get('www-authenticate')).toBe(CHALLENGE);
  expect(res.contentType).toBe('text/plain');
}

describe('authentication', () => {
  const anonymousCalls: Array<[string, (ws: string) => Promise<HttpResponse>]> = [
    ['GET /workspaces', () => ctx.api.as(null).get('/workspaces')],
    ['GET /workspaces.xml', () => ctx.api.as(null).get('/workspaces.xml')],
    ['GET an existing workspace', (ws) => ctx.api.as(null).get(`/workspaces/${ws}.json`)],
    ['GET an unknown workspace', () => ctx.api.as(null).get('/workspaces/no_such_ws.json')],
    ['GET an unknown endpoint', () => ctx.api.as(null).get('/no/such/endpoint')],
    ['GET /about/version.xml', () => ctx.api.as(null).get('/about/version.xml')],
    ['GET /styles/point.sld', () => ctx.api.as(null).get('/styles/point.sld')],
    ['GET /security/roles', () => ctx.api.as(null).get('/security/roles')],
    ['POST /workspaces', () => ctx.api.as(null).postXml('/workspaces', `<workspace><name>${uniqueName('x')}</name></workspace>`)],
    ['PUT a workspace', (ws) => ctx.api.as(null).putXml(`/workspaces/${ws}`, '<workspace><isolated>true</isolated></workspace>')],
    ['DELETE a workspace', (ws) => ctx.api.as(null).delete(`/workspaces/${ws}`)],
    ['PUT an SLD', () => ctx.api.as(null).put('/styles/point', Buffer.from('<x/>'), SLD_10)],
    ['DELETE /workspaces (wrong method)', () => ctx.api.as(null).delete('/workspaces')],
  ];

  it.each(anonymousCalls)('answers 401 with the Basic challenge without credentials: %s', async (_what, call) => {
    const ws = uniqueName('ws');
    await createWorkspace(ctx.api, ws);
    expect401(await call(ws));
    expect(await ctx.api.get(`/workspaces/${ws}.json`)).toHaveStatus(200);
  });

  it('answers 401 to a wrong password and an unknown user', async () => {
    const { api, server } = ctx;
    expect401(await api.as({ user: server.admin.user, password: `${server.admin.password}x` }).get('/workspaces.json'));
    expect401(await api.as({ user: server.admin.user, password: '' }).get('/workspaces.json'));
    expect401(await api.as({ user: uniqueName('nobody'), password: server.admin.password }).get('/workspaces.json'));
    // User names match whatever their case (contract §6: unique case-insensitively), passwords do not.
    expect401(await api.as({ user: server.admin.user.toUpperCase(), password: server.admin.password.toUpperCase() }).get('/workspaces.json'));
  });

  it('answers 401, never 5xx, to malformed Authorization headers', async () => {
    const { server } = ctx;
    const headers = [
      'Basic',
      'Basic ',
      'Basic !!!not-base64!!!',
      'Basic ' + Buffer.from('no-colon-here').toString('base64'),
      'Basic ' + Buffer.from(':').toString('base64'),
      'Basic ' + Buffer.from([0xff, 0xfe, 0x3a, 0x00]).toString('base64'),
      'Bearer some-token',
      'Digest username="admin"',
      'Basic ' + 'A'.repeat(6000),
    ];
    for (const authorization of headers) {
      const res = await request(`${server.restUrl}/workspaces.json`, { headers: { authorization } });
      expect({ authorization: authorization.slice(0, 40), status: res.status }).toEqual({ authorization: authorization.slice(0, 40), status: 401 });
      expect(res.headers.get('www-authenticate')).toBe(CHALLENGE);
    }
  });

  it('accepts the admin from ADMIN_USER/ADMIN_PASSWORD, with the scheme in any case', async () => {
    const { server } = ctx;
    const token = Buffer.from(`${server.admin.user}:${server.admin.password}`).toString('base64');
    for (const scheme of ['Basic', 'basic', 'BASIC']) {
      const res = await request(`${server.restUrl}/workspaces.json`, { headers: { authorization: `${scheme} ${token}` } });
      expect(res).toHaveStatus(200);
    }
  });

  it('answers 401 to a disabled user with the right password', async () => {
    const { api } = ctx;
    const name = uniqueName('off');
    expect(await api.postJson('/security/usergroup/users', { user: { userName: name, password: 'pw-off', enabled: false } })).toHaveStatus(201);
    expect(await api.post(`/security/roles/role/READER/user/${name}`)).toHaveStatus(200);
    expect401(await api.as({ user: name, password: 'pw-off' }).get('/workspaces.json'));
  });
});

describe('authorisation', () => {
  it('lets a READER GET everything and refuses every write with 403, changing nothing', async () => {
    const { api } = ctx;
    const reader = api.as(await userWithRole(api, 'READER', 'reader'));
    const ws = uniqueName('ws');
    await createWorkspace(api, ws);
    expect(await api.postXml(`/workspaces/${ws}/styles`, `<style><name>s</name><filename>s.sld</filename></style>`)).toHaveStatus(201);

    for (const path of [
      '/workspaces.json',
      `/workspaces/${ws}.xml`,
      `/workspaces/${ws}/datastores.json`,
      '/styles.xml',
      `/workspaces/${ws}/styles/s.json`,
      '/styles/point.sld',
      '/about/version.json',
      '/namespaces.json',
    ]) {
      expect({ path, status: (await reader.get(path)).status }).toEqual({ path, status: 200 });
    }
    const writes: Array<[string, () => Promise<HttpResponse>]> = [
      ['POST workspace', () => reader.postXml('/workspaces', `<workspace><name>${uniqueName('no')}</name></workspace>`)],
      ['PUT workspace', () => reader.putXml(`/workspaces/${ws}`, `<workspace><name>${uniqueName('no')}</name></workspace>`)],
      ['DELETE workspace', () => reader.delete(`/workspaces/${ws}?recurse=true`)],
      ['DELETE unknown workspace', () => reader.delete(`/workspaces/${uniqueName('ghost')}`)],
      ['POST namespace', () => reader.postXml('/namespaces', `<namespace><prefix>${uniqueName('no')}</prefix><uri>urn:no</uri></namespace>`)],
      ['POST datastore', () => reader.postXml(`/workspaces/${ws}/datastores`, '<dataStore><name>d</name></dataStore>')],
      ['POST style', () => reader.postXml('/styles', `<style><name>${uniqueName('no')}</name><filename>x.sld</filename></style>`)],
      ['PUT SLD', () => reader.put(`/workspaces/${ws}/styles/s`, Buffer.from('<StyledLayerDescriptor/>'), SLD_10)],
      ['DELETE style', () => reader.delete(`/workspaces/${ws}/styles/s`)],
    ];
    for (const [what, call] of writes) {
      const res = await call();
      expect({ what, status: res.status, type: res.contentType }).toEqual({ what, status: 403, type: 'text/plain' });
    }
    expect(await api.get(`/workspaces/${ws}.json`)).toHaveStatus(200);
    expect(await api.get(`/workspaces/${ws}/styles/s.json`)).toHaveStatus(200);
    expect((await api.get(`/workspaces/${ws}/styles/s.sld`)).status).not.toBe(200);
  });

  it('lets a user without a role authenticate but answers 403 to every /rest request', async () => {
    const { api } = ctx;
    const nobody = api.as(await userWithRole(api, null, 'norole'));
    for (const path of ['/workspaces.json', '/about/version.json', '/styles.xml', '/security/roles']) {
      const res = await nobody.get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
      expect(res.headers.get('www-authenticate')).toBeNull();
    }
    expect(await nobody.postXml('/workspaces', `<workspace><name>${uniqueName('no')}</name></workspace>`)).toHaveStatus(403);
  });
});
