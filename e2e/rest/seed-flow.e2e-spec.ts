/**
 * The seed's six operations end to end — workspace, PostGIS data store, feature type (and its
 * layer), style, SLD content, the layer's default style — once with XML bodies as the seed sends
 * them and once with JSON bodies, reading every record back after each step.
 */
import { dataStoreJson, dataStoreXml, sldFixture, styleJson, styleXml, workspaceJson, workspaceXml } from '../support/catalog';
import {
  AttributeExpectation,
  boxDiff,
  featureTypeJson,
  featureTypeXml,
  GEOM,
  layerJson,
  layerXml,
  NATIVE_TOL,
  normalizeFeatureTypeJson,
  normalizeFeatureTypeXml,
  stripLayerDates,
  wktAuthority,
} from '../support/featuretype';
import { normalize, parseJsonList, parseXmlList, uniqueName } from '../support/geoserver';
import { SLD_10 } from '../support/http';
import { createStatesTable, useSpatialApi } from '../support/postgis';

const ctx = useSpatialApi();

const STATES_ATTRIBUTES: AttributeExpectation[] = [
  { name: 'the_geom', binding: `${GEOM}MultiPolygon` },
  { name: 'state_name', binding: 'java.lang.String', length: 80 },
  { name: 'state_abbr', binding: 'java.lang.String', length: 2 },
  { name: 'persons', binding: 'java.lang.Double' },
];

beforeAll(async () => {
  await createStatesTable(ctx.db, 'states');
}, 60_000);

const TEXT_XML = 'text/xml';

