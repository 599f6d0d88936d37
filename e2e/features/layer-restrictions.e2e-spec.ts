/**
 * What a feature type restricts binds every read of its layer (contract §6, §11): its `cqlFilter`
 * selects the rows served by items, single features (others 404), tiles, WMS GetMap (pixels read
 * by GDAL) and GetFeatureInfo, ANDed with a client's CQL_FILTER; one that cannot be applied makes
 * the layer serve nothing (409 naming why). A configured attribute subset is all the layer
 * publishes in items, single features, tiles (PostGIS's ST_AsMVT here; the api's own encoder in
 * e2e/tiles), GetFeatureInfo, queryables and sortby; `datetime` is refused, since no layer has a
 * time column. Expected rows come from the table (through `pg`), never from app code.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { createWorkspace } from '../support/catalog';
import { createFeatureType } from '../support/featuretype';
import { uniqueName } from '../support/geoserver';
import { HttpResponse, request } from '../support/http';
import { createSpatialStore, createStatesTable, useSpatialApi } from '../support/postgis';
import { decodeTile, MVT, tileOf, tileUrl } from '../tiles/support';
import { pixels, serviceException, wmsGet } from '../wms/support';
import { featuresClient, FeaturesClient, publish } from './support';

const ctx = useSpatialApi();
let f: FeaturesClient;

beforeAll(async () => {
  f = featuresClient(ctx.server);
  await createStatesTable(ctx.db, 'states');
}, 60_000);

/** A fresh workspace with the store `gis`, and `states` published as is (layer `ws:states`). */
async function fresh(): Promise<string> {
  const ws = uniqueName('restrict');
  await createWorkspace(ctx.api, ws);
  await createSpatialStore(ctx.api, ctx.db, ws, 'gis');
  await publish(ctx.api, ctx.db, ws, 'states');
  return ws;
}

/** Publishes `states` again as `ws:name` with extra feature type elements. */
async function publishStates(ws: string, name: string, extra: string, table = 'states'): Promise<string> {
  await createFeatureType(
    ctx.api,
    ws,
    'gis',
    `<featureType><name>${name}</name><nativeName>${table}</nativeName><nativeCRS>EPSG:4326</nativeCRS><enabled>true</enabled>${extra}</featureType>`,
  );
  return `${ws}:${name}`;
}

const attributes = (...names: string[]) => `<attributes>${names.map((n) => `<attribute><name>${n}</name></attribute>`).join('')}</attributes>`;
const tile = tileOf(4, -105.5, 39); // Colorado and Wyoming
const getTile = (id: string) => request(tileUrl(ctx.server, id, tile.z, tile.y, tile.x), { auth: ctx.server.admin });

type Feature = { id: string; properties: Record<string, unknown> };

/** Python jsonschema's verdict (no app code): the schema is checked, then each instance: `ok N` or `invalid: …`. */
function jsonSchemaVerdict(schema: object, instances: object[]): string {
  const script = [
    'import json, sys, jsonschema',
    'doc = json.load(sys.stdin)',
    'jsonschema.Draft202012Validator.check_schema(doc["schema"])',
    'v = jsonschema.Draft202012Validator(doc["schema"])',
    'errors = [e.message for i in doc["instances"] for e in v.iter_errors(i)]',
    'print("invalid: " + "; ".join(errors) if errors else "ok %d" % len(doc["instances"]))',
  ].join('\n');
  return execFileSync('python3', ['-c', script], { input: JSON.stringify({ schema, instances }), encoding: 'utf8' }).trim();
}

/** The ids of the whole `ws:states` layer by state name. */
async function idsByName(ws: string): Promise<Record<string, string>> {
  const all = (await f.get(`/collections/${ws}:states/items`)).json().features as Feature[];
  return Object.fromEntries(all.map((x) => [x.properties.state_name, x.id]));
}

