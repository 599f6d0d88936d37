/**
 * Feature types over a real PostGIS database: the tables are created by this file (see
 * support/postgis.ts), the api introspects them, and every number the api reports is compared with
 * what PostGIS computes for the same table.
 */
import { createWorkspace } from '../support/catalog';
import {
  AttributeExpectation,
  boxDiff,
  createFeatureType,
  expectedKeywords,
  featureTypeBodyXml,
  featureTypeJson,
  featureTypesPath,
  featureTypeXml,
  GEOM,
  LATLON_FROM_PROJECTED_TOL,
  NATIVE_TOL,
  normalizeFeatureTypeJson,
  normalizeFeatureTypeXml,
  seedFeatureTypeXml,
  wktAuthority,
  wktLayoutProblems,
} from '../support/featuretype';
import { atomLink, parseJsonList, parseXmlList, uniqueName } from '../support/geoserver';
import { HttpResponse } from '../support/http';
import {
  ALL_TYPES_COLUMNS,
  Box,
  createAllTypesTable,
  createAntimeridianTable,
  createRiversTable,
  createSpatialStore,
  createStatesTable,
  createTable,
  createUtmLinesTable,
  STATES_COLUMNS,
  tableSuffix,
  useSpatialApi,
} from '../support/postgis';

const ctx = useSpatialApi();

const STATES_ATTRIBUTES: AttributeExpectation[] = [
  { name: 'the_geom', binding: `${GEOM}MultiPolygon` },
  { name: 'state_name', binding: 'java.lang.String', length: 80 },
  { name: 'state_abbr', binding: 'java.lang.String', length: 2 },
  { name: 'persons', binding: 'java.lang.Double' },
];
const UTM_ATTRIBUTES: AttributeExpectation[] = [
  { name: 'geom', binding: `${GEOM}LineString` },
  { name: 'name', binding: 'java.lang.String', length: 40 },
  { name: 'lanes', binding: 'java.lang.Integer' },
];
const RIVERS_ATTRIBUTES: AttributeExpectation[] = [
  { name: 'geom', binding: `${GEOM}MultiLineString` },
  { name: 'name', binding: 'java.lang.String', length: 50 },
];
const DATELINE_ATTRIBUTES: AttributeExpectation[] = [
  { name: 'geom', binding: `${GEOM}MultiPolygon` },
  { name: 'name', binding: 'java.lang.String' },
];

const T = {
  states: 'states',
  utm: 'roads_utm13',
  dateline: 'fiji_dateline',
  rivers: 'rivers',
  noGeom: 'no_geom_prices',
  empty: 'empty_points',
  allTypes: 'all_types',
};

beforeAll(async () => {
  const { db } = ctx;
  await createStatesTable(db, T.states);
  await createUtmLinesTable(db, T.utm);
  await createAntimeridianTable(db, T.dateline);
  await createRiversTable(db, T.rivers);
  await createTable(
    db,
    T.noGeom,
    [
      { name: 'item', type: 'varchar(30)' },
      { name: 'price', type: 'numeric(8,2)' },
    ],
    [["'bread'", '2.50']],
  );
  await createTable(db, T.empty, [
    { name: 'geom', type: 'geometry(Point,4326)' },
    { name: 'label', type: 'text' },
  ]);
  await createAllTypesTable(db, T.allTypes);
}, 60_000);

/** A fresh workspace with one PostGIS store on the test database. */
async function freshStore(storeName = 'gis'): Promise<{ ws: string; ds: string }> {
  const ws = uniqueName('ws');
  await createWorkspace(ctx.api, ws);
  await createSpatialStore(ctx.api, ctx.db, ws, storeName);
  return { ws, ds: storeName };
}

function ftPath(ws: string, ds: string | undefined, name: string, ext = '.xml'): string {
  return `${featureTypesPath(ws, ds)}/${encodeURIComponent(name)}${ext}`;
}

async function getXml(ws: string, ds: string | undefined, name: string) {
  const res = await ctx.api.get(ftPath(ws, ds, name, '.xml'));
  expect(res).toHaveStatus(200);
  expect(res.contentType).toBe('application/xml');
  return { res, n: normalizeFeatureTypeXml(res.text) };
}

async function getJson(ws: string, ds: string | undefined, name: string) {
  const res = await ctx.api.get(ftPath(ws, ds, name, '.json'));
  expect(res).toHaveStatus(200);
  expect(res.contentType).toBe('application/json');
  return { res, n: normalizeFeatureTypeJson(res.text) };
}

