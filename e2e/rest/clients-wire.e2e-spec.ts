/**
 * The facts every GeoServer client relies on (../shared/reference/clients.md, "Facts common to
 * all clients" and the checklist), checked across the whole API over a populated catalog:
 * negotiation, suffixes and slashes on every method, booleans and scalars, the forms of
 * connection parameters, empty lists, 404 probes, PUT as a partial merge with renames, a GET body
 * PUT back unchanged, deletes that cascade only with recurse, and loosely resolved style names.
 */
import { sldFixture } from '../support/catalog';
import { seg, uniqueName } from '../support/geoserver';
import { rawRequest, RestClient, SLD_10, XML } from '../support/http';
import { createStatesTable, useSpatialApi } from '../support/postgis';

const ctx = useSpatialApi();

beforeAll(async () => {
  await createStatesTable(ctx.db, 'states');
}, 60_000);

interface Catalog {
  ws: string;
  ds: string;
  ft: string;
  style: string;
}

/** A workspace with a PostGIS store, the `states` table published, a workspace style with its SLD as the layer's default. */
async function populate(api: RestClient, prefix = 'wire'): Promise<Catalog> {
  const ws = uniqueName(prefix);
  const ds = 'pg';
  const ft = 'states';
  const style = 'states_style';
  const must = async (what: string, res: Promise<{ status: number; text: string }>, status: number) => {
    const r = await res;
    if (r.status !== status) throw new Error(`${what}: ${r.status} ${r.text}`);
  };
  await must('workspace', api.postJson('/workspaces', { workspace: { name: ws } }), 201);
  await must('store', api.postJson(`/workspaces/${ws}/datastores`, { dataStore: { name: ds, connectionParameters: ctx.db.storeParams() } }), 201);
  await must(
    'feature type',
    api.postJson(`/workspaces/${ws}/datastores/${ds}/featuretypes`, { featureType: { name: ft, nativeName: 'states', srs: 'EPSG:4326' } }),
    201,
  );
  await must('style', api.post(`/workspaces/${ws}/styles?name=${style}`, sldFixture('valid', 'polygon-simple.sld').bytes, SLD_10), 201);
  await must('default style', api.putJson(`/layers/${ws}:${ft}`, { layer: { defaultStyle: { name: style, workspace: ws } } }), 200);
  return { ws, ds, ft, style };
}

/** Every GET of the catalog's items and lists, suffix-less. */
function readPaths(c: Catalog): string[] {
  const ftBase = `/workspaces/${c.ws}/datastores/${c.ds}/featuretypes`;
  return [
    '/workspaces',
    `/workspaces/${c.ws}`,
    '/workspaces/default',
    `/workspaces/${c.ws}/coveragestores`,
    `/workspaces/${c.ws}/wmsstores`,
    `/workspaces/${c.ws}/wmtsstores`,
    '/namespaces',
    `/namespaces/${c.ws}`,
    `/workspaces/${c.ws}/datastores`,
    `/workspaces/${c.ws}/datastores/${c.ds}`,
    ftBase,
    `${ftBase}/${c.ft}`,
    `/workspaces/${c.ws}/featuretypes`,
    `/workspaces/${c.ws}/featuretypes/${c.ft}`,
    '/layers',
    `/layers/${c.ws}:${c.ft}`,
    `/layers/${c.ws}:${c.ft}/styles`,
    `/workspaces/${c.ws}/layers`,
    `/workspaces/${c.ws}/layers/${c.ft}`,
    '/styles',
    '/styles/polygon',
    `/workspaces/${c.ws}/styles`,
    `/workspaces/${c.ws}/styles/${c.style}`,
    '/about/version',
    '/security/usergroup/users',
    '/security/roles',
  ];
}

