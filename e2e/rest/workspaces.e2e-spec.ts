import { createDataStore, createWorkspace, dataStoreBodyXml, pgParams, namespaceXml, useApiServer, workspaceJson, workspaceXml } from '../support/catalog';
import { atomLink, isJavaSorted, normalize, parseGsDate, parseJsonList, parseXmlList, seg, uniqueName } from '../support/geoserver';
import { HttpResponse, XML } from '../support/http';

const ctx = useApiServer();

describe('workspaces', () => {
  // Runs first in this file on a fresh server: the first workspace ever created is the default.
  it('makes the first workspace created the default, and ?default=true moves the default', async () => {
    const { api, server } = ctx;
    const first = uniqueName('first');
    await createWorkspace(api, first);
    await createWorkspace(api, uniqueName('second'));

    const xml = await api.get('/workspaces/default.xml');
    expect(xml).toHaveStatus(200);
    expect(normalize(xml.text).text).toBe(workspaceXml(server.restUrl, first));
    const json = await api.get('/workspaces/default.json');
    expect(json).toHaveStatus(200);
    expect(normalize(json.text).text).toBe(workspaceJson(server.restUrl, first));

    const third = uniqueName('third');
    expect(await api.postXml('/workspaces?default=true', `<workspace><name>${third}</name></workspace>`)).toHaveStatus(201);
    const after = await api.get('/workspaces/default.json');
    expect(after).toHaveStatus(200);
    expect(after.json().workspace.name).toBe(third);
  });

  it('creates a workspace from XML: 201, absolute Location without suffix, name as text/plain', async () => {
    const { api, server } = ctx;
    const name = uniqueName('acme');
    const res = await api.postXml('/workspaces', `<workspace><name>${name}</name></workspace>`);
    expect(res).toHaveStatus(201);
    expect(res.headers.get('location')).toBe(`${server.restUrl}/workspaces/${name}`);
    expect(res.contentType).toBe('text/plain');
    expect(res.text).toBe(name);
  });

  it('creates a workspace from JSON', async () => {
    const { api, server } = ctx;
    const name = uniqueName('acme');
    const res = await api.postJson('/workspaces', { workspace: { name } });
    expect(res).toHaveStatus(201);
    expect(res.headers.get('location')).toBe(`${server.restUrl}/workspaces/${name}`);
    expect(res.text).toBe(name);
    expect(await api.get(`/workspaces/${name}.json`)).toHaveStatus(200);
  });

  it('accepts text/xml and an isolated flag', async () => {
    const { api, server } = ctx;
    const name = uniqueName('iso');
    const res = await api.post('/workspaces', `<workspace><name>${name}</name><isolated>TRUE</isolated></workspace>`, 'text/xml');
    expect(res).toHaveStatus(201);
    const got = await api.get(`/workspaces/${name}.xml`);
    expect(normalize(got.text).text).toBe(workspaceXml(server.restUrl, name, { isolated: true }));
  });

  it('GETs a workspace as XML exactly: name, isolated, dateCreated, four store links', async () => {
    const { api, server } = ctx;
    const name = uniqueName('acme');
    const before = Date.now();
    await createWorkspace(api, name);
    const res = await api.get(`/workspaces/${name}.xml`);
    expect(res).toHaveStatus(200);
    expect(res.contentType).toBe('application/xml');
    const n = normalize(res.text);
    expect(n.text).toBe(workspaceXml(server.restUrl, name));
    expect(n.dates).toHaveLength(1);
    // The creation date is the time of the POST (same machine clock; ms resolution).
    expect(parseGsDate(n.dates[0])).toBeGreaterThanOrEqual(before - 2_000);
    expect(parseGsDate(n.dates[0])).toBeLessThanOrEqual(Date.now() + 2_000);
  });

  it('GETs a workspace as JSON exactly, with typed booleans and string collection links', async () => {
    const { api, server } = ctx;
    const name = uniqueName('acme');
    await createWorkspace(api, name);
    const res = await api.get(`/workspaces/${name}.json`);
    expect(res).toHaveStatus(200);
    expect(res.contentType).toBe('application/json');
    expect(normalize(res.text).text).toBe(workspaceJson(server.restUrl, name));
  });

  it('lists workspaces in XML and JSON, sorted by name, with atom+xml links', async () => {
    const { api, server } = ctx;
    const mine = [uniqueName('zeta'), uniqueName('Alpha'), uniqueName('mid')];
    for (const n of mine) await createWorkspace(api, n);

    const xml = await api.get('/workspaces.xml');
    expect(xml).toHaveStatus(200);
    expect(xml.contentType).toBe('application/xml');
    const items = parseXmlList(xml.text, 'workspaces', 'workspace');
    const names = items.map((i) => i.name);
    for (const n of mine) expect(names).toContain(n);
    expect(isJavaSorted(names)).toBe(true);
    for (const i of items) expect(i.href).toBe(`${server.restUrl}/workspaces/${seg(i.name)}.xml`);
    expect(xml.text).toContain(
      `  <workspace>\n    <name>${mine[1]}</name>\n    ${atomLink(`${server.restUrl}/workspaces/${mine[1]}.xml`, 'application/atom+xml')}\n  </workspace>\n`,
    );

    const json = await api.get('/workspaces.json');
    expect(json).toHaveStatus(200);
    const jitems = parseJsonList(json.text, 'workspaces', 'workspace');
    expect(jitems.map((i) => i.name)).toEqual(names);
    for (const i of jitems) expect(i.href).toBe(`${server.restUrl}/workspaces/${seg(i.name)}.json`);
    expect(json.text).toBe(JSON.stringify({ workspaces: { workspace: jitems } }));
  });

  it('creates the namespace prefix=name, uri=http://name with the workspace', async () => {
    const { api } = ctx;
    const name = uniqueName('ns');
    await createWorkspace(api, name);
    const res = await api.get(`/namespaces/${name}.xml`);
    expect(res).toHaveStatus(200);
    expect(res.text).toBe(namespaceXml(name, `http://${name}`));
  });

  it('answers the empty store lists of a new workspace in XML and JSON', async () => {
    const { api } = ctx;
    const ws = uniqueName('empty');
    await createWorkspace(api, ws);
    const lists: Array<[string, string]> = [
      ['datastores', 'dataStores'],
      ['coveragestores', 'coverageStores'],
      ['wmsstores', 'wmsStores'],
      ['wmtsstores', 'wmtsStores'],
    ];
    for (const [path, root] of lists) {
      const xml = await api.get(`/workspaces/${ws}/${path}.xml`);
      expect(xml).toHaveStatus(200);
      expect(xml.contentType).toBe('application/xml');
      expect(xml.text).toBe(`<${root}/>`);
      const json = await api.get(`/workspaces/${ws}/${path}.json`);
      expect(json).toHaveStatus(200);
      expect(json.contentType).toBe('application/json');
      expect(json.text).toBe(JSON.stringify({ [root]: '' }));
    }
  });

  it('accepts names of any script (été_地图) and addresses them URL-encoded', async () => {
    const { api, server } = ctx;
    const name = `été_地图_${uniqueName('x')}`;
    const res = await api.postXml('/workspaces', `<workspace><name>${name}</name></workspace>`);
    expect(res).toHaveStatus(201);
    expect(res.headers.get('location')).toBe(`${server.restUrl}/workspaces/${seg(name)}`);
    expect(res.text).toBe(name);

    const xml = await api.get(`/workspaces/${seg(name)}.xml`);
    expect(xml).toHaveStatus(200);
    expect(normalize(xml.text).text).toBe(workspaceXml(server.restUrl, name));
    const json = await api.get(`/workspaces/${seg(name)}.json`);
    expect(json.json().workspace.name).toBe(name);
    const list = parseXmlList((await api.get('/workspaces.xml')).text, 'workspaces', 'workspace');
    expect(list).toContainEqual({ name, href: `${server.restUrl}/workspaces/${seg(name)}.xml` });
  });

  it('renames a workspace with PUT (partial merge) and records dateModified', async () => {
    const { api, server } = ctx;
    const oldName = uniqueName('old');
    const newName = uniqueName('new');
    await createWorkspace(api, oldName);
    const created = normalize((await api.get(`/workspaces/${oldName}.xml`)).text).dates[0];

    const put = await api.putXml(`/workspaces/${oldName}`, `<workspace><name>${newName}</name></workspace>`);
    expect(put).toHaveStatus(200);

    expect(await api.get(`/workspaces/${oldName}.xml`)).toBeTextError(404, `No such workspace: '${oldName}' found`);
    const res = await api.get(`/workspaces/${newName}.xml`);
    expect(res).toHaveStatus(200);
    const n = normalize(res.text);
    expect(n.text).toBe(workspaceXml(server.restUrl, newName, { modified: true }));
    expect(n.dates[0]).toBe(created);
    expect(parseGsDate(n.dates[1])).toBeGreaterThanOrEqual(parseGsDate(created));
    // The namespace follows the workspace.
    const ns = await api.get(`/namespaces/${newName}.json`);
    expect(ns).toHaveStatus(200);
    expect(ns.json().namespace.prefix).toBe(newName);
  });

  it('updates isolated with a JSON PUT without touching the name', async () => {
    const { api, server } = ctx;
    const name = uniqueName('upd');
    await createWorkspace(api, name);
    expect(await api.putJson(`/workspaces/${name}`, { workspace: { isolated: true } })).toHaveStatus(200);
    const res = await api.get(`/workspaces/${name}.json`);
    expect(normalize(res.text).text).toBe(workspaceJson(server.restUrl, name, { isolated: true, modified: true }));
  });

  const unknownWorkspaceCalls: Array<[string, (name: string) => Promise<HttpResponse>]> = [
    ['GET .xml', (n) => ctx.api.get(`/workspaces/${n}.xml`)],
    ['GET without suffix', (n) => ctx.api.get(`/workspaces/${n}`)],
    ['PUT', (n) => ctx.api.putXml(`/workspaces/${n}`, `<workspace><name>${n}</name></workspace>`)],
    ['DELETE', (n) => ctx.api.delete(`/workspaces/${n}`)],
    ['GET datastores', (n) => ctx.api.get(`/workspaces/${n}/datastores.xml`)],
    ['GET a datastore', (n) => ctx.api.get(`/workspaces/${n}/datastores/x.xml`)],
    ['GET coveragestores', (n) => ctx.api.get(`/workspaces/${n}/coveragestores.json`)],
    ['GET wmsstores', (n) => ctx.api.get(`/workspaces/${n}/wmsstores.json`)],
    ['GET wmtsstores', (n) => ctx.api.get(`/workspaces/${n}/wmtsstores.json`)],
    ['GET styles', (n) => ctx.api.get(`/workspaces/${n}/styles.json`)],
    ['POST datastore', (n) => ctx.api.postXml(`/workspaces/${n}/datastores`, dataStoreBodyXml('x', pgParams()))],
    ['POST style', (n) => ctx.api.postXml(`/workspaces/${n}/styles`, '<style><name>x</name><filename>x.sld</filename></style>')],
  ];

  it.each(unknownWorkspaceCalls)('answers 404 "No such workspace: \'x\' found" to %s of an unknown workspace', async (_what, call) => {
    const name = uniqueName('ghost');
    expect(await call(name)).toBeTextError(404, `No such workspace: '${name}' found`);
  });

  it('answers 409 for a duplicate name', async () => {
    const { api } = ctx;
    const name = uniqueName('dup');
    await createWorkspace(api, name);
    expect(await api.postXml('/workspaces', `<workspace><name>${name}</name></workspace>`)).toBeTextError(409, `Workspace '${name}' already exists`);
    expect(await api.postJson('/workspaces', { workspace: { name } })).toBeTextError(409, `Workspace '${name}' already exists`);
  });

  it('refuses the reserved name default with 400', async () => {
    const { api } = ctx;
    expect(await api.postXml('/workspaces', '<workspace><name>default</name></workspace>')).toBeTextError(400);
  });

  it('deletes an empty workspace and its namespace: 200', async () => {
    const { api } = ctx;
    const name = uniqueName('del');
    await createWorkspace(api, name);
    const res = await api.delete(`/workspaces/${name}`);
    expect(res).toHaveStatus(200);
    expect(await api.get(`/workspaces/${name}.xml`)).toBeTextError(404, `No such workspace: '${name}' found`);
    expect(await api.get(`/namespaces/${name}.xml`)).toBeTextError(404, `No such namespace: '${name}' found`);
    const list = parseJsonList((await api.get('/workspaces.json')).text, 'workspaces', 'workspace');
    expect(list.map((i) => i.name)).not.toContain(name);
  });

  it('refuses to delete a workspace holding a store without recurse (403), deletes it all with recurse=true', async () => {
    const { api } = ctx;
    const ws = uniqueName('full');
    const store = uniqueName('nyc');
    await createWorkspace(api, ws);
    await createDataStore(api, ws, store);

    expect(await api.delete(`/workspaces/${ws}`)).toBeTextError(403, 'Workspace not empty');
    expect(await api.delete(`/workspaces/${ws}?recurse=false`)).toBeTextError(403, 'Workspace not empty');
    expect(await api.get(`/workspaces/${ws}/datastores/${store}.xml`)).toHaveStatus(200);

    expect(await api.delete(`/workspaces/${ws}?recurse=true`)).toHaveStatus(200);
    expect(await api.get(`/workspaces/${ws}.xml`)).toBeTextError(404, `No such workspace: '${ws}' found`);
    // Recreating the same workspace gives an empty one: nothing of the old one survived.
    await createWorkspace(api, ws);
    const stores = await api.get(`/workspaces/${ws}/datastores.json`);
    expect(stores.text).toBe('{"dataStores":""}');
  });

  it('deletes with a suffix and a Content-Type on an empty body (gsconfig)', async () => {
    const { api } = ctx;
    const name = uniqueName('sfx');
    await createWorkspace(api, name);
    const res = await api.delete(`/workspaces/${name}.xml?recurse=True`, { type: XML });
    expect(res).toHaveStatus(200);
    expect(await api.get(`/workspaces/${name}.json`)).toHaveStatus(404);
  });
});
