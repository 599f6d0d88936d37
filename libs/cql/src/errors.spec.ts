// Error messages name the token and its 1-based character position, in both text and JSON.
import { compileCql, CqlError, parseCql, type CqlLanguage, type CqlScope } from './index';

const scope: CqlScope = {
  columns: new Map([
    ['name', { sql: '"name"', type: 'string' }],
    ['pop', { sql: '"pop"', type: 'integer' }],
    ['geom', { sql: '"geom"', type: 'geometry' }],
  ]),
  geometry: { sql: '"geom"', srid: 4326, geographic: true },
};

function error(filter: string, lang: CqlLanguage = 'cql2-text'): { position: number; token: string; message: string } {
  try {
    compileCql(parseCql(filter, lang), scope, []);
  } catch (e) {
    if (e instanceof CqlError) return { position: e.position, token: e.token, message: e.message };
    throw e;
  }
  throw new Error(`no error for ${filter}`);
}

describe('CqlError positions', () => {
  it.each([
    ["name = 'x' AND", 15, ''],
    ["name = 'x' AND pop >", 21, ''],
    ["name == 'x'", 7, '='],
    ["name = 'x", 8, "'x"],
    ['pop > 1 2', 9, '2'],
    ["nam = 'x'", 1, 'nam'],
    ["name = 'x' AND popp > 1", 16, 'popp'],
    ["pop = 'x'", 1, 'pop'],
    ['pop # 1', 5, '#'],
    ['S_INTERSECTS(geom, POINT(1))', 27, ')'],
    ['S_INTERSECTS(geom, POLYGON((0 0, 1 0, 1 1, 0 1)))', 28, '('],
    ['S_INTERSECTS(pop, POINT(1 2))', 14, 'pop'],
    ["A_CONTAINS(name, ('a'))", 1, 'A_CONTAINS'],
    ["upper(name) = 'X'", 1, 'upper'],
    ['pop BETWEEN 1 OR 2', 15, 'OR'],
    ['(pop > 1', 9, ''],
    ["DATE('2022-02-30') = DATE('2022-01-01')", 6, "'2022-02-30'"],
    ['DWITHIN(geom, POINT(1 2), 10, parsecs)', 31, 'parsecs'],
  ])('%s → position %d', (filter, position, token) => {
    expect(error(filter)).toMatchObject({ position, token });
  });

  it('names the position in the message', () => {
    expect(error("name = 'x' AND popp > 1").message).toBe('Unknown property "popp" (not a published attribute) (at position 16, "popp")');
    expect(error("name = 'x' AND").message).toBe('Expected a value but found the end of the filter (at position 15, end of filter)');
  });

  it.each([
    ['{"op":"=","args":[{"property":"popp"},1]}', 31, '"popp"'],
    ['{"op":"=","args":[{"property":"pop"}]}', 7, '"="'],
    ['{"op":"like","args":[{"property":"name"},{"property":"name"}]}', 54, '"name"'],
    ['{"op":"=","args":[{"property":"pop"},1]', 40, ''],
    ['{"op":"=" "args":[]}', 11, '"'],
    ['{"op":"s_intersects","args":[{"property":"geom"},{"type":"Point","coordinates":[1]}]}', 80, '['],
  ])('JSON %s → position %d', (filter, position, token) => {
    expect(error(filter, 'cql2-json')).toMatchObject({ position, token });
  });

  it('an empty filter is an error about the whole filter', () => {
    expect(error('  ')).toMatchObject({ position: 0 });
    expect(error('', 'cql2-json')).toMatchObject({ position: 0 });
  });
});

describe('parameters', () => {
  it('numbers every value once, in the order the SQL reads them', () => {
    const scope2: CqlScope = { ...scope, columns: new Map([...scope.columns, ['d', { sql: '"d"', type: 'date' }]]) };
    const compile = (f: string) => {
      const params: unknown[] = [];
      return { sql: compileCql(parseCql(f, 'cql2-text'), scope2, params), params };
    };
    expect(compile('pop / 1000 BETWEEN 100 AND 200')).toEqual({
      sql: '((("pop")::double precision / NULLIF($1::bigint, 0)) BETWEEN $2::bigint AND $3::bigint)',
      params: [1000, 100, 200],
    });
    expect(compile("'a' IN ('a', 'b')")).toEqual({ sql: '($1::text IN ($2::text, $3::text))', params: ['a', 'a', 'b'] });
    expect(compile("'2020-01-01' < DATE('2021-01-01')")).toEqual({ sql: '($1::date < $2::date)', params: ['2020-01-01', '2021-01-01'] });
    expect(compile("'2020-01-01' <= d")).toEqual({ sql: '($1::date <= "d")', params: ['2020-01-01'] });
    expect(compile("d IN ('2020-01-01', DATE('2021-01-01'))")).toEqual({ sql: '("d" IN ($1::date, $2::date))', params: ['2020-01-01', '2021-01-01'] });
  });
});
