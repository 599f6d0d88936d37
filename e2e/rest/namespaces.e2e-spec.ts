import { createDataStore, createWorkspace, namespaceJson, namespaceXml, useApiServer } from '../support/catalog';
import { atomLink, isJavaSorted, parseJsonList, parseXmlList, seg, uniqueName } from '../support/geoserver';

const ctx = useApiServer();

const nsBody = (prefix: string, uri: string) => `<namespace><prefix>${prefix}</prefix><uri>${uri}</uri></namespace>`;

describe('namespaces', () => {
  it('creates a namespace from XML (201, Location, name) and its workspace', async () => {
    const { api, server } = ctx;
    const prefix = uniqueName('ns');
    const uri = `http://example.org/${prefix}`;
    const res = await api.postXml('/namespaces', nsBody(prefix, uri));
    expect(res).toHaveStatus(201);
    expect(res.headers.get('location')).toBe(`${server.restUrl}/namespaces/${prefix}`);
    expect(res.contentType).toBe('text/plain');
    expect(res.text).toBe(prefix);

    const xml = await api.get(`/namespaces/${prefix}.xml`);
    expect(xml).toHaveStatus(200);
    expect(xml.contentType).toBe('application/xml');
    expect(xml.text).toBe(namespaceXml(prefix, uri));
    const json = await api.get(`/namespaces/${prefix}.json`);
    expect(json).toHaveStatus(200);
    expect(json.contentType).toBe('application/json');
    expect(json.text).toBe(namespaceJson(prefix, uri));

    const ws = await api.get(`/workspaces/${prefix}.json`);
    expect(ws).toHaveStatus(200);
    expect(ws.json().workspace.name).toBe(prefix);
  });

  it('creates a namespace from JSON and through a trailing slash (gsconfig)', async () => {
    const { api } = ctx;
    const a = uniqueName('nsj');
    expect(await api.postJson('/namespaces', { namespace: { prefix: a, uri: `urn:x-test:${a}` } })).toHaveStatus(201);
    expect((await api.get(`/namespaces/${a}.json`)).text).toBe(namespaceJson(a, `urn:x-test:${a}`));
    const b = uniqueName('nss');
    expect(await api.postXml('/namespaces/', nsBody(b, `http://example.org/${b}`))).toHaveStatus(201);
    expect(await api.get(`/namespaces/${b}.xml`)).toHaveStatus(200);
  });

  it('lists namespaces by prefix with atom+xml links (XML) and name/href items (JSON)', async () => {
    const { api, server } = ctx;
    const prefix = uniqueName('lst');
    await createWorkspace(api, prefix);
    const xml = await api.get('/namespaces.xml');
    expect(xml).toHaveStatus(200);
    const items = parseXmlList(xml.text, 'namespaces', 'namespace');
    expect(isJavaSorted(items.map((i) => i.name))).toBe(true);
    for (const i of items) expect(i.href).toBe(`${server.restUrl}/namespaces/${seg(i.name)}.xml`);
    expect(xml.text).toContain(
      `  <namespace>\n    <name>${prefix}</name>\n    ${atomLink(`${server.restUrl}/namespaces/${prefix}.xml`, 'application/atom+xml')}\n  </namespace>\n`,
    );
    const json = await api.get('/namespaces.json');
    const jitems = parseJsonList(json.text, 'namespaces', 'namespace');
    expect(jitems).toContainEqual({ name: prefix, href: `${server.restUrl}/namespaces/${prefix}.json` });
  });

  it('changes the URI with PUT', async () => {
    const { api } = ctx;
    const prefix = uniqueName('put');
    await createWorkspace(api, prefix);
    const res = await api.putXml(`/namespaces/${prefix}`, nsBody(prefix, `http://example.org/changed/${prefix}`));
    expect(res).toHaveStatus(200);
    expect((await api.get(`/namespaces/${prefix}.xml`)).text).toBe(namespaceXml(prefix, `http://example.org/changed/${prefix}`));
    // A PUT with only the uri keeps the prefix.
    expect(await api.putJson(`/namespaces/${prefix}`, { namespace: { uri: `urn:${prefix}` } })).toHaveStatus(200);
    expect((await api.get(`/namespaces/${prefix}.json`)).text).toBe(namespaceJson(prefix, `urn:${prefix}`));
  });

  it('refuses to change the prefix with PUT (400) and keeps the namespace', async () => {
    const { api } = ctx;
    const prefix = uniqueName('fixed');
    await createWorkspace(api, prefix);
    const res = await api.putXml(`/namespaces/${prefix}`, nsBody(uniqueName('other'), `http://${prefix}`));
    expect(res).toBeTextError(400);
    expect((await api.get(`/namespaces/${prefix}.xml`)).text).toBe(namespaceXml(prefix, `http://${prefix}`));
  });

  it('answers 404 for an unknown namespace (GET, PUT, DELETE)', async () => {
    const { api } = ctx;
    const prefix = uniqueName('ghost');
    expect(await api.get(`/namespaces/${prefix}.xml`)).toBeTextError(404, `No such namespace: '${prefix}' found`);
    expect(await api.get(`/namespaces/${prefix}`)).toBeTextError(404, `No such namespace: '${prefix}' found`);
    expect(await api.putXml(`/namespaces/${prefix}`, nsBody(prefix, 'http://x'))).toHaveStatus(404);
    expect(await api.delete(`/namespaces/${prefix}`)).toHaveStatus(404);
  });

  it('answers 409 for a duplicate prefix and a duplicate URI', async () => {
    const { api } = ctx;
    const prefix = uniqueName('dup');
    const uri = `http://example.org/${prefix}`;
    expect(await api.postXml('/namespaces', nsBody(prefix, uri))).toHaveStatus(201);
    expect(await api.postXml('/namespaces', nsBody(prefix, `${uri}/2`))).toBeTextError(409, `Namespace with prefix '${prefix}' already exists.`);
    const other = uniqueName('dup');
    expect(await api.postXml('/namespaces', nsBody(other, uri))).toBeTextError(409, `Namespace with URI '${uri}' already exists.`);
    expect(await api.get(`/namespaces/${other}.xml`)).toHaveStatus(404);
    expect(await api.get(`/workspaces/${other}.xml`)).toHaveStatus(404);
  });

  it('refuses a workspace whose namespace URI http://name is taken (409) and stores nothing', async () => {
    const { api } = ctx;
    const name = uniqueName('clash');
    expect(await api.postXml('/namespaces', nsBody(uniqueName('owner'), `http://${name}`))).toHaveStatus(201);
    expect(await api.postXml('/workspaces', `<workspace><name>${name}</name></workspace>`)).toBeTextError(
      409,
      `Namespace with URI 'http://${name}' already exists.`,
    );
    expect(await api.get(`/workspaces/${name}.xml`)).toBeTextError(404, `No such workspace: '${name}' found`);
    expect(await api.get(`/namespaces/${name}.xml`)).toBeTextError(404, `No such namespace: '${name}' found`);
  });

  it.each([
    ['without uri', (p: string) => `<namespace><prefix>${p}</prefix></namespace>`],
    ['with an empty uri', (p: string) => `<namespace><prefix>${p}</prefix><uri></uri></namespace>`],
    ['with an invalid uri', (p: string) => nsBody(p, 'not a uri')],
    ['with an invalid prefix', () => nsBody('1bad', 'http://example.org/1bad')],
    ['without prefix', () => '<namespace><uri>http://example.org/noprefix</uri></namespace>'],
  ])('refuses a namespace %s (400) and stores nothing', async (_why, body) => {
    const { api } = ctx;
    const prefix = uniqueName('bad');
    expect(await api.postXml('/namespaces', body(prefix))).toBeTextError(400);
    expect(await api.get(`/namespaces/${prefix}.xml`)).toHaveStatus(404);
    expect(await api.get(`/workspaces/${prefix}.xml`)).toHaveStatus(404);
  });

  it('deletes a namespace and its workspace: 200', async () => {
    const { api } = ctx;
    const prefix = uniqueName('gone');
    expect(await api.postXml('/namespaces', nsBody(prefix, `http://example.org/${prefix}`))).toHaveStatus(201);
    expect(await api.delete(`/namespaces/${prefix}`)).toHaveStatus(200);
    expect(await api.get(`/namespaces/${prefix}.xml`)).toBeTextError(404, `No such namespace: '${prefix}' found`);
    expect(await api.get(`/workspaces/${prefix}.xml`)).toBeTextError(404, `No such workspace: '${prefix}' found`);
  });

  it('refuses to delete the namespace of a workspace holding a store (403)', async () => {
    const { api } = ctx;
    const prefix = uniqueName('busy');
    await createWorkspace(api, prefix);
    await createDataStore(api, prefix, uniqueName('st'));
    expect(await api.delete(`/namespaces/${prefix}`)).toBeTextError(403);
    expect(await api.get(`/namespaces/${prefix}.xml`)).toHaveStatus(200);
  });
});
