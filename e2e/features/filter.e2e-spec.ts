/**
 * OGC API - Features Part 3 on items: `filter` in CQL2 text (ECQL spellings too), CQL2 JSON and the
 * older names, `filter-crs`, ANDed with `bbox` and paging; errors are 400s naming the position; a
 * hostile filter changes nothing; GDAL's OAPIF driver sends `-where` to the server as `filter=`.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createWorkspace, userWithRole } from '../support/catalog';
import { uniqueName } from '../support/geoserver';
import { useSpatialApi } from '../support/postgis';
import { featuresClient, featuresRoot, publish } from './support';

const ctx = useSpatialApi();
const f = () => featuresClient(ctx.server);
let collection: string;

// Six cities; Bern and Basel are near each other, Quito is on the equator, Suva across the antimeridian from -179.9.
const CITIES = [
  ['Bern', 134_000, '1191-01-01', 7.45, 46.95],
  ['Basel', 173_000, '0044-01-01', 7.59, 47.56],
  ['Berlin', 3_645_000, '1237-01-01', 13.4, 52.52],
  ['Quito', 2_011_000, '1534-12-06', -78.47, -0.18],
  ['Suva', 93_970, '1882-01-01', 178.44, -18.14],
  ["Côte d'Azur", null, null, 7.26, 43.7],
] as const;

beforeAll(async () => {
  const { db } = ctx;
  await db.query(`CREATE TABLE "${db.schema}".cities (id int PRIMARY KEY, name text, pop int, founded date, geom geometry(Point, 4326))`);
  for (const [i, [name, pop, founded, x, y]] of CITIES.entries()) {
    await db.query(`INSERT INTO "${db.schema}".cities VALUES ($1, $2, $3, $4, ST_SetSRID(ST_MakePoint($5, $6), 4326))`, [i + 1, name, pop, founded, x, y]);
  }
  await db.query(`CREATE INDEX ON "${db.schema}".cities USING gist (geom)`);
}, 60_000);

// The catalog is fresh for every test: publish the table again.
beforeEach(async () => {
  const ws = uniqueName('cql');
  await createWorkspace(ctx.api, ws);
  collection = await publish(ctx.api, ctx.db, ws, 'cities');
});

async function names(query: Record<string, string>): Promise<string[]> {
  const res = await f().get(`/collections/${collection}/items?${new URLSearchParams(query)}`);
  expect(res).toHaveStatus(200);
  return res.json().features.map((x: any) => x.properties.name);
}

describe('filter on items', () => {
  it('selects by a CQL2 text filter, the default language', async () => {
    expect(await names({ filter: "pop > 150000 AND name LIKE 'B%'" })).toEqual(['Basel', 'Berlin']);
    expect(await names({ filter: "name = 'Côte d''Azur'" })).toEqual(["Côte d'Azur"]);
    expect(await names({ filter: 'pop IS NULL' })).toEqual(["Côte d'Azur"]);
    expect(await names({ filter: "CASEI(name) IN (casei('BERN'), casei('quito'))" })).toEqual(['Bern', 'Quito']);
    expect(await names({ filter: "founded < DATE('1200-01-01') AND NOT name = 'Basel'" })).toEqual(['Bern']);
    expect(await names({ filter: 'S_INTERSECTS(geom, BBOX(5, 43, 10, 48))' })).toEqual(['Bern', 'Basel', "Côte d'Azur"]);
    expect(await names({ filter: 'pop / 1000 BETWEEN 100 AND 200' })).toEqual(['Bern', 'Basel']);
  });

  it('selects the same by the same filter in CQL2 JSON', async () => {
    const filter = {
      op: 'and',
      args: [
        { op: '>', args: [{ property: 'pop' }, 150000] },
        { op: 'like', args: [{ property: 'name' }, 'B%'] },
      ],
    };
    expect(await names({ filter: JSON.stringify(filter), 'filter-lang': 'cql2-json' })).toEqual(['Basel', 'Berlin']);
    const spatial = {
      op: 's_intersects',
      args: [
        { property: 'geom' },
        {
          type: 'Polygon',
          coordinates: [
            [
              [5, 45],
              [10, 45],
              [10, 48],
              [5, 48],
              [5, 45],
            ],
          ],
        },
      ],
    };
    expect(await names({ filter: JSON.stringify(spatial), 'filter-lang': 'cql2-json' })).toEqual(['Bern', 'Basel']);
  });

  it("reads GeoServer's ECQL, as cql2-text and by its own names", async () => {
    expect(await names({ filter: "INTERSECTS(geom, ENVELOPE(5, 10, 48, 43)) AND name <> 'Bern'" })).toEqual(['Basel', "Côte d'Azur"]);
    expect(await names({ filter: 'founded AFTER 1800-01-01T00:00:00Z', 'filter-lang': 'ecql-text' })).toEqual(['Suva']);
    expect(await names({ filter: "name ILIKE 'b%'", 'filter-lang': 'cql-text' })).toEqual(['Bern', 'Basel', 'Berlin']);
    expect(await names({ filter: 'DWITHIN(geom, POINT(7.45 46.95), 80, kilometers)' })).toEqual(['Bern', 'Basel']);
    // Suva (178.44°E) is ~175 km from 179.9°W, across the antimeridian, on the spheroid.
    expect(await names({ filter: 'DWITHIN(geom, POINT(-179.9 -18), 200, kilometers)' })).toEqual(['Suva']);
    expect(await names({ filter: 'BEYOND(geom, POINT(7.45 46.95), 1000, kilometers)' })).toEqual(['Quito', 'Suva']);
  });

  it('is ANDed with bbox, and pages through the filtered features only', async () => {
    expect(await names({ filter: "name LIKE 'B%'", bbox: '7,46,8,48' })).toEqual(['Bern', 'Basel']);
    const first = await f().get(`/collections/${collection}/items?${new URLSearchParams({ filter: "name LIKE 'B%'", limit: '2' })}`);
    expect(first.json().features.map((x: any) => x.properties.name)).toEqual(['Bern', 'Basel']);
    const next = first.json().links.find((l: any) => l.rel === 'next');
    expect(new URL(next.href).searchParams.get('filter')).toBe("name LIKE 'B%'");
    const second = await f().get(next.href);
    expect(second.json().features.map((x: any) => x.properties.name)).toEqual(['Berlin']);
    expect(second.json().numberMatched).toBe(3);
  });

  it('reads geometries in filter-crs (here EPSG:3857) and sets them in the layer CRS', async () => {
    // Around Bern and Basel: x 7.3°–7.7°, y 46.8°–47.7° in Web Mercator metres.
    const box = 'POLYGON((812632 5912800, 857160 5912800, 857160 6060000, 812632 6060000, 812632 5912800))';
    expect(await names({ filter: `S_INTERSECTS(geom, ${box})`, 'filter-crs': 'http://www.opengis.net/def/crs/EPSG/0/3857' })).toEqual(['Bern', 'Basel']);
    expect(await names({ filter: `S_INTERSECTS(geom, ${box})` })).toEqual([]);
  });

  it('answers what it cannot read or apply with a 400 naming the position, in text or problem JSON', async () => {
    const get = (query: Record<string, string>, accept?: string) =>
      f().get(`/collections/${collection}/items?${new URLSearchParams(query)}`, accept ? { accept } : {});
    expect(await get({ filter: "name = 'Bern' AND" })).toBeTextError(
      400,
      'Invalid filter: Expected a value but found the end of the filter (at position 18, end of filter)',
    );
    expect(await get({ filter: "secret = 'x'" })).toBeTextError(
      400,
      'Invalid filter: Unknown property "secret" (not a published attribute) (at position 1, "secret")',
    );
    expect(await get({ filter: "pop = 'many'" })).toBeTextError(400, 'Invalid filter: Cannot compare integer with string (at position 1, "pop")');
    expect(await get({ filter: 'A_CONTAINS(name, (1))' })).toBeTextError(
      400,
      'Invalid filter: Array predicates are not supported (no published attribute is an array) (at position 1, "A_CONTAINS")',
    );
    expect(await get({ filter: '{"op":"=","args":[{"property":"pop"}]}', 'filter-lang': 'cql2-json' })).toBeTextError(
      400,
      'Invalid filter: "=" takes 2 arguments (at position 7, "=")',
    );
    expect(await get({ filter: 'INCLUDE', 'filter-lang': 'sql' })).toBeTextError(
      400,
      "Invalid filter-lang 'sql': this API reads cql2-text, cql2-json, cql-text, ecql-text",
    );
    expect(await get({ 'filter-lang': 'cql2-text' })).toBeTextError(400, 'filter-lang without filter: give the filter too, or leave it out');
    const problem = await get({ filter: 'pop >' }, 'application/problem+json');
    expect(problem).toHaveStatus(400);
    expect(problem.json()).toMatchObject({
      status: 400,
      code: 'INVALID_VALUE',
      detail: 'Invalid filter: Expected a value but found the end of the filter (at position 6, end of filter)',
    });
  });

  it('refuses a filter that only fails in the database (an overflow) with a 400, and an injection changes nothing', async () => {
    const overflow = await f().get(`/collections/${collection}/items?${new URLSearchParams({ filter: 'pop * 1000000000000 * 1000000000 > 1' })}`);
    expect(overflow).toHaveStatus(400);
    expect(overflow.text).toMatch(/^The filter cannot be evaluated on the features of '.*cities': bigint out of range$/);
    expect(await names({ filter: "name = 'x'' OR 1=1 --'" })).toEqual([]);
    const injected = await f().get(`/collections/${collection}/items?${new URLSearchParams({ filter: "name = 'x'; DROP TABLE cities; --" })}`);
    expect(injected).toBeTextError(400, 'Invalid filter: Unexpected character (at position 11, ";")');
    expect(await ctx.db.query('SELECT count(*)::int AS n FROM cities')).toEqual([{ n: CITIES.length }]);
  });

  it('declares the filter conformance classes and lists every filter-lang in the OpenAPI document (GDAL 3.6 looks for cql-text)', async () => {
    const conformance = (await f().get('/conformance')).json().conformsTo;
    expect(conformance).toEqual(
      expect.arrayContaining([
        'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/filter',
        'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/features-filter',
        'http://www.opengis.net/spec/cql2/1.0/conf/cql2-text',
        'http://www.opengis.net/spec/cql2/1.0/conf/cql2-json',
        'http://www.opengis.net/spec/cql2/1.0/conf/basic-cql2',
      ]),
    );
    const api = (await f().get('/api?f=json')).json();
    expect(api.components.parameters['filter-lang'].schema.enum).toEqual(['cql2-text', 'cql2-json', 'cql-text', 'ecql-text']);
    expect(api.paths['/collections/{collectionId}/items'].get.parameters).toEqual(
      expect.arrayContaining([
        { $ref: '#/components/parameters/filter' },
        { $ref: '#/components/parameters/filter-lang' },
        { $ref: '#/components/parameters/filter-crs' },
      ]),
    );
  });
});

// GeoServer's time dimension, set through the REST API as GeoServer's JSON writes it, read back in
// XML as GeoServer's, and applied by Part 1's datetime.
describe('datetime on the time dimension', () => {
  it('is refused without a dimension, stored through REST, and selects by instant and interval', async () => {
    const refused = await f().get(`/collections/${collection}/items?datetime=1191-01-01`);
    expect(refused).toHaveStatus(400);
    expect(refused.text).toMatch(/has no time dimension/);
    const [ws] = collection.split(':');
    const path = `/workspaces/${ws}/datastores/gis/featuretypes/cities`;
    const time = { enabled: true, attribute: 'founded', presentation: 'LIST', units: 'ISO8601', defaultValue: { strategy: 'MINIMUM' } };
    expect(await ctx.api.putJson(path, { featureType: { metadata: { entry: [{ '@key': 'time', dimensionInfo: time }] } } })).toHaveStatus(200);
    expect((await ctx.api.get(`${path}.json`)).json().featureType.metadata).toEqual({ entry: [{ '@key': 'time', dimensionInfo: time }] });
    expect((await ctx.api.get(`${path}.xml`)).text).toContain(
      '<metadata>\n    <entry key="time">\n      <dimensionInfo>\n        <enabled>true</enabled>\n        <attribute>founded</attribute>',
    );
    expect(await names({ datetime: '1191-01-01' })).toEqual(['Bern']);
    expect(await names({ datetime: '1191-01-01T00:00:00Z/1534-12-06T00:00:00Z' })).toEqual(['Bern', 'Berlin', 'Quito']);
    expect(await names({ datetime: '../1200-01-01' })).toEqual(['Bern', 'Basel']);
    expect(await names({ datetime: '1500-01-01/..', filter: "name <> 'Suva'" })).toEqual(['Quito']);
    expect(await f().get(`/collections/${collection}/items?datetime=1191-13-01`)).toHaveStatus(400);
  });
});

// GDAL 3.6 sends -where to the server when the OpenAPI document's filter-lang enum lists cql-text
// and it can read the collection's queryables (served by the published-scope work, t24-scope):
// otherwise it filters on the client after downloading everything.
describe("GDAL's OAPIF driver", () => {
  it('sends ogrinfo -where to the server as filter=, and gets the filtered features', async () => {
    const reader = await userWithRole(ctx.api, 'READER', 'gdal');
    const { stdout, stderr } = await promisify(execFile)(
      '/usr/bin/ogrinfo',
      [
        '-ro',
        '-q',
        '--config',
        'GDAL_HTTP_AUTH',
        'BASIC',
        '--config',
        'GDAL_HTTP_USERPWD',
        `${reader.user}:${reader.password}`,
        '--debug',
        'ON',
        `OAPIF:${featuresRoot(ctx.server)}`,
        collection,
        '-where',
        "pop > 150000 AND name LIKE 'B%'",
      ],
      { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
    );
    const itemRequests = stderr.split('\n').filter((l) => /\/items\?/.test(l));
    console.log(
      stderr
        .split('\n')
        .filter((l) => /HTTP|OAPIF|queryables/i.test(l))
        .join('\n'),
    );
    expect(itemRequests.some((l) => /[?&]filter=/.test(l) && /filter-lang=cql-text/.test(l))).toBe(true);
    expect([...stdout.matchAll(/^\s+name \(String\) = (.*)$/gm)].map((m) => m[1])).toEqual(['Basel', 'Berlin']);
  }, 60_000);
});
