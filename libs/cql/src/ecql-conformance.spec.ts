// GeoServer's ECQL, as its documentation writes it (the ECQL reference and the CQL/ECQL tutorial:
// comparisons, BETWEEN, LIKE/ILIKE, attribute against attribute, arithmetic, IN, BBOX with and
// without a CRS, the spatial predicates without S_, ENVELOPE, RELATE, DWITHIN/BEYOND with units,
// BEFORE/AFTER/DURING/TEQUALS with bare date-times and periods, INCLUDE/EXCLUDE, [ ] brackets),
// applied to the OGC CQL2 test dataset. Each answer is either the count the CQL2 suite gives for the
// same question or the rows of an independent SQL oracle written here by hand. Where a CQL2 JSON
// form exists, the filter is also written as CQL2 JSON, read back, and must select the same rows.
import { createCqlFixture, type CqlFixture } from '../testing/postgis-fixture';
import { toCql2Json } from './cql2-json';
import { compileCql, CqlError, parseCql, type CqlScope } from './index';

jest.setTimeout(60_000);

const C = 'ne_110m_admin_0_countries';
const P = 'ne_110m_populated_places_simple';
const R = 'ne_110m_rivers_lake_centerlines';

/** [ECQL, table, expected count (from the CQL2 suite) or an SQL oracle]. */
const CASES: Array<[string, string, number | string]> = [
  ['POP_EST > 15000000', C, '"POP_EST" > 15000000'],
  ['POP_EST BETWEEN 1000000 AND 3000000', C, '"POP_EST" BETWEEN 1000000 AND 3000000'],
  ['POP_EST NOT BETWEEN 1000000 AND 3000000', C, 'NOT ("POP_EST" BETWEEN 1000000 AND 3000000)'],
  ["NAME = 'Luxembourg'", C, 1],
  ["NAME LIKE 'N%'", C, `"NAME" LIKE 'N%'`],
  ["NAME ILIKE 'n%'", C, `"NAME" ILIKE 'n%'`],
  ["NAME NOT ILIKE '%a%'", C, `"NAME" NOT ILIKE '%a%'`],
  ["NAME = 'Côte d''Ivoire'", C, `"NAME" = 'Côte d''Ivoire'`],
  ['pop_max > pop_min', P, 'pop_max > pop_min'],
  ['pop_other / (pop_max + pop_min) > 0.3', P, 'pop_other::float8 / (pop_max + pop_min) > 0.3'],
  ['pop_max - pop_min * 2 >= -pop_other', P, 'pop_max - pop_min * 2 >= -pop_other'],
  ["NAME IN ('Luxembourg', 'Germany', 'France', 'Nowhere')", C, 3],
  ["NOT (POP_EST < 1000000 OR CONTINENT = 'Africa') AND NAME NOT LIKE 'N%'", C, `NOT ("POP_EST" < 1000000 OR "CONTINENT" = 'Africa') AND "NAME" NOT LIKE 'N%'`],
  ["[CONTINENT = 'Europe' OR CONTINENT = 'Asia'] AND POP_EST > 50000000", C, `("CONTINENT" = 'Europe' OR "CONTINENT" = 'Asia') AND "POP_EST" > 50000000`],
  ['name IS NULL', P, 0],
  ['"date" IS NOT NULL', P, 3],
  ['BBOX(geom, 0, 40, 10, 50)', C, 8],
  ['BBOX(geom, 150, -90, -150, 90)', C, 10],
  ["BBOX(geom, 0, 40, 10, 50, 'EPSG:4326')", P, 7],
  [
    "BBOX(geom, 166021.44, 4000000, 833978.56, 6000000, 'EPSG:32632')",
    C,
    'ST_Intersects(geom, ST_Transform(ST_MakeEnvelope(166021.44, 4000000, 833978.56, 6000000, 32632), 4326))',
  ],
  ['INTERSECTS(geom, POINT(7.02 49.92))', C, 1],
  ['DISJOINT(geom, POLYGON((0 40, 10 40, 10 50, 0 50, 0 40)))', C, 169],
  ['WITHIN(geom, ENVELOPE(-180, 0, 90, -90))', C, 44],
  ['CONTAINS(geom, POINT(7.02 49.92))', C, 1],
  ['TOUCHES(geom, POINT(6.242751092156993 49.90222565367873))', C, 2],
  ['CROSSES(geom, LINESTRING(-60 -90, -60 90))', R, 2],
  ['OVERLAPS(geom, ENVELOPE(-180, 0, 90, -90))', C, 11],
  ['EQUALS(geom, POINT(6.1300028 49.6116604))', P, 1],
  ["RELATE(geom, POINT(7.02 49.92), 'T********')", C, 1],
  ["RELATE(geom, LINESTRING(-60 -90, -60 90), 'T*T******')", R, 2],
  ['DWITHIN(geom, POINT(6.13 49.61), 300, kilometers)', P, `ST_DWithin(geom::geography, 'SRID=4326;POINT(6.13 49.61)'::geography, 300000)`],
  ['DWITHIN(geom, POINT(6.13 49.61), 186.4113576712002, statute miles)', P, `ST_DWithin(geom::geography, 'SRID=4326;POINT(6.13 49.61)'::geography, 300000)`],
  ['DWITHIN(geom, POINT(6.13 49.61), 300000, meters)', C, `ST_DWithin(geom::geography, 'SRID=4326;POINT(6.13 49.61)'::geography, 300000)`],
  ['BEYOND(geom, POINT(6.13 49.61), 300, kilometers)', P, `NOT ST_DWithin(geom::geography, 'SRID=4326;POINT(6.13 49.61)'::geography, 300000)`],
  // Across the antimeridian: Suva (178.44°E) is ~175 km from 179.9°W.
  ['DWITHIN(geom, POINT(-179.9 -18), 300, kilometers)', P, `ST_DWithin(geom::geography, 'SRID=4326;POINT(-179.9 -18)'::geography, 300000)`],
  ['DWITHIN(geom, POINT(0 89.5), 2000, kilometers)', C, `ST_DWithin(geom::geography, 'SRID=4326;POINT(0 89.5)'::geography, 2000000)`],
  ['DWITHIN(geom, LINESTRING(-10 40, 10 50), 100, nautical miles)', C, `ST_DWithin(geom::geography, 'SRID=4326;LINESTRING(-10 40, 10 50)'::geography, 185200)`],
  ['"date" AFTER 2022-04-16T00:00:00Z', P, 1],
  ['start BEFORE 2022-04-16T10:13:19Z', P, 1],
  ['start TEQUALS 2022-04-16T10:13:19Z', P, 1],
  ['start DURING 2022-01-01T00:00:00Z/2022-12-31T23:59:59Z', P, 2],
  ['start DURING 2022-04-16T00:00:00Z/P1D', P, 2],
  ['start DURING P1DT1H/2022-04-17T00:00:00Z', P, 2],
  ['start BEFORE OR DURING 2022-01-01T00:00:00Z/2022-12-31T23:59:59Z', P, 3],
  ['start DURING OR AFTER 2022-04-16T10:14:00Z/2022-12-31T00:00:00Z', P, 1],
  ["start > '2022-01-01T00:00:00Z'", P, 2],
  ['"date" = \'2022-04-16\'', P, 1],
  ['INCLUDE', C, 177],
  ['EXCLUDE', C, 0],
  ["include AND NAME = 'Luxembourg'", C, 1],
];