describe('the seed flow with XML bodies (text/xml), read back after every step', () => {
  it('runs operations 1–9 and every record reads back as GeoServer writes it', async () => {
    const { api, server, db } = ctx;
    const rest = server.restUrl;
    const ws = uniqueName('acme');
    const ds = 'nyc';
    const read = { accept: TEXT_XML };

    // 1–2. Workspace, then the listing.
    const ws1 = await api.post('/workspaces', `<workspace><name>${ws}</name></workspace>`, TEXT_XML);
    expect(ws1).toHaveStatus(201);
    expect(ws1.headers.get('location')).toBe(`${rest}/workspaces/${ws}`);
    const wsList = await api.get('/workspaces', read);
    expect(wsList).toHaveStatus(200);
    expect(wsList.contentType).toBe('application/xml');
    expect(parseXmlList(wsList.text, 'workspaces', 'workspace').map((i) => i.name)).toContain(ws);
    expect(normalize((await api.get(`/workspaces/${ws}`, read)).text).text).toBe(workspaceXml(rest, ws));

    // 3–4. Data store.
    const params = db.storeParams();
    const cp = Object.entries(params)
      .map(([k, v]) => `<${k}>${v}</${k}>`)
      .join('');
    const ds3 = await api.post(
      `/workspaces/${ws}/datastores`,
      `<dataStore><name>${ds}</name><connectionParameters>${cp}</connectionParameters></dataStore>`,
      TEXT_XML,
    );
    expect(ds3).toHaveStatus(201);
    expect(ds3.headers.get('location')).toBe(`${rest}/workspaces/${ws}/datastores/${ds}`);
    const ds4 = await api.get(`/workspaces/${ws}/datastores/${ds}.xml`, read);
    expect(ds4).toHaveStatus(200);
    expect(normalize(ds4.text).text).toBe(dataStoreXml(rest, { ws, name: ds, params }));
    expect(ds4.text).not.toContain(`<entry key="passwd">${params.passwd}<`);

    // 5–6. Feature type (and its layer).
    const ft5 = await api.post(
      `/workspaces/${ws}/datastores/${ds}/featuretypes`,
      '<featureType><name>states</name><nativeName>states</nativeName><title>US States</title><nativeCRS>EPSG:4326</nativeCRS><enabled>true</enabled></featureType>',
      TEXT_XML,
    );
    expect(ft5).toHaveStatus(201);
    expect(ft5.headers.get('location')).toBe(`${rest}/workspaces/${ws}/datastores/${ds}/featuretypes/states`);
    const ft6 = await api.get(`/workspaces/${ws}/datastores/${ds}/featuretypes/states.xml`, read);
    expect(ft6).toHaveStatus(200);
    const ft = normalizeFeatureTypeXml(ft6.text);
    const ftExpected = featureTypeXml(rest, { ws, store: ds, name: 'states', title: 'US States', srs: 'EPSG:4326', attributes: STATES_ATTRIBUTES });
    expect(ft.text).toBe(ftExpected);
    expect(wktAuthority(ft.nativeCRS!)).toBe('4326');
    const extent = (await db.extent('states', 'the_geom'))!;
    expect(boxDiff(ft.native, extent, NATIVE_TOL.abs, NATIVE_TOL.rel)).toEqual([]);
    expect(boxDiff(ft.latLon, extent, NATIVE_TOL.abs, NATIVE_TOL.rel)).toEqual([]);
    const layerPath = `/layers/${ws}:states`;
    expect(stripLayerDates((await api.get(`${layerPath}.xml`, read)).text, 'xml')).toBe(
      layerXml(rest, { ws, store: ds, name: 'states', defaultStyle: { name: 'polygon' } }),
    );

    // 7. Style record in the workspace.
    const st7 = await api.post(`/workspaces/${ws}/styles`, '<style><name>states_style</name><filename>states_style.sld</filename></style>', TEXT_XML);
    expect(st7).toHaveStatus(201);
    expect(st7.headers.get('location')).toBe(`${rest}/workspaces/${ws}/styles/states_style`);
    expect(normalize((await api.get(`/workspaces/${ws}/styles/states_style.xml`, read)).text).text).toBe(styleXml({ name: 'states_style', ws }));

    // 8. SLD content.
    const sld = sldFixture('valid', 'polygon-simple.sld');
    expect(await api.put(`/workspaces/${ws}/styles/states_style`, sld.bytes, SLD_10)).toHaveStatus(200);
    const sldBack = await api.get(`/workspaces/${ws}/styles/states_style.sld`);
    expect(sldBack).toHaveStatus(200);
    expect(sldBack.bytes.equals(sld.bytes)).toBe(true);
    expect(normalize((await api.get(`/workspaces/${ws}/styles/states_style.xml`, read)).text).text).toBe(
      styleXml({ name: 'states_style', ws, modified: true }),
    );

    // 9. The layer's default style.
    const l9 = await api.put(layerPath, `<layer><defaultStyle><name>states_style</name><workspace>${ws}</workspace></defaultStyle></layer>`, TEXT_XML);
    expect(l9).toHaveStatus(200);
    expect(stripLayerDates((await api.get(`${layerPath}.xml`, read)).text, 'xml')).toBe(
      layerXml(rest, { ws, store: ds, name: 'states', defaultStyle: { name: 'states_style', ws } }),
    );

    // Everything else is as it was.
    expect(normalizeFeatureTypeXml((await api.get(`/workspaces/${ws}/datastores/${ds}/featuretypes/states.xml`, read)).text).text).toBe(ftExpected);
    expect(normalize((await api.get(`/workspaces/${ws}/datastores/${ds}.xml`)).text).text).toBe(dataStoreXml(rest, { ws, name: ds, params }));
    expect((await api.get(`/workspaces/${ws}/styles/states_style.sld`)).bytes.equals(sld.bytes)).toBe(true);
  });
});

