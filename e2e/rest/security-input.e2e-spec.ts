/**
 * Issue 9, hostile bytes and names: every request of the issue's "Why" that gave a 500, a stack
 * trace or a look-alike name now gets a clear 4xx and changes nothing. Runs on the embedded
 * catalog and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { createDataStore, createUser, createWorkspace, pgParams, useApiServer } from '../support/catalog';
import { seg, uniqueName } from '../support/geoserver';
import { basicAuth, HttpResponse, rawRequest, request } from '../support/http';

const ctx = useApiServer();

const CONTROL_REFUSED = 'a control or non-character that XML 1.0 cannot carry; it is not accepted';

function expectClean400(res: HttpResponse, message: string | RegExp): void {
  expect(res).toHaveStatus(400);
  expect(res.contentType).toBe('text/plain');
  if (typeof message === 'string') expect(res.text).toBe(message);
  else expect(res.text).toMatch(message);
  expect(res.text).not.toMatch(/\bat .*\.js:\d+|Error:|stack/i);
}

function suffix(): string {
  return uniqueName('x').slice(2);
}

describe('hostile bytes in the request line and headers', () => {
  it('refuses NUL in a REST path with a 400, not a 500', async () => {
    const { api } = ctx;
    expectClean400(await api.get('/workspaces/x%00'), `The path contains U+0000, ${CONTROL_REFUSED}`);
    expectClean400(await api.get('/workspaces/x%00.json'), `The path contains U+0000, ${CONTROL_REFUSED}`);
    expectClean400(await api.delete('/workspaces/x%00'), `The path contains U+0000, ${CONTROL_REFUSED}`);
    expectClean400(await api.as(null).get('/workspaces/x%00'), `The path contains U+0000, ${CONTROL_REFUSED}`);
  });

  it('refuses NUL in a feature API path with a 400', async () => {
    const { server } = ctx;
    const res = await request(`${server.baseUrl}/ogc/features/v1/collections/x%00`, { auth: server.admin });
    expectClean400(res, `The path contains U+0000, ${CONTROL_REFUSED}`);
    const items = await request(`${server.baseUrl}/ogc/features/v1/collections/x%00/items?limit=1`, { auth: server.admin });
    expectClean400(items, `The path contains U+0000, ${CONTROL_REFUSED}`);
  });

  it('refuses control characters and broken UTF-8 in paths and queries', async () => {
    const { api } = ctx;
    expectClean400(await api.get('/workspaces/a%01b'), `The path contains U+0001, ${CONTROL_REFUSED}`);
    expectClean400(await api.get('/workspaces/%EF%BF%BF'), `The path contains U+FFFF, ${CONTROL_REFUSED}`);
    expectClean400(await api.get('/workspaces/%C3'), 'The path is not valid percent-encoded UTF-8');
    expectClean400(await api.get('/workspaces/%FF'), 'The path is not valid percent-encoded UTF-8');
    expectClean400(await api.get('/workspaces?quietOnNotFound=%00'), `The query parameter 'quietOnNotFound' contains U+0000, ${CONTROL_REFUSED}`);
    expectClean400(await api.get('/workspaces?x=%E0%80'), "The query parameter 'x' is not valid percent-encoded UTF-8");
  });

  it('answers NUL in Basic credentials with a 401, not a 500', async () => {
    const { server, api } = ctx;
    for (const [user, password] of [
      [`${server.admin.user}\u0000`, server.admin.password],
      [server.admin.user, `${server.admin.password}\u0000`],
      ['\u0000', '\u0000'],
      ['a\u0001b', 'pw'],
    ]) {
      const res = await rawRequest(api.url('/workspaces.json'), { headers: { authorization: basicAuth(user, password) } });
      expect(res).toHaveStatus(401);
      expect(res.headers.get('www-authenticate')).toBe('Basic realm="geocatalog"');
      expect(res.text).not.toMatch(/Error:|\.js:\d+/);
    }
    // The right credentials still work at once.
    expect(await api.get('/workspaces.json')).toHaveStatus(200);
  });

  it('refuses NUL in the console sign-in with a 400', async () => {
    const { server } = ctx;
    const res = await request(`${server.baseUrl}/auth/session`, {
      method: 'POST',
      type: 'application/json',
      body: JSON.stringify({ userName: 'admin\u0000', password: 'x' }),
    });
    expect(res).toHaveStatus(400);
    expect(res.text).not.toMatch(/Error:|\.js:\d+/);
  });
});

describe('hostile text in bodies', () => {
  async function storeFixture(): Promise<{ ws: string; path: string }> {
    const ws = uniqueName('bodyws');
    await createWorkspace(ctx.api, ws);
    return { ws, path: `/workspaces/${seg(ws)}/datastores` };
  }

  it('refuses a description with NUL and never stores it', async () => {
    const { api } = ctx;
    const { path } = await storeFixture();
    const name = uniqueName('ds');
    const res = await api.postJson(path, { dataStore: { name, description: 'a\u0000b', connectionParameters: pgParams() } });
    expectClean400(res, `The body's 'dataStore/description' contains U+0000, ${CONTROL_REFUSED}`);
    expect(await api.get(`${path}/${name}.json`)).toHaveStatus(404);
  });

  it('refuses a description with \\u0001 in JSON and in XML, and a PUT of one leaves the store as it was', async () => {
    const { api } = ctx;
    const { ws, path } = await storeFixture();
    const name = uniqueName('ds');
    const json = await api.postJson(path, { dataStore: { name, description: 'bell\u0001', connectionParameters: pgParams() } });
    expectClean400(json, `The body's 'dataStore/description' contains U+0001, ${CONTROL_REFUSED}`);
    const xml = await api.postXml(path, `<dataStore><name>${name}</name><description>bell\u0001</description></dataStore>`);
    // In XML the one XML parser (the SLD one) refuses it first, with its position.
    expectClean400(
      xml,
      `Malformed XML: Character U+0001 is not allowed in XML at line 1, column ${`<dataStore><name>${name}</name><description>bell`.length + 1}`,
    );
    expect(await api.get(`${path}/${name}.json`)).toHaveStatus(404);

    await createDataStore(api, ws, name);
    const before = await api.get(`${path}/${name}.xml`);
    expectClean400(
      await api.putJson(`${path}/${name}`, { dataStore: { description: 'x\u0001' } }),
      `The body's 'dataStore/description' contains U+0001, ${CONTROL_REFUSED}`,
    );
    const after = await api.get(`${path}/${name}.xml`);
    expect(after.text).toBe(before.text);
    expect(after.text).not.toContain('\u0001');
  });

  it('refuses maxFeatures and numDecimals outside their integer columns with a 400', async () => {
    const { api } = ctx;
    const { ws, path } = await storeFixture();
    const ds = uniqueName('ds');
    await createDataStore(api, ws, ds);
    const fts = `${path}/${ds}/featuretypes`;
    const big = await api.post(fts, '{"featureType":{"name":"ft","nativeName":"ft","maxFeatures":99999999999999999999}}', 'application/json');
    expectClean400(big, "Invalid value for maxFeatures: '100000000000000000000' is outside -2147483648..2147483647");
    const decimals = await api.postXml(fts, '<featureType><name>ft</name><numDecimals>2147483648</numDecimals></featureType>');
    expectClean400(decimals, "Invalid value for numDecimals: '2147483648' is outside -2147483648..2147483647");
    const negative = await api.postXml(fts, '<featureType><name>ft</name><maxFeatures>-99999999999</maxFeatures></featureType>');
    expectClean400(negative, "Invalid value for maxFeatures: '-99999999999' is outside -2147483648..2147483647");
    const list = await api.get(`${fts}.json`);
    expect(list.text).not.toContain('"ft"');
  });
});

describe('names', () => {
  it('takes NFC and NFD spellings as one workspace, stored NFC', async () => {
    const { api } = ctx;
    const tail = suffix();
    const nfc = `sec\u00e9${tail}`;
    const nfd = `sece\u0301${tail}`;
    expect(await api.postJson('/workspaces', { workspace: { name: nfd } })).toHaveStatus(201);
    const conflict = await api.postJson('/workspaces', { workspace: { name: nfc } });
    expect(conflict).toHaveStatus(409);
    for (const spelled of [nfc, nfd]) {
      const res = await api.get(`/workspaces/${encodeURIComponent(spelled)}.json`);
      expect(res).toHaveStatus(200);
      expect(res.json().workspace.name).toBe(nfc);
    }
    const list = await api.get('/workspaces.json');
    expect(list.text).toContain(JSON.stringify(nfc));
    expect(list.text).not.toContain(JSON.stringify(nfd));
  });

  it('refuses full-width and ligature names, and Latin mixed with Cyrillic', async () => {
    const { api } = ctx;
    const tail = suffix();
    const fullWidth = await api.postJson('/workspaces', { workspace: { name: `sec\uff57s${tail}` } });
    expect(fullWidth).toHaveStatus(400);
    expect(fullWidth.text).toBe(
      `Invalid workspace name 'sec\uff57s${tail}': it contains compatibility characters (full-width forms, ligatures, superscripts); write 'secws${tail}' instead`,
    );
    expect(await api.postJson('/workspaces', { workspace: { name: `\ufb01le${tail}` } })).toHaveStatus(400);
    const cyrillic = await api.postJson('/workspaces', { workspace: { name: `s\u0435cws${tail}` } });
    expect(cyrillic).toHaveStatus(400);
    expect(cyrillic.text).toBe(
      `Invalid workspace name 's\u0435cws${tail}': it mixes the scripts Latin, Cyrillic; use one script (Latin may go with Han and Japanese kana, Bopomofo or Hangul)`,
    );
    expect(await api.get(`/workspaces/${encodeURIComponent(`s\u0435cws${tail}`)}.json`)).toHaveStatus(404);
    const ws = uniqueName('namews');
    await createWorkspace(api, ws);
    const style = await api.postXml(`/workspaces/${ws}/styles`, `<style><name>st\u0443le${tail}</name><filename>a.sld</filename></style>`);
    expect(style).toHaveStatus(400);
    expect(style.text).toMatch(/^Invalid style name .*: it mixes the scripts Latin, Cyrillic;/);
    const store = await api.postJson(`/workspaces/${ws}/datastores`, { dataStore: { name: `ｓｔｏｒｅ${tail}`, connectionParameters: pgParams() } });
    expect(store).toHaveStatus(400);
    expect(store.text).toMatch(/^Invalid data store name .*: it contains compatibility characters/);
  });

  it('keeps été_地图 and the scripts that go together valid', async () => {
    const { api } = ctx;
    const tail = suffix();
    for (const name of [`été_地图${tail}`, `東京_とうきょう_tokyo${tail}`, `서울_漢字_seoul${tail}`, `сеть${tail.replace(/[a-z]/g, '')}`]) {
      const res = await api.postJson('/workspaces', { workspace: { name } });
      expect(res).toHaveStatus(201);
      expect(await api.get(`/workspaces/${encodeURIComponent(name)}.json`)).toHaveStatus(200);
    }
  });

  it('keeps catalog names case-sensitive, as GeoServer does: secws and SECWS are two workspaces', async () => {
    const { api } = ctx;
    const tail = suffix();
    expect(await api.postJson('/workspaces', { workspace: { name: `secws${tail}` } })).toHaveStatus(201);
    expect(await api.postJson('/workspaces', { workspace: { name: `SECWS${tail.toUpperCase()}` } })).toHaveStatus(201);
    expect((await api.get(`/workspaces/secws${tail}.json`)).json().workspace.name).toBe(`secws${tail}`);
    expect((await api.get(`/workspaces/SECWS${tail.toUpperCase()}.json`)).json().workspace.name).toBe(`SECWS${tail.toUpperCase()}`);
  });
});

describe('user names', () => {
  const USERS = '/security/usergroup/users';

  it('refuses Cyrillic аdmin next to admin, and Admin as a second admin', async () => {
    const { api, server } = ctx;
    expect(server.admin.user).toBe('admin');
    const cyrillic = await api.postJson(USERS, { user: { userName: '\u0430dmin', password: 'pw-1' } });
    expect(cyrillic).toHaveStatus(400);
    expect(cyrillic.text).toBe(
      "Invalid user name '\u0430dmin': it mixes the scripts Cyrillic, Latin; use one script (Latin may go with Han and Japanese kana, Bopomofo or Hangul)",
    );
    const upper = await api.postJson(USERS, { user: { userName: 'Admin', password: 'pw-1' } });
    expect(upper).toHaveStatus(409);
    expect(upper.text).toBe("User 'Admin' already exists (user names are unique whatever their case)");
    expect(await api.postJson(USERS, { user: { userName: 'ADMIN', password: 'pw-1' } })).toHaveStatus(409);
    const list = (await api.get(`${USERS}.json`)).json().users.map((u: { userName: string }) => u.userName);
    expect(list.filter((n: string) => n.toLowerCase() === 'admin' || n === '\u0430dmin')).toEqual(['admin']);
  });

  it('matches a user by name whatever its case or normal form, and refuses a rename onto another case', async () => {
    const { api } = ctx;
    const tail = suffix();
    const name = `Zo\u00e9${tail}`;
    await createUser(api, name, 'Zoe-pw-1');
    expect(await api.postJson(USERS, { user: { userName: `zoe\u0301${tail}`, password: 'x' } })).toHaveStatus(409);
    expect(await api.postJson(USERS, { user: { userName: `ZO\u00c9${tail.toUpperCase()}`, password: 'x' } })).toHaveStatus(409);
    await api.post(`/security/roles/role/READER/user/${encodeURIComponent(name)}`);
    for (const login of [name, `ZOE\u0301${tail.toUpperCase()}`, `zo\u00e9${tail}`]) {
      expect(await api.as({ user: login, password: 'Zoe-pw-1' }).get('/workspaces.json')).toHaveStatus(200);
    }
    const got = await api.get(`/security/usergroup/user/${encodeURIComponent(`zoe\u0301${tail}`)}.json`);
    expect(got).toHaveStatus(200);
    expect(got.json().user.userName).toBe(name);

    const other = uniqueName('other');
    await createUser(api, other, 'Other-pw-1');
    const rename = await api.putJson(`/security/usergroup/user/${other}`, { user: { userName: name.toUpperCase() } });
    expect(rename).toHaveStatus(409);
    expect(await api.get(`/security/usergroup/user/${other}.json`)).toHaveStatus(200);
  });
});
