/**
 * OGC API - Features Part 1 Core at {base}/ogc/features/v1 over real PostGIS tables: the landing
 * page, conformance, the API definition, collections (one per enabled layer), items (limit, paging
 * through next links, bbox, single features), errors and authentication. Expected values come from
 * the tables themselves (through `pg`) or from the REST API, never from app code.
 */
import { createWorkspace, userWithRole } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { request } from '../support/http';
import { createAntimeridianTable, createSpatialStore, createStatesTable, createUtmLinesTable, useSpatialApi } from '../support/postgis';
import { startRoundTripRelay } from '../support/pg-round-trips';
import { CRS84, featuresClient, FeaturesClient, GEOJSON, linkOf, linkProblems, OPENAPI, publish } from './support';

// TRUST_PROXY: the landing page test sends X-Forwarded-* as a proxy would.
const ctx = useSpatialApi({ env: { TRUST_PROXY: 'on' } });
let f: FeaturesClient;

const T = { states: 'states', points: 'points', utm: 'roads_utm13', fiji: 'fiji' };
const POINTS = 250;

beforeAll(async () => {
  const { db } = ctx;
  f = featuresClient(ctx.server);
  await createStatesTable(db, T.states);
  await createUtmLinesTable(db, T.utm);
  await createAntimeridianTable(db, T.fiji);
  // 250 points with a primary key, on a 1° grid from (-25, -5): ids 1..250.
  await db.query(`CREATE TABLE "${db.schema}"."${T.points}" (id serial PRIMARY KEY, name text, rank int, geom geometry(Point, 4326))`);
  await db.query(
    `INSERT INTO "${db.schema}"."${T.points}" (name, rank, geom)
     SELECT 'p' || g, g % 7, ST_SetSRID(ST_MakePoint((g - 1) % 50 - 25, (g - 1) / 50 - 5), 4326) FROM generate_series(1, ${POINTS}) g`,
  );
}, 60_000);

/** Publishes the tables in a fresh workspace (each test's workspaces are deleted when it ends). */
async function fresh(...tables: Array<keyof typeof T>): Promise<{ ws: string; ids: Record<string, string> }> {
  const ws = uniqueName('oaf');
  await createWorkspace(ctx.api, ws);
  const ids: Record<string, string> = {};
  for (const t of tables) ids[t] = await publish(ctx.api, ctx.db, ws, T[t], { crs: t === 'utm' ? 'EPSG:26913' : 'EPSG:4326' });
  return { ws, ids };
}

const items = (id: string, query = '') => `/collections/${id}/items${query}`;

describe('landing page, conformance, API definition', () => {
  it('links the API definition, the conformance classes and the collections, absolute and typed', async () => {
    const res = await f.get('/');
    expect(res).toHaveStatus(200);
    expect(res.contentType).toBe('application/json');
    const doc = res.json();
    expect(doc.links.map((l: any) => [l.rel, l.type, l.href])).toEqual([
      ['self', 'application/json', f.root],
      ['service-desc', OPENAPI, `${f.root}/api`],
      ['conformance', 'application/json', `${f.root}/conformance`],
      ['data', 'application/json', `${f.root}/collections`],
    ]);
    expect((await f.get('')).json()).toEqual(doc);
    expect((await f.get('/?f=json')).json()).toEqual(doc);
  });

  it('builds links from the proxy headers, like the REST API', async () => {
    const res = await f.get('/', { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'maps.example.org', 'x-forwarded-prefix': '/gis' } });
    expect(linkOf(res.json(), 'data')).toBe('https://maps.example.org/gis/geoserver/ogc/features/v1/collections');
  });

  it('declares Part 1 core, GeoJSON and OpenAPI 3.0, Part 3 filtering and queryables, Part 8 sorting and the CQL2 classes', async () => {
    const res = await f.get('/conformance');
    expect(res).toHaveStatus(200);
    expect(res.json().conformsTo).toEqual([
      'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
      'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
      'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
      'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/filter',
      'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/features-filter',
      'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables',
      'http://www.opengis.net/spec/ogcapi-features-8/1.0/conf/sorting',
      ...[
        'cql2-text',
        'cql2-json',
        'basic-cql2',
        'advanced-comparison-operators',
        'case-insensitive-comparison',
        'basic-spatial-functions',
        'basic-spatial-functions-plus',
        'spatial-functions',
        'temporal-functions',
        'arithmetic',
        'property-property',
      ].map((c) => `http://www.opengis.net/spec/cql2/1.0/conf/${c}`),
    ]);
  });

  it('serves an OpenAPI 3.0 document of its paths and parameters', async () => {
    const res = await f.get('/api', { accept: OPENAPI });
    expect(res).toHaveStatus(200);
    expect(res.headers.get('content-type')).toBe(OPENAPI);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\.0\./);
    expect(doc.servers).toEqual([{ url: f.root }]);
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/',
        '/api',
        '/collections',
        '/collections/{collectionId}',
        '/collections/{collectionId}/items',
        '/collections/{collectionId}/items/{featureId}',
        '/collections/{collectionId}/queryables',
      ]
        .concat('/conformance')
        .sort(),
    );
    expect(doc.components.parameters.limit.schema).toEqual({ type: 'integer', minimum: 1, maximum: 10000, default: 100 });
    const asJson = await f.get('/api?f=json');
    expect(asJson.contentType).toBe('application/json');
    expect(asJson.json()).toEqual(doc);
  });
});

