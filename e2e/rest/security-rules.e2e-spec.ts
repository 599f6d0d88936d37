import { createUser, createWorkspace, grantRole, useApiServer, userWithRole } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { JSON_TYPE, XML } from '../support/http';

const ctx = useApiServer();

const LAYERS = '/security/acl/layers';
const SERVICES = '/security/acl/services';
const CATALOG = '/security/acl/catalog';

/** The fresh catalog's root rules (contract §12). */
const FRESH = { '*.*.r': 'AUTHENTICATED', '*.*.w': 'ADMIN', '*.*.a': 'ADMIN' };

describe('security: roles', () => {
  it('lists the built-in roles, creates, lists and deletes a custom one, in GeoServer’s shapes', async () => {
    const { api, server } = ctx;
    const role = uniqueName('EDITOR').toUpperCase().replace(/-/g, '_');
    const created = await api.post(`/security/roles/role/${role.toLowerCase()}`);
    expect(created).toHaveStatus(201);
    expect(created.headers.get('location')).toBe(`${server.restUrl}/security/roles/role/${role}`);
    expect(await api.post(`/security/roles/role/${role}`)).toHaveStatus(409);
    const json = (await api.get('/security/roles.json')).json() as { roles: string[] };
    expect(json.roles).toEqual(expect.arrayContaining(['ADMIN', 'READER', role]));
    expect(json.roles).toEqual([...json.roles].sort());
    const xml = await api.get('/security/roles.xml');
    expect(xml.text).toContain(`<roles>\n  <role>ADMIN</role>\n`);
    expect(xml.text).toContain(`  <role>${role}</role>\n`);
    expect(await api.delete(`/security/roles/role/${role}`)).toHaveStatus(200);
    expect(await api.delete(`/security/roles/role/${role}`)).toHaveStatus(404);
    expect((await api.get('/security/roles.json')).json().roles).not.toContain(role);
  });

  it('refuses bad, reserved and built-in role changes', async () => {
    const { api } = ctx;
    expect(await api.post('/security/roles/role/1BAD')).toHaveStatus(400);
    expect(await api.post('/security/roles/role/ANONYMOUS')).toHaveStatus(400);
    expect(await api.post('/security/roles/role/AUTHENTICATED')).toHaveStatus(400);
    expect(await api.delete('/security/roles/role/ADMIN')).toHaveStatus(409);
    expect(await api.delete('/security/roles/role/READER')).toHaveStatus(409);
    expect(await api.post('/security/roles/role/NOPE_NOT_THERE/user/whoever')).toHaveStatus(404);
  });

  it('grants a custom role to a user and takes it away; deleting the role takes it from the user', async () => {
    const { api } = ctx;
    const role = `R_${uniqueName('g').replace(/-/g, '_').toUpperCase()}`;
    const user = uniqueName('u');
    await createUser(api, user, 'pw-Role-1');
    expect(await api.post(`/security/roles/role/${role}`)).toHaveStatus(201);
    await grantRole(api, role, user);
    expect((await api.get(`/security/roles/user/${user}.json`)).json()).toEqual({ roles: [role] });
    expect(await api.delete(`/security/roles/role/${role}/user/${user}`)).toHaveStatus(200);
    expect((await api.get(`/security/roles/user/${user}.json`)).json()).toEqual({ roles: [] });
    await grantRole(api, role, user);
    expect(await api.delete(`/security/roles/role/${role}`)).toHaveStatus(200);
    expect((await api.get(`/security/roles/user/${user}.json`)).json()).toEqual({ roles: [] });
  });

  it('keeps the last enabled ADMIN, and READER still only reads', async () => {
    const { api, server } = ctx;
    expect(await api.delete(`/security/roles/role/ADMIN/user/${server.admin.user}`)).toHaveStatus(409);
    const reader = api.as(await userWithRole(api, 'READER', 'rd'));
    expect(await reader.get('/workspaces.json')).toHaveStatus(200);
    expect(await reader.postXml('/workspaces', `<workspace><name>${uniqueName('no')}</name></workspace>`)).toHaveStatus(403);
    expect(await reader.get('/security/roles.json')).toHaveStatus(403);
    expect(await reader.get(`${LAYERS}.json`)).toHaveStatus(403);
  });
});

