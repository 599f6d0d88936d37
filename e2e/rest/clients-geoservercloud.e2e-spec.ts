/**
 * Replays what python-geoservercloud (camptocamp, HEAD) sends — JSON bodies (`json=`), `.json`
 * URLs, a GET probe before every create (404 → POST, 200 → PUT), the style record as XML, the
 * SLD by PUT — and asserts on the statuses it relies on and the keys its models read.
 */
import { sldFixture } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { createSpatialStore, createStatesTable, useSpatialApi } from '../support/postgis';
import { createWorkspace } from '../support/catalog';
import { createFeatureType, seedFeatureTypeXml } from '../support/featuretype';
import { PythonRequests, pythonRequests } from '../support/python-requests';

const ctx = useSpatialApi();

beforeAll(async () => {
  await createStatesTable(ctx.db, 'states');
}, 60_000);

/** `RestService.resource_exists`: a GET that is 200 (exists) or 404 (does not). */
async function exists(py: PythonRequests, url: string, headers?: Record<string, string>): Promise<boolean> {
  const res = await py.get(url, { headers });
  if (res.status !== 200 && res.status !== 404) throw new Error(`probe ${url}: ${res.status} ${res.text}`);
  return res.status === 200;
}

/** `utils.EPSG_BBOX[4326]` as the library sends it. */
const EPSG_4326_BBOX = {
  nativeBoundingBox: { crs: { $: 'EPSG:4326', '@class': 'projected' }, maxx: 180, maxy: 90, minx: -180, miny: -90 },
  latLonBoundingBox: { crs: 'EPSG:4326', maxx: 180, maxy: 90, minx: -180, miny: -90 },
};