describe('collections', () => {
  it('has one collection per enabled layer, ws:layer, with the extent from its lat/lon box', async () => {
    const { ws, ids } = await fresh('states', 'utm');
    const res = await f.get('/collections');
    expect(res).toHaveStatus(200);
    expect(res.contentType).toBe('application/json');
    const doc = res.json();
    expect(linkProblems(doc.links)).toEqual([]);
    const mine = doc.collections.filter((c: any) => c.id.startsWith(`${ws}:`));
    expect(mine.map((c: any) => c.id)).toEqual([ids.utm, ids.states].sort());
    for (const c of mine) {
      const name = c.id.slice(ws.length + 1);
      const ft = (await ctx.api.get(`/workspaces/${ws}/datastores/gis/featuretypes/${name}.json`)).json().featureType;
      const b = ft.latLonBoundingBox;
      expect(c).toEqual({
        id: c.id,
        title: name,
        extent: { spatial: { bbox: [[b.minx, b.miny, b.maxx, b.maxy]], crs: CRS84 } },
        itemType: 'feature',
        crs: [CRS84],
        links: [
          { href: `${f.root}/collections/${c.id}`, rel: 'self', type: 'application/json', title: 'This collection' },
          { href: `${f.root}/collections/${c.id}/items`, rel: 'items', type: GEOJSON, title: 'Features as GeoJSON' },
          {
            href: `${f.root}/collections/${c.id}/items?f=json`,
            rel: 'items',
            type: 'application/json',
            title: 'Features as GeoJSON, labelled application/json',
          },
          {
            href: `${f.root}/collections/${c.id}/queryables`,
            rel: 'http://www.opengis.net/def/rel/ogc/1.0/queryables',
            type: 'application/schema+json',
            title: 'What a filter or sortby may name (JSON Schema)',
          },
          {
            href: `${f.root}/collections/${c.id}/queryables?f=json`,
            rel: 'queryables',
            type: 'application/json',
            title: 'What a filter or sortby may name, with the older queryables list',
          },
        ],
      });
      const one = await f.get(`/collections/${c.id}`);
      expect(one).toHaveStatus(200);
      expect(one.json()).toEqual(c);
    }
  });

  it('writes an extent across the antimeridian with west > east', async () => {
    const { ids } = await fresh('fiji');
    const c = (await f.get(`/collections/${ids.fiji}`)).json();
    const [w, s, e, n] = c.extent.spatial.bbox[0];
    expect([w, s, e, n]).toEqual([178.5, -18.5, -178.125, -15.75]);
  });

  it('leaves out disabled layers (404), and puts them back when enabled', async () => {
    const { ids } = await fresh('states');
    const disable = await ctx.api.putXml(`/layers/${ids.states}`, '<layer><enabled>false</enabled></layer>');
    expect(disable).toHaveStatus(200);
    expect((await f.get('/collections')).json().collections.map((c: any) => c.id)).not.toContain(ids.states);
    expect(await f.get(`/collections/${ids.states}`)).toBeTextError(404, `No such collection: '${ids.states}'`);
    expect(await f.get(items(ids.states))).toBeTextError(404, `No such collection: '${ids.states}'`);
    await ctx.api.putXml(`/layers/${ids.states}`, '<layer><enabled>true</enabled></layer>');
    expect(await f.get(`/collections/${ids.states}`)).toHaveStatus(200);
  });

  it('answers 404 for an unknown collection, in text or problem JSON', async () => {
    expect(await f.get('/collections/nope:nothing')).toBeTextError(404, "No such collection: 'nope:nothing'");
    expect(await f.get('/collections/nothing')).toBeTextError(404, "No such collection: 'nothing'");
    const problem = await f.get('/collections/nope:nothing/items', { accept: 'application/problem+json' });
    expect(problem).toHaveStatus(404);
    expect(problem.contentType).toBe('application/problem+json');
    expect(problem.json()).toEqual({
      type: 'urn:geocatalog:error:not-found',
      title: 'Not Found',
      status: 404,
      detail: "No such collection: 'nope:nothing'",
      code: 'NOT_FOUND',
    });
  });
});