/** A 1.3.0 GetMap of the states around Colorado (256 × 256, lon -112 to -100, lat 36 to 46) with the global polygon style (#AAAAAA). */
function getMap(over: Record<string, string>) {
  const base = { service: 'WMS', version: '1.3.0', request: 'GetMap', styles: '', crs: 'EPSG:4326', bbox: '36,-112,46,-100', width: '256', height: '256' };
  return wmsGet(ctx.server, '/wms', { ...base, format: 'image/png', ...over });
}
const GREY = [170, 170, 170];
const WHITE = [255, 255, 255];
/** Pixels in Wyoming (lon -107.5, lat 43) and in Colorado (lon -105.5, lat 39). */
const WYOMING_PX: [number, number] = [96, 77];
const COLORADO_PX: [number, number] = [138, 179];
const rgb = (values: number[]) => values.slice(0, 3);
/** GetFeatureInfo (JSON) parameters at a pixel of that map. */
const infoAt = ([i, j]: [number, number]) => ({ request: 'GetFeatureInfo', info_format: 'application/json', i: String(i), j: String(j) });
/** The state names of a GetFeatureInfo answer; its exception text when it is none. */
function featureInfo(res: HttpResponse): unknown {
  if (res.status !== 200 || !res.contentType?.includes('json')) return serviceException(res.text) ?? res.text;
  return (res.json().features as Feature[]).map((x) => x.properties.state_name);
}

