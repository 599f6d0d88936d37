import { createDataStore, createWorkspace, dataStoreBodyXml, dataStoreJson, dataStoreXml, pgParams, useApiServer } from '../support/catalog';
import { atomLink, crypt2Length, normalize, parseJsonList, parseXmlList, uniqueName, xmlEntries } from '../support/geoserver';

const ctx = useApiServer();

/** A fresh workspace per test: no test depends on another's data. */
async function freshWorkspace(): Promise<string> {
  const ws = uniqueName('ws');
  await createWorkspace(ctx.api, ws);
  return ws;
}

describe('data stores', () => {
  it('creates a PostGIS store from the seed XML body: 201, Location, name', async () => {
    const { api, server } = ctx;
    const ws = await freshWorkspace();
    const res = await api.postXml(`/workspaces/${ws}/datastores`, dataStoreBodyXml('nyc', pgParams()));
    expect(res).toHaveStatus(201);
    expect(res.headers.get('location')).toBe(`${server.restUrl}/workspaces/${ws}/datastores/nyc`);
    expect(res.contentType).toBe('text/plain');
    expect(res.text).toBe('nyc');
  });

  it('GETs the store as XML exactly: PostGIS, enabled, HashMap-ordered parameters, crypt2 password, namespace', async () => {
    const { api, server } = ctx;
    const ws = await freshWorkspace();
    const params = pgParams({ schema: 'public' });
    // The seed's order with schema after database, as the reference sample.
    const ordered = {
      host: params.host,
      port: params.port,
      database: params.database,
      schema: 'public',
      user: params.user,
      passwd: params.passwd,
      dbtype: 'postgis',
    };
    await createDataStore(api, ws, 'nyc', ordered);
    const res = await api.get(`/workspaces/${ws}/datastores/nyc.xml`);
    expect(res).toHaveStatus(200);
    expect(res.contentType).toBe('application/xml');
    const n = normalize(res.text);
    expect(n.text).toBe(dataStoreXml(server.restUrl, { ws, name: 'nyc', params: ordered }));
    // The reference's sample order for these keys.
    expect(xmlEntries(res.text).map(([k]) => k)).toEqual(['schema', 'database', 'port', 'passwd', 'host', 'dbtype', 'namespace', 'user']);
    expect(res.text).not.toContain(params.passwd);
    expect(n.crypt2).toHaveLength(1);
  });

  it('GETs the store as JSON exactly: entry list with @key/$, _default, string links', async () => {
    const { api, server } = ctx;
    const ws = await freshWorkspace();
    const params = pgParams();
    await createDataStore(api, ws, 'nyc', params);
    const res = await api.get(`/workspaces/${ws}/datastores/nyc.json`);
    expect(res).toHaveStatus(200);
    expect(res.contentType).toBe('application/json');
    expect(normalize(res.text).text).toBe(dataStoreJson(server.restUrl, { ws, name: 'nyc', params }));
    expect(res.text).not.toContain(params.passwd);
  });

  it('accepts <entry key> parameters and an empty <type/> (type inferred from dbtype)', async () => {
    const { api, server } = ctx;
    const ws = await freshWorkspace();
    const params = pgParams();
    const entries = Object.entries(params)
      .map(([k, v]) => `<entry key="${k}">${v}</entry>`)
      .join('');
    const res = await api.postXml(
      `/workspaces/${ws}/datastores`,
      `<dataStore><name>ent</name><type/><connectionParameters>${entries}</connectionParameters></dataStore>`,
    );
    expect(res).toHaveStatus(201);
    const got = await api.get(`/workspaces/${ws}/datastores/ent.xml`);
    expect(normalize(got.text).text).toBe(dataStoreXml(server.restUrl, { ws, name: 'ent', params }));
  });

  it('accepts JSON {"host":"x"} parameters', async () => {
    const { api, server } = ctx;
    const ws = await freshWorkspace();
    const params = pgParams();
    const res = await api.postJson(`/workspaces/${ws}/datastores`, { dataStore: { name: 'plain', connectionParameters: params } });
    expect(res).toHaveStatus(201);
    expect(res.text).toBe('plain');
    const got = await api.get(`/workspaces/${ws}/datastores/plain.json`);
    expect(normalize(got.text).text).toBe(dataStoreJson(server.restUrl, { ws, name: 'plain', params }));
  });

  it('accepts JSON entry lists and coerces numbers and booleans to strings (node client)', async () => {
    const { api, server } = ctx;
    const ws = await freshWorkspace();
    const entry = [
      { '@key': 'host', $: 'db.example.org' },
      { '@key': 'port', $: 5432 },
      { '@key': 'database', $: 'nyc' },
      { '@key': 'user', $: 'bob' },
      { '@key': 'passwd', $: 'S3cret-pw' },
      { '@key': 'dbtype', $: 'postgis' },
      { '@key': 'Expose primary keys', $: true },
    ];
    const res = await api.postJson(`/workspaces/${ws}/datastores`, { dataStore: { name: 'coerced', connectionParameters: { entry } } });
    expect(res).toHaveStatus(201);
    const params = { ...pgParams(), 'Expose primary keys': 'true' };
    const json = await api.get(`/workspaces/${ws}/datastores/coerced.json`);
    expect(normalize(json.text).text).toBe(dataStoreJson(server.restUrl, { ws, name: 'coerced', params }));
    const xml = await api.get(`/workspaces/${ws}/datastores/coerced.xml`);
    expect(normalize(xml.text).text).toBe(dataStoreXml(server.restUrl, { ws, name: 'coerced', params }));
  });

  it('lists stores of a workspace in XML and JSON', async () => {
    const { api, server } = ctx;
    const ws = await freshWorkspace();
    await createDataStore(api, ws, 'b_store');
    await createDataStore(api, ws, 'a_store');
    const base = `${server.restUrl}/workspaces/${ws}/datastores`;
    const xml = await api.get(`/workspaces/${ws}/datastores.xml`);
    expect(xml).toHaveStatus(200);
    expect(xml.text).toBe(
      [
        '<dataStores>',
        '  <dataStore>',
        '    <name>a_store</name>',
        `    ${atomLink(`${base}/a_store.xml`, 'application/atom+xml')}`,
        '  </dataStore>',
        '  <dataStore>',
        '    <name>b_store</name>',
        `    ${atomLink(`${base}/b_store.xml`, 'application/atom+xml')}`,
        '  </dataStore>',
        '</dataStores>',
      ].join('\n'),
    );
    expect(parseXmlList(xml.text, 'dataStores', 'dataStore').map((i) => i.name)).toEqual(['a_store', 'b_store']);
    const json = await api.get(`/workspaces/${ws}/datastores.json`);
    expect(json.text).toBe(
      JSON.stringify({
        dataStores: {
          dataStore: [
            { name: 'a_store', href: `${base}/a_store.json` },
            { name: 'b_store', href: `${base}/b_store.json` },
          ],
        },
      }),
    );
    expect(parseJsonList(json.text, 'dataStores', 'dataStore')).toHaveLength(2);
  });

  it('never returns the password in clear, in any format, item or list', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    const secret = 'Very-Secret-Passw0rd';
    await createDataStore(api, ws, 'sec', pgParams({ passwd: secret }));
    for (const path of [
      `/workspaces/${ws}/datastores/sec.xml`,
      `/workspaces/${ws}/datastores/sec.json`,
      `/workspaces/${ws}/datastores/sec`,
      `/workspaces/${ws}/datastores.xml`,
      `/workspaces/${ws}/datastores.json`,
    ]) {
      const res = await api.get(path);
      expect(res).toHaveStatus(200);
      expect(res.text).not.toContain(secret);
      expect(res.text).not.toContain(Buffer.from(secret).toString('base64'));
    }
  });

  it('merges a partial PUT and records dateModified', async () => {
    const { api, server } = ctx;
    const ws = await freshWorkspace();
    const params = pgParams();
    await createDataStore(api, ws, 'merge', params);
    const before = normalize((await api.get(`/workspaces/${ws}/datastores/merge.xml`)).text);
    const put = await api.putXml(`/workspaces/${ws}/datastores/merge`, '<dataStore><description>New York</description></dataStore>');
    expect(put).toHaveStatus(200);
    const res = await api.get(`/workspaces/${ws}/datastores/merge.xml`);
    const n = normalize(res.text);
    expect(n.text).toBe(dataStoreXml(server.restUrl, { ws, name: 'merge', params, description: 'New York', modified: true }));
    expect(n.dates[0]).toBe(before.dates[0]);
    // The stored password is untouched by a PUT without connectionParameters.
    expect(crypt2Length(n.crypt2[0])).toBe(crypt2Length(before.crypt2[0]));
  });

  it('replaces the parameter map on PUT; a crypt2 value sent back keeps the stored password (same server only)', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    await createDataStore(api, ws, 'keep', pgParams({ schema: 'public', passwd: 'short' }));
    const first = await api.get(`/workspaces/${ws}/datastores/keep.xml`);
    const firstEntries = Object.fromEntries(xmlEntries(first.text));
    const echoed = firstEntries.passwd;
    expect(echoed).toMatch(/^crypt2:/);

    // Send back what was read, without schema and with another host: the stored password may not
    // follow to another server (contract §6), so the password itself is needed.
    const { schema: _schema, ...rest } = firstEntries;
    const entriesXml = (params: Record<string, string>) =>
      Object.entries(params)
        .map(([k, v]) => `<entry key="${k}">${v}</entry>`)
        .join('');
    const moved = await api.putXml(
      `/workspaces/${ws}/datastores/keep`,
      `<dataStore><connectionParameters>${entriesXml({ ...rest, host: 'other.example.org' })}</connectionParameters></dataStore>`,
    );
    expect(moved).toHaveStatus(400);
    expect(moved.text).toContain('password needed');
    // The same server: what was read, sent back, keeps the password.
    expect(
      await api.putXml(`/workspaces/${ws}/datastores/keep`, `<dataStore><connectionParameters>${entriesXml(rest)}</connectionParameters></dataStore>`),
    ).toHaveStatus(200);
    const second = Object.fromEntries(xmlEntries((await api.get(`/workspaces/${ws}/datastores/keep.xml`)).text));
    expect(second.host).toBe(firstEntries.host);
    expect(second.schema).toBeUndefined();
    expect(second.passwd).toMatch(/^crypt2:[A-Za-z0-9+/]+={0,2}$/);
    // Same plaintext length: the stored password was kept, not encrypted again as `crypt2:…`.
    expect(crypt2Length(second.passwd)).toBe(crypt2Length(echoed));

    // A new plain password replaces it: the ciphertext grows by the difference in length.
    const longer = 'a-much-longer-password-0123456789';
    const body3 = Object.entries({ ...rest, passwd: longer })
      .map(([k, v]) => `<entry key="${k}">${v}</entry>`)
      .join('');
    expect(await api.putXml(`/workspaces/${ws}/datastores/keep`, `<dataStore><connectionParameters>${body3}</connectionParameters></dataStore>`)).toHaveStatus(
      200,
    );
    const third = await api.get(`/workspaces/${ws}/datastores/keep.json`);
    expect(third.text).not.toContain(longer);
    const thirdPass = third.json().dataStore.connectionParameters.entry.find((e: { '@key': string }) => e['@key'] === 'passwd').$;
    expect(crypt2Length(thirdPass) - crypt2Length(echoed)).toBe(longer.length - 'short'.length);
  });

  it('escapes text as XStream does in XML and as JSON strings in JSON', async () => {
    const { api, server } = ctx;
    const ws = await freshWorkspace();
    const params = pgParams({ database: 'a&b<c>"d\'e' });
    expect(
      await api.postJson(`/workspaces/${ws}/datastores`, { dataStore: { name: 'esc', description: 'Tom & Jerry\'s "<b>"', connectionParameters: params } }),
    ).toHaveStatus(201);
    const xml = await api.get(`/workspaces/${ws}/datastores/esc.xml`);
    expect(xml.text).toContain('\n  <description>Tom &amp; Jerry&apos;s &quot;&lt;b&gt;&quot;</description>\n');
    expect(xml.text).toContain('\n    <entry key="database">a&amp;b&lt;c&gt;&quot;d&apos;e</entry>\n');
    const json = await api.get(`/workspaces/${ws}/datastores/esc.json`);
    expect(normalize(json.text).text).toBe(dataStoreJson(server.restUrl, { ws, name: 'esc', params, description: 'Tom & Jerry\'s "<b>"' }));
  });

  it('renames a store with PUT', async () => {
    const { api, server } = ctx;
    const ws = await freshWorkspace();
    const params = pgParams();
    await createDataStore(api, ws, 'before', params);
    expect(await api.putJson(`/workspaces/${ws}/datastores/before`, { dataStore: { name: 'after' } })).toHaveStatus(200);
    expect(await api.get(`/workspaces/${ws}/datastores/before.xml`)).toBeTextError(404, `No such datastore: ${ws},before`);
    const res = await api.get(`/workspaces/${ws}/datastores/after.xml`);
    expect(res).toHaveStatus(200);
    expect(normalize(res.text).text).toBe(dataStoreXml(server.restUrl, { ws, name: 'after', params, modified: true }));
  });

  it('deletes a store: 200, then 404', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    await createDataStore(api, ws, 'gone');
    expect(await api.delete(`/workspaces/${ws}/datastores/gone`)).toHaveStatus(200);
    expect(await api.get(`/workspaces/${ws}/datastores/gone.xml`)).toBeTextError(404, `No such datastore: ${ws},gone`);
    expect(await api.delete(`/workspaces/${ws}/datastores/gone`)).toBeTextError(404, `No such datastore: ${ws},gone`);
    expect((await api.get(`/workspaces/${ws}/datastores.json`)).text).toBe('{"dataStores":""}');
  });

  it('answers 404 for an unknown store (GET, PUT, DELETE) and an unknown workspace', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    const msg = `No such datastore: ${ws},nope`;
    expect(await api.get(`/workspaces/${ws}/datastores/nope.xml`)).toBeTextError(404, msg);
    expect(await api.get(`/workspaces/${ws}/datastores/nope`)).toBeTextError(404, msg);
    expect(await api.putXml(`/workspaces/${ws}/datastores/nope`, '<dataStore><description>x</description></dataStore>')).toBeTextError(404, msg);
    expect(await api.delete(`/workspaces/${ws}/datastores/nope`)).toBeTextError(404, msg);
    const ghost = uniqueName('ghost');
    expect(await api.postXml(`/workspaces/${ghost}/datastores`, dataStoreBodyXml('x', pgParams()))).toBeTextError(404, `No such workspace: '${ghost}' found`);
    expect(await api.get(`/workspaces/${ghost}/datastores/x.xml`)).toBeTextError(404, `No such workspace: '${ghost}' found`);
  });

  it('answers 409 for a duplicate store name in a workspace, allows it in another', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    const other = await freshWorkspace();
    await createDataStore(api, ws, 'twice');
    expect(await api.postXml(`/workspaces/${ws}/datastores`, dataStoreBodyXml('twice', pgParams()))).toBeTextError(
      409,
      `Store 'twice' already exists in workspace '${ws}'`,
    );
    expect(await api.postXml(`/workspaces/${other}/datastores`, dataStoreBodyXml('twice', pgParams()))).toHaveStatus(201);
  });

  it('refuses bad bodies with 400 and stores nothing', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    const bad: Array<[string, string]> = [
      ['port not a number', dataStoreBodyXml('badport', pgParams({ port: 'five' }))],
      ['missing name', `<dataStore><connectionParameters><host>h</host></connectionParameters></dataStore>`],
      ['empty name', dataStoreBodyXml('', pgParams())],
      ['invalid name', dataStoreBodyXml('a b', pgParams())],
      ['wrong root', `<workspace><name>w</name></workspace>`],
      ['malformed', `<dataStore><name>m</name>`],
    ];
    for (const [why, body] of bad) {
      const res = await api.postXml(`/workspaces/${ws}/datastores`, body);
      expect({ why, status: res.status, type: res.contentType }).toEqual({ why, status: 400, type: 'text/plain' });
    }
    expect((await api.get(`/workspaces/${ws}/datastores.json`)).text).toBe('{"dataStores":""}');
  });

  it('refuses a port that is not a number in JSON and on PUT (400), keeping the store', async () => {
    const { api } = ctx;
    const ws = await freshWorkspace();
    expect(await api.postJson(`/workspaces/${ws}/datastores`, { dataStore: { name: 'jp', connectionParameters: pgParams({ port: 'x1' }) } })).toBeTextError(
      400,
    );
    await createDataStore(api, ws, 'kept');
    expect(
      await api.putXml(`/workspaces/${ws}/datastores/kept`, `<dataStore><connectionParameters>${'<port>abc</port>'}</connectionParameters></dataStore>`),
    ).toBeTextError(400);
    expect(Object.fromEntries(xmlEntries((await api.get(`/workspaces/${ws}/datastores/kept.xml`)).text)).port).toBe('5432');
  });
});
