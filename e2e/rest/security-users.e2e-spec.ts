import { createUser, grantRole, useApiServer, userWithRole } from '../support/catalog';
import { uniqueName } from '../support/geoserver';

const ctx = useApiServer();

const USERS = '/security/usergroup/users';
const user = (name: string) => `/security/usergroup/user/${encodeURIComponent(name)}`;

describe('security: users', () => {
  it('creates a user from XML: 201, Location, name', async () => {
    const { api, server } = ctx;
    const name = uniqueName('bob');
    const res = await api.postXml(USERS, `<user><userName>${name}</userName><password>pw-1</password><enabled>true</enabled></user>`);
    expect(res).toHaveStatus(201);
    expect(res.headers.get('location')).toBe(`${server.restUrl}/security/usergroup/user/${name}`);
    expect(res.contentType).toBe('text/plain');
    expect(res.text).toBe(name);
  });

  it('GETs a user without its password, in XML and JSON', async () => {
    const { api } = ctx;
    const name = uniqueName('alice');
    const password = 'Alice-Secret-1';
    await createUser(api, name, password);
    const xml = await api.get(`${user(name)}.xml`);
    expect(xml).toHaveStatus(200);
    expect(xml.contentType).toBe('application/xml');
    expect(xml.text).toBe(['<user>', `  <userName>${name}</userName>`, '  <enabled>true</enabled>', '</user>'].join('\n'));
    const json = await api.get(`${user(name)}.json`);
    expect(json).toHaveStatus(200);
    expect(json.contentType).toBe('application/json');
    expect(json.text).toBe(JSON.stringify({ user: { userName: name, enabled: true } }));
    for (const res of [xml, json]) {
      expect(res.text).not.toContain(password);
      expect(res.text.toLowerCase()).not.toContain('password');
    }
  });

  it('lists users (the admin included) without passwords, in XML and JSON', async () => {
    const { api, server } = ctx;
    const name = uniqueName('carol');
    const password = 'Carol-Secret-1';
    await createUser(api, name, password, false);
    const xml = await api.get(`${USERS}.xml`);
    expect(xml).toHaveStatus(200);
    expect(xml.text).toMatch(/^<users>\n(?: {2}<user>\n {4}<userName>[^<]+<\/userName>\n {4}<enabled>(?:true|false)<\/enabled>\n {2}<\/user>\n)+<\/users>$/);
    expect(xml.text).toContain(`  <user>\n    <userName>${name}</userName>\n    <enabled>false</enabled>\n  </user>\n`);
    expect(xml.text).toContain(`  <user>\n    <userName>${server.admin.user}</userName>\n    <enabled>true</enabled>\n  </user>\n`);
    const json = await api.get(`${USERS}.json`);
    expect(json).toHaveStatus(200);
    const body = json.json();
    expect(Object.keys(body)).toEqual(['users']);
    expect(Array.isArray(body.users)).toBe(true);
    for (const u of body.users) expect(Object.keys(u)).toEqual(['userName', 'enabled']);
    expect(body.users).toContainEqual({ userName: name, enabled: false });
    expect(body.users).toContainEqual({ userName: server.admin.user, enabled: true });
    for (const res of [xml, json]) {
      expect(res.text).not.toContain(password);
      expect(res.text).not.toContain(server.admin.password);
      expect(res.text.toLowerCase()).not.toContain('password');
    }
  });

  it('lets a new READER authenticate at once, with a password containing colons', async () => {
    const { api } = ctx;
    const name = uniqueName('colon');
    const password = 'a:b:c-pw';
    await createUser(api, name, password);
    await grantRole(api, 'READER', name);
    expect(await api.as({ user: name, password }).get('/workspaces.json')).toHaveStatus(200);
    expect(await api.as({ user: name, password: 'a' }).get('/workspaces.json')).toHaveStatus(401);
  });

  it('changes a password with PUT: the old one stops working at once, the new one works', async () => {
    const { api } = ctx;
    const creds = await userWithRole(api, 'READER', 'pwchange');
    const me = api.as(creds);
    expect(await me.get('/workspaces.json')).toHaveStatus(200);
    expect(await api.putJson(user(creds.user), { user: { password: 'New-Password-2' } })).toHaveStatus(200);
    expect(await me.get('/workspaces.json')).toHaveStatus(401);
    expect(await api.as({ user: creds.user, password: 'New-Password-2' }).get('/workspaces.json')).toHaveStatus(200);
    // Enabled is kept by a PUT that only changes the password.
    expect((await api.get(`${user(creds.user)}.json`)).json()).toEqual({ user: { userName: creds.user, enabled: true } });
  });

  it('disables a user with an XML PUT: 401 at once, password kept; enabling again restores access', async () => {
    const { api } = ctx;
    const creds = await userWithRole(api, 'READER', 'dis');
    const me = api.as(creds);
    expect(await me.get('/workspaces.json')).toHaveStatus(200);
    expect(await api.putXml(user(creds.user), `<user><enabled>false</enabled></user>`)).toHaveStatus(200);
    expect((await api.get(`${user(creds.user)}.json`)).json()).toEqual({ user: { userName: creds.user, enabled: false } });
    expect(await me.get('/workspaces.json')).toHaveStatus(401);
    expect(await api.putXml(user(creds.user), `<user><enabled>true</enabled></user>`)).toHaveStatus(200);
    expect(await me.get('/workspaces.json')).toHaveStatus(200);
  });

  it('deletes a user: 200, 404 after, and its credentials stop working at once', async () => {
    const { api } = ctx;
    const creds = await userWithRole(api, 'READER', 'del');
    expect(await api.as(creds).get('/workspaces.json')).toHaveStatus(200);
    expect(await api.delete(user(creds.user))).toHaveStatus(200);
    expect(await api.get(`${user(creds.user)}.json`)).toHaveStatus(404);
    expect(await api.delete(user(creds.user))).toHaveStatus(404);
    expect(await api.as(creds).get('/workspaces.json')).toHaveStatus(401);
    const list = (await api.get(`${USERS}.json`)).json().users.map((u: { userName: string }) => u.userName);
    expect(list).not.toContain(creds.user);
  });

  it('answers 404 for an unknown user', async () => {
    const { api } = ctx;
    const name = uniqueName('ghost');
    expect(await api.get(`${user(name)}.xml`)).toBeTextError(404);
    expect(await api.putJson(user(name), { user: { enabled: false } })).toBeTextError(404);
    expect(await api.delete(user(name))).toBeTextError(404);
  });

  it('answers 409 for a duplicate user name', async () => {
    const { api } = ctx;
    const name = uniqueName('twin');
    await createUser(api, name, 'pw-twin');
    expect(await api.postJson(USERS, { user: { userName: name, password: 'other', enabled: true } })).toBeTextError(409);
  });

  it.each([
    ['without a name', () => ({ user: { password: 'x', enabled: true } })],
    ['with an invalid name', () => ({ user: { userName: 'a b', password: 'x', enabled: true } })],
    ['with an empty name', () => ({ user: { userName: '', password: 'x', enabled: true } })],
    ['without a password', (name: string) => ({ user: { userName: name, enabled: true } })],
    ['with an empty password', (name: string) => ({ user: { userName: name, password: '', enabled: true } })],
  ])('refuses a user %s (400)', async (_why, body) => {
    const { api } = ctx;
    const name = uniqueName('bad');
    expect(await api.postJson(USERS, body(name))).toBeTextError(400);
    expect(await api.get(`${user(name)}.json`)).toHaveStatus(404);
  });
});