describe('negotiation across the API', () => {
  it('no Accept, or Accept */*, answers JSON on every suffix-less GET', async () => {
    const c = await populate(ctx.api);
    const auth = ctx.server.admin;
    for (const path of readPaths(c)) {
      for (const accept of [undefined, '*/*']) {
        const res = await rawRequest(ctx.api.url(path), { auth, accept });
        expect([path, accept, res.status, res.contentType]).toEqual([path, accept, 200, 'application/json']);
        expect(() => res.json()).not.toThrow();
      }
    }
  });

  it('the suffix beats Accept on every GET: .xml with Accept JSON is XML, .json with Accept XML is JSON, .sld is the SLD', async () => {
    const c = await populate(ctx.api);
    for (const path of readPaths(c)) {
      const xml = await ctx.api.get(`${path}.xml`, { accept: 'application/json' });
      expect([path, xml.status, xml.contentType, xml.text.startsWith('<')]).toEqual([path, 200, 'application/xml', true]);
      const json = await ctx.api.get(`${path}.json`, { accept: 'application/xml' });
      expect([path, json.status, json.contentType]).toEqual([path, 200, 'application/json']);
      // legacy gsconfig: Accept */* on .xml URLs
      expect((await ctx.api.get(`${path}.xml`, { accept: '*/*' })).contentType).toBe('application/xml');
    }
    const sld = await ctx.api.get(`/workspaces/${c.ws}/styles/${c.style}.sld`, { accept: 'application/xml' });
    expect([sld.status, sld.contentType]).toEqual([200, SLD_10]);
    expect(sld.bytes.equals(sldFixture('valid', 'polygon-simple.sld').bytes)).toBe(true);
  });

  it('suffixes and trailing slashes work together on POST, PUT and DELETE of every resource', async () => {
    const c = await populate(ctx.api);
    const ws = c.ws;
    const writes: Array<[string, string, string | undefined, unknown, number]> = [
      ['POST', '/workspaces.json/', undefined, { workspace: { name: `${ws}_b` } }, 201],
      ['PUT', `/workspaces/${ws}_b.xml/`, XML, '<workspace><isolated>false</isolated></workspace>', 200],
      [
        'POST',
        `/workspaces/${ws}/datastores.xml/`,
        XML,
        `<dataStore><name>other</name><connectionParameters>${Object.entries(ctx.db.storeParams())
          .map(([k, v]) => `<${k}>${v}</${k}>`)
          .join('')}</connectionParameters></dataStore>`,
        201,
      ],
      ['PUT', `/workspaces/${ws}/datastores/other.json/`, undefined, { dataStore: { description: 'x' } }, 200],
      [
        'POST',
        `/workspaces/${ws}/datastores/other/featuretypes.xml/`,
        XML,
        '<featureType><name>again</name><nativeName>states</nativeName></featureType>',
        201,
      ],
      ['PUT', `/workspaces/${ws}/datastores/other/featuretypes/again.xml/`, XML, '<featureType><title>Again</title></featureType>', 200],
      ['PUT', `/layers/${ws}:again.xml/`, XML, '<layer><defaultStyle>line</defaultStyle></layer>', 200],
      ['POST', `/layers/${ws}:again/styles.json/?default=true`, undefined, { style: { name: c.style, workspace: { name: ws } } }, 201],
      ['PUT', `/workspaces/${ws}/styles/${c.style}.sld/`, SLD_10, sldFixture('valid', 'polygon-simple.sld').bytes, 200],
      ['DELETE', `/layers/${ws}:again.xml/?recurse=true`, undefined, undefined, 200],
      ['DELETE', `/workspaces/${ws}/datastores/other.json/?recurse=true`, undefined, undefined, 200],
      ['DELETE', `/workspaces/${ws}_b.xml/`, undefined, undefined, 200],
    ];
    for (const [method, path, type, body, status] of writes) {
      const isJson = type === undefined && body !== undefined;
      const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : isJson ? JSON.stringify(body) : String(body);
      const res = await ctx.api.request(method, path, { body: payload, type: isJson ? 'application/json' : type });
      expect([method, path, res.status, res.text]).toEqual([method, path, status, res.text]);
      if (status === 201) expect(res.headers.get('location')).not.toMatch(/\.(xml|json)$/);
    }
  });
});