describe('security: user groups', () => {
  it('creates groups, puts users in them, gives them roles, in GeoServer’s shapes', async () => {
    const { api, server } = ctx;
    const group = uniqueName('editors');
    const user = uniqueName('member');
    const password = 'pw-Group-1';
    await createUser(api, user, password);
    const created = await api.post(`/security/usergroup/group/${group}`);
    expect(created).toHaveStatus(201);
    expect(created.headers.get('location')).toBe(`${server.restUrl}/security/usergroup/group/${group}`);
    expect(await api.post(`/security/usergroup/group/${group}`)).toHaveStatus(409);
    expect((await api.get('/security/usergroup/groups.json')).json().groups).toContain(group);
    expect((await api.get('/security/usergroup/groups.xml')).text).toContain(`  <group>${group}</group>\n`);

    // A user without a role may do nothing; its group's role lets it read.
    expect(await api.as({ user, password }).get('/workspaces.json')).toHaveStatus(403);
    expect(await api.post(`/security/usergroup/user/${user}/group/${group}`)).toHaveStatus(200);
    expect((await api.get(`/security/usergroup/user/${user}/groups.json`)).json()).toEqual({ groups: [group] });
    expect((await api.get(`/security/usergroup/group/${group}/users.json`)).json()).toEqual({ users: [{ userName: user, enabled: true }] });
    expect(await api.post(`/security/roles/role/READER/group/${group}`)).toHaveStatus(200);
    expect((await api.get(`/security/roles/group/${group}.json`)).json()).toEqual({ roles: ['READER'] });
    expect(await api.as({ user, password }).get('/workspaces.json')).toHaveStatus(200);
    // ADMIN stays with users.
    expect(await api.post(`/security/roles/role/ADMIN/group/${group}`)).toHaveStatus(409);

    expect(await api.delete(`/security/usergroup/user/${user}/group/${group}`)).toHaveStatus(200);
    expect(await api.as({ user, password }).get('/workspaces.json')).toHaveStatus(403);
    expect(await api.delete(`/security/usergroup/group/${group}`)).toHaveStatus(200);
    expect(await api.delete(`/security/usergroup/group/${group}`)).toHaveStatus(404);
    expect(await api.post(`/security/usergroup/user/nobody-${group}/group/${group}`)).toHaveStatus(404);
  });
});

describe('security: who am I', () => {
  it('tells a caller its acting roles (its groups’ too) and the workspaces it administers, and nobody else’s', async () => {
    const { api } = ctx;
    const ws = uniqueName('selfws');
    const role = uniqueName('SELF').toUpperCase();
    const group = uniqueName('selfgroup');
    await createWorkspace(api, ws);
    expect(await api.post(`/security/roles/role/${role}`)).toHaveStatus(201);
    expect(await api.post(`/security/usergroup/group/${group}`)).toHaveStatus(201);
    expect(await api.post(`/security/roles/role/${role}/group/${group}`)).toHaveStatus(200);
    const wsAdmin = await userWithRole(api, 'READER', 'selfadmin');
    expect(await api.post(`/security/usergroup/user/${wsAdmin.user}/group/${group}`)).toHaveStatus(200);
    const reader = await userWithRole(api, 'READER', 'selfreader');
    expect(await api.postJson(LAYERS, { [`${ws}.*.a`]: role })).toHaveStatus(200);
    try {
      const self = (await api.as(wsAdmin).get('/security/self.json')).json().self;
      expect(self.userName).toBe(wsAdmin.user);
      expect([...self.roles.role].sort()).toEqual([role, 'READER'].sort());
      expect(self.administers).toEqual({ workspace: [ws] });
      expect((await api.as(reader).get('/security/self.json')).json()).toEqual({
        self: { userName: reader.user, roles: { role: ['READER'] }, administers: '' },
      });
      expect((await api.as(wsAdmin).get('/security/self.xml')).text).toContain(`<administers>\n    <workspace>${ws}</workspace>\n  </administers>`);
      expect(await api.as(null).get('/security/self.json')).toHaveStatus(401);
    } finally {
      expect(await api.delete(`${LAYERS}/${ws}.*.a`)).toHaveStatus(200);
    }
  });
});

