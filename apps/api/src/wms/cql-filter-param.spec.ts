import { splitFilters } from './cql-filter-param';

describe('splitFilters', () => {
  it("splits CQL_FILTER at ';' outside quoted literals and names, keeping each part's start", () => {
    expect(splitFilters('a = 1;b = \'x;y\';"c;d" > 2')).toEqual([
      { text: 'a = 1', start: 0 },
      { text: "b = 'x;y'", start: 6 },
      { text: '"c;d" > 2', start: 16 },
    ]);
    expect(splitFilters("name = 'it''s;ok'")).toEqual([{ text: "name = 'it''s;ok'", start: 0 }]);
    expect(splitFilters('INCLUDE;')).toEqual([
      { text: 'INCLUDE', start: 0 },
      { text: '', start: 8 },
    ]);
  });
});