describe('bodies as clients write them', () => {
  it('booleans in any case, in bodies and in ?recurse/?default/?purge', async () => {
    const c = await populate(ctx.api);
    expect(
      await ctx.api.putXml(`/layers/${c.ws}:${c.ft}`, '<layer><advertised>False</advertised><enabled>TRUE</enabled><queryable>True</queryable></layer>'),
    ).toHaveStatus(200);
    expect((await ctx.api.get(`/layers/${c.ws}:${c.ft}.json`)).json().layer).toMatchObject({ advertised: false, enabled: true, queryable: true });
    const other = uniqueName('wirebool');
    expect(await ctx.api.postXml('/workspaces?default=True', `<workspace><name>${other}</name><isolated>FALSE</isolated></workspace>`)).toHaveStatus(201);
    expect((await ctx.api.get('/workspaces/default.json')).json().workspace.name).toBe(other);
    expect(await ctx.api.delete(`/workspaces/${c.ws}/styles/${c.style}?purge=True&recurse=TRUE`)).toHaveStatus(200);
    expect(await ctx.api.delete(`/workspaces/${c.ws}?recurse=True`)).toHaveStatus(200);
    expect(await ctx.api.postXml('/workspaces', `<workspace><name>${uniqueName('x')}</name><isolated>maybe</isolated></workspace>`)).toBeTextError(400);
  });

  it('JSON numbers and booleans where GeoServer expects text', async () => {
    const c = await populate(ctx.api);
    const body = { featureType: { title: 12345, enabled: 'true', advertised: true, maxFeatures: '25', numDecimals: 4, keywords: { string: ['a', 7] } } };
    expect(await ctx.api.putJson(`/workspaces/${c.ws}/datastores/${c.ds}/featuretypes/${c.ft}`, body)).toHaveStatus(200);
    const ft = (await ctx.api.get(`/workspaces/${c.ws}/datastores/${c.ds}/featuretypes/${c.ft}.json`)).json().featureType;
    expect([ft.title, ft.enabled, ft.maxFeatures, ft.numDecimals, ft.keywords]).toEqual(['12345', true, 25, 4, { string: ['a', '7'] }]);
  });

  it('connection parameters as <host>, <host><string>, <entry key>, <entry><string/><string/></entry>, JSON entry (list or one) and a JSON map; read back as entries', async () => {
    const ws = uniqueName('wirecp');
    await ctx.api.postJson('/workspaces', { workspace: { name: ws } });
    const p = ctx.db.storeParams();
    const forms: Array<[string, string, string]> = [
      [
        'plain',
        XML,
        `<dataStore><name>plain</name><connectionParameters>${Object.entries(p)
          .map(([k, v]) => `<${k}>${v}</${k}>`)
          .join('')}</connectionParameters></dataStore>`,
      ],
      [
        'stringed',
        XML,
        `<dataStore><name>stringed</name><connectionParameters>${Object.entries(p)
          .map(([k, v]) => `<${k}><string>${v}</string></${k}>`)
          .join('')}</connectionParameters></dataStore>`,
      ],
      [
        'keyed',
        'text/xml',
        `<dataStore><name>keyed</name><connectionParameters>${Object.entries(p)
          .map(([k, v]) => `<entry key="${k}">${v}</entry>`)
          .join('')}</connectionParameters></dataStore>`,
      ],
      [
        'pairs',
        XML,
        `<dataStore><name>pairs</name><connectionParameters>${Object.entries(p)
          .map(([k, v]) => `<entry><string>${k}</string><string>${v}</string></entry>`)
          .join('')}</connectionParameters></dataStore>`,
      ],
      [
        'entries',
        'application/json',
        JSON.stringify({
          dataStore: { name: 'entries', connectionParameters: { entry: Object.entries(p).map(([k, v]) => ({ '@key': k, $: k === 'port' ? Number(v) : v })) } },
        }),
      ],
      ['map', 'application/json', JSON.stringify({ dataStore: { name: 'map', connectionParameters: { ...p, port: Number(p.port) } } })],
    ];
    for (const [name, type, body] of forms) {
      expect([name, (await ctx.api.post(`/workspaces/${ws}/datastores`, body, type)).status]).toEqual([name, 201]);
      const json = (await ctx.api.get(`/workspaces/${ws}/datastores/${name}.json`)).json().dataStore.connectionParameters.entry;
      const read = Object.fromEntries(json.map((e: { '@key': string; $: string }) => [e['@key'], e.$]));
      expect([name, read.host, read.port, read.database, read.dbtype]).toEqual([name, p.host, p.port, p.database, 'postgis']);
      const xml = (await ctx.api.get(`/workspaces/${ws}/datastores/${name}.xml`)).text;
      expect(xml).toContain(`<entry key="host">${p.host}</entry>`);
      // Each store really connects with what it was given.
      expect([name, (await ctx.api.get(`/workspaces/${ws}/datastores/${name}/featuretypes.json?list=all`)).status]).toEqual([name, 200]);
    }
    // One JSON entry as an object rather than a list.
    const single = await ctx.api.postJson(`/workspaces/${ws}/datastores`, {
      dataStore: { name: 'single', type: 'PostGIS', connectionParameters: { entry: { '@key': 'host', $: p.host } } },
    });
    expect(single).toBeTextError(400, 'The connectionParameters have no port; it is required');
  });

  it('a data store named by ?name=, with an empty <type/>, or with type PostGIS and no dbtype', async () => {
    const ws = uniqueName('wireds');
    await ctx.api.postJson('/workspaces', { workspace: { name: ws } });
    const { dbtype: _dbtype, ...rest } = ctx.db.storeParams();
    const entriesXml = (params: Record<string, string>) =>
      Object.entries(params)
        .map(([k, v]) => `<entry key="${k}">${v}</entry>`)
        .join('');
    const byQuery = await ctx.api.postXml(
      `/workspaces/${ws}/datastores?name=byquery`,
      `<dataStore><type/><connectionParameters>${entriesXml({ ...rest, dbtype: 'postgis' })}</connectionParameters></dataStore>`,
    );
    expect(byQuery).toHaveStatus(201);
    expect(byQuery.text).toBe('byquery');
    const byType = await ctx.api.postXml(
      `/workspaces/${ws}/datastores`,
      `<dataStore><name>bytype</name><type>PostGIS</type><connectionParameters>${entriesXml(rest)}</connectionParameters></dataStore>`,
    );
    expect(byType).toHaveStatus(201);
    for (const name of ['byquery', 'bytype']) {
      const store = (await ctx.api.get(`/workspaces/${ws}/datastores/${name}.json`)).json().dataStore;
      expect([name, store.type, store.connectionParameters.entry.find((e: { '@key': string }) => e['@key'] === 'dbtype')?.$]).toEqual([
        name,
        'PostGIS',
        'postgis',
      ]);
    }
  });

  it('?list=available of a store with every table published is {"list":{"string":[]}} (gsconfig reads ["list"]["string"])', async () => {
    const c = await populate(ctx.api);
    const res = await ctx.api.get(`/workspaces/${c.ws}/datastores/${c.ds}/featuretypes.json?list=available`);
    expect(res.json()).toEqual({ list: { string: [] } });
    expect((await ctx.api.get(`/workspaces/${c.ws}/datastores/${c.ds}/featuretypes.xml?list=available`)).text).toBe('<list/>');
  });
});