describe('a feature type with a cqlFilter', () => {
  it('serves exactly the rows it selects: collection, items, single features, tiles, WMS GetMap and GetFeatureInfo', async () => {
    const ws = await fresh();
    const id = await publishStates(ws, 'wyoming', "<cqlFilter>state_name = 'Wyoming'</cqlFilter>");
    const ids = await idsByName(ws);

    const page = (await f.get(`/collections/${id}/items`)).json();
    expect(page.features.map((x: Feature) => x.properties.state_name)).toEqual(['Wyoming']);
    expect([page.numberReturned, page.numberMatched]).toEqual([1, 1]);
    const big = (await f.get(`/collections/${id}/items?bbox=-180,-90,180,90&limit=5000`)).json();
    expect(big.features.map((x: Feature) => x.id)).toEqual([ids.Wyoming]);
    expect(await f.get(`/collections/${id}/items/${ids.Wyoming}`)).toHaveStatus(200);
    // Outside the filter a feature is not there.
    expect(await f.get(`/collections/${id}/items/${ids.Colorado}`)).toBeTextError(404, `No such feature: '${ids.Colorado}' in collection '${id}'`);
    expect((await f.get(`/collections/${id}`)).json().id).toBe(id);
    expect((await f.get('/collections')).json().collections.map((c: { id: string }) => c.id)).toContain(id);

    const res = await getTile(id);
    expect(res).toHaveStatus(200);
    expect(decodeTile(res.bytes, tile).wyoming.features.map((x) => x.properties.state_name)).toEqual(['Wyoming']);

    const map = await getMap({ layers: id });
    expect(map).toHaveStatus(200);
    expect(pixels(map.bytes, [WYOMING_PX, COLORADO_PX]).map(rgb)).toEqual([GREY, WHITE]);
    expect(featureInfo(await getMap({ ...infoAt(COLORADO_PX), layers: id, query_layers: id }))).toEqual([]);
    expect(featureInfo(await getMap({ ...infoAt(WYOMING_PX), layers: id, query_layers: id }))).toEqual(['Wyoming']);
  });

  it("ANDs a client's CQL_FILTER with it, one filter per LAYERS entry separated by ';'", async () => {
    const ws = await fresh();
    const id = await publishStates(ws, 'west', "<cqlFilter>state_abbr IN ('CO', 'WY')</cqlFilter>");
    const big = { cql_filter: 'persons > 1000000' };
    const map = await getMap({ layers: id, ...big });
    expect(map).toHaveStatus(200);
    expect(pixels(map.bytes, [WYOMING_PX, COLORADO_PX]).map(rgb)).toEqual([WHITE, GREY]);
    expect(featureInfo(await getMap({ ...infoAt(WYOMING_PX), layers: id, query_layers: id, ...big }))).toEqual([]);
    expect(featureInfo(await getMap({ ...infoAt(COLORADO_PX), layers: id, query_layers: id, ...big }))).toEqual(['Colorado']);
    // New York passes the client's filter but not the layer's: nowhere to be seen.
    expect(featureInfo(await getMap({ ...infoAt(COLORADO_PX), layers: id, query_layers: id, cql_filter: "state_abbr = 'NY'" }))).toEqual([]);

    // Two layers, two filters; a ';' inside a literal separates nothing.
    const two = await getMap({ layers: `${id},${ws}:states`, styles: ',', cql_filter: "state_name = 'Wyoming';state_name IN ('Colo;rado', 'x')" });
    expect(two).toHaveStatus(200);
    expect(pixels(two.bytes, [WYOMING_PX, COLORADO_PX]).map(rgb)).toEqual([GREY, WHITE]);
  });

  it('refuses a CQL_FILTER that is no filter, or one per LAYERS entry too few: InvalidParameterValue naming the position', async () => {
    const ws = await fresh();
    const bad = await getMap({ layers: `${ws}:states`, cql_filter: 'persons >> 3' });
    expect(bad).toHaveStatus(200);
    const e = serviceException(bad.text);
    expect(e).toMatchObject({ code: 'InvalidParameterValue', locator: 'cql_filter' });
    expect(e!.text).toMatch(/position 10\b/);
    const second = serviceException((await getMap({ layers: `${ws}:states,${ws}:states`, styles: ',', cql_filter: "INCLUDE;state_name = 'x' AND" })).text);
    expect(second).toMatchObject({ code: 'InvalidParameterValue', locator: 'cql_filter' });
    expect(second!.text).toMatch(/position 2[0-9]\b/);
    const count = serviceException((await getMap({ layers: `${ws}:states,${ws}:states`, styles: ',', cql_filter: 'INCLUDE' })).text);
    expect(count).toMatchObject({ code: 'InvalidParameterValue', locator: 'cql_filter' });
  });

  it('refuses a CQL_FILTER only the database finds wrong (an overflow, an unknown SRID) as InvalidParameterValue, never as the store failing', async () => {
    const ws = await fresh();
    const id = await publishStates(ws, 'west', "<cqlFilter>state_abbr IN ('CO', 'WY')</cqlFilter>");
    for (const filter of ['persons * 1e308 * 1e308 > 1', "BBOX(the_geom, -110, 37, -100, 45, 'EPSG:999999')"]) {
      for (const params of [{ layers: id }, { ...infoAt(COLORADO_PX), layers: id, query_layers: id }]) {
        const res = await getMap({ ...params, cql_filter: filter });
        expect([res.status, serviceException(res.text)?.code]).toEqual([200, 'InvalidParameterValue']);
        expect(serviceException(res.text)?.text).not.toMatch(/unreachable/);
      }
    }
  });

  it('serves nothing (409 naming the position) while it is no filter; every row once an empty cqlFilter removes it', async () => {
    const ws = await fresh();
    const id = await publishStates(ws, 'broken', "<cqlFilter>state_name = = 'Wyoming'</cqlFilter>");
    const items = await f.get(`/collections/${id}/items`);
    expect(items).toBeTextError(409);
    expect(items.text).toMatch(new RegExp(`^Layer '${id}' serves no features: its cqlFilter 'state_name = = 'Wyoming'' cannot be applied: .*position 14\\b`));
    expect(await getTile(id)).toBeTextError(409);
    expect(serviceException((await getMap({ layers: id })).text)?.text).toMatch(/cqlFilter/);

    const path = `/workspaces/${ws}/datastores/gis/featuretypes/broken`;
    expect(await ctx.api.putXml(path, '<featureType><cqlFilter></cqlFilter></featureType>')).toHaveStatus(200);
    const [{ n }] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM states');
    expect((await f.get(`/collections/${id}/items`)).json().numberReturned).toBe(n);
    expect(await ctx.api.putJson(path, { featureType: { cqlFilter: "state_abbr = 'CO'" } })).toHaveStatus(200);
    expect((await f.get(`/collections/${id}/items`)).json().features.map((x: Feature) => x.properties.state_abbr)).toEqual(['CO']);
    // A column the table does not have cannot be applied either.
    expect(await ctx.api.putJson(path, { featureType: { cqlFilter: 'area > 3' } })).toHaveStatus(200);
    expect(await f.get(`/collections/${id}/items`)).toBeTextError(409);
  });
});