describe('items', () => {
  it('pages 100 features by default, in id order, with a next link; numberMatched counted (a small selection)', async () => {
    const { ids } = await fresh('points');
    const res = await f.get(items(ids.points));
    expect(res).toHaveStatus(200);
    expect(res.headers.get('content-type')).toBe(GEOJSON);
    const doc = res.json();
    expect(doc.type).toBe('FeatureCollection');
    expect(doc.features).toHaveLength(100);
    expect(doc.numberReturned).toBe(100);
    expect(doc.numberMatched).toBe(POINTS);
    expect(doc.timeStamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(doc.features[0]).toEqual({
      type: 'Feature',
      id: 1,
      geometry: { type: 'Point', coordinates: [-25, -5] },
      properties: { id: 1, name: 'p1', rank: 1 },
    });
    expect(doc.features.map((x: any) => x.id)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(linkProblems(doc.links)).toEqual([]);
    expect(doc.links.map((l: any) => [l.rel, l.type, l.href])).toEqual([
      ['self', GEOJSON, `${f.root}${items(ids.points)}`],
      ['alternate', 'application/json', `${f.root}${items(ids.points, '?f=json')}`],
      ['collection', 'application/json', `${f.root}/collections/${ids.points}`],
      ['next', GEOJSON, `${f.root}${items(ids.points, '?limit=100&offset=100')}`],
    ]);
  });

  it('walks every feature exactly once by following next links; every page tells numberMatched', async () => {
    const { ids } = await fresh('points');
    const seen: number[] = [];
    let url: string | undefined = items(ids.points, '?limit=40&f=json');
    let pages = 0;
    while (url) {
      const res = await f.get(url);
      expect(res).toHaveStatus(200);
      expect(res.contentType).toBe('application/json');
      const doc = res.json();
      expect(doc.numberReturned).toBe(doc.features.length);
      seen.push(...doc.features.map((x: any) => x.id));
      url = linkOf(doc, 'next');
      // Counted on the pages that do not end the selection; the last one (240 + 10) tells it itself.
      expect(doc.numberMatched).toBe(POINTS);
      if (url) expect(linkOf(doc, 'next', 'application/json')).toBe(url);
      pages++;
    }
    expect(pages).toBe(7);
    expect(seen).toEqual(Array.from({ length: POINTS }, (_, i) => i + 1));
  });

  it('takes limit 1..10,000, clamping a larger one; offset past the end is an empty page', async () => {
    const { ids } = await fresh('points');
    const one = (await f.get(items(ids.points, '?limit=1'))).json();
    expect(one.features.map((x: any) => x.id)).toEqual([1]);
    const clamped = await f.get(items(ids.points, '?limit=20000'));
    expect(clamped).toHaveStatus(200);
    expect(clamped.json().numberReturned).toBe(POINTS);
    expect(clamped.json().numberMatched).toBe(POINTS);
    const past = (await f.get(items(ids.points, '?offset=1000'))).json();
    expect(past).toMatchObject({ features: [], numberReturned: 0, numberMatched: POINTS });
    expect(linkOf(past, 'next')).toBeUndefined();
  });

  it('selects the features intersecting a bbox; numberMatched exact, from the page or counted', async () => {
    const { ids } = await fresh('points');
    const res = await f.get(items(ids.points, '?bbox=-10.5,-1,-5,0.5&limit=5'));
    const doc = res.json();
    const [expected] = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${T.points}" WHERE ST_Intersects(geom, ST_MakeEnvelope(-10.5, -1, -5, 0.5, 4326))`,
    );
    expect(expected.n).toBeGreaterThan(5);
    expect(doc.numberMatched).toBe(expected.n);
    expect(doc.numberReturned).toBe(5);
    for (const feature of doc.features) {
      const [x, y] = feature.geometry.coordinates;
      expect(x >= -10.5 && x <= -5 && y >= -1 && y <= 0.5).toBe(true);
    }
    expect(linkOf(doc, 'next')).toBe(`${f.root}${items(ids.points, '?bbox=-10.5,-1,-5,0.5&limit=5&offset=5')}`);
    expect((await f.get(items(ids.points, '?bbox=-10.5,-1,-5,0.5&limit=1000'))).json()).toMatchObject({
      numberReturned: expected.n,
      numberMatched: expected.n,
    });
    // A bbox with heights: the 2D part.
    expect((await f.get(items(ids.points, '?bbox=-10.5,-1,0,-5,0.5,10&limit=1000'))).json().numberMatched).toBe(expected.n);
  });

  it('filters a projected layer by a CRS84 bbox and writes its geometries in CRS84', async () => {
    const { ids } = await fresh('utm');
    const all = (await f.get(items(ids.utm))).json();
    expect(all.numberMatched).toBe(3);
    const [expected] = await ctx.db.query<{ x: number; y: number }>(
      `SELECT ST_X(p) AS x, ST_Y(p) AS y FROM (SELECT ST_Transform(ST_StartPoint(geom), 4326) AS p FROM "${T.utm}" WHERE name = 'Short') s`,
    );
    const short = all.features.find((x: any) => x.properties.name === 'Short');
    expect(short.geometry.type).toBe('LineString');
    expect(short.geometry.coordinates[0][0]).toBeCloseTo(expected.x, 8);
    expect(short.geometry.coordinates[0][1]).toBeCloseTo(expected.y, 8);
    // A box of about 30 m around the short road's first point (diagonal A passes some 40 m away).
    const box = [expected.x - 0.0002, expected.y - 0.0002, expected.x + 0.0002, expected.y + 0.0002].join(',');
    const near = (await f.get(items(ids.utm, `?bbox=${box}`))).json();
    expect(near.features.map((x: any) => x.properties.name)).toEqual(['Short']);
    // The whole world reaches beyond UTM zone 13's domain: clipped to the layer's extent, not an error.
    expect((await f.get(items(ids.utm, '?bbox=-180,-90,180,90'))).json().numberMatched).toBe(3);
  });

  it('finds data across the antimeridian with a bbox that crosses it', async () => {
    const { ids } = await fresh('fiji');
    const names = async (bbox: string) =>
      (await f.get(items(ids.fiji, `?bbox=${bbox}`)))
        .json()
        .features.map((x: any) => x.properties.name)
        .sort();
    // Viti Levu: -181.5..-179.25 (178.5..180.75 east), -18.5..-16; Vanua Levu: -180.25..-178.125, -17..-15.75.
    expect(await names('178,-19,-178,-15')).toEqual(['Vanua Levu', 'Viti Levu']);
    expect(await names('178,-18.4,179,-17.5')).toEqual(['Viti Levu']);
    expect(await names('-180,-15.9,-179,-15.8')).toEqual(['Vanua Levu']);
    expect(await names('0,0,10,10')).toEqual([]);
  });

  it('returns the requested properties only', async () => {
    const { ids } = await fresh('points');
    const doc = (await f.get(items(ids.points, '?limit=2&properties=rank'))).json();
    expect(doc.features.map((x: any) => x.properties)).toEqual([{ rank: 1 }, { rank: 2 }]);
    expect(await f.get(items(ids.points, '?properties=nope'))).toBeTextError(
      400,
      `No such property in collection '${ids.points}': 'nope'; it has id, name, rank`,
    );
  });

  it('refuses a valid datetime on a layer without a time dimension: it cannot select features (never all of them)', async () => {
    const { ids } = await fresh('points');
    expect(await f.get(items(ids.points, '?datetime=2024-01-01T00:00:00Z/..&limit=1000'))).toBeTextError(
      400,
      `Invalid datetime: collection '${ids.points}' has no time dimension (GeoServer's 'time' entry in its feature type's metadata), so its features cannot be selected by time`,
    );
  });

  it.each([
    ['?foo=1', "Unknown query parameter 'foo'; this resource accepts f, limit, offset, bbox, datetime, properties, sortby, filter, filter-lang, filter-crs"],
    ['?limit=0', "Invalid limit '0': expected an integer of at least 1"],
    ['?limit=abc', "Invalid limit 'abc': expected an integer of at least 1"],
    ['?offset=-1', "Invalid offset '-1': expected an integer of at least 0"],
    ['?bbox=1,2,3', "Invalid bbox '1,2,3': expected 4 or 6 comma-separated numbers (minx,miny,maxx,maxy)"],
    ['?bbox=0,0,200,10', "Invalid bbox '0,0,200,10': longitudes must lie within -180 and 180"],
    ['?bbox=0,10,1,0', "Invalid bbox '0,10,1,0': the south edge is north of the north edge"],
    ['?datetime=yesterday', "Invalid datetime 'yesterday': expected an RFC 3339 date-time such as 2024-02-29T12:00:00Z, or a date"],
    ['?f=html', "Unsupported format f='html'; this resource offers json, geojson"],
    ['?limit=1&limit=2', "The query parameter 'limit' is given more than once"],
  ])('answers 400 for %s', async (query, message) => {
    const { ids } = await fresh('points');
    expect(await f.get(items(ids.points, query))).toBeTextError(400, message);
  });

  it('answers 400 for an unknown parameter on every resource', async () => {
    const { ids } = await fresh('points');
    for (const path of [
      '/',
      '/conformance',
      '/api',
      '/collections',
      `/collections/${ids.points}`,
      `/collections/${ids.points}/items/1`,
      `/collections/${ids.points}/queryables`,
    ]) {
      expect(await f.get(`${path}?limit=5`)).toBeTextError(400);
    }
  });

  it('answers 502 naming the store when its database cannot be reached', async () => {
    const { ws, ids } = await fresh('points');
    const params = ctx.db.storeParams({ port: '1', host: '127.0.0.1' });
    const body = `<dataStore><connectionParameters>${Object.entries(params)
      .map(([k, v]) => `<entry key="${k}">${v}</entry>`)
      .join('')}</connectionParameters></dataStore>`;
    expect(await ctx.api.putXml(`/workspaces/${ws}/datastores/gis`, body)).toHaveStatus(200);
    const res = await f.get(items(ids.points));
    expect(res).toHaveStatus(502);
    expect(res.text).toBe(`Data store '${ws}:gis' is unreachable`);
  });
});

describe('reads from the store', () => {
  it('reads a page of up to 1,000 features in one round trip to the store; a bigger page through a cursor', async () => {
    const relay = await startRoundTripRelay({ host: ctx.db.storeParams().host, port: Number(ctx.db.storeParams().port) });
    try {
      const ws = uniqueName('oafrt');
      await createWorkspace(ctx.api, ws);
      await createSpatialStore(ctx.api, ctx.db, ws, 'relayed', { host: relay.host, port: String(relay.port) });
      const id = await publish(ctx.api, ctx.db, ws, T.points, { store: 'relayed' });
      // The first read describes the table (and finds PostGIS once per pool); later ones reuse that.
      expect(await f.get(items(id, '?limit=5'))).toHaveStatus(200);
      for (const query of ['', '?limit=1000', '?limit=10&offset=240', '?bbox=-10.5,-1,-5,0.5&properties=name', '/42']) {
        relay.reset();
        expect(await f.get(items(id, query))).toHaveStatus(200);
        expect([query, relay.roundTrips]).toEqual([query, 1]);
      }
      // A big page streams from a cursor in a read-only transaction: several round trips, no count.
      relay.reset();
      const big = (await f.get(items(id, '?limit=1001'))).json();
      expect(big.numberReturned).toBe(POINTS);
      expect(relay.simpleQueries.filter((q) => /^(BEGIN|FETCH|ROLLBACK)/.test(q)).length).toBeGreaterThanOrEqual(3);
      expect(relay.simpleQueries.join('\n')).not.toMatch(/count\(/i);
    } finally {
      await relay.close();
    }
  });

  it('reads the table as it is now after it changed: a column dropped, a column added, a property asked for', async () => {
    const { ws } = await fresh();
    const table = `changing_${uniqueName('t')
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '')}`;
    await ctx.db.query(`CREATE TABLE "${table}" (id int PRIMARY KEY, a text, b text, geom geometry(Point, 4326))`);
    await ctx.db.query(`INSERT INTO "${table}" VALUES (1, 'a1', 'b1', 'SRID=4326;POINT(1 2)'), (2, 'a2', 'b2', 'SRID=4326;POINT(3 4)')`);
    const id = await publish(ctx.api, ctx.db, ws, table);
    const properties = async (query = '') => {
      const res = await f.get(items(id, query));
      expect(res).toHaveStatus(200);
      return res.json().features.map((x: any) => x.properties);
    };
    expect(await properties()).toEqual([
      { id: 1, a: 'a1', b: 'b1' },
      { id: 2, a: 'a2', b: 'b2' },
    ]);
    // Right after the change (well within any reuse of the table's description).
    await ctx.db.query(`ALTER TABLE "${table}" DROP COLUMN b, ADD COLUMN c int`);
    await ctx.db.query(`UPDATE "${table}" SET c = id * 10`);
    expect(await properties()).toEqual([
      { id: 1, a: 'a1', c: 10 },
      { id: 2, a: 'a2', c: 20 },
    ]);
    await ctx.db.query(`ALTER TABLE "${table}" ADD COLUMN d text DEFAULT 'new'`);
    expect(await properties('?properties=d')).toEqual([{ d: 'new' }, { d: 'new' }]);
    expect(await f.get(items(id, '?properties=b'))).toBeTextError(400, `No such property in collection '${id}': 'b'; it has id, a, c, d`);
    await ctx.db.query(`DROP TABLE "${table}"`);
    expect(await f.get(items(id))).toBeTextError(404, `No such table: '${ctx.db.qualified(table)}' in data store '${ws}:gis'`);
  });
});

describe('one feature', () => {
  it('is the feature of the page, by its primary key, with self, alternate and collection links', async () => {
    const { ids } = await fresh('points');
    const page = (await f.get(items(ids.points, '?offset=41&limit=1'))).json();
    const res = await f.get(items(ids.points, '/42'));
    expect(res).toHaveStatus(200);
    expect(res.headers.get('content-type')).toBe(GEOJSON);
    const { links, ...feature } = res.json();
    expect(feature).toEqual(page.features[0]);
    expect(links.map((l: any) => [l.rel, l.type, l.href])).toEqual([
      ['self', GEOJSON, `${f.root}${items(ids.points, '/42')}`],
      ['alternate', 'application/json', `${f.root}${items(ids.points, '/42?f=json')}`],
      ['collection', 'application/json', `${f.root}/collections/${ids.points}`],
    ]);
    expect((await f.get(items(ids.points, '/42?f=json'))).contentType).toBe('application/json');
  });

  it('is found by the id a table without a primary key gives (the md5 of the row)', async () => {
    const { ids } = await fresh('states');
    const page = (await f.get(items(ids.states))).json();
    expect(page.numberMatched).toBe(3);
    const expected = await ctx.db.query<{ id: string }>(`SELECT md5(t::text) AS id FROM "${T.states}" t ORDER BY 1`);
    expect(page.features.map((x: any) => x.id)).toEqual(expected.map((r) => r.id));
    const colorado = page.features.find((x: any) => x.properties.state_name === 'Colorado');
    const { links, ...one } = (await f.get(items(ids.states, `/${colorado.id}`))).json();
    expect(one).toEqual(colorado);
    expect(links).toHaveLength(3);
    expect(colorado.properties).toEqual({ state_name: 'Colorado', state_abbr: 'CO', persons: 5758736 });
    expect(colorado.geometry).toEqual({
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [-109.05, 37],
            [-102.04, 37],
            [-102.04, 41],
            [-109.05, 41],
            [-109.05, 37],
          ],
        ],
      ],
    });
  });

  it('answers 404 for an unknown id, whatever it looks like', async () => {
    const { ids } = await fresh('points', 'states');
    for (const id of ['0', '251', 'abc', '99999999999999999999']) {
      expect(await f.get(items(ids.points, `/${id}`))).toBeTextError(404, `No such feature: '${id}' in collection '${ids.points}'`);
    }
    expect(await f.get(items(ids.states, '/1'))).toBeTextError(404, `No such feature: '1' in collection '${ids.states}'`);
  });
});