/** GeoServer's tutorial also uses what this engine refuses by design: functions, feature ids, EXISTS. */
const REFUSED: Array<[string, RegExp, number]> = [
  ["strToLowerCase(NAME) LIKE '%m%'", /Unknown function "strToLowerCase"/, 1],
  ["IN ('states.1', 'states.12')", /Feature identifier filters/, 1],
  ['NAME EXISTS', /EXISTS is not supported/, 6],
  ['NAME DOES-NOT-EXIST', /DOES-NOT-EXIST is not supported/, 6],
];

let db: CqlFixture;
const scopes = new Map<string, CqlScope>();

beforeAll(async () => {
  db = await createCqlFixture({ ogc: true });
  for (const s of [C, P, R]) scopes.set(s, await db.scope(s));
});
afterAll(() => db?.drop());

async function run(source: string, filter: string, lang: 'ecql-text' | 'cql2-json' = 'ecql-text', scope?: CqlScope) {
  const params: unknown[] = [];
  const sql = compileCql(parseCql(filter, lang), scope ?? scopes.get(source)!, params);
  return db.ids(source, sql, params);
}

describe("GeoServer's ECQL on the CQL2 test dataset", () => {
  it.each(CASES)('%s on %s', async (ecql, source, expected) => {
    const rows = await run(source, ecql);
    if (typeof expected === 'number') expect(rows.length).toBe(expected);
    else expect(rows).toEqual(await db.ids(source, expected, []));
    const node = parseCql(ecql, 'ecql-text');
    // CQL2 has no distance predicate, no RELATE, and no CRS on a bbox.
    if (node.kind !== 'distance' && node.kind !== 'relate' && !(node.kind === 'bbox' && node.srid)) {
      expect(await run(source, JSON.stringify(toCql2Json(node)), 'cql2-json')).toEqual(rows);
    }
  });

  it('the oracles are not all empty or all rows', async () => {
    const oracle = CASES.filter((c) => typeof c[2] === 'string');
    const sizes = await Promise.all(oracle.map(async ([, s, where]) => [(await db.ids(s, where as string, [])).length, (await db.ids(s, 'TRUE', [])).length]));
    expect(sizes.filter(([n, all]) => n > 0 && n < all).length).toBe(oracle.length);
  });

  it.each(REFUSED)('%s is refused', (ecql, message, position) => {
    let error: unknown;
    try {
      compileCql(parseCql(ecql, 'ecql-text'), scopes.get(C)!, []);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CqlError);
    expect((error as CqlError).message).toMatch(message);
    expect((error as CqlError).position).toBe(position);
  });

  it('reads geometry literals in the filter CRS (filter-crs) and sets them in the column CRS', async () => {
    const scope = { ...scopes.get(C)!, filterCrsSrid: 3857 };
    const where = 'ST_Intersects(geom, ST_Transform(ST_SetSRID(ST_MakePoint(781464, 6431000), 3857), 4326))';
    const expected = await db.ids(C, where, []);
    expect(expected.length).toBe(1);
    expect(await run(C, 'INTERSECTS(geom, POINT(781464 6431000))', 'ecql-text', scope)).toEqual(expected);
    const json = '{"op":"s_intersects","args":[{"property":"geom"},{"type":"Point","coordinates":[781464,6431000]}]}';
    expect(await run(C, json, 'cql2-json', scope)).toEqual(expected);
  });

  it('DWITHIN on geographic data uses the geometry index (a bounding-box prefilter), and its answer matches the spheroid', async () => {
    await db.client.query('SET enable_seqscan = off');
    try {
      const params: unknown[] = [];
      const sql = compileCql(parseCql('DWITHIN(geom, POINT(6.13 49.61), 300, kilometers)', 'ecql-text'), scopes.get(P)!, params);
      const plan = await db.client.query(`EXPLAIN SELECT fid FROM ${P} WHERE ${sql}`, params);
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index Scan|Bitmap Index Scan/);
    } finally {
      await db.client.query('RESET enable_seqscan');
    }
  });
});