describe('a feature type with an attribute subset', () => {
  it('publishes only those attributes: REST, items, single features and tiles', async () => {
    const ws = await fresh();
    const id = await publishStates(ws, 'names', attributes('the_geom', 'state_name'));
    const ft = (await ctx.api.get(`/workspaces/${ws}/datastores/gis/featuretypes/names.json`)).json().featureType;
    expect(ft.attributes.attribute.map((a: { name: string }) => a.name)).toEqual(['the_geom', 'state_name']);

    const rows = await ctx.db.query<{ state_name: string }>('SELECT state_name FROM states ORDER BY state_name');
    const page = (await f.get(`/collections/${id}/items`)).json();
    expect(page.features.map((x: { properties: object }) => x.properties).sort((a: any, b: any) => a.state_name.localeCompare(b.state_name))).toEqual(
      rows.map((r) => ({ state_name: r.state_name })),
    );
    expect(page.features[0].geometry.type).toBe('MultiPolygon');
    const one = (await f.get(`/collections/${id}/items/${page.features[0].id}`)).json();
    expect(Object.keys(one.properties)).toEqual(['state_name']);
    // The same ids as the whole layer: the subset changes what a feature says, not which it is.
    const all = (await f.get(`/collections/${ws}:states/items`)).json();
    expect(page.features.map((x: { id: string }) => x.id).sort()).toEqual(all.features.map((x: { id: string }) => x.id).sort());
    expect(Object.keys(all.features[0].properties)).toEqual(['state_name', 'state_abbr', 'persons']);

    const res = await getTile(id);
    expect(res).toHaveStatus(200);
    expect(res.contentType).toBe(MVT);
    const decoded = decodeTile(res.bytes, tile).names.features;
    expect(decoded.map((x) => x.properties).sort((a: any, b: any) => a.state_name.localeCompare(b.state_name))).toEqual([
      { state_name: 'Colorado' },
      { state_name: 'Wyoming' },
    ]);
  });

  it('treats a column it leaves out as no property: properties= naming it is a 400, as an unknown name', async () => {
    const ws = await fresh();
    const id = await publishStates(ws, 'names', attributes('state_name', 'persons'));
    expect(await f.get(`/collections/${id}/items?properties=state_abbr`)).toBeTextError(
      400,
      `No such property in collection '${id}': 'state_abbr'; it has state_name, persons`,
    );
    const page = (await f.get(`/collections/${id}/items?properties=persons`)).json();
    expect(Object.keys(page.features[0].properties)).toEqual(['persons']);
    expect(await f.get(`/collections/${id}/items/${page.features[0].id}?properties=state_abbr`)).toBeTextError(400);
  });

  it('refuses a subset naming a column the table lacks (400, nothing stored); every column is no subset', async () => {
    const ws = await fresh();
    const res = await ctx.api.postXml(
      `/workspaces/${ws}/datastores/gis/featuretypes`,
      `<featureType><name>bad</name><nativeName>states</nativeName>${attributes('state_name', 'area')}</featureType>`,
    );
    expect(res).toBeTextError(400, `No such attribute in '${ctx.db.schema}.states': 'area'; it has the_geom, state_name, state_abbr, persons`);
    expect(await ctx.api.get(`/workspaces/${ws}/datastores/gis/featuretypes/bad.json`)).toHaveStatus(404);

    // A body listing every column (a GET sent back) pins nothing: a column added later is published.
    await ctx.db.query('CREATE TABLE states_grow AS SELECT * FROM states');
    const id = await publishStates(ws, 'grow', attributes('the_geom', 'state_name', 'state_abbr', 'persons'), 'states_grow');
    await ctx.db.query('ALTER TABLE states_grow ADD COLUMN rank int DEFAULT 1');
    expect((await f.get(`/collections/${id}/items?properties=rank`)).json().features[0].properties).toEqual({ rank: 1 });
  });

  it('serves nothing once the table loses a column the subset names (409), and again once the subset is changed', async () => {
    const ws = await fresh();
    await ctx.db.query('CREATE TABLE states_shrink AS SELECT * FROM states');
    const id = await publishStates(ws, 'shrink', attributes('state_name', 'state_abbr'), 'states_shrink');
    expect((await f.get(`/collections/${id}/items`)).json().features).toHaveLength(3);
    await ctx.db.query('ALTER TABLE states_shrink DROP COLUMN state_abbr');
    const refusal = `Layer '${id}' serves no features: its attributes name 'state_abbr', which '${ctx.db.schema}.states_shrink' no longer has; update its attributes`;
    expect(await f.get(`/collections/${id}/items`)).toBeTextError(409, refusal);
    expect(await getTile(id)).toBeTextError(409, refusal);
    expect(await ctx.api.putXml(`/workspaces/${ws}/datastores/gis/featuretypes/shrink`, `<featureType>${attributes('state_name')}</featureType>`)).toHaveStatus(
      200,
    );
    expect(Object.keys((await f.get(`/collections/${id}/items`)).json().features[0].properties)).toEqual(['state_name']);
  });
});