describe('python-geoservercloud replayed', () => {
  it('the seed flow: create (probe, POST, then PUT on a second run), read back with its models, delete', async () => {
    const py = pythonRequests(ctx.server);
    const rest = ctx.server.restUrl;
    const ws = uniqueName('gscloud');
    const ds = 'pg';
    const p = ctx.db.storeParams();

    // create_workspace: POST workspaces.json; a second time 409, then PUT workspaces/{ws}.json.
    const workspace = { workspace: { name: ws, isolated: false } };
    expect((await py.post(`${rest}/workspaces.json`, { json: workspace })).status).toBe(201);
    const again = await py.post(`${rest}/workspaces.json`, { json: workspace });
    expect(again.status).toBe(409);
    expect((await py.put(`${rest}/workspaces/${ws}.json`, { json: workspace })).status).toBe(200);
    const wsModel = (await py.get(`${rest}/workspaces/${ws}.json`)).json();
    expect([wsModel.workspace.name, wsModel.workspace.isolated]).toEqual([ws, false]);

    // create_pg_datastore: probe, POST datastores.json (port as a JSON number); again: probe, PUT.
    const dataStore = {
      dataStore: {
        name: ds,
        type: 'PostGIS',
        connectionParameters: {
          entry: [
            { '@key': 'dbtype', $: 'postgis' },
            { '@key': 'host', $: p.host },
            { '@key': 'port', $: Number(p.port) },
            { '@key': 'database', $: p.database },
            { '@key': 'user', $: p.user },
            { '@key': 'passwd', $: p.passwd },
            { '@key': 'schema', $: p.schema ?? 'public' },
            { '@key': 'namespace', $: `http://${ws}` },
            { '@key': 'Expose primary keys', $: 'true' },
          ],
        },
        workspace: { name: ws },
        enabled: true,
      },
    };
    expect(await exists(py, `${rest}/workspaces/${ws}/datastores/${ds}.json`)).toBe(false);
    expect((await py.post(`${rest}/workspaces/${ws}/datastores.json`, { json: dataStore })).status).toBe(201);
    expect(await exists(py, `${rest}/workspaces/${ws}/datastores/${ds}.json`)).toBe(true);
    expect((await py.put(`${rest}/workspaces/${ws}/datastores/${ds}.json`, { json: dataStore })).status).toBe(200);
    // PostGisDataStore.from_get_response_payload.
    const store = (await py.get(`${rest}/workspaces/${ws}/datastores/${ds}.json`)).json().dataStore;
    expect([store.workspace.name, store.name, store.type, store.enabled, store._default, store.disableOnConnFailure]).toEqual([
      ws,
      ds,
      'PostGIS',
      true,
      false,
      false,
    ]);
    const params = Object.fromEntries(store.connectionParameters.entry.map((e: { '@key': string; $: string }) => [e['@key'], e.$]));
    expect(params).toMatchObject({ port: p.port, 'Expose primary keys': 'true', namespace: `http://${ws}` });
    expect(params.passwd).toMatch(/^crypt2:/);
    // DataStores.from_get_response_payload.
    expect((await py.get(`${rest}/workspaces/${ws}/datastores.json`)).json().dataStores.dataStore.map((d: { name: string }) => d.name)).toEqual([ds]);

    // create_feature_type: probe, POST featuretypes.json (store "ws:ds", world bounding boxes, no keywords); again: PUT.
    const featureType = {
      featureType: {
        name: 'states',
        nativeName: 'states',
        store: { name: `${ws}:${ds}` },
        title: 'US States',
        ...EPSG_4326_BBOX,
        srs: 'EPSG:4326',
        keywords: { string: [] },
      },
    };
    const ftUrl = `${rest}/workspaces/${ws}/datastores/${ds}/featuretypes/states.json`;
    expect(await exists(py, ftUrl)).toBe(false);
    expect((await py.post(`${rest}/workspaces/${ws}/datastores/${ds}/featuretypes.json`, { json: featureType })).status).toBe(201);
    expect(await exists(py, ftUrl)).toBe(true);
    expect((await py.put(ftUrl, { json: featureType })).status).toBe(200);
    // FeatureType.from_get_response_payload reads these keys unguarded.
    const ft = (await py.get(ftUrl)).json().featureType;
    for (const k of [
      'namespace',
      'name',
      'nativeName',
      'store',
      'srs',
      'attributes',
      'enabled',
      'circularArcPresent',
      'overridingServiceSRS',
      'padWithZeros',
      'projectionPolicy',
      'serviceConfiguration',
    ]) {
      expect([k, k in ft]).toEqual([k, true]);
    }
    expect([ft.namespace.name, ft.store.name.split(':'), ft.srs, ft.title]).toEqual([ws, [ws, ds], 'EPSG:4326', 'US States']);
    expect(ft.nativeBoundingBox).toEqual({ minx: -180, maxx: 180, miny: -90, maxy: 90, crs: 'EPSG:4326' });
    expect(ft.attributes.attribute.map((a: { name: string }) => a.name)).toEqual(['the_geom', 'state_name', 'state_abbr', 'persons']);
    expect(
      (await py.get(`${rest}/workspaces/${ws}/datastores/${ds}/featuretypes.json`)).json().featureTypes.featureType.map((f: { name: string }) => f.name),
    ).toEqual(['states']);

    // create_style_definition: probe styles/{s}.xml with Accept JSON (the suffix wins), POST the record as XML to styles.xml.
    const style = 'states_style';
    const styleXml = `<style><name>${style}</name><format>sld</format><languageVersion><version>1.0.0</version></languageVersion><filename>${style}.sld</filename></style>`;
    expect(await exists(py, `${rest}/workspaces/${ws}/styles/${style}.xml`, { Accept: 'application/json' })).toBe(false);
    expect((await py.post(`${rest}/workspaces/${ws}/styles.xml`, { data: styleXml, headers: { 'Content-Type': 'text/xml' } })).status).toBe(201);
    expect(await exists(py, `${rest}/workspaces/${ws}/styles/${style}.xml`, { Accept: 'application/json' })).toBe(true);
    expect((await py.put(`${rest}/workspaces/${ws}/styles/${style}.xml`, { data: styleXml, headers: { 'Content-Type': 'text/xml' } })).status).toBe(200);
    // create_style: PUT the SLD to styles/{s}.sld.
    const sld = sldFixture('valid', 'polygon-simple.sld');
    expect(
      (await py.put(`${rest}/workspaces/${ws}/styles/${style}.sld`, { data: sld.bytes, headers: { 'Content-Type': 'application/vnd.ogc.sld+xml' } })).status,
    ).toBe(200);
    // get_style_definition (Style.from_dict) and get_style (the SLD bytes).
    const definition = (await py.get(`${rest}/workspaces/${ws}/styles/${style}.json`)).json().style;
    expect([definition.name, definition.workspace, definition.format, definition.languageVersion, definition.filename]).toEqual([
      style,
      { name: ws },
      'sld',
      { version: '1.0.0' },
      `${style}.sld`,
    ]);
    expect((await py.get(`${rest}/workspaces/${ws}/styles/${style}.sld`)).bytes.equals(sld.bytes)).toBe(true);
    // Without a suffix, Accept decides: JSON for the record, the SLD for an SLD Accept.
    const suffixless = await py.get(`${rest}/workspaces/${ws}/styles/${style}`, { headers: { Accept: 'application/json' } });
    expect([suffixless.contentType, suffixless.json().style.name]).toEqual(['application/json', style]);
    expect((await py.get(`${rest}/workspaces/${ws}/styles/${style}`, { headers: { Accept: 'application/vnd.ogc.sld+xml' } })).bytes.equals(sld.bytes)).toBe(
      true,
    );
    expect((await py.get(`${rest}/workspaces/${ws}/styles.json`)).json().styles.style.map((s: { name: string }) => s.name)).toEqual([style]);

    // set_default_layer_style: PUT layers/{ws}:{l}.json naming the workspace style by its bare name.
    expect((await py.put(`${rest}/layers/${ws}:states.json`, { json: { layer: { name: 'states', defaultStyle: { name: style } } } })).status).toBe(200);
    // Layer.from_get_response_payload.
    const layer = (await py.get(`${rest}/layers/${ws}:states.json`)).json().layer;
    expect([layer.name, layer.resource.name, layer.type, layer.defaultStyle.name, layer.attribution]).toEqual([
      'states',
      `${ws}:states`,
      'VECTOR',
      `${ws}:${style}`,
      { logoWidth: 0, logoHeight: 0 },
    ]);

    // get_version.
    expect((await py.get(`${rest}/about/version.json`)).json().about.resource.map((r: { '@name': string }) => r['@name'])).toContain('GeoServer');

    // delete_feature_type / delete_datastore / delete_workspace, all recurse=true.
    expect((await py.delete(ftUrl, { params: { recurse: 'true' } })).status).toBe(200);
    expect(await exists(py, `${rest}/layers/${ws}:states.json`)).toBe(false);
    expect((await py.delete(`${rest}/workspaces/${ws}/datastores/${ds}.json`, { params: { recurse: 'true' } })).status).toBe(200);
    expect((await py.delete(`${rest}/workspaces/${ws}.json`, { params: { recurse: 'true' } })).status).toBe(200);
    expect(await exists(py, `${rest}/workspaces/${ws}.json`)).toBe(false);
  });

  it('empty lists are "" (falsy for the library), one item is still a list', async () => {
    const py = pythonRequests(ctx.server);
    const rest = ctx.server.restUrl;
    const ws = uniqueName('gscempty');
    await py.post(`${rest}/workspaces.json`, { json: { workspace: { name: ws, isolated: false } } });
    expect((await py.get(`${rest}/workspaces/${ws}/datastores.json`)).json()).toEqual({ dataStores: '' });
    expect((await py.get(`${rest}/workspaces/${ws}/styles.json`)).json()).toEqual({ styles: '' });
    expect((await py.get(`${rest}/workspaces/${ws}/layers.json`)).json()).toEqual({ layers: '' });
    expect((await py.get(`${rest}/workspaces/${ws}/wmtsstores.json`)).json()).toEqual({ wmtsStores: '' });
    expect((await py.get(`${rest}/workspaces.json`)).json().workspaces.workspace).toEqual([{ name: ws, href: `${rest}/workspaces/${ws}.json` }]);
  });

  it('create_layer_group: probe, POST, a second run PUTs (title null), and the model reads the group back', async () => {
    const py = pythonRequests(ctx.server);
    const rest = ctx.server.restUrl;
    const ws = uniqueName('gsclg');
    await createWorkspace(ctx.api, ws);
    await createSpatialStore(ctx.api, ctx.db, ws, 'pg');
    await createFeatureType(ctx.api, ws, 'pg', seedFeatureTypeXml('states'));

    const payload = {
      layerGroup: {
        name: 'grp',
        mode: 'SINGLE',
        bounds: { ...EPSG_4326_BBOX.nativeBoundingBox },
        workspace: { name: ws },
        publishables: { published: [{ '@type': 'layer', name: 'states' }] },
        styles: { style: [{ name: '' }] },
        title: 'States',
        abstract: 'US states',
      },
    };
    const url = `${rest}/workspaces/${ws}/layergroups/grp.json`;
    expect(await exists(py, url)).toBe(false);
    expect((await py.post(`${rest}/workspaces/${ws}/layergroups.json`, { json: payload })).status).toBe(201);
    expect(await exists(py, url)).toBe(true);
    // put_payload: internationalTitle wins, title forced to null.
    const put = { layerGroup: { ...payload.layerGroup, internationalTitle: { en: 'States' }, title: null } };
    expect((await py.put(url, { json: put })).status).toBe(200);

    // LayerGroup.from_get_response_payload reads these keys.
    const lg = (await py.get(url)).json().layerGroup;
    expect([lg.name, lg.mode, lg.workspace.name, lg.title, lg.abstractTxt]).toEqual(['grp', 'SINGLE', ws, 'States', 'US states']);
    expect(lg.publishables.published.map((p: { name: string }) => p.name)).toEqual([`${ws}:states`]);
    expect(lg.styles.style).toEqual(['']);
    expect(lg.bounds).toEqual({ minx: -180, maxx: 180, miny: -90, maxy: 90, crs: 'EPSG:4326' });
    expect((await py.delete(`${rest}/workspaces/${ws}/layergroups/grp`)).status).toBe(200);
  });
});