function expectGeographicWkt(wkt: string | undefined, code: string): void {
  expect(wkt).toBeDefined();
  expect(wkt!.startsWith('GEOGCS["WGS 84",')).toBe(true);
  expect(wktLayoutProblems(wkt!)).toEqual([]);
  expect(wktAuthority(wkt!)).toBe(code);
}

function expectLatLonCrsWkt(wkt: string | undefined): void {
  expect(wkt).toBeDefined();
  expect(wkt!.startsWith('GEOGCS["WGS84(DD)",')).toBe(true);
  expect(wktLayoutProblems(wkt!)).toEqual([]);
}

function expectBox(actual: Box | undefined, expected: Box, abs: number, rel = 0): void {
  expect(boxDiff(actual, expected, abs, rel)).toEqual([]);
}

/** The `<attributes>` element of an XML feature type, or '' when absent. */
function attributesBlock(text: string): string {
  return /\n {2}<attributes>[\s\S]*\n {2}<\/attributes>/.exec(text)?.[0] ?? '';
}

function attributesXml(attrs: AttributeExpectation[]): string {
  // The same lines featureTypeXml writes, cut out of a minimal expectation.
  return attributesBlock(featureTypeXml('', { ws: 'w', store: 's', name: 'n', srs: 'EPSG:4326', attributes: attrs }));
}

describe('feature types: publishing the seed states table (EPSG:4326 MultiPolygon)', () => {
  it('POST the seed body: 201, absolute Location without suffix, name as text/plain', async () => {
    const { api, server } = ctx;
    const { ws, ds } = await freshStore();
    const res = await api.postXml(featureTypesPath(ws, ds), seedFeatureTypeXml('states', 'states', 'US States'));
    expect(res).toHaveStatus(201);
    expect(res.headers.get('location')).toBe(`${server.restUrl}/workspaces/${ws}/datastores/${ds}/featuretypes/states`);
    expect(res.contentType).toBe('text/plain');
    expect(res.text).toBe('states');
  });

  it('GETs it as XML field by field in GeoServer order; WKTs laid out as GeoServer; boxes = ST_Extent', async () => {
    const { api, server, db } = ctx;
    const { ws, ds } = await freshStore();
    await createFeatureType(api, ws, ds, seedFeatureTypeXml('states', 'states', 'US States'));
    const { res, n } = await getXml(ws, ds, 'states');

    expect(n.text).toBe(featureTypeXml(server.restUrl, { ws, store: ds, name: 'states', title: 'US States', srs: 'EPSG:4326', attributes: STATES_ATTRIBUTES }));
    // XStream escapes the quotes of the WKT.
    expect(res.text).toContain('<nativeCRS>GEOGCS[&quot;WGS 84&quot;,');
    expectGeographicWkt(n.nativeCRS, '4326');
    expectLatLonCrsWkt(n.latLonCrs);

    const extent = (await db.extent(T.states, 'the_geom'))!;
    expectBox(n.native, extent, NATIVE_TOL.abs, NATIVE_TOL.rel);
    expectBox(n.latLon, extent, NATIVE_TOL.abs, NATIVE_TOL.rel);
    // The reference's Lower Manhattan box edge is the maximum x: all its digits are written.
    expect(n.native!.maxx).toBeCloseTo(-74.00153046439813, 5);
  });

  it('GETs it as JSON: same fields, typed numbers and booleans, keywords/attributes as arrays, same WKT as XML', async () => {
    const { api, server, db } = ctx;
    const { ws, ds } = await freshStore();
    await createFeatureType(api, ws, ds, seedFeatureTypeXml('states', 'states', 'US States'));
    const { n } = await getJson(ws, ds, 'states');
    expect(n.text).toBe(
      featureTypeJson(server.restUrl, { ws, store: ds, name: 'states', title: 'US States', srs: 'EPSG:4326', attributes: STATES_ATTRIBUTES }),
    );
    const xml = (await getXml(ws, ds, 'states')).n;
    expect(n.nativeCRS).toBe(xml.nativeCRS);
    expect(n.latLonCrs).toBe(xml.latLonCrs);
    expect(n.native).toEqual(xml.native);
    expect(n.latLon).toEqual(xml.latLon);
    const extent = (await db.extent(T.states, 'the_geom'))!;
    expectBox(n.native, extent, NATIVE_TOL.abs, NATIVE_TOL.rel);
  });

  it('defaults the title to the native table name when none is sent', async () => {
    const { api, server } = ctx;
    const { ws, ds } = await freshStore();
    await createFeatureType(api, ws, ds, featureTypeBodyXml({ name: 'states', nativeName: 'states', nativeCRS: 'EPSG:4326', enabled: true }));
    const { n } = await getXml(ws, ds, 'states');
    expect(n.text).toBe(featureTypeXml(server.restUrl, { ws, store: ds, name: 'states', srs: 'EPSG:4326', attributes: STATES_ATTRIBUTES }));
    expect(n.text).toContain('\n  <title>states</title>\n');
  });

  it('writes the keywords {features, nativeName} in Java HashSet order (rivers hashes to bucket 0: rivers first)', async () => {
    const { api, server } = ctx;
    expect(expectedKeywords('states')).toEqual(['features', 'states']);
    expect(expectedKeywords('rivers')).toEqual(['rivers', 'features']);
    const { ws, ds } = await freshStore();
    await createFeatureType(api, ws, ds, seedFeatureTypeXml(T.rivers, T.rivers));
    const { n } = await getXml(ws, ds, T.rivers);
    expect(n.text).toBe(featureTypeXml(server.restUrl, { ws, store: ds, name: T.rivers, srs: 'EPSG:4326', attributes: RIVERS_ATTRIBUTES }));
    expect(n.text).toContain('  <keywords>\n    <string>rivers</string>\n    <string>features</string>\n  </keywords>');
    const json = (await getJson(ws, ds, T.rivers)).res.json();
    expect(json.featureType.keywords).toEqual({ string: ['rivers', 'features'] });
  });
});

