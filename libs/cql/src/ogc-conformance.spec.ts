// OGC CQL2's abstract test suite (OGC 21-065, annex A), run for real: every predicate of its
// "Predicates and expected results" tables is parsed, translated and run on PostGIS against the
// standard's own test dataset, and must return the standard's count. Each predicate is also run in
// CQL2 JSON (written by cql2-json.ts from the parsed text, then parsed back) and must give the same
// rows. The generic tests of the suite (comparison, IS NULL, boolean, CASEI/ACCENTI, property-
// property) are run for every queryable of every table, as the suite describes them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createCqlFixture, type CqlFixture } from '../testing/postgis-fixture';
import { toCql2Json } from './cql2-json';
import { compileCql, CqlError, parseCql, type CqlScope } from './index';

jest.setTimeout(60_000);

interface AtsRow {
  class: string;
  source: string;
  predicate: string;
  expected: number;
}

const ATS: AtsRow[] = JSON.parse(readFileSync(path.join(__dirname, '../testing/ogc-cql2/ats-predicates.json'), 'utf8'));
const SOURCES = ['ne_110m_admin_0_countries', 'ne_110m_populated_places_simple', 'ne_110m_rivers_lake_centerlines'];

let db: CqlFixture;
const scopes = new Map<string, CqlScope>();

beforeAll(async () => {
  db = await createCqlFixture({ ogc: true });
  for (const s of SOURCES) scopes.set(s, await db.scope(s));
});
afterAll(() => db?.drop());

async function run(source: string, filter: string, lang: 'cql2-text' | 'cql2-json' = 'cql2-text'): Promise<number[]> {
  const params: unknown[] = [];
  const sql = compileCql(parseCql(filter, lang), scopes.get(source)!, params);
  return db.ids(source, sql, params);
}

describe('OGC CQL2 abstract test suite: predicates and expected results (text and JSON)', () => {
  it('holds the 139 predicates of the six classes with a test dataset', () => {
    expect(ATS.length).toBe(139);
  });

  it.each(ATS.map((r) => [r.class, r.predicate, r.source, r.expected] as const))('%s: %s on %s → %d', async (_c, predicate, source, expected) => {
    const text = await run(source, predicate);
    expect(text.length).toBe(expected);
    const json = JSON.stringify(toCql2Json(parseCql(predicate, 'cql2-text')));
    expect(await run(source, json, 'cql2-json')).toEqual(text);
  });
});

describe('OGC CQL2 abstract test suite: generic tests on every queryable', () => {
  const VALUES: Record<string, string> = {
    string: "'foo'",
    boolean: 'true',
    number: '3.14',
    integer: '1',
    timestamp: "TIMESTAMP('2022-04-14T14:48:46Z')",
    date: "DATE('2022-04-14')",
  };
  const disjoint = (a: number[], b: number[]) => a.filter((x) => b.includes(x));

  it.each(SOURCES)('/conf/basic-cql2/comparison, is-null and boolean on %s', async (source) => {
    const all = (await db.ids(source, 'TRUE', [])).length;
    for (const [name, column] of scopes.get(source)!.columns) {
      const q = `"${name}"`;
      const [isNull, notNull] = [await run(source, `${q} IS NULL`), await run(source, `${q} is not null`)];
      expect(disjoint(isNull, notNull)).toEqual([]);
      expect(isNull.length + notNull.length).toBe(all);
      const value = VALUES[column.type];
      if (!value) continue;
      const r: Record<string, number[]> = {};
      for (const op of ['=', '<>', '>', '<', '>=', '<=']) r[op] = await run(source, `${q} ${op} ${value}`);
      expect(disjoint(r['='], r['<>'])).toEqual([]);
      expect(disjoint(r['>'], r['<='])).toEqual([]);
      expect(disjoint(r['<'], r['>='])).toEqual([]);
      // property-property: the value on the left, and a queryable against itself.
      expect(await run(source, `${value} = ${q}`)).toEqual(r['=']);
      expect(await run(source, `${q} = ${q}`)).toEqual(notNull);
      expect(await run(source, `${q} <> ${q}`)).toEqual([]);
    }
    expect((await run(source, 'true')).length).toBe(all);
    expect(await run(source, 'false')).toEqual([]);
  });

  it.each(SOURCES)('/conf/case-insensitive-comparison and accent-insensitive-comparison on %s', async (source) => {
    for (const [name, column] of scopes.get(source)!.columns) {
      if (column.type !== 'string') continue;
      const q = `"${name}"`;
      expect(await run(source, `CASEI(${q}) = casei('foo')`)).toEqual(await run(source, `CASEI(${q}) = casei('FOO')`));
      expect(await run(source, `CASEI(${q}) LIKE casei('foo%')`)).toEqual(await run(source, `CASEI(${q}) LIKE casei('FOO%')`));
      expect(await run(source, `ACCENTI(CASEI(${q})) = accenti(casei('ÄÉ'))`)).toEqual(await run(source, `ACCENTI(CASEI(${q})) = accenti(casei('ae'))`));
      expect(await run(source, `ACCENTI(${q}) LIKE accenti('Ä%')`)).toEqual(await run(source, `ACCENTI(${q}) LIKE accenti('A%')`));
    }
  });

  it('CASEI and ACCENTI find what the exact comparison does not', async () => {
    const places = 'ne_110m_populated_places_simple';
    expect(await run(places, "name = 'københavn'")).toEqual([]);
    expect((await run(places, "CASEI(name) = casei('københavn')")).length).toBe(1);
    expect((await run(places, "ACCENTI(CASEI(name)) = accenti(casei('KOBENHAVN'))")).length).toBe(1);
    expect((await run(places, "CASEI(name) IN (casei('kiev'), casei('BERLIN'))")).length).toBe(2);
  });

  it('ACCENTI without unaccent is refused with its position', () => {
    const scope = { ...scopes.get('ne_110m_populated_places_simple')!, unaccent: false };
    const f = "name = 'x' AND ACCENTI(name) = accenti('é')";
    expect(() => compileCql(parseCql(f, 'cql2-text'), scope, [])).toThrow(CqlError);
    expect(() => compileCql(parseCql(f, 'cql2-text'), scope, [])).toThrow(/unaccent.*position 16/);
  });

  it('/conf/arithmetic: expressions on both sides, as PostgreSQL computes them', async () => {
    const countries = 'ne_110m_admin_0_countries';
    const oracle = async (where: string) => db.ids(countries, where, []);
    expect(await run(countries, 'POP_EST / 1000 > 100000')).toEqual(await oracle('"POP_EST" / 1000 > 100000'));
    expect(await run(countries, '(POP_EST + 1) * 2 - 2 >= 2 * POP_EST')).toEqual(await oracle('TRUE'));
    expect(await run(countries, 'POP_EST % 2 = 1')).toEqual(await oracle('"POP_EST"::numeric % 2 = 1'));
    expect(await run(countries, 'POP_EST div 1000000 = 37')).toEqual(await oracle('div("POP_EST"::numeric, 1000000) = 37'));
    expect(await run(countries, '2 ^ 3 = 8 AND -POP_EST < 0')).toEqual(await oracle('"POP_EST" > 0'));
    expect(await run(countries, 'POP_EST / 0 > 1')).toEqual([]);
  });
});
