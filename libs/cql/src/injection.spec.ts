// Hostile filters: each must be refused with a CqlError (a position inside the filter, or 0 for the
// filter as a whole), or become a query whose SQL text holds nothing the client wrote — only the
// scope's identifiers, fixed SQL and $n placeholders — and that PostgreSQL runs without an error,
// leaving the table as it was.
import { createCqlFixture, type CqlFixture } from '../testing/postgis-fixture';
import { compileCql, CqlError, parseCql, type CqlLanguage, type CqlScope } from './index';

jest.setTimeout(60_000);

const TABLE = 'places';
const SETUP = `
CREATE TABLE places (fid int PRIMARY KEY, name text, pop int, d date, geom geometry(Point, 4326));
INSERT INTO places VALUES (1, 'O''Brien', 10, '2020-01-01', 'SRID=4326;POINT(1 1)'), (2, 'Zürich', 20, '2021-01-01', 'SRID=4326;POINT(8.5 47.4)'),
  (3, 'a--b', 30, NULL, NULL), (4, '%_\\', 40, '2022-02-28', 'SRID=4326;POINT(-1 -1)');
`;

const nested = (n: number) => `${'('.repeat(n)}pop = 1${')'.repeat(n)}`;
const notChain = (n: number) => `${'NOT '.repeat(n)}pop = 1`;
const jsonNested = (n: number) => `${'{"op":"not","args":['.repeat(n)}true${']}'.repeat(n)}`;

/** [filter, language, expected: 'error' or the fids it selects]. */
const CORPUS: Array<[string, CqlLanguage, 'error' | number[]]> = [
  ["name = 'O''Brien'", 'cql2-text', [1]],
  ["name = 'x'' OR 1=1 --'", 'cql2-text', []],
  ["name = 'x\\' OR 1=1 --'", 'cql2-text', []],
  ["name = 'a'; DROP TABLE places; --", 'cql2-text', 'error'],
  ["name = 'a' -- comment", 'cql2-text', 'error'],
  ["name = 'a' /* comment */", 'cql2-text', 'error'],
  ["name = 'a--b'", 'cql2-text', [3]],
  ["name = '/* x */'", 'cql2-text', []],
  ['"name"" = 1 OR ""x" = 1', 'cql2-text', 'error'],
  ['"; DROP TABLE places; --" = 1', 'cql2-text', 'error'],
  ['name = $1', 'cql2-text', 'error'],
  ["name = E'\\x27'", 'cql2-text', 'error'],
  ["name = 'a' UNION SELECT 1", 'cql2-text', 'error'],
  ["name = 'a' OR pg_sleep(10) IS NULL", 'cql2-text', 'error'],
  ['pop = (SELECT 1)', 'cql2-text', 'error'],
  ['pop = 1e999', 'cql2-text', 'error'],
  ['pop = 99999999999999999999', 'cql2-text', []],
  ["name = 'Zürich'", 'cql2-text', [2]],
  ["name = 'Zu\u0308rich'", 'cql2-text', []],
  ['name = \u02bcx\u02bc', 'cql2-text', 'error'],
  ["name = 'x\u0000'", 'cql2-text', 'error'],
  ['na\u200bme = 1', 'cql2-text', 'error'],
  ["\u202ename = 'x'", 'cql2-text', 'error'],
  ["name LIKE '%\\\\%'", 'cql2-text', [4]],
  ['{"op":"like","args":[{"property":"name"},"abc\\\\"]}', 'cql2-json', 'error'],
  ["name LIKE 'abc\\'", 'cql2-text', 'error'],
  ['name LIKE name', 'cql2-text', 'error'],
  ["name LIKE '\\%\\_%'", 'cql2-text', [4]],
  ["d = DATE('2022-02-30')", 'cql2-text', 'error'],
  ["d = TIMESTAMP('2022-02-28T25:00:00Z')", 'cql2-text', 'error'],
  ["d > '2021-13-01'", 'cql2-text', 'error'],
  ['d AFTER 2022-02-29T00:00:00Z', 'ecql-text', 'error'],
  ['d DURING 2022-01-01T00:00:00Z/P99999Y', 'ecql-text', 'error'],
  ['S_INTERSECTS(geom, POLYGON((0 0, 1 1, 0 0)))', 'cql2-text', 'error'],
  ['S_INTERSECTS(geom, POINT(1 1)) OR S_INTERSECTS(geom, POINT(1e308 1e308))', 'cql2-text', [1]],
  ['pop / 0 = 1 OR pop % 0 = 1 OR pop div 0 = 1', 'cql2-text', []],
  [nested(150), 'cql2-text', []],
  [nested(10_000), 'cql2-text', 'error'],
  [notChain(10_000), 'cql2-text', 'error'],
  [`pop IN (${Array.from({ length: 12_000 }, (_, i) => i).join(',')})`, 'cql2-text', 'error'],
  [`pop IN (${Array.from({ length: 5_000 }, (_, i) => i).join(',')})`, 'cql2-text', [1, 2, 3, 4]],
  [`name = '${'x'.repeat(250_000)}'`, 'cql2-text', 'error'],
  ['{"op":"=","args":[{"property":"name"},"x\' OR 1=1 --"]}', 'cql2-json', []],
  ['{"op":"=","args":[{"property":"name\\" OR 1=1 --"},"x"]}', 'cql2-json', 'error'],
  ['{"op":"=","args":[{"property":"__proto__"},1]}', 'cql2-json', 'error'],
  ['{"op":"=","args":[{"property":"name"},"x"],"__proto__":{"op":"or"}}', 'cql2-json', 'error'],
  ['{"op":"=","args":[{"property":"name"},"x\\u0000"]}', 'cql2-json', 'error'],
  ['{"op":"pg_sleep","args":[10]}', 'cql2-json', 'error'],
  ['{"op":"s_intersects","args":[{"property":"geom"},{"type":"Polygon","coordinates":[[[0,0],[1,1],[0,0]]]}]}', 'cql2-json', 'error'],
  ['{"op":"s_intersects","args":[{"property":"geom"},{"type":"Point","coordinates":["1","1"]}]}', 'cql2-json', 'error'],
  [jsonNested(150), 'cql2-json', [1, 2, 3, 4]],
  [jsonNested(10_000), 'cql2-json', 'error'],
  ['{"op":"=","args":[{"property":"pop"},1]} trailing', 'cql2-json', 'error'],
];