describe('feature types: other tables', () => {
  it('a LineString table in EPSG:26913: PROJCS WKT with class="projected", projected box crs, lat/lon box = transformed box', async () => {
    const { api, server, db } = ctx;
    const { ws, ds } = await freshStore();
    await createFeatureType(api, ws, ds, seedFeatureTypeXml(T.utm, T.utm, undefined, 'EPSG:26913'));
    const expectation = { ws, store: ds, name: T.utm, srs: 'EPSG:26913', projected: true, attributes: UTM_ATTRIBUTES };
    const { res, n } = await getXml(ws, ds, T.utm);
    expect(n.text).toBe(featureTypeXml(server.restUrl, expectation));
    expect(res.text).toContain('<nativeCRS class="projected">PROJCS[&quot;');
    expect(res.text).toContain('<crs class="projected">EPSG:26913</crs>');
    expect(n.nativeCRS!.startsWith('PROJCS["NAD83 / UTM zone 13N",')).toBe(true);
    expect(wktLayoutProblems(n.nativeCRS!)).toEqual([]);
    expect(wktAuthority(n.nativeCRS!)).toBe('26913');
    expectLatLonCrsWkt(n.latLonCrs);

    const extent = (await db.extent(T.utm))!;
    expectBox(n.native, extent, NATIVE_TOL.abs, NATIVE_TOL.rel);
    expectBox(n.latLon, await db.toLatLon(extent, 26913), LATLON_FROM_PROJECTED_TOL);
    // Near Denver, in degrees.
    expect(n.latLon!.minx).toBeGreaterThan(-105);
    expect(n.latLon!.maxx).toBeLessThan(-104.7);

    const json = await getJson(ws, ds, T.utm);
    expect(json.n.text).toBe(featureTypeJson(server.restUrl, expectation));
    expect(json.res.json().featureType.nativeCRS['@class']).toBe('projected');
    expect(json.n.nativeCRS).toBe(n.nativeCRS);
    expect(json.res.json().featureType.nativeBoundingBox.crs).toEqual({ '@class': 'projected', $: 'EPSG:26913' });
  });

  it('data crossing the antimeridian: boxes are not clamped, lat/lon minx < -180', async () => {
    const { api, server, db } = ctx;
    const { ws, ds } = await freshStore();
    await createFeatureType(api, ws, ds, seedFeatureTypeXml(T.dateline, T.dateline));
    const { n } = await getXml(ws, ds, T.dateline);
    expect(n.text).toBe(featureTypeXml(server.restUrl, { ws, store: ds, name: T.dateline, srs: 'EPSG:4326', attributes: DATELINE_ATTRIBUTES }));
    const extent = (await db.extent(T.dateline))!;
    expect(extent.minx).toBeLessThan(-180);
    expectBox(n.native, extent, NATIVE_TOL.abs, NATIVE_TOL.rel);
    expectBox(n.latLon, extent, NATIVE_TOL.abs, NATIVE_TOL.rel);
    expect(n.latLon!.minx).toBeLessThan(-180);
    expect(n.latLon!.minx).toBeCloseTo(-181.5, 5);
  });

  it('a table without geometry: published, its attributes are its columns', async () => {
    const { api, server } = ctx;
    const { ws, ds } = await freshStore();
    const res = await api.postXml(featureTypesPath(ws, ds), seedFeatureTypeXml(T.noGeom, T.noGeom));
    expect(res).toHaveStatus(201);
    expect(res.headers.get('location')).toBe(`${server.restUrl}/workspaces/${ws}/datastores/${ds}/featuretypes/${T.noGeom}`);
    const xml = await api.get(ftPath(ws, ds, T.noGeom));
    expect(xml).toHaveStatus(200);
    const attrs: AttributeExpectation[] = [
      { name: 'item', binding: 'java.lang.String', length: 30 },
      { name: 'price', binding: 'java.math.BigDecimal' },
    ];
    expect(attributesBlock(xml.text)).toBe(attributesXml(attrs));
    expect(xml.text).toMatch(/\n {2}<\/attributes>\n<\/featureType>$/);
    expect(xml.text).toContain(`\n  <name>${T.noGeom}</name>\n  <nativeName>${T.noGeom}</nativeName>\n`);
    const json = (await api.get(ftPath(ws, ds, T.noGeom, '.json'))).json();
    expect(json.featureType.attributes.attribute.map((a: { name: string; binding: string }) => [a.name, a.binding])).toEqual([
      ['item', 'java.lang.String'],
      ['price', 'java.math.BigDecimal'],
    ]);
  });

  it('an empty table: both boxes are the empty envelope (0.0, -1.0, 0.0, -1.0)', async () => {
    const { api, server } = ctx;
    const { ws, ds } = await freshStore();
    await createFeatureType(api, ws, ds, seedFeatureTypeXml(T.empty, T.empty));
    const { res, n } = await getXml(ws, ds, T.empty);
    expect(n.text).toBe(
      featureTypeXml(server.restUrl, {
        ws,
        store: ds,
        name: T.empty,
        srs: 'EPSG:4326',
        attributes: [
          { name: 'geom', binding: `${GEOM}Point` },
          { name: 'label', binding: 'java.lang.String' },
        ],
      }),
    );
    const empty = { minx: 0, maxx: -1, miny: 0, maxy: -1 };
    expect(n.native).toEqual(empty);
    expect(n.latLon).toEqual(empty);
    expect(res.text).toContain('<nativeBoundingBox>\n    <minx>0.0</minx>\n    <maxx>-1.0</maxx>\n    <miny>0.0</miny>\n    <maxy>-1.0</maxy>');
  });

  it('a table with every common column type: Java bindings, length only for varchar(n)', async () => {
    const { api, server, db } = ctx;
    const { ws, ds } = await freshStore();
    await createFeatureType(api, ws, ds, seedFeatureTypeXml(T.allTypes, T.allTypes));
    const attributes = ALL_TYPES_COLUMNS.map(({ name, binding, length }) => ({ name, binding, ...(length !== undefined ? { length } : {}) }));
    const { n } = await getXml(ws, ds, T.allTypes);
    expect(n.text).toBe(featureTypeXml(server.restUrl, { ws, store: ds, name: T.allTypes, srs: 'EPSG:4326', attributes }));
    expectBox(n.native, (await db.extent(T.allTypes))!, NATIVE_TOL.abs, NATIVE_TOL.rel);
    const json = await getJson(ws, ds, T.allTypes);
    expect(json.n.text).toBe(featureTypeJson(server.restUrl, { ws, store: ds, name: T.allTypes, srs: 'EPSG:4326', attributes }));
  });
});