describe('methods and paths', () => {
  it('answers 405 with Allow for other methods, 404 for unknown paths', async () => {
    const res = await request(`${f.root}/collections`, { method: 'POST', auth: ctx.server.admin });
    expect(res).toBeTextError(405, 'POST is not allowed on /geoserver/ogc/features/v1/collections');
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(await f.get('/nothing/here')).toBeTextError(404, 'No such resource: /geoserver/ogc/features/v1/nothing/here');
  });
});

describe('authentication', () => {
  it('answers anonymous callers with what the data rules open to them (nothing by default), wrong credentials with 401', async () => {
    const { ids } = await fresh('points');
    const anonymous = f.as(null);
    // Discovery documents answer, listing nothing a fresh catalog keeps for signed-in users (contract §12).
    for (const path of ['/', '/api', '/conformance']) expect(await anonymous.get(path)).toHaveStatus(200);
    const collections = await anonymous.get('/collections');
    expect([collections.status, collections.json().collections]).toEqual([200, []]);
    // A layer anonymous callers may not read is hidden (the catalog mode HIDE): 404, as one that does not exist.
    expect(await anonymous.get(items(ids.points))).toBeTextError(404, `No such collection: '${ids.points}'`);
    expect(await anonymous.get('/nothing')).toHaveStatus(404);
    const wrong = await f.as({ user: 'admin', password: 'wrong' }).get('/');
    expect(wrong).toBeTextError(401, 'Authentication required: send valid Basic credentials');
    expect(wrong.headers.get('www-authenticate')).toBe('Basic realm="geocatalog"');
  });

  it('lets a READER read, and nothing else', async () => {
    const { ids } = await fresh('points');
    const reader = f.as(await userWithRole(ctx.api, 'READER', 'reader'));
    expect(await reader.get('/collections')).toHaveStatus(200);
    const page = await reader.get(items(ids.points, '?limit=3'));
    expect(page).toHaveStatus(200);
    expect(page.json().numberReturned).toBe(3);
    expect(await reader.get(items(ids.points, '/3'))).toHaveStatus(200);
    const post = await request(`${f.root}/collections`, { method: 'POST', auth: await userWithRole(ctx.api, 'READER', 'reader') });
    expect(post).toHaveStatus(403);
    const nobody = f.as(await userWithRole(ctx.api, null, 'norole'));
    expect(await nobody.get('/collections')).toHaveStatus(403);
  });
});