describe('PUT is a partial merge; renames where GeoServer allows them', () => {
  it('a GET body PUT back unchanged is a no-op for every resource, in XML and in JSON', async () => {
    const c = await populate(ctx.api);
    const items = [
      `/workspaces/${c.ws}`,
      `/namespaces/${c.ws}`,
      `/workspaces/${c.ws}/datastores/${c.ds}`,
      `/workspaces/${c.ws}/datastores/${c.ds}/featuretypes/${c.ft}`,
      `/layers/${c.ws}:${c.ft}`,
      `/workspaces/${c.ws}/layers/${c.ft}`,
      `/workspaces/${c.ws}/styles/${c.style}`,
      '/styles/polygon',
    ];
    const stable = (text: string) => text.replace(/,"dateModified":"[^"]*"|\n *<dateModified>[^<]*<\/dateModified>/g, '');
    for (const path of items) {
      for (const format of ['xml', 'json'] as const) {
        const before = await ctx.api.get(`${path}.${format}`);
        const put = await ctx.api.put(`${path}.${format}`, before.text, `application/${format}`);
        expect([path, format, put.status, put.text]).toEqual([path, format, 200, '']);
        const after = await ctx.api.get(`${path}.${format}`);
        // Only dateModified moves (a crypt2 password sent back is kept as it is, not re-encrypted).
        expect([path, format, stable(after.text)]).toEqual([path, format, stable(before.text)]);
      }
    }
  });

  it('renames: workspace, data store, feature type (its layer follows), layer (its feature type follows), style (layers follow)', async () => {
    const c = await populate(ctx.api);
    const ws2 = `${c.ws}_renamed`;
    expect(await ctx.api.putJson(`/workspaces/${c.ws}`, { workspace: { name: ws2 } })).toHaveStatus(200);
    expect(await ctx.api.get(`/workspaces/${c.ws}`)).toHaveStatus(404);
    expect((await ctx.api.get(`/workspaces/${ws2}/datastores.json`)).json().dataStores.dataStore[0].name).toBe(c.ds);

    expect(
      await ctx.api.putXml(`/workspaces/${ws2}/datastores/${c.ds}`, '<dataStore><name>pg2</name><description>renamed</description></dataStore>'),
    ).toHaveStatus(200);
    const store = (await ctx.api.get(`/workspaces/${ws2}/datastores/pg2.json`)).json().dataStore;
    expect(store.description).toBe('renamed');
    expect(store.connectionParameters.entry.find((e: { '@key': string }) => e['@key'] === 'database').$).toBe(ctx.db.storeParams().database);

    expect(await ctx.api.putXml(`/workspaces/${ws2}/datastores/pg2/featuretypes/${c.ft}`, '<featureType><name>states2</name></featureType>')).toHaveStatus(200);
    const ft = (await ctx.api.get(`/workspaces/${ws2}/datastores/pg2/featuretypes/states2.json`)).json().featureType;
    expect([ft.name, ft.nativeName, ft.title]).toEqual(['states2', 'states', 'states']);
    expect((await ctx.api.get(`/layers/${ws2}:states2.json`)).json().layer.defaultStyle.name).toBe(`${ws2}:${c.style}`);

    expect(await ctx.api.putJson(`/layers/${ws2}:states2`, { layer: { name: `${ws2}:states3` } })).toHaveStatus(200);
    expect(await ctx.api.get(`/layers/${ws2}:states2`)).toHaveStatus(404);
    expect((await ctx.api.get(`/workspaces/${ws2}/datastores/pg2/featuretypes/states3.json`)).json().featureType.nativeName).toBe('states');

    expect(await ctx.api.putXml(`/workspaces/${ws2}/styles/${c.style}`, '<style><name>renamed_style</name></style>')).toHaveStatus(200);
    expect((await ctx.api.get(`/layers/${ws2}:states3.json`)).json().layer.defaultStyle.name).toBe(`${ws2}:renamed_style`);
    expect((await ctx.api.get(`/workspaces/${ws2}/styles/renamed_style.sld`)).bytes.equals(sldFixture('valid', 'polygon-simple.sld').bytes)).toBe(true);

    // Where GeoServer refuses: a namespace prefix, a default style, a layer moving workspace.
    expect(await ctx.api.putXml(`/namespaces/${ws2}`, '<namespace><prefix>other</prefix></namespace>')).toBeTextError(400, "Can't change name of namespace");
    expect(await ctx.api.putXml('/styles/point', '<style><name>dot</name></style>')).toBeTextError(403);
    expect(await ctx.api.putJson(`/layers/${ws2}:states3`, { layer: { name: 'elsewhere:states3' } })).toBeTextError(400);
  });

  it('fields a PUT leaves out keep their values', async () => {
    const c = await populate(ctx.api);
    await ctx.api.putJson(`/layers/${c.ws}:${c.ft}`, { layer: { attribution: { title: 'Census', logoWidth: 20 } } });
    await ctx.api.putJson(`/layers/${c.ws}:${c.ft}`, { layer: { attribution: { href: 'https://census.gov' } } });
    const layer = (await ctx.api.get(`/layers/${c.ws}:${c.ft}.json`)).json().layer;
    expect(layer.attribution).toEqual({ title: 'Census', href: 'https://census.gov', logoWidth: 20, logoHeight: 0 });
    expect(layer.defaultStyle.name).toBe(`${c.ws}:${c.style}`);
    await ctx.api.putXml(`/workspaces/${c.ws}/datastores/${c.ds}/featuretypes/${c.ft}`, '<featureType><abstract>About states</abstract></featureType>');
    const ft = (await ctx.api.get(`/workspaces/${c.ws}/datastores/${c.ds}/featuretypes/${c.ft}.json`)).json().featureType;
    expect([ft.abstract, ft.title, ft.srs, ft.enabled]).toEqual(['About states', 'states', 'EPSG:4326', true]);
  });
});

