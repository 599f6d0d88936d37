/**
 * geoserver-node-client 1.4.6, as published on npm and unmodified, against geocatalog: the seed
 * flow (workspace, PostGIS store, publish a table, style with its SLD, default style, read back,
 * delete) and the library's other catalog calls. Assertions are on what the library returns —
 * its parsed JSON, `undefined` for a missing item (it then checks /about/version.json), or the
 * error it throws — as a script using it would see them.
 */
import { sldFixture } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { request } from '../support/http';
import { NodeClient, NodeClientError, startNodeClient } from '../support/node-client';
import { createStatesTable, useSpatialApi } from '../support/postgis';

const ctx = useSpatialApi();
let gs: NodeClient;

beforeAll(async () => {
  await createStatesTable(ctx.db, 'states');
  gs = startNodeClient(ctx.server);
}, 60_000);

afterAll(async () => {
  await gs?.stop();
});

const CRYPT2 = /^crypt2:[A-Za-z0-9+/]+={0,2}$/;

/** The library's rejection, for assertions on its message and GeoServer's output. */
async function rejection(promise: Promise<unknown>): Promise<NodeClientError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof NodeClientError) return e;
    throw e;
  }
  throw new Error('expected the library to throw');
}

/** Creates a PostGIS store over the test database through the library (port and Expose primary keys as JSON scalars). */
async function createStore(ws: string, ds: string): Promise<void> {
  const p = ctx.db.storeParams();
  await expect(
    gs.call('datastores', 'createPostgisStore', ws, `http://${ws}`, ds, p.host, Number(p.port), p.user, p.passwd, p.schema ?? 'public', p.database, true),
  ).resolves.toBeUndefined();
}

