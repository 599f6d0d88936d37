/**
 * Scale-out: two api processes on one catalog database. A write through one is read through the
 * other at once (PostgreSQL is the only shared state). Needs TEST_DATABASE_URL: two processes cannot
 * share an embedded PGlite.
 */
import { randomBytes } from 'node:crypto';
import { ApiServer, describeWithExternalCatalog, startApi } from '../support/api-server';
import { createDataStore, createStyle, createUser, createWorkspace, grantRole, pgParams, sldFixture, workspaceJson } from '../support/catalog';
import { crypt2Length, normalize, parseJsonList, uniqueName, xmlEntries } from '../support/geoserver';
import { HttpResponse, restClient, RestClient, SLD_10 } from '../support/http';

describeWithExternalCatalog('two api processes on one database', () => {
  let a: ApiServer | undefined;
  let b: ApiServer | undefined;
  let apiA: RestClient;
  let apiB: RestClient;

  beforeAll(async () => {
    // Both processes must encrypt store passwords with the same key: give it explicitly.
    const SECRET_KEY = randomBytes(32).toString('base64');
    a = await startApi({ env: { SECRET_KEY } });
    b = await startApi({ databaseUrl: a.databaseUrl, env: { SECRET_KEY, ADMIN_PASSWORD: a.admin.password } });
    apiA = restClient(a);
    apiB = restClient(b);
  }, 120_000);
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  }, 30_000);

  it('runs two processes on distinct ports and the same database', () => {
    expect(a!.databaseUrl).toBeDefined();
    expect(b!.databaseUrl).toBe(a!.databaseUrl);
    expect(a!.baseUrl).not.toBe(b!.baseUrl);
  });

  it('a workspace created through A is read through B at once, and B lists it', async () => {
    const ws = uniqueName('shared');
    await createWorkspace(apiA, ws);
    const res = await apiB.get(`/workspaces/${ws}.json`);
    expect(res).toHaveStatus(200);
    expect(normalize(res.text).text).toBe(workspaceJson(b!.restUrl, ws));
    const names = parseJsonList((await apiB.get('/workspaces.json')).text, 'workspaces', 'workspace').map((i) => i.name);
    expect(names).toContain(ws);
  });

  it('an update through B is read through A at once; a delete through A is a 404 on B at once', async () => {
    const ws = uniqueName('upd');
    await createWorkspace(apiA, ws);
    expect(await apiA.get(`/workspaces/${ws}.json`)).toHaveStatus(200); // warm any cache on A
    expect(await apiB.putJson(`/workspaces/${ws}`, { workspace: { isolated: true } })).toHaveStatus(200);
    expect((await apiA.get(`/workspaces/${ws}.json`)).json().workspace.isolated).toBe(true);
    expect(await apiB.get(`/workspaces/${ws}.json`)).toHaveStatus(200); // warm any cache on B
    expect(await apiA.delete(`/workspaces/${ws}`)).toHaveStatus(200);
    expect(await apiB.get(`/workspaces/${ws}.json`)).toBeTextError(404, `No such workspace: '${ws}' found`);
  });

  it('a store created through B is read through A with the same password', async () => {
    const ws = uniqueName('st');
    await createWorkspace(apiB, ws);
    await createDataStore(apiB, ws, 'nyc', pgParams({ passwd: 'shared-secret' }));
    const onA = await apiA.get(`/workspaces/${ws}/datastores/nyc.xml`);
    expect(onA).toHaveStatus(200);
    const onB = await apiB.get(`/workspaces/${ws}/datastores/nyc.xml`);
    const passA = Object.fromEntries(xmlEntries(onA.text)).passwd;
    const passB = Object.fromEntries(xmlEntries(onB.text)).passwd;
    expect(crypt2Length(passA)).toBe(crypt2Length(passB));
    expect(onA.text).not.toContain('shared-secret');
  });

  it('SLD content uploaded through A is served byte for byte by B; a style deleted on B is gone on A', async () => {
    const name = uniqueName('sty');
    await createStyle(apiA, null, name);
    const sld = sldFixture('valid', 'point-utf8-crlf.sld');
    expect(await apiA.put(`/styles/${name}`, sld.bytes, SLD_10)).toHaveStatus(200);
    const got = await apiB.get(`/styles/${name}.sld`);
    expect(got).toHaveStatus(200);
    expect(got.bytes.equals(sld.bytes)).toBe(true);
    expect(await apiB.delete(`/styles/${name}`)).toHaveStatus(200);
    expect(await apiA.get(`/styles/${name}.xml`)).toBeTextError(404, `No such style: ${name}`);
  });

  it('parallel POSTs of one name split over both processes: exactly one 201', async () => {
    const name = uniqueName('race');
    const body = `<workspace><name>${name}</name></workspace>`;
    const responses: HttpResponse[] = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? apiA : apiB).postXml('/workspaces', body)));
    const counts: Record<number, number> = {};
    for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
    expect(counts).toEqual({ 201: 1, 409: 39 });
  });

  it('a user created through A authenticates on B at once; a role granted on B applies on A at once', async () => {
    const creds = { user: uniqueName('u'), password: 'Two-proc-pw1' };
    await createUser(apiA, creds.user, creds.password);
    expect(await apiB.as(creds).get('/workspaces.json')).toHaveStatus(403);
    await grantRole(apiB, 'READER', creds.user);
    expect(await apiA.as(creds).get('/workspaces.json')).toHaveStatus(200);
  });

  it('a user disabled through A is refused by B within the auth cache lifetime (≤ 5 s)', async () => {
    const creds = { user: uniqueName('u'), password: 'Two-proc-pw2' };
    await createUser(apiA, creds.user, creds.password);
    await grantRole(apiA, 'READER', creds.user);
    expect(await apiB.as(creds).get('/workspaces.json')).toHaveStatus(200); // now cached on B
    expect(await apiA.putJson(`/security/usergroup/user/${creds.user}`, { user: { enabled: false } })).toHaveStatus(200);
    const started = Date.now();
    let status = 0;
    while (Date.now() - started < 5_000) {
      status = (await apiB.as(creds).get('/workspaces.json')).status;
      if (status === 401) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect({ status, withinMs: status === 401 ? 'yes' : Date.now() - started }).toEqual({ status: 401, withinMs: 'yes' });
  });
});