describe('deletes cascade only with recurse=true', () => {
  it('refuses non-empty workspaces, namespaces, stores, feature types with layers and styles in use; recurse takes everything', async () => {
    const c = await populate(ctx.api);
    const ftPath = `/workspaces/${c.ws}/datastores/${c.ds}/featuretypes/${c.ft}`;
    expect(await ctx.api.delete(`/workspaces/${c.ws}`)).toBeTextError(403, 'Workspace not empty');
    expect(await ctx.api.delete(`/namespaces/${c.ws}?recurse=false`)).toBeTextError(403, 'Namespace not empty');
    expect(await ctx.api.delete(`/workspaces/${c.ws}/datastores/${c.ds}`)).toBeTextError(403, 'Unable to delete non-empty store.');
    expect(await ctx.api.delete(ftPath)).toBeTextError(403, 'feature type referenced by layer(s)');
    expect(await ctx.api.delete(`/workspaces/${c.ws}/styles/${c.style}?purge=true`)).toBeTextError(403, "Can't delete style referenced by existing layers.");

    // A layer deleted without recurse leaves its feature type; with it, the feature type goes.
    expect(await ctx.api.delete(`/layers/${c.ws}:${c.ft}`)).toHaveStatus(200);
    expect(await ctx.api.get(ftPath)).toHaveStatus(200);
    expect(await ctx.api.delete(ftPath)).toHaveStatus(200);
    await ctx.api.postJson(`/workspaces/${c.ws}/datastores/${c.ds}/featuretypes`, { featureType: { name: c.ft, nativeName: 'states' } });
    expect(await ctx.api.delete(`/layers/${c.ws}:${c.ft}?recurse=true`)).toHaveStatus(200);
    expect(await ctx.api.get(ftPath)).toHaveStatus(404);

    expect(await ctx.api.delete(`/workspaces/${c.ws}?recurse=true`)).toHaveStatus(200);
    for (const path of [`/workspaces/${c.ws}`, `/namespaces/${c.ws}`, `/workspaces/${c.ws}/datastores/${c.ds}`, `/workspaces/${c.ws}/styles/${c.style}`]) {
      expect([path, (await ctx.api.get(path)).status]).toEqual([path, 404]);
    }
  });
});

