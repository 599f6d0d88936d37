// A store whose search_path leaves out the schema PostGIS and unaccent live in (`public` here; the
// session searches only `data`, where the table is): the compiled SQL names every PostGIS function,
// type and operator, and unaccent, in the schema the scope gives, so it runs the same as on a
// default search_path. Without the schema, the same filter fails — which is what this guards.
import { createCqlFixture, type CqlFixture } from '../testing/postgis-fixture';
import { compileCql, parseCql, type CqlScope } from './index';

jest.setTimeout(60_000);

let fx: CqlFixture;

const SETUP = `
CREATE SCHEMA data;
CREATE TABLE data.pts (fid int PRIMARY KEY, name text, geom geometry(Point, 4326), geog geography(Point, 4326));
INSERT INTO data.pts VALUES
  (1, 'Zürich', 'SRID=4326;POINT(8.54 47.37)', 'SRID=4326;POINT(8.54 47.37)'),
  (2, 'Genève', 'SRID=4326;POINT(6.14 46.20)', 'SRID=4326;POINT(6.14 46.20)'),
  (3, 'Paris', 'SRID=4326;POINT(2.35 48.86)', 'SRID=4326;POINT(2.35 48.86)');
`;

beforeAll(async () => {
  fx = await createCqlFixture({ setupSql: SETUP });
  await fx.client.query('SET search_path TO data');
});

afterAll(async () => {
  await fx?.drop();
});

function scope(geometry: 'geom' | 'geog', extra: Partial<CqlScope>): CqlScope {
  const pg = extra.postgis ? `${extra.postgis}.` : '';
  const sql = geometry === 'geog' ? `"geog"::${pg}geometry` : '"geom"';
  return {
    columns: new Map([
      ['name', { sql: '"name"', type: 'string' as const }],
      [geometry, { sql, type: 'geometry' as const }],
    ]),
    geometry: { sql, srid: 4326, geographic: true },
    ...extra,
  };
}

async function ids(filter: string, s: CqlScope): Promise<number[]> {
  const params: unknown[] = [];
  const where = compileCql(parseCql(filter, 'ecql-text'), s, params);
  return fx.ids('pts', where, params);
}

const QUALIFIED = { postgis: '"public"', unaccent: '"public"' };

describe('PostGIS and unaccent outside the search_path', () => {
  it.each<[string, 'geom' | 'geog', number[]]>([
    ['INTERSECTS(geom, POLYGON((5 45, 9 45, 9 48, 5 48, 5 45)))', 'geom', [1, 2]],
    ['BBOX(geom, 2, 48, 3, 49)', 'geom', [3]],
    ["BBOX(geom, 200000, 5100000, 300000, 5300000, 'EPSG:32632')", 'geom', [2]],
    ["RELATE(geom, POINT(2.35 48.86), 'T********')", 'geom', [3]],
    ['DWITHIN(geom, POINT(8 47), 100, kilometers)', 'geom', [1]],
    ['DWITHIN(geog, POINT(6 46), 50, kilometers)', 'geog', [2]],
    ['BEYOND(geog, POINT(6 46), 50, kilometers)', 'geog', [1, 3]],
    ["ACCENTI(name) = ACCENTI('geneve')", 'geom', []],
    ["ACCENTI(name) = 'Geneve'", 'geom', [2]],
    ["ACCENTI(name) LIKE 'Zu%'", 'geom', [1]],
  ])('%s', async (filter, geometry, expected) => {
    expect(await ids(filter, scope(geometry, QUALIFIED))).toEqual(expected);
  });

  it('unqualified, the same SQL finds neither PostGIS nor unaccent', async () => {
    await expect(ids('INTERSECTS(geom, POINT(2.35 48.86))', scope('geom', {}))).rejects.toThrow(/does not exist/);
    await expect(ids('DWITHIN(geog, POINT(6 46), 50, kilometers)', scope('geog', {}))).rejects.toThrow(/does not exist/);
    await expect(ids("ACCENTI(name) = 'Geneve'", scope('geom', { unaccent: true }))).rejects.toThrow(/does not exist/);
  });
});
