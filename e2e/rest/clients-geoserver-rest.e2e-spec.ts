/**
 * Replays what geoserver-rest (gicait, Python, 2.10) sends — `requests` with `auth=`, XML bodies as
 * `text/xml`, suffix-less GETs with `Accept: *\/*` read with `r.json()` — and asserts on the
 * statuses it requires (exactly 201 on creates, 200 elsewhere) and the fields it reads.
 */
import { sldFixture } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { createSpatialStore, createStatesTable, useSpatialApi } from '../support/postgis';
import { createWorkspace } from '../support/catalog';
import { createFeatureType, seedFeatureTypeXml } from '../support/featuretype';
import { pythonRequests } from '../support/python-requests';

const ctx = useSpatialApi();

beforeAll(async () => {
  await createStatesTable(ctx.db, 'states');
}, 60_000);

const TEXT_XML = { 'content-type': 'text/xml' };

/** The payload of `create_featurestore` with its defaults: 26 parameters, Python's `None` as text. */
function featurestorePayload(store: string, p: Record<string, string>): string {
  return `
                    <dataStore>
                    <name>${store}</name>
                    <description>None</description>
                    <connectionParameters>
                    <entry key="Expose primary keys">false</entry>
                    <entry key="host">${p.host}</entry>
                    <entry key="port">${p.port}</entry>
                    <entry key="user">${p.user}</entry>
                    <entry key="passwd">${p.passwd}</entry>
                    <entry key="dbtype">postgis</entry>
                    <entry key="schema">${p.schema ?? 'public'}</entry>
                    <entry key="database">${p.database}</entry>
                    <entry key="Evictor run periodicity">300</entry>
                    <entry key="Max open prepared statements">50</entry>
                    <entry key="encode functions">false</entry>
                    <entry key="Primary key metadata table">None</entry>
                    <entry key="Batch insert size">1</entry>
                    <entry key="preparedStatements">false</entry>
                    <entry key="Estimated extends">true</entry>
                    <entry key="fetch size">1000</entry>
                    <entry key="validate connections">true</entry>
                    <entry key="Support on the fly geometry simplification">true</entry>
                    <entry key="Connection timeout">20</entry>
                    <entry key="create database">false</entry>
                    <entry key="min connections">1</entry>
                    <entry key="max connections">10</entry>
                    <entry key="Evictor tests per run">3</entry>
                    <entry key="Test while idle">true</entry>
                    <entry key="Max connection idle time">300</entry>
                    <entry key="Loose bbox">true</entry>
                    </connectionParameters>
                    </dataStore>
                    `;
}