describe("a client's filter on items", () => {
  it('is ANDed with the cqlFilter, combined with sortby and paging; naming a column the layer hides is a 400', async () => {
    const ws = await fresh();
    const id = await publishStates(ws, 'west', "<cqlFilter>state_abbr IN ('CO', 'WY')</cqlFilter>");
    const names = async (query: string) =>
      ((await f.get(`/collections/${id}/items?${query}`)).json().features as Feature[]).map((x) => x.properties.state_name);
    expect(await names(`filter=${encodeURIComponent('persons > 500000')}&sortby=-state_name`)).toEqual(['Wyoming', 'Colorado']);
    expect(await names(`filter=${encodeURIComponent('persons > 1000000')}`)).toEqual(['Colorado']);
    // New York passes the client's filter but not the layer's.
    expect(await names(`filter=${encodeURIComponent("state_abbr = 'NY'")}`)).toEqual([]);
    expect(await names(`filter=${encodeURIComponent('persons > 500000')}&sortby=state_name&limit=1&offset=1`)).toEqual(['Wyoming']);

    const hidden = await publishStates(ws, 'names', `${attributes('state_name')}<cqlFilter>persons &gt; 1000000</cqlFilter>`);
    const res = await f.get(`/collections/${hidden}/items?filter=${encodeURIComponent('persons > 3')}`);
    expect(res).toBeTextError(400);
    expect(res.text).toMatch(/^Invalid filter: .*"persons".*position 1\b/);
    expect((await f.get(`/collections/${hidden}/items?filter=${encodeURIComponent("state_name LIKE 'C%'")}`)).json().features).toHaveLength(1);
  });

  it("reaches the server from GDAL 3.6's OAPIF driver (-where), which reads the queryables in its older form", async () => {
    const ws = await fresh();
    const id = await publishStates(ws, 'west', "<cqlFilter>state_abbr IN ('CO', 'WY')</cqlFilter>");
    const { stdout, stderr } = await promisify(execFile)(
      'ogrinfo',
      [
        '-ro',
        '--config',
        'GDAL_HTTP_AUTH',
        'BASIC',
        '--config',
        'GDAL_HTTP_USERPWD',
        `${ctx.server.admin.user}:${ctx.server.admin.password}`,
        '--config',
        'CPL_DEBUG',
        'ON',
        `OAPIF:${f.root}`,
        id,
        '-where',
        'persons > 1000000',
      ],
      { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
    );
    expect([...stdout.matchAll(/state_name \(String\) = (.*)/g)].map((m) => m[1])).toEqual(['Colorado']);
    expect(stderr).toContain(`/collections/${id}/queryables?f=json`);
    expect(stderr).toMatch(/\/items\?[^\s)]*filter=persons/);
  });
});

