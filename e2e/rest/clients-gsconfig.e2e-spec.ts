/**
 * Replays what gsconfig (GeoNode's geoserver-restconfig 2.0.16, Python) sends — XML bodies
 * serialised by ElementTree, `.xml` URLs, `Accept: *\/*` on reads, the XML it parses with
 * ElementTree — and asserts on the statuses it checks and the elements it reads.
 */
import { sldFixture } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { HttpResponse } from '../support/http';
import { createSpatialStore, createStatesTable, useSpatialApi } from '../support/postgis';
import { createWorkspace } from '../support/catalog';
import { createFeatureType, seedFeatureTypeXml } from '../support/featuretype';
import { pythonRequests } from '../support/python-requests';
import { atomHref, find, findAll, findText, parseXml, XmlElement } from '../support/xml-tree';

const ctx = useSpatialApi();

beforeAll(async () => {
  await createStatesTable(ctx.db, 'states');
}, 60_000);

const XML_BOTH = { 'Content-type': 'application/xml', Accept: 'application/xml' };

/** gsconfig's `get_xml`: 200 or FailedRequestError(content). */
function xmlOf(res: HttpResponse): XmlElement {
  if (res.status !== 200) throw new Error(`FailedRequestError(${res.status}): ${res.text}`);
  return parseXml(res.text);
}

/** gsconfig's `write_dict`: `<entry key="k">v</entry>` in insertion order. */
function entries(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([k, v]) => `<entry key="${k}">${v}</entry>`)
    .join('');
}