describe('feature types: what a client may leave out', () => {
  it('name only: nativeName = name, srs and nativeCRS from the table, title = table name', async () => {
    const { api, server } = ctx;
    const { ws, ds } = await freshStore();
    const res = await api.postXml(featureTypesPath(ws, ds), `<featureType><name>${T.states}</name></featureType>`);
    expect(res).toHaveStatus(201);
    const { n } = await getXml(ws, ds, T.states);
    expect(n.text).toBe(featureTypeXml(server.restUrl, { ws, store: ds, name: T.states, srs: 'EPSG:4326', attributes: STATES_ATTRIBUTES }));
    expectGeographicWkt(n.nativeCRS, '4326');
  });

  it('nativeName only: name = nativeName', async () => {
    const { api, server } = ctx;
    const { ws, ds } = await freshStore();
    const res = await api.postXml(featureTypesPath(ws, ds), `<featureType><nativeName>${T.utm}</nativeName></featureType>`);
    expect(res).toHaveStatus(201);
    expect(res.headers.get('location')).toBe(`${server.restUrl}/workspaces/${ws}/datastores/${ds}/featuretypes/${T.utm}`);
    const { n } = await getXml(ws, ds, T.utm);
    expect(n.text).toBe(featureTypeXml(server.restUrl, { ws, store: ds, name: T.utm, srs: 'EPSG:26913', projected: true, attributes: UTM_ATTRIBUTES }));
  });

  it('a published name other than the table name: name ≠ nativeName, title = table name', async () => {
    const { api, server } = ctx;
    const { ws, ds } = await freshStore();
    await createFeatureType(api, ws, ds, featureTypeBodyXml({ name: 'usa', nativeName: T.states, nativeCRS: 'EPSG:4326', enabled: true }));
    const { n } = await getXml(ws, ds, 'usa');
    expect(n.text).toBe(featureTypeXml(server.restUrl, { ws, store: ds, name: 'usa', nativeName: T.states, srs: 'EPSG:4326', attributes: STATES_ATTRIBUTES }));
    expect(await api.get(ftPath(ws, ds, T.states))).toHaveStatus(404);
  });

  it('srs instead of nativeCRS: the same representation', async () => {
    const { api, server } = ctx;
    const { ws, ds } = await freshStore();
    await createFeatureType(api, ws, ds, featureTypeBodyXml({ name: T.states, nativeName: T.states, srs: 'EPSG:4326', enabled: true }));
    const { n } = await getXml(ws, ds, T.states);
    expect(n.text).toBe(featureTypeXml(server.restUrl, { ws, store: ds, name: T.states, srs: 'EPSG:4326', attributes: STATES_ATTRIBUTES }));
    expectGeographicWkt(n.nativeCRS, '4326');
  });

  it('a JSON body works like the XML one', async () => {
    const { api, server } = ctx;
    const { ws, ds } = await freshStore();
    const res = await api.postJson(featureTypesPath(ws, ds), {
      featureType: { name: T.states, nativeName: T.states, title: 'US States', nativeCRS: 'EPSG:4326', enabled: true },
    });
    expect(res).toHaveStatus(201);
    const { n } = await getJson(ws, ds, T.states);
    expect(n.text).toBe(
      featureTypeJson(server.restUrl, { ws, store: ds, name: T.states, title: 'US States', srs: 'EPSG:4326', attributes: STATES_ATTRIBUTES }),
    );
  });

  it("the store-less path /workspaces/{ws}/featuretypes uses the workspace's first store", async () => {
    const { api, server, db } = ctx;
    const ws = uniqueName('ws');
    await createWorkspace(api, ws);
    await createSpatialStore(api, db, ws, 'first');
    await createSpatialStore(api, db, ws, 'second');
    const res = await api.postXml(featureTypesPath(ws), seedFeatureTypeXml(T.states, T.states, 'US States'));
    expect(res).toHaveStatus(201);
    expect(res.headers.get('location')).toBe(`${server.restUrl}/workspaces/${ws}/featuretypes/${T.states}`);
    const expected = featureTypeXml(server.restUrl, {
      ws,
      store: 'first',
      name: T.states,
      title: 'US States',
      srs: 'EPSG:4326',
      attributes: STATES_ATTRIBUTES,
    });
    expect((await getXml(ws, undefined, T.states)).n.text).toBe(expected);
    expect((await getXml(ws, 'first', T.states)).n.text).toBe(expected);
    expect(await api.get(ftPath(ws, 'second', T.states))).toHaveStatus(404);
    const list = parseXmlList((await api.get(`${featureTypesPath(ws)}.xml`)).text, 'featureTypes', 'featureType');
    expect(list.map((i) => i.name)).toEqual([T.states]);
  });
});