describe('geoserver-rest (gicait, Python) replayed', () => {
  it('the seed flow with its exact requests, statuses and the fields it reads', async () => {
    const py = pythonRequests(ctx.server);
    const url = ctx.server.baseUrl; // geoserver-rest's service_url is the GeoServer root
    const ws = uniqueName('gsr');
    const store = 'pgstore';

    // get_version / create_workspace (exactly 201) / get_workspaces (no suffix, Accept */*).
    const version = await py.get(`${url}/rest/about/version.json`);
    expect(version.status).toBe(200);
    expect(version.json().about.resource.some((r: { '@name': string }) => r['@name'] === 'GeoServer')).toBe(true);
    expect((await py.post(`${url}/rest/workspaces`, { data: `<workspace><name>${ws}</name></workspace>`, headers: TEXT_XML })).status).toBe(201);
    const workspaces = await py.get(`${url}/rest/workspaces`);
    expect(workspaces.status).toBe(200);
    expect(workspaces.json().workspaces.workspace.map((w: { name: string }) => w.name)).toContain(ws);
    const workspace = await py.get(`${url}/rest/workspaces/${ws}.json`, { params: { recurse: 'true' } });
    expect(workspace.json().workspace.name).toBe(ws);

    // set_default_workspace / get_default_workspace (no suffix).
    expect(
      (await py.put(`${url}/rest/workspaces/default`, { data: `<workspace><name>${ws}</name></workspace>`, headers: { 'content-type': 'text/xml' } })).status,
    ).toBe(200);
    expect((await py.get(`${url}/rest/workspaces/default`)).json().workspace.name).toBe(ws);

    // create_featurestore: the 26-parameter payload with "None" strings, then overwrite=True (PUT).
    const p = ctx.db.storeParams();
    const created = await py.post(`${url}/rest/workspaces/${ws}/datastores`, { data: featurestorePayload(store, p), headers: TEXT_XML });
    expect([200, 201]).toContain(created.status);
    const overwritten = await py.put(`${url}/rest/workspaces/${ws}/datastores/${store}`, { data: featurestorePayload(store, p), headers: TEXT_XML });
    expect(overwritten.status).toBe(200);
    // get_featurestore reads r.json()["dataStore"]; get_datastore the whole document, no suffix.
    const featurestore = (await py.get(`${url}/rest/workspaces/${ws}/datastores/${store}`)).json().dataStore;
    expect(featurestore).toMatchObject({ name: store, description: 'None', type: 'PostGIS', enabled: true, workspace: { name: ws } });
    const params = Object.fromEntries(featurestore.connectionParameters.entry.map((e: { '@key': string; $: string }) => [e['@key'], e.$]));
    expect(Object.keys(params)).toHaveLength(27); // the 26 sent + namespace
    expect(params).toMatchObject({ 'Primary key metadata table': 'None', 'Loose bbox': 'true', 'max connections': '10', namespace: `http://${ws}` });
    expect(params.passwd).toMatch(/^crypt2:/);
    const stores = (await py.get(`${url}/rest/workspaces/${ws}/datastores.json`)).json();
    expect(stores.dataStores.dataStore.map((d: { name: string }) => d.name)).toEqual([store]);

    // publish_featurestore: POST to featuretypes/ (trailing slash), exactly 201.
    const published = await py.post(`${url}/rest/workspaces/${ws}/datastores/${store}/featuretypes/`, {
      data: '<featureType><name>states</name><title>US States</title></featureType>',
      headers: TEXT_XML,
    });
    expect(published.status).toBe(201);
    // get_featuretypes / get_feature_attribute.
    const featureTypes = (await py.get(`${url}/rest/workspaces/${ws}/datastores/${store}/featuretypes.json`)).json();
    expect(featureTypes.featureTypes.featureType.map((i: { name: string }) => i.name)).toEqual(['states']);
    const ft = (await py.get(`${url}/rest/workspaces/${ws}/datastores/${store}/featuretypes/states.json`)).json();
    expect(ft.featureType.attributes.attribute.map((i: { name: string }) => i.name)).toEqual(['the_geom', 'state_name', 'state_abbr', 'persons']);

    // edit_featuretype: PUT featuretypes/{table}.xml with a new name and title renames it and its layer.
    const edited = await py.put(`${url}/rest/workspaces/${ws}/datastores/${store}/featuretypes/states.xml`, {
      data: '<featureType>\n                        <name>us_states</name>\n                        <title>United States</title>\n                        </featureType>',
      headers: TEXT_XML,
    });
    expect(edited.status).toBe(200);
    expect((await py.get(`${url}/rest/workspaces/${ws}/datastores/${store}/featuretypes/us_states.json`)).json().featureType).toMatchObject({
      name: 'us_states',
      nativeName: 'states',
      title: 'United States',
    });
    expect((await py.get(`${url}/rest/workspaces/${ws}/datastores/${store}/featuretypes/states.json`)).status).toBe(404);

    // upload_style: POST the record (text/xml, exactly 201), then PUT the SLD to url + "/" + name.
    const sld = sldFixture('valid', 'polygon-simple.sld');
    const styleRecord = await py.post(`${url}/rest/workspaces/${ws}/styles`, {
      data: '<style><name>acc_style</name><filename>acc_style.sld</filename></style>',
      headers: TEXT_XML,
    });
    expect(styleRecord.status).toBe(201);
    expect(
      (await py.put(`${url}/rest/workspaces/${ws}/styles/acc_style`, { data: sld.bytes, headers: { 'content-type': 'application/vnd.ogc.sld+xml' } })).status,
    ).toBe(200);
    // get_style / get_styles.
    expect((await py.get(`${url}/rest/workspaces/${ws}/styles/acc_style.json`)).json().style).toMatchObject({
      name: 'acc_style',
      format: 'sld',
      languageVersion: { version: '1.0.0' },
      filename: 'acc_style.sld',
    });
    expect((await py.get(`${url}/rest/workspaces/${ws}/styles.json`)).json().styles.style.map((s: { name: string }) => s.name)).toEqual(['acc_style']);

    // publish_style: the layer's default style by the bare name of a workspace style (exactly 200).
    const styled = await py.put(`${url}/rest/layers/${ws}:us_states`, {
      data: '<layer><defaultStyle><name>acc_style</name></defaultStyle></layer>',
      headers: TEXT_XML,
    });
    expect(styled.status).toBe(200);

    // get_layer with and without a workspace (no suffix, Accept */*): JSON.
    const scoped = await py.get(`${url}/rest/workspaces/${ws}/layers/us_states`);
    expect(scoped.contentType).toBe('application/json');
    expect(scoped.json().layer).toMatchObject({
      name: 'us_states',
      type: 'VECTOR',
      enabled: true,
      advertised: true,
      defaultStyle: { name: `${ws}:acc_style`, workspace: ws },
      resource: { name: `${ws}:us_states`, href: `${ctx.server.restUrl}/workspaces/${ws}/datastores/${store}/featuretypes/us_states.json` },
    });
    // A bare layer name is looked up in the default workspace (set above).
    expect((await py.get(`${url}/rest/layers/us_states`)).json().layer.name).toBe('us_states');
    expect((await py.get(`${url}/rest/layers`)).json().layers.layer.map((l: { name: string }) => l.name)).toContain(`${ws}:us_states`);
    expect((await py.get(`${url}/rest/workspaces/${ws}/layers`)).json().layers.layer.map((l: { name: string }) => l.name)).toEqual(['us_states']);

    // reload / reset.
    expect((await py.post(`${url}/rest/reload`)).status).toBe(200);
    expect((await py.post(`${url}/rest/reset`)).status).toBe(200);

    // delete_layer (recurse=true: the feature type goes too), delete_style, delete_featurestore, delete_workspace.
    expect((await py.delete(`${url}/rest/workspaces/${ws}/layers/us_states`, { params: { recurse: 'true' } })).status).toBe(200);
    expect((await py.get(`${url}/rest/workspaces/${ws}/datastores/${store}/featuretypes/us_states.json`)).status).toBe(404);
    expect((await py.delete(`${url}/rest/workspaces/${ws}/styles/acc_style`, { params: { recurse: 'true' } })).status).toBe(200);
    expect((await py.delete(`${url}/rest/workspaces/${ws}/datastores/${store}`, { params: { recurse: 'true' } })).status).toBe(200);
    expect((await py.delete(`${url}/rest/workspaces/${ws}`, { params: { recurse: 'true' } })).status).toBe(200);
    expect((await py.get(`${url}/rest/workspaces/${ws}.json`, { params: { recurse: 'true' } })).status).toBe(404);
  });

  it('a missing item is a 404 for every getter it offers', async () => {
    const py = pythonRequests(ctx.server);
    const url = ctx.server.baseUrl;
    const ws = uniqueName('gsr404');
    await py.post(`${url}/rest/workspaces`, { data: `<workspace><name>${ws}</name></workspace>`, headers: TEXT_XML });
    for (const path of [
      `/rest/workspaces/nope_ws.json`,
      `/rest/workspaces/${ws}/datastores/nope`,
      `/rest/workspaces/${ws}/datastores/nope/featuretypes.json`,
      `/rest/workspaces/${ws}/datastores/nope/featuretypes/nope.json`,
      `/rest/workspaces/${ws}/coveragestores/nope.json`,
      `/rest/workspaces/${ws}/layers/nope`,
      `/rest/layers/${ws}:nope`,
      `/rest/styles/nope.json`,
      `/rest/workspaces/${ws}/styles/nope.json`,
      `/rest/workspaces/nope_ws/styles.json`,
      `/rest/workspaces/nope_ws/datastores.json`,
    ]) {
      const res = await py.get(url + path);
      expect([path, res.status]).toEqual([path, 404]);
    }
    // The coverage store list exists and is empty.
    expect((await py.get(`${url}/rest/workspaces/${ws}/coveragestores`)).json()).toEqual({ coverageStores: '' });
  });

  it('users: create (enabled "True"), modify by POST, list as XML, delete', async () => {
    const py = pythonRequests(ctx.server);
    const url = ctx.server.baseUrl;
    const user = uniqueName('gsruser');
    const created = await py.post(`${url}/rest/security/usergroup/users/`, {
      data: `<user><userName>${user}</userName><password>s3cret-Pw</password><enabled>True</enabled></user>`,
      headers: { 'content-type': 'text/xml', accept: 'application/json' },
    });
    expect(created.status).toBe(201);
    // modify_user: xmltodict.unparse output, POSTed to user/{name}.
    const modified = await py.post(`${url}/rest/security/usergroup/user/${user}`, {
      data: '<?xml version="1.0" encoding="utf-8"?>\n<user><password>n3w-Secret</password><enabled>false</enabled></user>',
      headers: { 'content-type': 'text/xml', accept: 'application/json' },
    });
    expect(modified.status).toBe(200);
    const listed = await py.get(`${url}/rest/security/usergroup/users/`, { headers: { accept: 'application/xml' } });
    expect(listed.contentType).toBe('application/xml');
    expect(listed.text).toContain(`<userName>${user}</userName>\n    <enabled>false</enabled>`);
    expect((await py.delete(`${url}/rest/security/usergroup/user/${user}`, { headers: { accept: 'application/json' } })).status).toBe(200);
  });

  it('create_layergroup: a workspace group POSTed to the global path, its members bare, read back with get_layergroup', async () => {
    const py = pythonRequests(ctx.server);
    const url = ctx.server.baseUrl;
    const ws = uniqueName('gsrlg');
    await createWorkspace(ctx.api, ws);
    await createSpatialStore(ctx.api, ctx.db, ws, 'pg');
    await createFeatureType(ctx.api, ws, 'pg', seedFeatureTypeXml('states'));

    // Its checks first: the workspace, no group of that name yet, each layer.
    expect((await py.get(`${url}/rest/workspaces/${ws}`)).status).toBe(200);
    expect((await py.get(`${url}/rest/workspaces/${ws}/layergroups/grp`)).status).toBe(404);
    expect((await py.get(`${url}/rest/workspaces/${ws}/layers/states`)).status).toBe(200);
    const data = `
                    <layerGroup>
                        <name>grp</name>
                        <mode>single</mode>
                        <title>geoserver-rest layer group</title>
                        <abstractTxt>A new layergroup created with geoserver-rest python package</abstractTxt>
                        <workspace><name>${ws}</name></workspace><publishables><published type="layer">
                            <name>states</name>
                            <link>${url}/layers/states.xml</link>
                        </published>
                    </publishables><keywords><keyword>usa</keyword></keywords>
                    </layerGroup>
                `;
    expect((await py.post(`${url}/rest/layergroups/`, { data, headers: TEXT_XML })).status).toBe(201);

    const lg = (await py.get(`${url}/rest/workspaces/${ws}/layergroups/grp`)).json().layerGroup;
    expect(lg).toMatchObject({
      name: 'grp',
      mode: 'SINGLE',
      title: 'geoserver-rest layer group',
      workspace: { name: ws },
      publishables: { published: [{ '@type': 'layer', name: `${ws}:states` }] },
      keywords: { string: ['usa'] },
    });
    expect((await py.get(`${url}/rest/workspaces/${ws}/layergroups`)).json().layerGroups.layerGroup.map((g: { name: string }) => g.name)).toEqual(['grp']);
    expect((await py.delete(`${url}/rest/workspaces/${ws}/layergroups/grp`)).status).toBe(200);
  });
});