describe('an attribute subset, everywhere', () => {
  it('hides the other columns in GetFeatureInfo and the queryables; sortby or CQL_FILTER naming one is refused', async () => {
    const ws = await fresh();
    const id = await publishStates(ws, 'names', attributes('the_geom', 'state_name'));
    const info = await getMap({ ...infoAt(COLORADO_PX), layers: id, query_layers: id });
    expect(info.json().features.map((x: Feature) => x.properties)).toEqual([{ state_name: 'Colorado' }]);
    const gml = await getMap({ ...infoAt(COLORADO_PX), layers: id, query_layers: id, info_format: 'application/vnd.ogc.gml' });
    expect(gml.text).toContain('Colorado');
    expect(gml.text).not.toMatch(/state_abbr|persons/);

    const q = (await f.get(`/collections/${id}/queryables`)).json();
    expect(Object.keys(q.properties)).toEqual(['the_geom', 'state_name']);
    expect(await f.get(`/collections/${id}/items?sortby=persons`)).toBeTextError(
      400,
      `Invalid sortby: collection '${id}' cannot be sorted by 'persons'; it can by state_name`,
    );
    const e = serviceException((await getMap({ layers: id, cql_filter: 'persons > 3' })).text);
    expect(e).toMatchObject({ code: 'InvalidParameterValue', locator: 'cql_filter' });
    expect(e!.text).toMatch(/persons/);
    // Its own cqlFilter may still name a column it does not publish, as GeoServer's does.
    const hidden = await publishStates(ws, 'small', `${attributes('state_name')}<cqlFilter>persons &lt; 1000000</cqlFilter>`);
    expect((await f.get(`/collections/${hidden}/items`)).json().features.map((x: Feature) => x.properties)).toEqual([{ state_name: 'Wyoming' }]);
  });
});

describe('queryables', () => {
  it('are a JSON Schema of what the layer publishes, geometry included, linked from the collection; f=json adds the list GDAL 3.6 reads', async () => {
    const ws = await fresh();
    const id = `${ws}:states`;
    const collection = (await f.get(`/collections/${id}`)).json();
    const href = collection.links.find((l: { rel: string }) => l.rel === 'http://www.opengis.net/def/rel/ogc/1.0/queryables');
    expect(href).toEqual({
      href: `${f.root}/collections/${id}/queryables`,
      rel: 'http://www.opengis.net/def/rel/ogc/1.0/queryables',
      type: 'application/schema+json',
      title: expect.any(String),
    });
    const res = await f.get(`/collections/${id}/queryables`);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/schema+json']);
    const schema = res.json();
    expect(schema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: `${f.root}/collections/${id}/queryables`,
      type: 'object',
      title: 'states',
      properties: {
        the_geom: { title: 'the_geom', format: 'geometry-multipolygon', 'x-ogc-role': 'primary-geometry' },
        state_name: { title: 'state_name', type: 'string', maxLength: 80 },
        state_abbr: { title: 'state_abbr', type: 'string', maxLength: 2 },
        persons: { title: 'persons', type: 'number' },
      },
      additionalProperties: false,
    });
    // Python's jsonschema (no app code) checks the schema, and every feature's properties against it.
    const features = (await f.get(`/collections/${id}/items`)).json().features as Feature[];
    expect(
      jsonSchemaVerdict(
        schema,
        features.map((x) => x.properties),
      ),
    ).toBe('ok 3');
    expect(jsonSchemaVerdict(schema, [{ state_name: 'x', area: 3 }])).toMatch(/^invalid/);

    const draft = await f.get(`/collections/${id}/queryables?f=json`);
    expect(draft.headers.get('content-type')).toBe('application/json');
    expect(draft.json().queryables.map((x: { id: string }) => x.id)).toEqual(['the_geom', 'state_name', 'state_abbr', 'persons']);
    expect(collection.links).toContainEqual(
      expect.objectContaining({ rel: 'queryables', type: 'application/json', href: `${f.root}/collections/${id}/queryables?f=json` }),
    );
    expect(await f.get(`/collections/${id}/queryables?f=xml`)).toBeTextError(400);
    expect(await f.get(`/collections/${ws}:nope/queryables`)).toBeTextError(404);
    expect((await f.get('/conformance')).json().conformsTo).toContain('http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables');
  });
});