describe('security: data rules', () => {
  it('starts with the fresh catalog’s root rules and HIDE, in JSON and XML', async () => {
    const { api } = ctx;
    const json = await api.get(`${LAYERS}.json`);
    expect(json).toHaveStatus(200);
    expect(json.json()).toEqual(FRESH);
    const xml = await api.get(`${LAYERS}.xml`);
    expect(xml.text).toBe(
      [
        '<rules>',
        '  <rule resource="*.*.r">AUTHENTICATED</rule>',
        '  <rule resource="*.*.w">ADMIN</rule>',
        '  <rule resource="*.*.a">ADMIN</rule>',
        '</rules>',
      ].join('\n'),
    );
    expect((await api.get(`${CATALOG}.json`)).json()).toEqual({ mode: 'HIDE' });
    expect((await api.get(`${CATALOG}.xml`)).text).toBe('<catalog>\n  <mode>HIDE</mode>\n</catalog>');
  });

  it('POST adds (409 when a rule exists), PUT changes (409 when it does not), DELETE removes; 422 for a malformed rule', async () => {
    const { api } = ctx;
    const ws = uniqueName('ws').replace(/-/g, '_');
    expect(await api.postJson(LAYERS, { [`${ws}.*.r`]: 'role_a, ROLE_B' })).toHaveStatus(200);
    expect(await api.postXml(LAYERS, `<rules><rule resource="${ws}.roads.w">ROLE_C</rule></rules>`)).toHaveStatus(200);
    expect((await api.get(`${LAYERS}.json`)).json()).toMatchObject({ [`${ws}.*.r`]: 'ROLE_A,ROLE_B', [`${ws}.roads.w`]: 'ROLE_C' });

    const again = await api.postJson(LAYERS, { [`${ws}.*.r`]: 'ROLE_X' });
    expect(again).toHaveStatus(409);
    expect(again.text).toBe(`Already existing rules: ${ws}.*.r`);
    const unknown = await api.putJson(LAYERS, { [`${ws}.other.r`]: 'ROLE_X' });
    expect(unknown).toHaveStatus(409);
    expect(unknown.text).toBe(`Unknown rules: ${ws}.other.r`);
    expect(await api.putJson(LAYERS, { [`${ws}.*.r`]: 'ROLE_X' })).toHaveStatus(200);
    expect((await api.get(`${LAYERS}.json`)).json()[`${ws}.*.r`]).toBe('ROLE_X');

    for (const [key, value] of [
      [`${ws}.states.x`, 'ROLE_A'],
      [`*.states.r`, 'ROLE_A'],
      [`${ws}.states.a`, 'ROLE_A'],
      [`${ws}`, 'ROLE_A'],
      [`${ws}.y.r`, ''],
      [`${ws}.y.r`, '<b>'],
    ]) {
      const res = await api.postJson(LAYERS, { [`${ws}.ok.r`]: 'ROLE_A', [key]: value });
      expect([key, res.status]).toEqual([key, 422]);
    }
    // Nothing of a refused body was written.
    expect((await api.get(`${LAYERS}.json`)).json()[`${ws}.ok.r`]).toBeUndefined();

    expect(await api.delete(`${LAYERS}/${ws}.roads.w`)).toHaveStatus(200);
    const gone = await api.delete(`${LAYERS}/${ws}.roads.w`);
    expect(gone).toHaveStatus(404);
    expect(gone.text).toBe(`Rule not found: ${ws}.roads.w`);
    expect(await api.delete(`${LAYERS}/${ws}.roads.q`)).toHaveStatus(422);
    expect(await api.delete(`${LAYERS}/${ws}.*.r`)).toHaveStatus(200);
  });

  it('refuses bodies that are no rule map (400, 415) and changes nothing', async () => {
    const { api } = ctx;
    expect(await api.post(LAYERS, '{"a.b.r": 1}', JSON_TYPE)).toHaveStatus(400);
    expect(await api.post(LAYERS, '[]', JSON_TYPE)).toHaveStatus(400);
    expect(await api.post(LAYERS, '<rules><rule>ROLE_A</rule></rules>', XML)).toHaveStatus(400);
    expect(await api.post(LAYERS, '<!DOCTYPE x [<!ENTITY e "x">]><rules/>', XML)).toHaveStatus(400);
    expect(await api.post(LAYERS, 'a.b.r=ROLE_A', 'text/plain')).toHaveStatus(415);
  });

  it('keeps service rules and the catalog mode', async () => {
    const { api } = ctx;
    expect((await api.get(`${SERVICES}.json`)).json()).toEqual({});
    expect(await api.postJson(SERVICES, { 'WMS.GetMap': 'ROLE_MAPS', 'features.*': '*' })).toHaveStatus(200);
    expect((await api.get(`${SERVICES}.json`)).json()).toEqual({ 'wms.GetMap': 'ROLE_MAPS', 'features.*': '*' });
    expect(await api.postJson(SERVICES, { 'wms.GetMap': 'ROLE_X' })).toHaveStatus(409);
    expect(await api.postJson(SERVICES, { '*.GetMap': 'ROLE_X' })).toHaveStatus(422);
    expect(await api.delete(`${SERVICES}/wms.GetMap`)).toHaveStatus(200);
    expect(await api.delete(`${SERVICES}/features.*`)).toHaveStatus(200);

    expect(await api.putJson(CATALOG, { mode: 'CHALLENGE' })).toHaveStatus(200);
    expect((await api.get(`${CATALOG}.json`)).json()).toEqual({ mode: 'CHALLENGE' });
    const bad = await api.putXml(CATALOG, '<catalog><mode>OPEN</mode></catalog>');
    expect(bad).toHaveStatus(422);
    expect(bad.text).toBe('Not a valid mode: OPEN');
    expect(await api.putXml(CATALOG, '<catalog><mode>HIDE</mode></catalog>')).toHaveStatus(200);
    expect((await api.get(`${CATALOG}.json`)).json()).toEqual({ mode: 'HIDE' });
  });

  it('records rule changes in the history, answers dry runs without writing, and reverts a change', async () => {
    const { api } = ctx;
    const ws = uniqueName('hist').replace(/-/g, '_');
    const key = `${ws}.*.r`;
    const dry = await api.postJson(`${LAYERS}?dryRun=true`, { [key]: 'ROLE_A' });
    expect(dry).toHaveStatus(200);
    expect(dry.headers.get('dry-run')).toBe('true');
    expect((await api.get(`${LAYERS}.json`)).json()[key]).toBeUndefined();

    expect(await api.postJson(LAYERS, { [key]: 'ROLE_A' })).toHaveStatus(200);
    expect(await api.putJson(LAYERS, { [key]: 'ROLE_B' })).toHaveStatus(200);
    const changes = (await api.get(`/changes.json?resource=${encodeURIComponent(`/security/acl/layers/${key}`)}`)).json().changes.change as Array<{
      seq: number;
      operation: string;
      kind: string;
      resource: string;
    }>;
    expect(changes.map((c) => [c.operation, c.kind, c.resource])).toEqual([
      ['update', 'rule', `/security/acl/layers/${key}`],
      ['create', 'rule', `/security/acl/layers/${key}`],
    ]);
    const update = (await api.get(`/changes/${changes[0].seq}.json`)).json().change;
    expect(update.before).toEqual({ rule: { resource: key, roles: 'ROLE_A' } });
    expect(update.after).toEqual({ rule: { resource: key, roles: 'ROLE_B' } });

    expect(await api.post(`/changes/${changes[0].seq}/revert`)).toHaveStatus(200);
    expect((await api.get(`${LAYERS}.json`)).json()[key]).toBe('ROLE_A');
    expect(await api.post(`/changes/${changes[1].seq}/revert?force=true`)).toHaveStatus(200);
    expect((await api.get(`${LAYERS}.json`)).json()[key]).toBeUndefined();
  });
});