describe('404 probes', () => {
  it('every missing item answers 404 on GET, PUT and DELETE (empty with ?quietOnNotFound=true)', async () => {
    const c = await populate(ctx.api);
    const missing = [
      ['/workspaces/nope', '<workspace/>'],
      ['/namespaces/nope', '<namespace/>'],
      [`/workspaces/${c.ws}/datastores/nope`, '<dataStore/>'],
      [`/workspaces/nope/datastores/${c.ds}`, '<dataStore/>'],
      [`/workspaces/${c.ws}/datastores/${c.ds}/featuretypes/nope`, '<featureType/>'],
      [`/workspaces/${c.ws}/datastores/nope/featuretypes/${c.ft}`, '<featureType/>'],
      [`/workspaces/${c.ws}/featuretypes/nope`, '<featureType/>'],
      [`/layers/${c.ws}:nope`, '<layer/>'],
      [`/workspaces/${c.ws}/layers/nope`, '<layer/>'],
      ['/styles/nope', '<style/>'],
      [`/workspaces/${c.ws}/styles/nope`, '<style/>'],
      [`/workspaces/nope/styles/${c.style}`, '<style/>'],
      ['/security/usergroup/user/nope', '<user/>'],
    ];
    for (const [path, body] of missing) {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const res = await ctx.api.request(method, path, method === 'PUT' ? { body, type: XML } : {});
        expect([method, path, res.status, res.contentType]).toEqual([method, path, 404, 'text/plain']);
        expect(res.text).not.toBe('');
        const quiet = await ctx.api.request(method, `${path}?quietOnNotFound=true`, method === 'PUT' ? { body, type: XML } : {});
        expect([method, path, quiet.status, quiet.text]).toEqual([method, path, 404, '']);
      }
    }
    for (const path of [`/workspaces/nope/coveragestores`, `/workspaces/nope/wmsstores.xml`, `/workspaces/nope/datastores`, `/layers/${c.ws}:nope/styles`]) {
      expect([path, (await ctx.api.get(path)).status]).toEqual([path, 404]);
    }
  });
});