describe('geoserver-node-client 1.4.6 (npm, unmodified)', () => {
  it('about: getVersion() reads the GeoServer entry and exists() is true', async () => {
    const version = await gs.call('about', 'getVersion');
    const entry = version.about.resource.find((r: { '@name': string }) => r['@name'] === 'GeoServer');
    expect(entry.Version).toMatch(/^2\.\d+/);
    expect(await gs.call('about', 'exists')).toBe(true);
  });

  it('workspaces: an empty catalog lists "", create returns the name, a duplicate is refused, get/delete probe missing ones', async () => {
    expect(await gs.call('workspaces', 'getAll')).toEqual({ workspaces: '' });
    const ws = uniqueName('nodews');
    expect(await gs.call('workspaces', 'create', ws)).toBe(ws);

    const duplicate = await rejection(gs.call('workspaces', 'create', ws));
    expect(duplicate.message).toBe('Unable to add workspace as it already exists');
    expect(duplicate.geoServerOutput).toBe(`Workspace '${ws}' already exists`);

    const all = await gs.call('workspaces', 'getAll');
    expect(all.workspaces.workspace).toEqual([{ name: ws, href: `${ctx.server.restUrl}/workspaces/${ws}.json` }]);
    const one = await gs.call('workspaces', 'get', ws);
    expect(one.workspace).toMatchObject({ name: ws, isolated: false, dataStores: `${ctx.server.restUrl}/workspaces/${ws}/datastores.json` });
    expect(await gs.call('workspaces', 'get', 'no_such_ws')).toBeUndefined();

    expect(await gs.call('namespaces', 'get', ws)).toEqual({ namespace: { prefix: ws, uri: `http://${ws}`, isolated: false } });

    await expect(gs.call('workspaces', 'delete', ws, true)).resolves.toBeUndefined();
    expect(await gs.call('workspaces', 'get', ws)).toBeUndefined();
    const missing = await rejection(gs.call('workspaces', 'delete', ws, true));
    expect(missing.message).toBe("Workspace doesn't exist");
  });

  it('the seed flow: store, publish, style with SLD, default style, read everything back, delete it all', async () => {
    const rest = ctx.server.restUrl;
    const ws = uniqueName('node');
    const ds = 'pg';
    expect(await gs.call('workspaces', 'create', ws)).toBe(ws);

    // A PostGIS store; parameters read back as the entry list, with the password encrypted.
    await createStore(ws, ds);
    const store = (await gs.call('datastores', 'getDataStore', ws, ds)).dataStore;
    expect(store).toMatchObject({ name: ds, type: 'PostGIS', enabled: true, workspace: { name: ws, href: `${rest}/workspaces/${ws}.json` } });
    const params = Object.fromEntries(store.connectionParameters.entry.map((e: { '@key': string; $: string }) => [e['@key'], e.$]));
    expect(params).toMatchObject({
      dbtype: 'postgis',
      host: ctx.db.storeParams().host,
      port: ctx.db.storeParams().port,
      'Expose primary keys': 'true',
      namespace: `http://${ws}`,
    });
    expect(params.passwd).toMatch(CRYPT2);
    expect((await gs.call('datastores', 'getDataStores', ws)).dataStores.dataStore.map((d: { name: string }) => d.name)).toEqual([ds]);
    expect(await gs.call('datastores', 'getDataStore', ws, 'no_such_store')).toBeUndefined();
    expect(await gs.call('datastores', 'getCoverageStores', ws)).toEqual({ coverageStores: '' });
    expect(await gs.call('datastores', 'getWmsStores', ws)).toEqual({ wmsStores: '' });
    expect(await gs.call('datastores', 'getWmtsStores', ws)).toEqual({ wmtsStores: '' });

    // Publish the table: a feature type with its attributes, and a layer with the polygon style.
    await expect(gs.call('layers', 'publishFeatureType', ws, ds, 'states', 'states', 'US States', 'EPSG:4326', true, 'Census states')).resolves.toBeUndefined();
    const ft = (await gs.call('layers', 'getFeatureType', ws, ds, 'states')).featureType;
    expect(ft).toMatchObject({ name: 'states', nativeName: 'states', title: 'US States', abstract: 'Census states', srs: 'EPSG:4326', enabled: true });
    expect(ft.store).toEqual({ '@class': 'dataStore', name: `${ws}:${ds}`, href: `${rest}/workspaces/${ws}/datastores/${ds}.json` });
    expect(ft.attributes.attribute.map((a: { name: string }) => a.name)).toEqual(['the_geom', 'state_name', 'state_abbr', 'persons']);
    expect(await gs.call('layers', 'getFeatureType', ws, ds, 'no_such_table')).toBeUndefined();

    let layer = (await gs.call('layers', 'get', ws, 'states')).layer;
    expect(layer).toMatchObject({
      name: 'states',
      type: 'VECTOR',
      enabled: true,
      advertised: true,
      defaultStyle: { name: 'polygon', href: `${rest}/styles/polygon.json` },
      resource: { '@class': 'featureType', name: `${ws}:states`, href: `${rest}/workspaces/${ws}/datastores/${ds}/featuretypes/states.json` },
      attribution: { logoWidth: 0, logoHeight: 0 },
    });
    // geoserver-node-client 2.x follows resource.href and store.href: absolute, and they answer.
    const followed = await request(layer.resource.href, { auth: ctx.server.admin });
    expect([followed.status, followed.json().featureType.name]).toEqual([200, 'states']);
    const storeHref = await request(followed.json().featureType.store.href, { auth: ctx.server.admin });
    expect([storeHref.status, storeHref.json().dataStore.name]).toEqual([200, ds]);
    expect((await gs.call('layers', 'getLayers', ws)).layers.layer.map((l: { name: string }) => l.name)).toEqual(['states']);
    expect((await gs.call('layers', 'getAll')).layers.layer.map((l: { name: string }) => l.name)).toContain(`${ws}:states`);
    expect(await gs.call('layers', 'get', ws, 'no_such_layer')).toBeUndefined();

    // A workspace style from its SLD in one step, then the layer's default style.
    const sld = sldFixture('valid', 'polygon-simple.sld');
    await expect(gs.call('styles', 'publish', ws, 'states_style', sld.bytes.toString('utf8'))).resolves.toBeUndefined();
    const info = (await gs.call('styles', 'getStyleInformation', ws, 'states_style')).style;
    expect(info).toMatchObject({
      name: 'states_style',
      workspace: { name: ws },
      format: 'sld',
      languageVersion: { version: '1.0.0' },
      filename: 'states_style.sld',
    });
    expect(await gs.call('styles', 'getStyleInformation', ws, 'no_such_style')).toBeUndefined();
    expect((await gs.call('styles', 'getInWorkspace', ws)).styles.style.map((s: { name: string }) => s.name)).toEqual(['states_style']);
    const defaults = (await gs.call('styles', 'getDefaults')).styles.style.map((s: { name: string }) => s.name);
    expect(defaults).toEqual(expect.arrayContaining(['generic', 'line', 'point', 'polygon']));
    const all = (await gs.call('styles', 'getAll')).map((s: { name: string }) => s.name);
    expect(all).toEqual(expect.arrayContaining([...defaults, 'states_style']));

    await expect(gs.call('styles', 'assignStyleToLayer', ws, 'states', ws, 'states_style', true)).resolves.toBeUndefined();
    layer = (await gs.call('layers', 'get', ws, 'states')).layer;
    expect(layer.defaultStyle).toEqual({ name: `${ws}:states_style`, workspace: ws, href: `${rest}/workspaces/${ws}/styles/states_style.json` });

    // modifyAttribution PUTs the whole layer back as read, with the attribution changed.
    await expect(gs.call('layers', 'modifyAttribution', ws, 'states', 'US Census Bureau', 'https://www.census.gov')).resolves.toBeUndefined();
    layer = (await gs.call('layers', 'get', ws, 'states')).layer;
    expect(layer.attribution).toEqual({ title: 'US Census Bureau', href: 'https://www.census.gov', logoWidth: 0, logoHeight: 0 });
    expect(layer.defaultStyle.name).toBe(`${ws}:states_style`);
    expect(layer.enabled).toBe(true);

    await expect(gs.call('resetReload', 'reset')).resolves.toBeUndefined();
    await expect(gs.call('resetReload', 'reload')).resolves.toBeUndefined();

    // Deletes: a style in use needs recurse; the layer falls back to its geometry's style.
    const inUse = await rejection(gs.call('styles', 'delete', ws, 'states_style', false, false));
    expect(inUse.message).toMatch(/^Deletion failed/);
    expect(inUse.geoServerOutput).toBe("Can't delete style referenced by existing layers.");
    await expect(gs.call('styles', 'delete', ws, 'states_style', true, true)).resolves.toBeUndefined();
    expect((await gs.call('layers', 'get', ws, 'states')).layer.defaultStyle.name).toBe('polygon');

    await expect(gs.call('layers', 'deleteFeatureType', ws, ds, 'states', true)).resolves.toBeUndefined();
    expect(await gs.call('layers', 'getFeatureType', ws, ds, 'states')).toBeUndefined();
    expect(await gs.call('layers', 'get', ws, 'states')).toBeUndefined();
    await expect(gs.call('datastores', 'deleteDataStore', ws, ds, true)).resolves.toBeUndefined();
    expect(await gs.call('datastores', 'getDataStore', ws, ds)).toBeUndefined();
    await expect(gs.call('workspaces', 'delete', ws, true)).resolves.toBeUndefined();
    expect(await gs.call('workspaces', 'get', ws)).toBeUndefined();
  });

  it('a recursive workspace delete takes the store, feature type, layer and style with it', async () => {
    const ws = uniqueName('noderec');
    await gs.call('workspaces', 'create', ws);
    await createStore(ws, 'pg');
    await gs.call('layers', 'publishFeatureType', ws, 'pg', 'states', 'states', 'States', 'EPSG:4326', true, '');
    await gs.call('styles', 'publish', ws, 'st', sldFixture('valid', 'polygon-simple.sld').bytes.toString('utf8'));

    const notEmpty = await rejection(gs.call('datastores', 'deleteDataStore', ws, 'pg', false));
    expect(notEmpty.geoServerOutput).toBe('Unable to delete non-empty store.');
    await expect(gs.call('workspaces', 'delete', ws, true)).resolves.toBeUndefined();
    expect(await gs.call('layers', 'get', ws, 'states')).toBeUndefined();
    expect(await gs.call('styles', 'getStyleInformation', ws, 'st')).toBeUndefined();
  });

  it("publishFeatureTypeDefaultDataStore publishes into the workspace's store", async () => {
    const ws = uniqueName('nodedef');
    await gs.call('workspaces', 'create', ws);
    await createStore(ws, 'pg');
    await expect(
      gs.call('layers', 'publishFeatureTypeDefaultDataStore', ws, 'states', 'states_again', 'Again', 'EPSG:4326', true, 'x'),
    ).resolves.toBeUndefined();
    const ft = (await gs.call('layers', 'getFeatureType', ws, 'pg', 'states_again')).featureType;
    expect(ft).toMatchObject({ name: 'states_again', nativeName: 'states', title: 'Again' });
    expect((await gs.call('layers', 'get', ws, 'states_again')).layer.resource.name).toBe(`${ws}:states_again`);
  });

  it('layergroups: create returns the Location, get and update read and write the group', async () => {
    const ws = uniqueName('nodelg');
    await gs.call('workspaces', 'create', ws);
    await createStore(ws, 'pg');
    await gs.call('layers', 'publishFeatureType', ws, 'pg', 'states', 'states', 'States', 'EPSG:4326', true, '');
    const location = await gs.call('layergroups', 'create', ws, 'states_group', ['states'], { layerGroupTitle: 'States group' });
    expect(location).toBe(`${ctx.server.restUrl}/workspaces/${ws}/layergroups/states_group`);
    const group = (await gs.call('layergroups', 'get', ws, 'states_group')).layerGroup;
    expect(group).toMatchObject({
      name: 'states_group',
      mode: 'SINGLE',
      workspace: { name: ws },
      publishables: { published: [{ '@type': 'layer', name: `${ws}:states`, href: `${ctx.server.restUrl}/workspaces/${ws}/layers/states.json` }] },
      styles: { style: [''] },
      // The library sends these bounds; sent bounds are kept.
      bounds: { minx: -180, maxx: -90, miny: 180, maxy: 90, crs: 'EPSG:4326' },
    });
    await expect(gs.call('layergroups', 'update', ws, 'states_group', { layerGroup: { title: 'States' } })).resolves.toBeUndefined();
    expect((await gs.call('layergroups', 'get', ws, 'states_group')).layerGroup.title).toBe('States');
    expect(await gs.call('layergroups', 'get', ws, 'no_such_group')).toBeUndefined();
    await expect(gs.call('workspaces', 'delete', ws, true)).resolves.toBeUndefined();
  });

  it('namespaces: create (and its workspace), getAll, delete', async () => {
    const prefix = uniqueName('nodens');
    expect(await gs.call('namespaces', 'create', prefix, `http://example.org/${prefix}`)).toBe(prefix);
    expect((await gs.call('namespaces', 'get', prefix)).namespace).toEqual({ prefix, uri: `http://example.org/${prefix}`, isolated: false });
    expect((await gs.call('workspaces', 'get', prefix)).workspace.name).toBe(prefix);
    expect((await gs.call('namespaces', 'getAll')).namespaces.namespace.map((n: { name: string }) => n.name)).toContain(prefix);
    await expect(gs.call('namespaces', 'delete', prefix)).resolves.toBeUndefined();
    expect(await gs.call('namespaces', 'get', prefix)).toBeUndefined();
    const missing = await rejection(gs.call('namespaces', 'delete', prefix));
    expect(missing.message).toBe("Namespace doesn't exist");
  });

  it('security: createUser, updateUser (POST), associateUserRole, getAllUsers', async () => {
    const user = uniqueName('nodeuser');
    await expect(gs.call('security', 'createUser', user, 'first-Pw1', true)).resolves.toBeUndefined();
    await expect(gs.call('security', 'updateUser', user, 'second-Pw2', false)).resolves.toBeUndefined();
    await expect(gs.call('security', 'associateUserRole', user, 'READER')).resolves.toBeUndefined();
    const users = await gs.call('security', 'getAllUsers');
    expect(users.users).toEqual(expect.arrayContaining([{ userName: user, enabled: false }]));
    const roles = await ctx.api.get(`/security/roles/user/${user}.json`);
    expect(roles.json()).toEqual({ roles: ['READER'] });
    expect((await ctx.api.delete(`/security/usergroup/user/${user}`)).status).toBe(200);
  });
});
