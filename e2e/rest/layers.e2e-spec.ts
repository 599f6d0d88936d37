/**
 * Layers: created with their feature type, named `{ws}:{name}`, drawn with a default style chosen
 * by geometry, restyled with PUT, deleted alone or with their feature type.
 */
import { createStyle, createWorkspace } from '../support/catalog';
import {
  createFeatureType,
  defaultStyleFor,
  featureTypesPath,
  GEOM,
  LayerExpectation,
  layerJson,
  layerXml,
  seedFeatureTypeXml,
  stripLayerDates,
} from '../support/featuretype';
import { atomLink, parseJsonList, parseXmlList, uniqueName } from '../support/geoserver';
import { createSpatialStore, createStatesTable, createTable, useSpatialApi } from '../support/postgis';

const ctx = useSpatialApi();

/** Table → geometry column type; one row each. */
const GEOMETRY_TABLES: Array<[string, string, string]> = [
  ['pts', 'Point', 'POINT(1 2)'],
  ['mpts', 'MultiPoint', 'MULTIPOINT((1 2),(3 4))'],
  ['lns', 'LineString', 'LINESTRING(1 2,3 4)'],
  ['mlns', 'MultiLineString', 'MULTILINESTRING((1 2,3 4),(5 6,7 8))'],
  ['polys', 'Polygon', 'POLYGON((1 1,2 1,2 2,1 2,1 1))'],
  ['mpolys', 'MultiPolygon', 'MULTIPOLYGON(((1 1,2 1,2 2,1 2,1 1)))'],
  ['geoms', 'Geometry', 'POINT(1 2)'],
];

beforeAll(async () => {
  const { db } = ctx;
  await createStatesTable(db, 'states');
  for (const [table, type, wkt] of GEOMETRY_TABLES) {
    await createTable(
      db,
      table,
      [
        { name: 'geom', type: `geometry(${type},4326)` },
        { name: 'label', type: 'text' },
      ],
      [[`ST_GeomFromText('${wkt}', 4326)`, "'x'"]],
    );
  }
}, 60_000);

/** A fresh workspace and store with `states` published; returns its names. */
async function publishedStates(): Promise<{ ws: string; ds: string; name: string }> {
  const { api, db } = ctx;
  const ws = uniqueName('ws');
  await createWorkspace(api, ws);
  await createSpatialStore(api, db, ws, 'gis');
  await createFeatureType(api, ws, 'gis', seedFeatureTypeXml('states', 'states', 'US States'));
  return { ws, ds: 'gis', name: 'states' };
}

async function layerXmlText(path: string): Promise<string> {
  const res = await ctx.api.get(path);
  expect(res).toHaveStatus(200);
  expect(res.contentType).toBe('application/xml');
  return stripLayerDates(res.text, 'xml');
}

async function layerJsonText(path: string): Promise<string> {
  const res = await ctx.api.get(path);
  expect(res).toHaveStatus(200);
  expect(res.contentType).toBe('application/json');
  return stripLayerDates(res.text, 'json');
}

async function defaultStyleOf(ws: string, name: string): Promise<{ name: string; workspace?: string; href: string }> {
  const res = await ctx.api.get(`/layers/${ws}:${name}.json`);
  expect(res).toHaveStatus(200);
  return res.json().layer.defaultStyle;
}

