/**
 * Store passwords go only where they were entered (issue 9, scope 2; contract §6).
 *
 * The attack: a READER reads a store's `crypt2:` value; an ADMIN sends it back in a
 * connection test, or a PUT that changes only `host`, pointing at a fake PostgreSQL that asks for
 * a cleartext password — and the real password arrived there. Here the fake server records every
 * password it is sent; it must receive none. Positive controls show the fake does capture a
 * password when one is really sent, and that renames keep a store's password usable.
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import { ApiServer, describeWithExternalCatalog, startApi, withClient } from '../support/api-server';
import { fakeStoreParams as target, storeEntriesXml as storeXml, useFakePostgres } from '../support/fake-postgres';
import { createWorkspace, useApiServer, userWithRole } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { HttpResponse, restClient } from '../support/http';

const ctx = useApiServer();
const fake = useFakePostgres();
const other = useFakePostgres();

const SECRET = 'Real-S3cret-of-the-store';

/** A store on `fake` with the secret password; returns its workspace, name and stored crypt2 value. */
async function secretStore(prefix: string): Promise<{ ws: string; ds: string; crypt2: string }> {
  const ws = uniqueName(prefix);
  const ds = uniqueName('ds');
  await createWorkspace(ctx.api, ws);
  expect(await ctx.api.postXml(`/workspaces/${ws}/datastores`, storeXml(ds, target(fake, { passwd: SECRET })))).toHaveStatus(201);
  const read = await ctx.api.get(`/workspaces/${ws}/datastores/${ds}.json`);
  const entry = (read.json().dataStore.connectionParameters.entry as Array<{ '@key': string; $: string }>).find((e) => e['@key'] === 'passwd')!;
  expect(entry.$).toMatch(/^crypt2:/);
  return { ws, ds, crypt2: entry.$ };
}

function connectionTest(body: string): Promise<HttpResponse> {
  return ctx.api.postXml('/datastores/connection-test', body);
}

function expectPasswordNeeded(res: HttpResponse) {
  expect(res).toHaveStatus(400);
  expect(res.text).toContain('password needed');
  expect(res.text).not.toContain(SECRET);
}

describe('store passwords', () => {
  it('the fake server captures a password that is really sent (control)', async () => {
    const before = fake.passwords.length;
    const res = await connectionTest(storeXml('probe', target(fake, { passwd: 'sent-on-purpose' })));
    expect(res).toHaveStatus(502);
    expect(fake.passwords.slice(before)).toEqual(['sent-on-purpose']);
  });

  it("the issue's attack by connection test: a READER's crypt2 value sent to another server → 400, nothing sent", async () => {
    const { ws, ds, crypt2 } = await secretStore('pwtest');
    const reader = ctx.api.as(await userWithRole(ctx.api, 'READER', 'pwreader'));
    const seen = await reader.get(`/workspaces/${ws}/datastores/${ds}.xml`);
    expect(seen).toHaveStatus(200);
    expect(seen.text).toContain('crypt2:');
    expect(seen.text).not.toContain(SECRET);

    const sent = other.passwords.length;
    const connections = other.connections;
    // Unnamed, and naming the real store while pointing elsewhere: both refused before connecting.
    expectPasswordNeeded(await connectionTest(storeXml('x', target(other, { passwd: crypt2 }))));
    expectPasswordNeeded(await connectionTest(storeXml(ds, target(other, { passwd: crypt2 }), `<workspace><name>${ws}</name></workspace>`)));
    expectPasswordNeeded(await connectionTest(storeXml(ds, target(other), `<workspace><name>${ws}</name></workspace>`)));
    expect(other.passwords.slice(sent)).toEqual([]);
    expect(other.connections).toBe(connections);

    // Naming the store with its own server, the stored password is used — there and only there.
    const before = fake.passwords.length;
    expect(await connectionTest(storeXml(ds, target(fake, { passwd: crypt2 }), `<workspace><name>${ws}</name></workspace>`))).toHaveStatus(502);
    expect(fake.passwords.slice(before)).toEqual([SECRET]);
  });

  it("the issue's attack by PUT: changing host, port, database or user without the password → 400, store unchanged", async () => {
    const { ws, ds, crypt2 } = await secretStore('pwput');
    const sent = other.passwords.length;
    const path = `/workspaces/${ws}/datastores/${ds}`;
    expectPasswordNeeded(await ctx.api.putXml(path, storeXml(ds, target(other, { passwd: crypt2 }))));
    expectPasswordNeeded(await ctx.api.putXml(path, storeXml(ds, target(other))));
    const changes: Array<Record<string, string>> = [{ database: 'postgres' }, { user: 'postgres' }, { port: String(other.port) }];
    for (const change of changes) {
      expectPasswordNeeded(await ctx.api.putXml(path, storeXml(ds, target(fake, { ...change, passwd: crypt2 }))));
    }
    const stored = (await ctx.api.get(`${path}.json`)).json().dataStore.connectionParameters.entry as Array<{ '@key': string; $: string }>;
    expect(stored.find((e) => e['@key'] === 'host')!.$).toBe(fake.host);
    expect(stored.find((e) => e['@key'] === 'port')!.$).toBe(String(fake.port));
    expect(other.passwords.slice(sent)).toEqual([]);

    // With the password itself, the move is allowed.
    expect(await ctx.api.putXml(path, storeXml(ds, target(other, { passwd: 'the-new-one' })))).toHaveStatus(200);
    // The same server's own crypt2 value sent back keeps it.
    const now = (await ctx.api.get(`${path}.json`)).json().dataStore.connectionParameters.entry as Array<{ '@key': string; $: string }>;
    expect(await ctx.api.putXml(path, storeXml(ds, target(other, { passwd: now.find((e) => e['@key'] === 'passwd')!.$ })))).toHaveStatus(200);
  });

  it('every key naming a password, in any case, is encrypted and never returned in clear', async () => {
    const ws = uniqueName('pwkeys');
    await createWorkspace(ctx.api, ws);
    const params = target(fake, { Passwd: 'clear-one', PASSWORD: 'clear-two', 'SSL password': 'clear-three' });
    expect(await ctx.api.postXml(`/workspaces/${ws}/datastores`, storeXml('keys', params))).toHaveStatus(201);
    for (const format of ['xml', 'json']) {
      const res = await ctx.api.get(`/workspaces/${ws}/datastores/keys.${format}`);
      expect(res).toHaveStatus(200);
      for (const clear of ['clear-one', 'clear-two', 'clear-three']) expect(res.text).not.toContain(clear);
      expect(res.text.match(/crypt2:/g)).toHaveLength(3);
    }
    // `Passwd` is the login password (GeoServer's key, any case).
    const before = fake.passwords.length;
    expect(await connectionTest(storeXml('keys', target(fake), `<workspace><name>${ws}</name></workspace>`))).toHaveStatus(502);
    expect(fake.passwords.slice(before)).toEqual(['clear-one']);
  });

  it("another store's crypt2 value is refused, even on the same server", async () => {
    const a = await secretStore('pwa');
    const b = await secretStore('pwb');
    expectPasswordNeeded(await ctx.api.putXml(`/workspaces/${b.ws}/datastores/${b.ds}`, storeXml(b.ds, target(fake, { passwd: a.crypt2 }))));
    // Copying a store by posting its body under another name is refused too.
    expectPasswordNeeded(await ctx.api.postXml(`/workspaces/${a.ws}/datastores`, storeXml(uniqueName('copy'), target(fake, { passwd: a.crypt2 }))));
  });

  it('a renamed or moved store, and a renamed workspace, keep a working password', async () => {
    const { ws, ds } = await secretStore('pwmove');
    const renamed = uniqueName('renamed');
    expect(await ctx.api.putXml(`/workspaces/${ws}/datastores/${ds}`, `<dataStore><name>${renamed}</name></dataStore>`)).toHaveStatus(200);
    const newWs = uniqueName('pwmoved');
    expect(await ctx.api.putXml(`/workspaces/${ws}`, `<workspace><name>${newWs}</name></workspace>`)).toHaveStatus(200);
    const third = uniqueName('pwthird');
    await createWorkspace(ctx.api, third);
    expect(
      await ctx.api.putXml(`/workspaces/${newWs}/datastores/${renamed}`, `<dataStore><workspace><name>${third}</name></workspace></dataStore>`),
    ).toHaveStatus(200);

    const before = fake.passwords.length;
    expect(await connectionTest(storeXml(renamed, target(fake), `<workspace><name>${third}</name></workspace>`))).toHaveStatus(502);
    expect(fake.passwords.slice(before)).toEqual([SECRET]);
  });
});