describe('the seed flow with JSON bodies, read back in JSON', () => {
  it('runs operations 1–9 with application/json and every record reads back', async () => {
    const { api, server, db } = ctx;
    const rest = server.restUrl;
    const ws = uniqueName('acme');
    const ds = 'nyc';

    const ws1 = await api.postJson('/workspaces', { workspace: { name: ws } });
    expect(ws1).toHaveStatus(201);
    expect(ws1.text).toBe(ws);
    expect(parseJsonList((await api.get('/workspaces')).text, 'workspaces', 'workspace').map((i) => i.name)).toContain(ws);
    expect(normalize((await api.get(`/workspaces/${ws}.json`)).text).text).toBe(workspaceJson(rest, ws));

    const params = db.storeParams();
    const ds3 = await api.postJson(`/workspaces/${ws}/datastores`, {
      dataStore: { name: ds, connectionParameters: { entry: Object.entries(params).map(([k, v]) => ({ '@key': k, $: v })) } },
    });
    expect(ds3).toHaveStatus(201);
    expect(normalize((await api.get(`/workspaces/${ws}/datastores/${ds}.json`)).text).text).toBe(dataStoreJson(rest, { ws, name: ds, params }));

    const ft5 = await api.postJson(`/workspaces/${ws}/datastores/${ds}/featuretypes`, {
      featureType: { name: 'states', nativeName: 'states', title: 'US States', nativeCRS: 'EPSG:4326', enabled: true },
    });
    expect(ft5).toHaveStatus(201);
    expect(ft5.headers.get('location')).toBe(`${rest}/workspaces/${ws}/datastores/${ds}/featuretypes/states`);
    const ft = normalizeFeatureTypeJson((await api.get(`/workspaces/${ws}/datastores/${ds}/featuretypes/states.json`)).text);
    const ftExpected = featureTypeJson(rest, { ws, store: ds, name: 'states', title: 'US States', srs: 'EPSG:4326', attributes: STATES_ATTRIBUTES });
    expect(ft.text).toBe(ftExpected);
    const extent = (await db.extent('states', 'the_geom'))!;
    expect(boxDiff(ft.native, extent, NATIVE_TOL.abs, NATIVE_TOL.rel)).toEqual([]);
    const layerPath = `/layers/${ws}:states`;
    expect(stripLayerDates((await api.get(`${layerPath}.json`)).text, 'json')).toBe(
      layerJson(rest, { ws, store: ds, name: 'states', defaultStyle: { name: 'polygon' } }),
    );

    const st7 = await api.postJson(`/workspaces/${ws}/styles`, { style: { name: 'states_style', filename: 'states_style.sld' } });
    expect(st7).toHaveStatus(201);
    expect(normalize((await api.get(`/workspaces/${ws}/styles/states_style.json`)).text).text).toBe(styleJson({ name: 'states_style', ws }));

    const sld = sldFixture('valid', 'polygon-simple.sld');
    expect(await api.put(`/workspaces/${ws}/styles/states_style`, sld.bytes, SLD_10)).toHaveStatus(200);
    expect((await api.get(`/workspaces/${ws}/styles/states_style.sld`)).bytes.equals(sld.bytes)).toBe(true);
    expect(normalize((await api.get(`/workspaces/${ws}/styles/states_style.json`)).text).text).toBe(styleJson({ name: 'states_style', ws, modified: true }));

    const l9 = await api.putJson(layerPath, { layer: { defaultStyle: { name: 'states_style', workspace: ws } } });
    expect(l9).toHaveStatus(200);
    expect(stripLayerDates((await api.get(`${layerPath}.json`)).text, 'json')).toBe(
      layerJson(rest, { ws, store: ds, name: 'states', defaultStyle: { name: 'states_style', ws } }),
    );
    expect(stripLayerDates((await api.get(`/workspaces/${ws}/layers/states.json`)).text, 'json')).toBe(
      layerJson(rest, { ws, store: ds, name: 'states', defaultStyle: { name: 'states_style', ws } }),
    );
    expect(normalizeFeatureTypeJson((await api.get(`/workspaces/${ws}/datastores/${ds}/featuretypes/states.json`)).text).text).toBe(ftExpected);
  });
});