describe('sortby', () => {
  it('orders the features by published properties, ties by id, combined with bbox, the cqlFilter and paging', async () => {
    const ws = await fresh();
    const names = async (query: string) =>
      ((await f.get(`/collections/${ws}:states/items?${query}`)).json().features as Feature[]).map((x) => x.properties.state_name);
    const rows = await ctx.db.query<{ state_name: string }>('SELECT state_name FROM states ORDER BY persons DESC');
    expect(await names('sortby=-persons')).toEqual(rows.map((r) => r.state_name));
    expect(await names('sortby=%2Bstate_name')).toEqual(['Colorado', 'New York', 'Wyoming']);
    // An unescaped + arrives as a space: ascending too.
    expect(await names('sortby=+state_name')).toEqual(['Colorado', 'New York', 'Wyoming']);
    expect(await names('sortby=-state_name&bbox=-112,36,-100,46')).toEqual(['Wyoming', 'Colorado']);
    const pages = [];
    for (let offset = 0; offset < 3; offset++) pages.push(...(await names(`sortby=-persons&limit=1&offset=${offset}`)));
    expect(pages).toEqual(rows.map((r) => r.state_name));
    const west = await publishStates(ws, 'west', "<cqlFilter>state_abbr &lt;&gt; 'NY'</cqlFilter>");
    expect(((await f.get(`/collections/${west}/items?sortby=-state_abbr`)).json().features as Feature[]).map((x) => x.properties.state_abbr)).toEqual([
      'WY',
      'CO',
    ]);

    expect(await f.get(`/collections/${ws}:states/items?sortby=area`)).toBeTextError(
      400,
      `Invalid sortby: collection '${ws}:states' cannot be sorted by 'area'; it can by state_name, state_abbr, persons`,
    );
    expect(await f.get(`/collections/${ws}:states/items?sortby=the_geom`)).toBeTextError(400);
    expect(await f.get(`/collections/${ws}:states/items?sortby=persons,-persons`)).toBeTextError(400);
    expect(await f.get(`/collections/${ws}:states/items?sortby=,`)).toBeTextError(400);
  });
});

describe('datetime', () => {
  it('is refused (400 naming why) on a layer without a time dimension: it cannot select features', async () => {
    const ws = await fresh();
    expect(await f.get(`/collections/${ws}:states/items?datetime=2024-01-01T00:00:00Z/..`)).toBeTextError(
      400,
      `Invalid datetime: collection '${ws}:states' has no time dimension (GeoServer's 'time' entry in its feature type's metadata), so its features cannot be selected by time`,
    );
    expect(await f.get(`/collections/${ws}:states/items?datetime=yesterday`)).toBeTextError(400);
  });
});