describeWithExternalCatalog('passwords stored before binding are upgraded at start', () => {
  const key = randomBytes(32);
  let first: ApiServer | undefined;
  let second: ApiServer | undefined;
  let databaseUrl: string | undefined;
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
    if (!databaseUrl) return;
    await withClient(process.env.TEST_DATABASE_URL!, (admin) =>
      admin.query(`DROP DATABASE IF EXISTS "${new URL(databaseUrl!).pathname.slice(1)}" WITH (FORCE)`),
    );
  }, 30_000);

  /** A value as the catalog wrote it before binding: crypt2: + base64(iv | ciphertext | tag), no associated data. */
  function unboundCrypt2(plain: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return 'crypt2:' + Buffer.concat([iv, body, c.getAuthTag()]).toString('base64');
  }

  it('binds old crypt2 values and clear password keys once, and the store still logs in', async () => {
    const env = { SECRET_KEY: key.toString('base64') };
    first = await startApi({ env, keepDatabase: true });
    databaseUrl = first.databaseUrl;
    const api = restClient(first);
    const ws = uniqueName('pwold');
    await createWorkspace(api, ws);
    expect(await api.postXml(`/workspaces/${ws}/datastores`, storeXml('old', target(fake, { passwd: 'x' })))).toHaveStatus(201);
    const legacy = { ...target(fake), passwd: unboundCrypt2('the-old-secret'), password: 'kept-in-clear' };
    await withClient(first.databaseUrl!, (db) => db.query(`UPDATE data_store SET connection_parameters = $1 WHERE name = 'old'`, [JSON.stringify(legacy)]));
    await first.stop();
    second = await startApi({ databaseUrl: first.databaseUrl, env: { ...env, ADMIN_PASSWORD: first.admin.password } });
    first = undefined;
    const after = restClient(second);
    const read = await after.get(`/workspaces/${ws}/datastores/old.json`);
    expect(read.text).not.toContain('kept-in-clear');
    const entries = read.json().dataStore.connectionParameters.entry as Array<{ '@key': string; $: string }>;
    const value = (k: string) => entries.find((e) => e['@key'] === k)!.$;
    expect(value('passwd')).toMatch(/^crypt2:/);
    expect(value('passwd')).not.toBe(legacy.passwd);
    expect(value('password')).toMatch(/^crypt2:/);

    const before = fake.passwords.length;
    expect(await after.postXml('/datastores/connection-test', storeXml('old', target(fake), `<workspace><name>${ws}</name></workspace>`))).toHaveStatus(502);
    expect(fake.passwords.slice(before)).toEqual(['the-old-secret']);
    // The old unbound value itself is no longer accepted from a client.
    expectPasswordNeeded(await after.putXml(`/workspaces/${ws}/datastores/old`, storeXml('old', target(fake, { passwd: legacy.passwd }))));
  });
});