describe('security: roles', () => {
  it('lists the roles in XML and JSON', async () => {
    const { api } = ctx;
    const xml = await api.get('/security/roles.xml');
    expect(xml).toHaveStatus(200);
    expect(xml.contentType).toBe('application/xml');
    expect(xml.text).toBe(['<roles>', '  <role>ADMIN</role>', '  <role>READER</role>', '</roles>'].join('\n'));
    const json = await api.get('/security/roles.json');
    expect(json).toHaveStatus(200);
    expect(json.text).toBe('{"roles":["ADMIN","READER"]}');
    // JSON without suffix.
    expect((await api.get('/security/roles')).text).toBe('{"roles":["ADMIN","READER"]}');
  });

  it('grants and revokes READER: writes stay 403, reads go 200 → 403 at once', async () => {
    const { api } = ctx;
    const creds = await userWithRole(api, null, 'rr');
    const me = api.as(creds);
    expect(await me.get('/workspaces.json')).toHaveStatus(403);
    expect(await api.post(`/security/roles/role/READER/user/${creds.user}`)).toHaveStatus(200);
    expect(await me.get('/workspaces.json')).toHaveStatus(200);
    expect(await me.postXml('/workspaces', `<workspace><name>${uniqueName('no')}</name></workspace>`)).toHaveStatus(403);
    expect(await api.delete(`/security/roles/role/READER/user/${creds.user}`)).toHaveStatus(200);
    expect(await me.get('/workspaces.json')).toHaveStatus(403);
  });

  it('grants ADMIN: the user can write at once', async () => {
    const { api } = ctx;
    const creds = await userWithRole(api, 'ADMIN', 'adm');
    const ws = uniqueName('byadmin');
    expect(await api.as(creds).postXml('/workspaces', `<workspace><name>${ws}</name></workspace>`)).toHaveStatus(201);
    expect(await api.as(creds).get('/security/usergroup/users.json')).toHaveStatus(200);
  });

  it('answers 404 for an unknown role or an unknown user in a grant', async () => {
    const { api } = ctx;
    const creds = await userWithRole(api, null, 'unk');
    expect(await api.post(`/security/roles/role/NO_SUCH_ROLE/user/${creds.user}`)).toBeTextError(404);
    expect(await api.post(`/security/roles/role/READER/user/${uniqueName('ghost')}`)).toBeTextError(404);
    expect(await api.delete(`/security/roles/role/READER/user/${uniqueName('ghost')}`)).toBeTextError(404);
  });

  it('keeps the security endpoints for admins: READER and role-less users get 403 on writes', async () => {
    const { api } = ctx;
    const reader = api.as(await userWithRole(api, 'READER', 'sr'));
    const nobody = api.as(await userWithRole(api, null, 'sn'));
    const victim = await userWithRole(api, null, 'victim');
    for (const who of [reader, nobody]) {
      expect(await who.postJson(USERS, { user: { userName: uniqueName('x'), password: 'x', enabled: true } })).toHaveStatus(403);
      expect(await who.post(`/security/roles/role/ADMIN/user/${victim.user}`)).toHaveStatus(403);
      expect(await who.putJson(user(victim.user), { user: { password: 'hijacked' } })).toHaveStatus(403);
      expect(await who.delete(user(victim.user))).toHaveStatus(403);
    }
    expect(await nobody.get('/security/roles.json')).toHaveStatus(403);
    // The victim is untouched: still exists, still has no role, old password works.
    expect(await api.as(victim).get('/workspaces.json')).toHaveStatus(403);
  });
});