describe('layers: created with the feature type', () => {
  it('GET /rest/layers/{ws}:{name} and /rest/workspaces/{ws}/layers/{name}: the same record, XML and JSON exact', async () => {
    const { server } = ctx;
    const { ws, ds, name } = await publishedStates();
    const e: LayerExpectation = { ws, store: ds, name, defaultStyle: { name: 'polygon' } };
    expect(await layerXmlText(`/layers/${ws}:${name}.xml`)).toBe(layerXml(server.restUrl, e));
    expect(await layerXmlText(`/workspaces/${ws}/layers/${name}.xml`)).toBe(layerXml(server.restUrl, e));
    expect(await layerJsonText(`/layers/${ws}:${name}.json`)).toBe(layerJson(server.restUrl, e));
    expect(await layerJsonText(`/workspaces/${ws}/layers/${name}.json`)).toBe(layerJson(server.restUrl, e));
    // URL-encoded colon, no suffix + Accept.
    expect(await layerXmlText(`/layers/${ws}%3A${name}?format=xml`)).toBe(layerXml(server.restUrl, e));
  });

  it.each(GEOMETRY_TABLES.map(([t, type]) => [type, t, defaultStyleFor(`${GEOM}${type}`)]))(
    'a %s table (%s) gets the default style %s',
    async (_type, table, style) => {
      const { api, db, server } = ctx;
      const ws = uniqueName('ws');
      await createWorkspace(api, ws);
      await createSpatialStore(api, db, ws, 'gis');
      await createFeatureType(api, ws, 'gis', seedFeatureTypeXml(table, table));
      expect(await layerXmlText(`/layers/${ws}:${table}.xml`)).toBe(layerXml(server.restUrl, { ws, store: 'gis', name: table, defaultStyle: { name: style } }));
    },
  );

  it('lists layers: /rest/layers with ws:name and %3A hrefs, /rest/workspaces/{ws}/layers with bare names', async () => {
    const { api, db, server } = ctx;
    const ws = uniqueName('ws');
    await createWorkspace(api, ws);
    await createSpatialStore(api, db, ws, 'gis');
    expect((await api.get(`/workspaces/${ws}/layers.xml`)).text).toBe('<layers/>');
    expect((await api.get(`/workspaces/${ws}/layers.json`)).text).toBe('{"layers":""}');
    await createFeatureType(api, ws, 'gis', seedFeatureTypeXml('states', 'states'));
    await createFeatureType(api, ws, 'gis', seedFeatureTypeXml('lns', 'lns'));
    const rest = server.restUrl;

    const global = parseXmlList((await api.get('/layers.xml')).text, 'layers', 'layer');
    for (const n of ['lns', 'states']) {
      expect(global).toContainEqual({ name: `${ws}:${n}`, href: `${rest}/layers/${ws}%3A${n}.xml` });
    }
    const globalJson = parseJsonList((await api.get('/layers.json')).text, 'layers', 'layer');
    expect(globalJson).toContainEqual({ name: `${ws}:states`, href: `${rest}/layers/${ws}%3Astates.json` });

    const local = await api.get(`/workspaces/${ws}/layers.xml`);
    expect(local.text).toBe(
      [
        '<layers>',
        ...['lns', 'states'].flatMap((n) => [
          '  <layer>',
          `    <name>${n}</name>`,
          `    ${atomLink(`${rest}/workspaces/${ws}/layers/${n}.xml`, 'application/atom+xml')}`,
          '  </layer>',
        ]),
        '</layers>',
      ].join('\n'),
    );
    expect((await api.get(`/workspaces/${ws}/layers.json`)).text).toBe(
      JSON.stringify({ layers: { layer: ['lns', 'states'].map((n) => ({ name: n, href: `${rest}/workspaces/${ws}/layers/${n}.json` })) } }),
    );
  });

  it('an unknown layer: 404 "No such layer: ws:x" on both paths and on PUT', async () => {
    const { api } = ctx;
    const { ws } = await publishedStates();
    expect(await api.get(`/layers/${ws}:x.xml`)).toBeTextError(404, `No such layer: ${ws}:x`);
    expect(await api.get(`/workspaces/${ws}/layers/x.xml`)).toBeTextError(404, `No such layer: ${ws}:x`);
    const quiet = await api.get(`/layers/${ws}:x.xml?quietOnNotFound=true`);
    expect({ status: quiet.status, body: quiet.text }).toEqual({ status: 404, body: '' });
    const put = await api.putXml(`/layers/${ws}:x`, '<layer><defaultStyle><name>polygon</name></defaultStyle></layer>');
    expect(put).toBeTextError(404);
    expect(await api.delete(`/layers/${ws}:x`)).toHaveStatus(404);
  });
});

