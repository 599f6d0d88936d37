/**
 * Restoring the past restores no credential (issue 21, row 10; contract §6, §7). A reverted user
 * delete comes back disabled, with no password that signs in, until an admin sets one; a reverted
 * store update keeps the store's current password (re-encrypted for the names it gets back), and a
 * store a revert points at another server than its current one gets no password at all. A fake
 * PostgreSQL server records every password a connection test sends it.
 */
import { createUser, createWorkspace, grantRole, useApiServer } from '../support/catalog';
import { FakePostgres, fakeStoreParams as target, storeEntriesXml as storeXml, useFakePostgres } from '../support/fake-postgres';
import { uniqueName } from '../support/geoserver';
import { Change, changesOf, summary } from '../support/history';
import { HttpResponse, RestClient } from '../support/http';

const ctx = useApiServer();
const fake = useFakePostgres();
const other = useFakePostgres();

function ok(res: HttpResponse, status = 200): HttpResponse {
  expect(res).toHaveStatus(status);
  return res;
}

/** Reverts the newest change under `resource`; returns the revert's own changes there. */
async function revertNewest(api: RestClient, resource: string): Promise<Change[]> {
  const before = await changesOf(api, resource);
  ok(await api.post(`/changes/${before[before.length - 1].seq}/revert`));
  const after = await changesOf(api, resource);
  return after.filter((c) => c.request === after[after.length - 1].request);
}

/** The stored parameters of a store, as GET shows them. */
async function storedParams(path: string): Promise<Record<string, string>> {
  const entries = ok(await ctx.api.get(`${path}.json`)).json().dataStore.connectionParameters.entry as Array<{ '@key': string; $: string }>;
  return Object.fromEntries(entries.map((e) => [e['@key'], e.$]));
}

/** The passwords a connection test of the saved store sends to `server` (the fake refuses each login: 502). */
async function passwordsSent(server: FakePostgres, ws: string, ds: string): Promise<string[]> {
  const before = server.passwords.length;
  const res = await ctx.api.postXml('/datastores/connection-test', storeXml(ds, target(server), `<workspace><name>${ws}</name></workspace>`));
  expect(res).toHaveStatus(502);
  return server.passwords.slice(before);
}

describe('a reverted user delete restores no credential', () => {
  it('comes back disabled with its roles and no password that signs in; an admin gives it one and enables it', async () => {
    const { api } = ctx;
    const user = uniqueName('hrevuser');
    const path = `/security/usergroup/user/${user}`;
    const old = { user, password: 'pw-Old-secret-1' };
    await createUser(api, user, old.password);
    await grantRole(api, 'ADMIN', user);
    expect(await api.as(old).get('/workspaces.json')).toHaveStatus(200);
    ok(await api.delete(path));

    const back = await revertNewest(api, path);
    expect(summary(back)).toEqual([`create user ${path}`]);
    expect(back[0].after).toEqual({ user: { userName: user, enabled: false, roles: ['ADMIN'] } });
    expect(ok(await api.get(`${path}.json`)).json().user).toMatchObject({ userName: user, enabled: false });
    expect(ok(await api.get(`/security/roles/user/${user}.json`)).text).toContain('ADMIN');
    expect(await api.as(old).get('/workspaces.json')).toHaveStatus(401);
    // Enabled again, it still has no password anyone knows: the old one does not come back.
    ok(await api.putJson(path, { user: { enabled: true } }));
    expect(await api.as(old).get('/workspaces.json')).toHaveStatus(401);
    ok(await api.putJson(path, { user: { password: 'pw-New-secret-2' } }));
    expect(await api.as({ user, password: 'pw-New-secret-2' }).get('/workspaces.json')).toHaveStatus(200);

    // Undoing the return deletes the account it re-created; the history shows no hash anywhere.
    const [returned] = back;
    ok(await api.post(`/changes/${returned.seq}/revert?force=true`));
    expect((await api.get(`${path}.json`)).status).toBe(404);
    const text = ok(await api.get(`/changes.json?resource=${path}`)).text + ok(await api.get(`/changes.xml?resource=${path}`)).text;
    expect(text).not.toMatch(/scrypt|password_hash|pw-Old|pw-New/);
  });
});