describe('feature types: lists', () => {
  it('lists configured feature types in XML (atom+xml links) and JSON; an empty store lists nothing', async () => {
    const { api, server } = ctx;
    const { ws, ds } = await freshStore();
    expect((await api.get(`${featureTypesPath(ws, ds)}.xml`)).text).toBe('<featureTypes/>');
    expect((await api.get(`${featureTypesPath(ws, ds)}.json`)).text).toBe('{"featureTypes":""}');
    await createFeatureType(api, ws, ds, seedFeatureTypeXml(T.states, T.states));
    await createFeatureType(api, ws, ds, seedFeatureTypeXml(T.rivers, T.rivers));
    const base = `${server.restUrl}/workspaces/${ws}/datastores/${ds}/featuretypes`;
    const xml = await api.get(`${featureTypesPath(ws, ds)}.xml`);
    expect(xml).toHaveStatus(200);
    expect(xml.text).toBe(
      [
        '<featureTypes>',
        ...[T.rivers, T.states].flatMap((t) => [
          '  <featureType>',
          `    <name>${t}</name>`,
          `    ${atomLink(`${base}/${t}.xml`, 'application/atom+xml')}`,
          '  </featureType>',
        ]),
        '</featureTypes>',
      ].join('\n'),
    );
    const json = await api.get(`${featureTypesPath(ws, ds)}.json`);
    expect(json.text).toBe(JSON.stringify({ featureTypes: { featureType: [T.rivers, T.states].map((t) => ({ name: t, href: `${base}/${t}.json` })) } }));
    expect(parseJsonList(json.text, 'featureTypes', 'featureType')).toHaveLength(2);
  });

  it('?list=available|available_with_geom|all lists the tables of the store (XML <list>, JSON {"list":{"string":[…]}})', async () => {
    const { api, db } = ctx;
    const schema = `lists_${tableSuffix()}`;
    await db.query(`CREATE SCHEMA "${schema}"`);
    for (const [t, cols] of [
      ['alpha_pts', '(geom geometry(Point,4326), n int4)'],
      ['beta_lines', '(geom geometry(LineString,4326))'],
      ['gamma_plain', '(label text)'],
    ] as const) {
      await db.query(`CREATE TABLE "${schema}"."${t}" ${cols}`);
    }
    const ws = uniqueName('ws');
    await createWorkspace(api, ws);
    await createSpatialStore(api, db, ws, 'lists', { schema });
    await createFeatureType(api, ws, 'lists', seedFeatureTypeXml('alpha_pts', 'alpha_pts'));

    const path = featureTypesPath(ws, 'lists');
    const listXml = (names: string[]) => ['<list>', ...names.map((n) => `  <featureTypeName>${n}</featureTypeName>`), '</list>'].join('\n');
    const cases: Array<[string, string[]]> = [
      ['available', ['beta_lines', 'gamma_plain']],
      ['available_with_geom', ['beta_lines']],
      ['all', ['alpha_pts', 'beta_lines', 'gamma_plain']],
    ];
    for (const [list, names] of cases) {
      const xml = await api.get(`${path}.xml?list=${list}`);
      expect(xml).toHaveStatus(200);
      expect(xml.contentType).toBe('application/xml');
      expect(xml.text).toBe(listXml(names));
      const json = await api.get(`${path}.json?list=${list}`);
      expect(json).toHaveStatus(200);
      expect(json.text).toBe(JSON.stringify({ list: { string: names } }));
    }
    // Default and list=configured: the catalog list.
    expect(parseXmlList((await api.get(`${path}.xml?list=configured`)).text, 'featureTypes', 'featureType').map((i) => i.name)).toEqual(['alpha_pts']);
  });

  it("?list=all on the public schema hides PostGIS's own tables and views", async () => {
    const { api, db } = ctx;
    const ws = uniqueName('ws');
    await createWorkspace(api, ws);
    await createSpatialStore(api, db, ws, 'pub', { schema: 'public' });
    const res = await api.get(`${featureTypesPath(ws, 'pub')}.json?list=all`);
    expect(res).toHaveStatus(200);
    const names: string[] = res.json().list === '' ? [] : res.json().list.string;
    for (const system of ['spatial_ref_sys', 'geometry_columns', 'geography_columns', 'raster_columns', 'raster_overviews']) {
      expect(names).not.toContain(system);
    }
    // Both modes have a `states` table in public (the test database's own, or the sample's).
    expect(names).toContain('states');
  });
});