describe('layers: default style', () => {
  it('PUT <defaultStyle><name/><workspace/></defaultStyle>: 200; GET shows ws:style, <workspace>, the workspace style link', async () => {
    const { api, server } = ctx;
    const { ws, ds, name } = await publishedStates();
    await createStyle(api, ws, 'roads_style');
    const res = await api.putXml(`/layers/${ws}:${name}`, `<layer><defaultStyle><name>roads_style</name><workspace>${ws}</workspace></defaultStyle></layer>`);
    expect(res).toHaveStatus(200);
    const e: LayerExpectation = { ws, store: ds, name, defaultStyle: { name: 'roads_style', ws } };
    const xml = await layerXmlText(`/layers/${ws}:${name}.xml`);
    expect(xml).toBe(layerXml(server.restUrl, e));
    expect(xml).toContain(
      `  <defaultStyle>\n    <name>${ws}:roads_style</name>\n    <workspace>${ws}</workspace>\n    ${atomLink(`${server.restUrl}/workspaces/${ws}/styles/roads_style.xml`)}\n  </defaultStyle>`,
    );
    expect(await layerJsonText(`/workspaces/${ws}/layers/${name}.json`)).toBe(layerJson(server.restUrl, e));
  });

  it('accepts <defaultStyle>ws:style</defaultStyle>, and a JSON body naming a global style', async () => {
    const { api, server } = ctx;
    const { ws, ds, name } = await publishedStates();
    await createStyle(api, ws, 'roads_style');
    expect(await api.putXml(`/layers/${ws}:${name}.xml`, `<layer><defaultStyle>${ws}:roads_style</defaultStyle></layer>`)).toHaveStatus(200);
    expect(await layerXmlText(`/layers/${ws}:${name}.xml`)).toBe(layerXml(server.restUrl, { ws, store: ds, name, defaultStyle: { name: 'roads_style', ws } }));

    expect(await api.putJson(`/layers/${ws}:${name}`, { layer: { defaultStyle: { name: 'polygon' } } })).toHaveStatus(200);
    expect(await layerXmlText(`/layers/${ws}:${name}.xml`)).toBe(layerXml(server.restUrl, { ws, store: ds, name, defaultStyle: { name: 'polygon' } }));
  });

  it("a bare style name: the layer workspace's style first, then the global one", async () => {
    const { api } = ctx;
    const { ws, name } = await publishedStates();
    const both = uniqueName('both');
    const globalOnly = uniqueName('gonly');
    await createStyle(api, null, both);
    await createStyle(api, ws, both);
    await createStyle(api, null, globalOnly);

    expect(await api.putXml(`/layers/${ws}:${name}`, `<layer><defaultStyle><name>${both}</name></defaultStyle></layer>`)).toHaveStatus(200);
    expect(await defaultStyleOf(ws, name)).toEqual({
      name: `${ws}:${both}`,
      workspace: ws,
      href: `${ctx.server.restUrl}/workspaces/${ws}/styles/${both}.json`,
    });

    expect(await api.putXml(`/layers/${ws}:${name}`, `<layer><defaultStyle>${globalOnly}</defaultStyle></layer>`)).toHaveStatus(200);
    expect(await defaultStyleOf(ws, name)).toEqual({ name: globalOnly, href: `${ctx.server.restUrl}/styles/${globalOnly}.json` });
  });

  it('an unknown style: 404, and the layer keeps its style', async () => {
    const { api } = ctx;
    const { ws, name } = await publishedStates();
    expect(await api.putXml(`/layers/${ws}:${name}`, '<layer><defaultStyle><name>no_such_style</name></defaultStyle></layer>')).toBeTextError(404);
    expect(
      await api.putXml(`/layers/${ws}:${name}`, `<layer><defaultStyle><name>polygon</name><workspace>${ws}</workspace></defaultStyle></layer>`),
    ).toBeTextError(404);
    expect(await api.putJson(`/layers/${ws}:${name}`, { layer: { defaultStyle: { name: 'no_such_style' } } })).toBeTextError(404);
    expect((await defaultStyleOf(ws, name)).name).toBe('polygon');
  });

  it('POST /rest/layers/{ws}:{l}/styles?default=true with <style><name/></style> makes it the default style', async () => {
    const { api, server } = ctx;
    const { ws, name } = await publishedStates();
    const global = uniqueName('alt');
    await createStyle(api, null, global);
    const res = await api.postXml(`/layers/${ws}:${name}/styles?default=true`, `<style><name>${global}</name></style>`);
    expect(res).toHaveStatus(201);
    expect(await defaultStyleOf(ws, name)).toEqual({ name: global, href: `${server.restUrl}/styles/${global}.json` });

    await createStyle(api, ws, 'ws_alt');
    expect(await api.postXml(`/layers/${ws}:${name}/styles?default=true`, `<style><name>${ws}:ws_alt</name></style>`)).toHaveStatus(201);
    expect(await defaultStyleOf(ws, name)).toEqual({ name: `${ws}:ws_alt`, workspace: ws, href: `${server.restUrl}/workspaces/${ws}/styles/ws_alt.json` });
  });

  it('a style that is a layer\'s default cannot be deleted: 403 "Can\'t delete style referenced by existing layers."', async () => {
    const { api } = ctx;
    const { ws, name } = await publishedStates();
    await createStyle(api, ws, 'in_use');
    expect(
      await api.putXml(`/layers/${ws}:${name}`, `<layer><defaultStyle><name>in_use</name><workspace>${ws}</workspace></defaultStyle></layer>`),
    ).toHaveStatus(200);
    expect(await api.delete(`/workspaces/${ws}/styles/in_use`)).toBeTextError(403, "Can't delete style referenced by existing layers.");
    expect(await api.get(`/workspaces/${ws}/styles/in_use.xml`)).toHaveStatus(200);

    const global = uniqueName('gused');
    await createStyle(api, null, global);
    expect(await api.putXml(`/layers/${ws}:${name}`, `<layer><defaultStyle>${global}</defaultStyle></layer>`)).toHaveStatus(200);
    expect(await api.delete(`/styles/${global}`)).toBeTextError(403, "Can't delete style referenced by existing layers.");
    // No longer in use once the layer moved on.
    expect(await api.delete(`/workspaces/${ws}/styles/in_use`)).toHaveStatus(200);
  });
});