describe('gsconfig (geoserver-restconfig, Python) replayed', () => {
  it('the seed flow with its exact requests, statuses and the elements it reads', async () => {
    const py = pythonRequests(ctx.server);
    const svc = ctx.server.restUrl; // gsconfig's service_url ends in /rest
    const ws = uniqueName('gsc');
    const ds = 'pgstore';

    // get_version: the Version of the resource named GeoServer.
    const about = xmlOf(await py.get(`${svc}/about/version.xml`));
    const geoserver = findAll(about, 'resource').find((r) => r.attrib.name === 'GeoServer');
    expect(findText(geoserver!, 'Version')).toMatch(/^2\.\d+/);

    // create_workspace: POST /namespaces/ (trailing slash), then get_workspaces by name.
    const ns = await py.post(`${svc}/namespaces/`, {
      data: `<namespace><prefix>${ws}</prefix><uri>http://example.org/${ws}</uri></namespace>`,
      headers: { 'Content-Type': 'application/xml' },
    });
    expect([200, 201, 202]).toContain(ns.status);
    expect(findAll(xmlOf(await py.get(`${svc}/workspaces.xml`)), 'workspace').map((w) => findText(w, 'name'))).toContain(ws);

    // set_default_workspace / get_default_workspace.
    expect(
      (await py.put(`${svc}/workspaces/default.xml`, { data: `<workspace><name>${ws}</name></workspace>`, headers: { 'Content-Type': 'application/xml' } }))
        .status,
    ).toBe(200);
    expect(findText(xmlOf(await py.get(`${svc}/workspaces/default.xml`)), 'name')).toBe(ws);

    // get_stores: the three store lists of the workspace.
    for (const [kind, item] of [
      ['datastores', 'dataStore'],
      ['coveragestores', 'coverageStore'],
      ['wmsstores', 'wmsStore'],
    ]) {
      const list = await py.get(`${svc}/workspaces/${ws}/${kind}.xml`);
      expect([kind, list.status, findAll(xmlOf(list), item)]).toEqual([kind, 200, []]);
    }

    // create_datastore + save: POST datastores?name=, `<type />` empty, parameters as <entry key>.
    const p = ctx.db.storeParams();
    const unsaved = `<dataStore><enabled>true</enabled><name>${ds}</name><type /><connectionParameters>${entries({
      host: p.host,
      port: p.port,
      database: p.database,
      user: p.user,
      passwd: p.passwd,
      dbtype: 'postgis',
      ...(p.schema ? { schema: p.schema } : {}),
    })}</connectionParameters></dataStore>`;
    const saved = await py.post(`${svc}/workspaces/${ws}/datastores?name=${ds}`, { data: unsaved, headers: XML_BOTH });
    expect([200, 201]).toContain(saved.status);
    let store = xmlOf(await py.get(`${svc}/workspaces/${ws}/datastores/${ds}.xml`));
    expect(findText(store, 'name')).toBe(ds);
    expect(findText(store, 'type')).toBe('PostGIS');
    expect(findText(store, 'enabled')).toBe('true');
    const params = Object.fromEntries(findAll(store, 'connectionParameters/entry').map((e) => [e.attrib.key, e.text]));
    expect(params).toMatchObject({ host: p.host, dbtype: 'postgis', namespace: `http://example.org/${ws}` });
    expect(params.passwd).toMatch(/^crypt2:/);

    // DataStore.save: PUT the parameters read back (crypt2 password included) with one more.
    const resaved = await py.put(`${svc}/workspaces/${ws}/datastores/${ds}.xml`, {
      data: `<dataStore><enabled>true</enabled><connectionParameters>${entries({ ...(params as Record<string, string>), 'Expose primary keys': 'true' })}</connectionParameters></dataStore>`,
      headers: XML_BOTH,
    });
    expect(resaved.status).toBe(200);
    store = xmlOf(await py.get(`${svc}/workspaces/${ws}/datastores/${ds}.xml`));
    expect(findAll(store, 'connectionParameters/entry').find((e) => e.attrib.key === 'Expose primary keys')?.text).toBe('true');

    // list_feature_type_names(filter='available'): resp.json()['list']['string'].
    const available = await py.get(`${svc}/workspaces/${ws}/datastores/${ds}/featuretypes.json?list=available`);
    expect(available.json().list.string).toContain('states');

    // publish_featuretype: POST featuretypes.xml, then FeatureType.fetch.
    const ftBody =
      '<featureType><name>states</name><title>states</title><enabled>true</enabled><advertised>true</advertised><srs>EPSG:4326</srs><nativeCRS>EPSG:4326</nativeCRS></featureType>';
    const published = await py.post(`${svc}/workspaces/${ws}/datastores/${ds}/featuretypes.xml`, { data: ftBody, headers: XML_BOTH });
    expect([200, 201, 202]).toContain(published.status);
    const ft = xmlOf(await py.get(`${svc}/workspaces/${ws}/datastores/${ds}/featuretypes/states.xml`));
    expect(findText(ft, 'title')).toBe('states');
    expect(findText(ft, 'srs')).toBe('EPSG:4326');
    expect(findText(ft, 'enabled')).toBe('true');
    expect(findText(ft, 'projectionPolicy')).toBe('FORCE_DECLARED');
    expect(findAll(ft, 'keywords/string').map((k) => k.text)).toEqual(['features', 'states']);
    expect(findAll(ft, 'attributes/attribute/name').map((a) => a.text)).toEqual(['the_geom', 'state_name', 'state_abbr', 'persons']);
    for (const bbox of ['nativeBoundingBox', 'latLonBoundingBox']) {
      const box = find(ft, bbox)!;
      expect(['minx', 'maxx', 'miny', 'maxy', 'crs'].map((k) => findText(box, k) !== undefined)).toEqual([true, true, true, true, true]);
    }
    // DataStore.get_resources.
    expect(findAll(xmlOf(await py.get(`${svc}/workspaces/${ws}/datastores/${ds}/featuretypes.xml`)), 'featureType').map((f) => findText(f, 'name'))).toEqual([
      'states',
    ]);

    // get_layer: Layer.fetch, then .resource (workspace and store from the atom link), default_style, flags.
    let layer = xmlOf(await py.get(`${svc}/layers/${ws}:states.xml`));
    const resourceHref = atomHref(find(layer, 'resource'))!;
    const hrefPath = new URL(resourceHref).pathname.split('/');
    const wsFromUrl = hrefPath[hrefPath.indexOf('workspaces') + 1];
    const [wsName, resourceName] = findText(layer, 'resource/name')!.split(':');
    expect([wsFromUrl, wsName, resourceName]).toEqual([ws, ws, 'states']);
    const resourceType = hrefPath[hrefPath.indexOf(wsFromUrl) + 1]; // resource_from_url
    expect([resourceType, hrefPath[hrefPath.indexOf(resourceType) + 1]]).toEqual(['datastores', ds]);
    expect(findText(layer, 'defaultStyle/name')).toBe('polygon');
    expect(atomHref(find(layer, 'defaultStyle'))).toBe(`${svc}/styles/polygon.xml`);
    expect([findText(layer, 'enabled'), findText(layer, 'advertised'), findText(layer, 'type')]).toEqual(['true', 'true', 'VECTOR']);
    expect([findText(layer, 'attribution/logoWidth'), findText(layer, 'attribution/logoHeight')]).toEqual(['0', '0']);

    // create_style: probe the workspace's styles, POST the record to styles.xml?name= (Accept text/plain), PUT the SLD to {name}.sld.
    const style = 'states_style';
    expect(findAll(xmlOf(await py.get(`${svc}/workspaces/${ws}/styles.xml`)), 'style')).toEqual([]);
    const record = await py.post(`${svc}/workspaces/${ws}/styles.xml?name=${style}`, {
      data: `<style><name>${style}</name><filename>${style}.sld</filename></style>`,
      headers: { 'Content-type': 'application/xml', Accept: 'text/plain' },
    });
    expect([200, 201, 202]).toContain(record.status);
    const sld = sldFixture('valid', 'polygon-simple.sld');
    const body = await py.put(`${svc}/workspaces/${ws}/styles/${style}.sld`, {
      data: sld.bytes,
      headers: { 'Content-type': 'application/vnd.ogc.sld+xml', Accept: 'application/xml' },
    });
    expect(body.status).toBe(200);
    // ...and the retry gsconfig makes when .sld fails: the same PUT to {name}.xml.
    expect(
      (
        await py.put(`${svc}/workspaces/${ws}/styles/${style}.xml`, {
          data: sld.bytes,
          headers: { 'Content-type': 'application/vnd.ogc.sld+xml', Accept: 'application/xml' },
        })
      ).status,
    ).toBe(200);

    // get_styles: for each <style>, s[1] is the atom:link; its href gives format + languageVersion → "sld10".
    const styles = findAll(xmlOf(await py.get(`${svc}/workspaces/${ws}/styles.xml`)), 'style');
    expect(styles.map((s) => findText(s, 'name'))).toEqual([style]);
    const detail = xmlOf(await py.get(styles[0].children[1].attrib.href));
    const styleFormat = findText(detail, 'format')! + findText(detail, 'languageVersion/version')!.replace(/\./g, '').slice(0, -1);
    expect(styleFormat).toBe('sld10');
    // Style.sld_body (.sld) and Style.body (no suffix, SLD Accept) are the stored bytes.
    expect((await py.get(`${svc}/workspaces/${ws}/styles/${style}.sld`)).bytes.equals(sld.bytes)).toBe(true);
    expect((await py.get(`${svc}/workspaces/${ws}/styles/${style}`, { headers: { Accept: 'application/vnd.ogc.sld+xml' } })).bytes.equals(sld.bytes)).toBe(
      true,
    );

    // Layer.save with a new default style: enabled/advertised re-sent as read, the style as name + workspace.
    const put = await py.put(`${svc}/layers/${ws}:states.xml`, {
      data: `<layer><enabled>true</enabled><advertised>true</advertised><defaultStyle><name>${style}</name><workspace>${ws}</workspace></defaultStyle></layer>`,
      headers: XML_BOTH,
    });
    expect(put.status).toBe(200);
    layer = xmlOf(await py.get(`${svc}/layers/${ws}:states.xml`));
    expect([findText(layer, 'defaultStyle/name'), findText(layer, 'defaultStyle/workspace')]).toEqual([`${ws}:${style}`, ws]);
    expect(atomHref(find(layer, 'defaultStyle'))).toBe(`${svc}/workspaces/${ws}/styles/${style}.xml`);
    expect(findText(layer, 'enabled')).toBe('true');

    // Alternate styles, as _write_alternate_styles writes them.
    const alternates = await py.put(`${svc}/layers/${ws}:states.xml`, {
      data: `<layer><enabled>true</enabled><advertised>true</advertised><styles><style><name>${style}</name><workspace>${ws}</workspace></style><style><name>line</name></style></styles></layer>`,
      headers: XML_BOTH,
    });
    expect(alternates.status).toBe(200);
    layer = xmlOf(await py.get(`${svc}/layers/${ws}:states.xml`));
    expect(findAll(layer, 'styles/style').map((s) => findText(s, 'name'))).toEqual([`${ws}:${style}`, 'line']);

    // get_layers.
    expect(findAll(xmlOf(await py.get(`${svc}/layers.xml`)), 'layer').map((l) => findText(l, 'name'))).toContain(`${ws}:states`);

    // reload / reset (GeoNode): POST without a body.
    expect((await py.post(`${svc}/reload`)).status).toBe(200);
    expect((await py.post(`${svc}/reset`)).status).toBe(200);

    // Catalog.delete: .xml hrefs, Content-type application/xml with no body, purge=True, recurse=true; exactly 200.
    const del = (href: string, query: string) => py.delete(`${href}?${query}`, { headers: XML_BOTH });
    expect((await del(`${svc}/workspaces/${ws}/styles/${style}.xml`, 'purge=True&recurse=true')).status).toBe(200);
    expect(findText(xmlOf(await py.get(`${svc}/layers/${ws}:states.xml`)), 'defaultStyle/name')).toBe('polygon');
    expect((await del(`${svc}/layers/${ws}:states.xml`, 'recurse=true')).status).toBe(200);
    expect((await py.get(`${svc}/layers/${ws}:states.xml`)).status).toBe(404); // get_layer → None
    expect((await py.get(`${svc}/workspaces/${ws}/datastores/${ds}/featuretypes/states.xml`)).status).toBe(404);
    expect((await del(`${svc}/workspaces/${ws}/datastores/${ds}.xml`, 'recurse=true')).status).toBe(200);
    expect((await del(`${svc}/workspaces/${ws}.xml`, 'recurse=true')).status).toBe(200);
    expect(findAll(xmlOf(await py.get(`${svc}/workspaces.xml`)), 'workspace').map((w) => findText(w, 'name'))).not.toContain(ws);
  });

  it('get_styles skips an unknown workspace by the words of its 404; get_layer of a missing layer is None', async () => {
    const py = pythonRequests(ctx.server);
    const svc = ctx.server.restUrl;
    const res = await py.get(`${svc}/workspaces/no_such_ws/styles.xml`);
    expect(res.status).toBe(404);
    expect(res.text.toLowerCase()).toContain('no such workspace');
    expect((await py.get(`${svc}/layers/no_such_ws:nothing.xml`)).status).toBe(404);
    expect((await py.get(`${svc}/styles/no_such_style.xml`)).status).toBe(404);
  });

  it('create_style without a workspace: a global style, probed through /styles.xml', async () => {
    const py = pythonRequests(ctx.server);
    const svc = ctx.server.restUrl;
    const style = uniqueName('gscglobal');
    const record = await py.post(`${svc}/styles.xml?name=${style}`, {
      data: `<style><name>${style}</name><filename>${style}.sld</filename></style>`,
      headers: { 'Content-type': 'application/xml', Accept: 'text/plain' },
    });
    expect(record.status).toBe(201);
    const sld = sldFixture('valid', 'roads.se.sld');
    expect(
      (await py.put(`${svc}/styles/${style}.sld`, { data: sld.bytes, headers: { 'Content-type': 'application/vnd.ogc.se+xml', Accept: 'application/xml' } }))
        .status,
    ).toBe(200);
    const listed = findAll(xmlOf(await py.get(`${svc}/styles.xml`)), 'style').find((s) => findText(s, 'name') === style)!;
    const detail = xmlOf(await py.get(listed.children[1].attrib.href));
    expect([findText(detail, 'format'), findText(detail, 'languageVersion/version')]).toEqual(['sld', '1.1.0']);
    expect((await py.delete(`${svc}/styles/${style}.xml?purge=True&recurse=true`, { headers: XML_BOTH })).status).toBe(200);
  });

  it('create_layergroup and save: the probe, the POST with ?name=, and the group read back', async () => {
    const py = pythonRequests(ctx.server);
    const svc = ctx.server.restUrl;
    const ws = uniqueName('gsclg');
    await createWorkspace(ctx.api, ws);
    await createSpatialStore(ctx.api, ctx.db, ws, 'pg');
    await createFeatureType(ctx.api, ws, 'pg', seedFeatureTypeXml('states'));

    // create_layergroup: get_layergroups(names, workspaces) lists the workspace's groups first.
    const none = xmlOf(await py.get(`${svc}/workspaces/${ws}/layergroups.xml`, { headers: { Accept: '*/*' } }));
    expect(findAll(none, 'layerGroup')).toEqual([]);
    // save(UnsavedLayerGroup): POST to its href with the dirty fields, as ElementTree writes them.
    const body =
      `<layerGroup><name>grp</name><publishables><published type="layer"><name>${ws}:states</name></published></publishables>` +
      `<styles><style><name>polygon</name></style></styles><bounds><minx>-180</minx><maxx>180</maxx><miny>-90</miny><maxy>90</maxy>` +
      `<crs class="projected">EPSG:4326</crs></bounds><workspace>${ws}</workspace><mode>SINGLE</mode><abstractTxt /><title>States</title></layerGroup>`;
    const saved = await py.post(`${svc}/workspaces/${ws}/layergroups?name=grp`, { data: body, headers: XML_BOTH });
    expect([200, 201]).toContain(saved.status);

    // get_layergroup: the list, then the group's own XML (layers, styles, bounds, mode, title).
    const groups = findAll(xmlOf(await py.get(`${svc}/workspaces/${ws}/layergroups.xml`, { headers: { Accept: '*/*' } })), 'layerGroup');
    expect(groups.map((g) => findText(g, 'name'))).toEqual(['grp']);
    const lg = xmlOf(await py.get(`${svc}/workspaces/${ws}/layergroups/grp.xml`, { headers: { Accept: '*/*' } }));
    expect(findAll(find(lg, 'publishables')!, 'published').map((p) => findText(p, 'name'))).toEqual([`${ws}:states`]);
    expect(findAll(find(lg, 'styles')!, 'style').map((s) => findText(s, 'name'))).toEqual(['polygon']);
    expect(['minx', 'maxx', 'miny', 'maxy', 'crs'].map((k) => findText(find(lg, 'bounds')!, k))).toEqual(['-180.0', '180.0', '-90.0', '90.0', 'EPSG:4326']);
    expect([findText(lg, 'mode'), findText(lg, 'title')]).toEqual(['SINGLE', 'States']);

    // delete(lg): DELETE its href (the .xml URL), exactly 200.
    expect((await py.delete(`${svc}/workspaces/${ws}/layergroups/grp.xml`, { headers: XML_BOTH })).status).toBe(200);
    expect((await py.get(`${svc}/workspaces/${ws}/layergroups/grp.xml`)).status).toBe(404);
  });
});