describe('feature types: updates and live attributes', () => {
  async function growingTable(): Promise<string> {
    const table = `grow_${tableSuffix()}`;
    await createTable(ctx.db, table, STATES_COLUMNS, [
      ["ST_GeomFromText('MULTIPOLYGON(((-100 30,-99 30,-99 31,-100 31,-100 30)))', 4326)", "'A'", "'AA'", '1'],
    ]);
    return table;
  }

  it('PUT merges a partial body: only the title changes; the boxes stay as computed (no recalculation)', async () => {
    const { api, server, db } = ctx;
    const { ws, ds } = await freshStore();
    const table = await growingTable();
    await createFeatureType(api, ws, ds, seedFeatureTypeXml(table, table, 'Before'));
    const before = (await getXml(ws, ds, table)).n;

    await db.query(`INSERT INTO "${table}" (the_geom, state_name) VALUES (ST_GeomFromText('MULTIPOLYGON(((-90 35,-89 35,-89 36,-90 36,-90 35)))', 4326), 'B')`);
    expect(await api.putXml(ftPath(ws, ds, table, ''), '<featureType><title>After</title></featureType>')).toHaveStatus(200);
    const after = (await getXml(ws, ds, table)).n;
    expect(after.text).toBe(featureTypeXml(server.restUrl, { ws, store: ds, name: table, title: 'After', srs: 'EPSG:4326', attributes: STATES_ATTRIBUTES }));
    expect(after.text).toBe(before.text.replace('<title>Before</title>', '<title>After</title>'));
    expect(after.native).toEqual(before.native);
    expect(after.latLon).toEqual(before.latLon);
    expect(after.nativeCRS).toBe(before.nativeCRS);

    // A JSON PUT with a suffix merges the same way.
    expect(await api.putJson(ftPath(ws, ds, table, '.json'), { featureType: { title: 'After JSON' } })).toHaveStatus(200);
    expect((await getXml(ws, ds, table)).n.text).toBe(before.text.replace('<title>Before</title>', '<title>After JSON</title>'));
  });

  it('PUT ?recalculate=nativebbox,latlonbbox recomputes both boxes from the data', async () => {
    const { api, db } = ctx;
    const { ws, ds } = await freshStore();
    const table = await growingTable();
    await createFeatureType(api, ws, ds, seedFeatureTypeXml(table, table));
    const first = (await getXml(ws, ds, table)).n;
    expectBox(first.native, (await db.extent(table, 'the_geom'))!, NATIVE_TOL.abs, NATIVE_TOL.rel);

    await db.query(`INSERT INTO "${table}" (the_geom, state_name) VALUES (ST_GeomFromText('MULTIPOLYGON(((-90 35,-89 35,-89 36,-90 36,-90 35)))', 4326), 'B')`);
    const grown = (await db.extent(table, 'the_geom'))!;
    expect(grown.maxx).toBe(-89);
    const res = await api.putXml(`${ftPath(ws, ds, table, '')}?recalculate=nativebbox,latlonbbox`, `<featureType><name>${table}</name></featureType>`);
    expect(res).toHaveStatus(200);
    const second = (await getXml(ws, ds, table)).n;
    expect(second.text).toBe(first.text);
    expectBox(second.native, grown, NATIVE_TOL.abs, NATIVE_TOL.rel);
    expectBox(second.latLon, grown, NATIVE_TOL.abs, NATIVE_TOL.rel);
  });

  it('reads attributes live: a column added to the table after publishing shows in the next GET', async () => {
    const { api, server, db } = ctx;
    const { ws, ds } = await freshStore();
    const table = await growingTable();
    await createFeatureType(api, ws, ds, seedFeatureTypeXml(table, table));
    expect((await getXml(ws, ds, table)).n.text).toBe(
      featureTypeXml(server.restUrl, { ws, store: ds, name: table, srs: 'EPSG:4326', attributes: STATES_ATTRIBUTES }),
    );
    await db.query(`ALTER TABLE "${table}" ADD COLUMN founded date, ADD COLUMN motto varchar(120)`);
    const attributes = [...STATES_ATTRIBUTES, { name: 'founded', binding: 'java.sql.Date' }, { name: 'motto', binding: 'java.lang.String', length: 120 }];
    expect((await getXml(ws, ds, table)).n.text).toBe(featureTypeXml(server.restUrl, { ws, store: ds, name: table, srs: 'EPSG:4326', attributes }));
    expect((await getJson(ws, ds, table)).n.text).toBe(featureTypeJson(server.restUrl, { ws, store: ds, name: table, srs: 'EPSG:4326', attributes }));
  });
});