describe('layers: deleting', () => {
  it('DELETE a layer: 200, the layer is gone, the feature type stays', async () => {
    const { api } = ctx;
    const { ws, ds, name } = await publishedStates();
    expect(await api.delete(`/layers/${ws}:${name}`)).toHaveStatus(200);
    expect(await api.get(`/layers/${ws}:${name}.xml`)).toBeTextError(404, `No such layer: ${ws}:${name}`);
    expect((await api.get(`/workspaces/${ws}/layers.xml`)).text).toBe('<layers/>');
    expect(await api.get(`${featureTypesPath(ws, ds)}/${name}.xml`)).toHaveStatus(200);
    // The feature type, without a layer, can now be deleted without recurse.
    expect(await api.delete(`${featureTypesPath(ws, ds)}/${name}`)).toHaveStatus(200);
  });

  it('DELETE the workspace with recurse=true while its layer uses one of its styles: 200, all of it gone', async () => {
    const { api } = ctx;
    const { ws, ds, name } = await publishedStates();
    await createStyle(api, ws, 'own_style');
    expect(
      await api.putXml(`/layers/${ws}:${name}`, `<layer><defaultStyle><name>own_style</name><workspace>${ws}</workspace></defaultStyle></layer>`),
    ).toHaveStatus(200);
    expect(await api.delete(`/workspaces/${ws}?recurse=true`)).toHaveStatus(200);
    expect(await api.get(`/workspaces/${ws}.xml`)).toHaveStatus(404);
    expect(await api.get(`/layers/${ws}:${name}.xml`)).toHaveStatus(404);
    expect(await api.get(`/workspaces/${ws}/styles/own_style.xml`)).toHaveStatus(404);
    expect(await api.get(`/workspaces/${ws}/datastores/${ds}.xml`)).toHaveStatus(404);
    expect(parseXmlList((await api.get('/layers.xml')).text, 'layers', 'layer').map((l) => l.name)).not.toContain(`${ws}:${name}`);
  });

  it('DELETE a layer with recurse=true: the feature type goes too', async () => {
    const { api } = ctx;
    const { ws, ds, name } = await publishedStates();
    expect(await api.delete(`/workspaces/${ws}/layers/${name}?recurse=true`)).toHaveStatus(200);
    expect(await api.get(`/layers/${ws}:${name}.xml`)).toHaveStatus(404);
    expect(await api.get(`${featureTypesPath(ws, ds)}/${name}.xml`)).toHaveStatus(404);
    expect((await api.get(`${featureTypesPath(ws, ds)}.xml`)).text).toBe('<featureTypes/>');
  });
});