let db: CqlFixture;
let scope: CqlScope;

beforeAll(async () => {
  db = await createCqlFixture({ setupSql: SETUP });
  scope = await db.scope(TABLE);
});
afterAll(() => db?.drop());

/** What SQL text may hold: the scope's quoted identifiers, fixed words, casts, numbers of our own and $n. */
function clientTextIn(sql: string): string[] {
  const stripped = sql
    .replace(/"(name|pop|d|geom)"/g, ' ')
    .replace(/\$\d+::[a-z ]+?(?=[),\s]|$)/g, ' ')
    .replace(/'(-?infinity)'::timestamptz/g, ' ');
  return stripped.match(/['"`;\\]|--|\/\*/g) ?? [];
}

describe('injection corpus', () => {
  it.each(CORPUS.map(([f, lang, expected]) => [f.length > 80 ? `${f.slice(0, 60)}… (${f.length} chars)` : f, lang, expected, f] as const))(
    '%s (%s)',
    async (_label, lang, expected, filter) => {
      let sql: string | undefined;
      const params: unknown[] = [];
      try {
        sql = compileCql(parseCql(filter, lang), scope, params);
      } catch (e) {
        if (!(e instanceof CqlError)) throw e;
        expect(expected).toBe('error');
        expect(e.position).toBeGreaterThanOrEqual(0);
        expect(e.position).toBeLessThanOrEqual(filter.length + 1);
        return;
      }
      expect({ filter: filter.slice(0, 80), sql: 'compiled' }).toEqual({ filter: filter.slice(0, 80), sql: expected === 'error' ? 'refused' : 'compiled' });
      expect(clientTextIn(sql)).toEqual([]);
      for (const p of params) if (typeof p === 'string' && p.length > 3 && !/^\{"type"/.test(p)) expect(sql).not.toContain(p);
      expect(await db.ids(TABLE, sql, params)).toEqual(expected);
      expect((await db.client.query('SELECT count(*)::int AS n FROM places')).rows[0].n).toBe(4);
    },
  );

  it('parses and translates 10,000 nested parentheses without overflowing the stack, and refuses them at the limit', () => {
    let error: CqlError | undefined;
    try {
      parseCql(nested(10_000), 'cql2-text');
    } catch (e) {
      error = e as CqlError;
    }
    expect(error).toBeInstanceOf(CqlError);
    expect(error!.message).toMatch(/nested deeper than 200/);
  });
});