describe('a reverted store update restores no password', () => {
  it('keeps the current password when the server stays the same, and sends none to a server the revert points back at', async () => {
    const { api } = ctx;
    const ws = uniqueName('hrevpw');
    const ds = uniqueName('ds');
    const path = `/workspaces/${ws}/datastores/${ds}`;
    await createWorkspace(api, ws);
    ok(await api.postXml(`/workspaces/${ws}/datastores`, storeXml(ds, target(fake, { passwd: 'first-secret' }), '<description>first</description>')), 201);
    const first = (await storedParams(path)).passwd;
    ok(await api.putXml(path, storeXml(ds, target(fake, { passwd: 'rotated-secret' }), '<description>rotated</description>')));
    const rotated = (await storedParams(path)).passwd;
    expect(rotated).not.toBe(first);

    const undo = await revertNewest(api, path);
    expect(undo.map((c) => `${c.operation} ${c.kind}`)).toEqual(['update dataStore']);
    expect(undo[0].after!.dataStore.description).toBe('first');
    expect(ok(await api.get(`${path}.json`)).json().dataStore.description).toBe('first');
    expect((await storedParams(path)).passwd).toBe(rotated);
    expect(await passwordsSent(fake, ws, ds)).toEqual(['rotated-secret']);

    // Moved to another server with that server's password, then moved back by a revert: the
    // other server's password is not sent to the first one, and the old one does not come back.
    ok(await api.putXml(path, storeXml(ds, target(other, { passwd: 'other-secret' }))));
    const [back] = await revertNewest(api, path);
    expect(back.operation).toBe('update');
    const params = await storedParams(path);
    expect(params.host).toBe(fake.host);
    expect(params.port).toBe(String(fake.port));
    expect(params.passwd).toBeUndefined();
    expect(await passwordsSent(fake, ws, ds)).toEqual(['']);
    // An admin gives it its password again.
    ok(await api.putXml(path, storeXml(ds, target(fake, { passwd: 'given-again' }))));
    expect(await passwordsSent(fake, ws, ds)).toEqual(['given-again']);
  });

  it('a store and workspace rename put back keep the current password, re-encrypted for the old names', async () => {
    const { api } = ctx;
    const ws = uniqueName('hrevname');
    const ds = uniqueName('ds');
    await createWorkspace(api, ws);
    ok(await api.postXml(`/workspaces/${ws}/datastores`, storeXml(ds, target(fake, { passwd: 'kept-secret' }))), 201);
    const renamed = uniqueName('renamed');
    ok(await api.putXml(`/workspaces/${ws}/datastores/${ds}`, `<dataStore><name>${renamed}</name></dataStore>`));
    ok(await api.putXml(`/workspaces/${ws}/datastores/${renamed}`, storeXml(renamed, target(fake, { passwd: 'rotated-after-rename' }))));
    // Undo the rename (force: the password changed since): the old name, the current password.
    const [rename] = (await changesOf(api, `/workspaces/${ws}/datastores`)).filter((c) => c.operation === 'update');
    ok(await api.post(`/changes/${rename.seq}/revert?force=true`));
    expect(await passwordsSent(fake, ws, ds)).toEqual(['rotated-after-rename']);

    const newWs = uniqueName('hrevws');
    ok(await api.putXml(`/workspaces/${ws}`, `<workspace><name>${newWs}</name></workspace>`));
    expect(await passwordsSent(fake, newWs, ds)).toEqual(['rotated-after-rename']);
    const [wsRename] = await changesOf(api, `/workspaces/${newWs}`).then((all) => all.filter((c) => c.kind === 'workspace' && c.operation === 'update'));
    ok(await api.post(`/changes/${wsRename.seq}/revert`));
    const undo = (await changesOf(api, `/workspaces/${ws}`)).filter((c) => c.seq > wsRename.seq);
    expect(undo.map((c) => `${c.operation} ${c.kind} ${c.resource}`).sort()).toEqual(
      [`update dataStore /workspaces/${ws}/datastores/${ds}`, `update workspace /workspaces/${ws}`].sort(),
    );
    expect(await passwordsSent(fake, ws, ds)).toEqual(['rotated-after-rename']);
  });
});