describe('style names are resolved loosely', () => {
  it('a bare name finds the workspace style first, then the global one; read back as ws:name with <workspace>', async () => {
    const c = await populate(ctx.api);
    const layer = `/layers/${c.ws}:${c.ft}`;
    // A global style with the workspace style's name: the workspace one wins for a bare name.
    expect(await ctx.api.post(`/styles?name=${c.style}`, sldFixture('valid', 'polygon-simple.sld').bytes, SLD_10)).toHaveStatus(201);
    expect(await ctx.api.putXml(layer, `<layer><defaultStyle><name>${c.style}</name></defaultStyle></layer>`)).toHaveStatus(200);
    expect((await ctx.api.get(`${layer}.xml`)).text).toContain(`<defaultStyle>\n    <name>${c.ws}:${c.style}</name>\n    <workspace>${c.ws}</workspace>`);
    // A bare global name; then the qualified forms.
    expect(await ctx.api.putJson(layer, { layer: { defaultStyle: 'line' } })).toHaveStatus(200);
    expect((await ctx.api.get(`${layer}.json`)).json().layer.defaultStyle.name).toBe('line');
    expect(await ctx.api.putJson(layer, { layer: { defaultStyle: { name: `${c.ws}:${c.style}` } } })).toHaveStatus(200);
    expect((await ctx.api.get(`${layer}.json`)).json().layer.defaultStyle.name).toBe(`${c.ws}:${c.style}`);
    expect(await ctx.api.putJson(layer, { layer: { defaultStyle: { name: 'nope' } } })).toBeTextError(404, 'No such style: nope');
    expect(await ctx.api.delete(`/styles/${seg(c.style)}`)).toHaveStatus(200);
  });
});

describe('the default workspace and GeoServer maintenance calls', () => {
  it('/workspaces/default and /namespaces/default read the default; PUT to it changes it', async () => {
    const a = uniqueName('wdefa');
    const b = uniqueName('wdefb');
    await ctx.api.postJson('/workspaces', { workspace: { name: a } });
    await ctx.api.postJson('/workspaces', { workspace: { name: b } });
    expect(await ctx.api.putXml('/workspaces/default.xml', `<workspace><name>${b}</name></workspace>`)).toHaveStatus(200);
    expect((await ctx.api.get('/workspaces/default.json')).json().workspace.name).toBe(b);
    expect((await ctx.api.get('/namespaces/default.json')).json().namespace.prefix).toBe(b);
    expect(await ctx.api.putJson('/namespaces/default', { namespace: { prefix: a } })).toHaveStatus(200);
    expect((await ctx.api.get('/workspaces/default.xml')).text).toContain(`<name>${a}</name>`);
  });

  it('`default` stands for the default workspace in every path (geoserver-rest passes it when no workspace is given)', async () => {
    const c = await populate(ctx.api);
    expect(await ctx.api.putXml('/workspaces/default', `<workspace><name>${c.ws}</name></workspace>`)).toHaveStatus(200);
    for (const path of [
      '/workspaces/default/datastores',
      `/workspaces/default/datastores/${c.ds}`,
      `/workspaces/default/datastores/${c.ds}/featuretypes/${c.ft}`,
      `/workspaces/default/featuretypes/${c.ft}`,
      `/workspaces/default/layers/${c.ft}`,
      `/layers/default:${c.ft}`,
      `/layers/${c.ft}`,
      `/workspaces/default/styles/${c.style}`,
    ]) {
      expect([path, (await ctx.api.get(`${path}.json`)).status]).toEqual([path, 200]);
    }
    expect((await ctx.api.get('/workspaces/default/layers.json')).json().layers.layer.map((l: { name: string }) => l.name)).toEqual([c.ft]);
    expect((await ctx.api.get(`/workspaces/default/styles/${c.style}.sld`)).status).toBe(200);
  });

  it('POST and PUT /reset and /reload answer 200 with an empty body; other methods 405', async () => {
    for (const path of ['/reset', '/reload', '/reset.json', '/reload/']) {
      for (const method of ['POST', 'PUT']) {
        const res = await ctx.api.request(method, path);
        expect([method, path, res.status, res.text]).toEqual([method, path, 200, '']);
      }
    }
    const get = await ctx.api.get('/reset');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, PUT');
  });
});