describe('feature types: deleting, duplicates, unknown parents', () => {
  it('DELETE while its layer exists: 403 "feature type referenced by layer(s)"; recurse=true removes both', async () => {
    const { api } = ctx;
    const { ws, ds } = await freshStore();
    await createFeatureType(api, ws, ds, seedFeatureTypeXml(T.states, T.states));
    expect(await api.get(`/layers/${ws}:${T.states}.xml`)).toHaveStatus(200);

    expect(await api.delete(ftPath(ws, ds, T.states, ''))).toBeTextError(403, 'feature type referenced by layer(s)');
    expect(await api.get(ftPath(ws, ds, T.states))).toHaveStatus(200);
    expect(await api.get(`/layers/${ws}:${T.states}.xml`)).toHaveStatus(200);

    expect(await api.delete(`${ftPath(ws, ds, T.states, '')}?recurse=true`)).toHaveStatus(200);
    expect(await api.get(ftPath(ws, ds, T.states))).toHaveStatus(404);
    expect(await api.get(`/layers/${ws}:${T.states}.xml`)).toBeTextError(404, `No such layer: ${ws}:${T.states}`);
    expect((await api.get(`${featureTypesPath(ws, ds)}.xml`)).text).toBe('<featureTypes/>');
    // The table itself is untouched.
    expect(await ctx.db.tableExists(T.states)).toBe(true);
  });

  it('DELETE of a store holding feature types: 403 without recurse; recurse=true removes store, feature types and layers', async () => {
    const { api } = ctx;
    const { ws, ds } = await freshStore();
    await createFeatureType(api, ws, ds, seedFeatureTypeXml(T.states, T.states));
    expect(await api.delete(`/workspaces/${ws}/datastores/${ds}`)).toBeTextError(403);
    expect(await api.get(`/workspaces/${ws}/datastores/${ds}.xml`)).toHaveStatus(200);
    expect(await api.get(ftPath(ws, ds, T.states))).toHaveStatus(200);

    expect(await api.delete(`/workspaces/${ws}/datastores/${ds}?recurse=true`)).toHaveStatus(200);
    expect(await api.get(`/workspaces/${ws}/datastores/${ds}.xml`)).toHaveStatus(404);
    expect(await api.get(ftPath(ws, undefined, T.states))).toHaveStatus(404);
    expect(await api.get(`/layers/${ws}:${T.states}.xml`)).toHaveStatus(404);
  });

  // Only a real server shows its clients (pg_stat_activity).
  const itWithServer = process.env.TEST_DATABASE_URL ? it : it.skip;
  itWithServer.each([
    ['the store', (ws: string, ds: string) => `/workspaces/${ws}/datastores/${ds}?recurse=true`],
    ['its workspace', (ws: string) => `/workspaces/${ws}?recurse=true`],
  ])("deleting %s closes the store's connections to its database at once", async (_what, deletePath) => {
    const { api, db } = ctx;
    const baseline = (await db.otherConnections())!;
    const { ws, ds } = await freshStore();
    await createFeatureType(api, ws, ds, seedFeatureTypeXml(T.states, T.states));
    expect(await api.get(ftPath(ws, ds, T.states))).toHaveStatus(200);
    expect(await db.otherConnections()).toBeGreaterThan(baseline);

    expect(await api.delete(deletePath(ws, ds))).toHaveStatus(200);
    // Closing a pool is asynchronous on the server side: allow a second, not the 30 s idle timeout.
    let open = await db.otherConnections();
    for (const until = Date.now() + 1_000; open! > baseline && Date.now() < until; open = await db.otherConnections()) {
      await new Promise((r) => setTimeout(r, 50));
    }
    // (≤: a connection of an earlier test may still have been closing when the baseline was taken.)
    expect(open).toBeLessThanOrEqual(baseline);
  });

  it('a duplicate feature type name: 409 in the same store and in another store of the workspace; the first is intact', async () => {
    const { api, server, db } = ctx;
    const { ws, ds } = await freshStore();
    await createFeatureType(api, ws, ds, seedFeatureTypeXml(T.states, T.states, 'US States'));
    const before = (await getXml(ws, ds, T.states)).n.text;
    expect(await api.postXml(featureTypesPath(ws, ds), seedFeatureTypeXml(T.states, T.states, 'Again'))).toBeTextError(409);
    await createSpatialStore(api, db, ws, 'other');
    expect(await api.postXml(featureTypesPath(ws, 'other'), seedFeatureTypeXml(T.states, T.rivers))).toBeTextError(409);
    expect((await getXml(ws, ds, T.states)).n.text).toBe(before);
    expect(before).toBe(featureTypeXml(server.restUrl, { ws, store: ds, name: T.states, title: 'US States', srs: 'EPSG:4326', attributes: STATES_ATTRIBUTES }));
    // The same name in another workspace is fine.
    const other = await freshStore();
    await createFeatureType(api, other.ws, other.ds, seedFeatureTypeXml(T.states, T.states));
  });

  it('unknown workspace, store or feature type: 404', async () => {
    const { api } = ctx;
    const { ws, ds } = await freshStore();
    const checks: Array<[string, HttpResponse]> = [
      ['POST to an unknown store', await api.postXml(featureTypesPath(ws, 'nope'), seedFeatureTypeXml(T.states))],
      ['POST to an unknown workspace', await api.postXml(featureTypesPath(uniqueName('nows'), ds), seedFeatureTypeXml(T.states))],
      ['GET an unknown feature type', await api.get(ftPath(ws, ds, 'nope'))],
      ['GET an unknown feature type (store-less)', await api.get(ftPath(ws, undefined, 'nope'))],
      ['PUT an unknown feature type', await api.putXml(ftPath(ws, ds, 'nope', ''), '<featureType><title>x</title></featureType>')],
      ['DELETE an unknown feature type', await api.delete(ftPath(ws, ds, 'nope', ''))],
    ];
    for (const [why, res] of checks) {
      expect([why, res.status, res.contentType]).toEqual([why, 404, 'text/plain']);
    }
  });
});
