import { CatalogError } from '@geocatalog/catalog-model';
import {
  checkDatetime,
  checkParameters,
  DEFAULT_LIMIT,
  formatOf,
  MAX_LIMIT,
  parseItemQuery,
  parseItemsQuery,
  parseProperties,
  parseSortBy,
  queryOf,
} from './features-params';

function invalid(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof CatalogError && err.code === 'INVALID_VALUE') return err.message;
    throw err;
  }
  throw new Error('expected INVALID_VALUE');
}

const items = (query: string) => parseItemsQuery(queryOf(`/x/items?${query}`));

describe('checkParameters', () => {
  it('accepts the parameters a resource declares, names case-sensitive', () => {
    expect([...checkParameters(queryOf('/?f=json'), 'landing')]).toEqual([['f', 'json']]);
    expect(invalid(() => checkParameters(queryOf('/?F=json'), 'landing'))).toBe("Unknown query parameter 'F'; this resource accepts f");
    expect(invalid(() => checkParameters(queryOf('/c?limit=1'), 'collections'))).toContain("Unknown query parameter 'limit'");
  });

  it('refuses a parameter given twice', () => {
    expect(invalid(() => checkParameters(queryOf('/i?limit=1&limit=2'), 'items'))).toBe("The query parameter 'limit' is given more than once");
  });
});

describe('formatOf', () => {
  it("gives each resource's default and the formats it knows", () => {
    expect(formatOf(new Map(), 'items')).toBe('geojson');
    expect(formatOf(new Map([['f', 'json']]), 'items')).toBe('json');
    expect(formatOf(new Map([['f', 'application/geo+json']]), 'item')).toBe('geojson');
    expect(formatOf(new Map(), 'api')).toBe('openapi');
    expect(formatOf(new Map([['f', 'JSON']]), 'api')).toBe('json');
    expect(formatOf(new Map(), 'collections')).toBe('json');
  });

  it('refuses another', () => {
    expect(invalid(() => formatOf(new Map([['f', 'html']]), 'collections'))).toBe("Unsupported format f='html'; this resource offers json");
    expect(invalid(() => formatOf(new Map([['f', 'geojson']]), 'landing'))).toContain('offers json');
  });
});

describe('parseItemsQuery', () => {
  it('has defaults', () => {
    const q = items('');
    expect(q).toEqual({ format: 'geojson', limit: DEFAULT_LIMIT, offset: 0, boxes: undefined, properties: undefined, sortBy: undefined, params: new Map() });
  });

  it('clamps a limit above the maximum, as OGC API - Features requires', () => {
    expect(items('limit=10001').limit).toBe(MAX_LIMIT);
    expect(items('limit=99999999999999999999999').limit).toBe(MAX_LIMIT);
    expect(items('limit=1').limit).toBe(1);
  });

  it.each(['limit=0', 'limit=-1', 'limit=1.5', 'limit=', 'limit=ten', 'limit=+5', 'offset=-1', 'offset=x', 'offset=1e3'])('refuses %p', (query) => {
    expect(invalid(() => items(query))).toMatch(/^Invalid (limit|offset) '.*': expected an integer of at least [01]$/);
  });

  it('reads offset, bbox, datetime, properties and keeps the parameters for links', () => {
    const q = items('bbox=170,-10,-170,10&offset=20&datetime=2024-01-01/..&properties=name,pop&f=json');
    expect(q.offset).toBe(20);
    expect(q.boxes).toHaveLength(2);
    expect(q.properties).toEqual(['name', 'pop']);
    expect(q.datetime).toEqual({ start: '2024-01-01' });
    expect(q.format).toBe('json');
    expect([...q.params.keys()]).toEqual(['bbox', 'offset', 'datetime', 'properties', 'f']);
  });

  it('refuses unknown parameters, e.g. those of other OGC API parts', () => {
    expect(invalid(() => items('crs=EPSG:4326'))).toContain("Unknown query parameter 'crs'");
    expect(invalid(() => items('zoom-level=5'))).toContain("Unknown query parameter 'zoom-level'");
  });
});

describe('parseSortBy', () => {
  it('reads names in order, + or no sign ascending, - descending; an unescaped + (a space) ascending too', () => {
    expect(parseSortBy('-persons,+name, rank,abbr')).toEqual([
      { column: 'persons', descending: true },
      { column: 'name', descending: false },
      { column: 'rank', descending: false },
      { column: 'abbr', descending: false },
    ]);
    expect(items('sortby=%2Ba,-b').sortBy).toEqual([
      { column: 'a', descending: false },
      { column: 'b', descending: true },
    ]);
  });

  it.each(['', ',', 'a,,b', '-', '+', 'a,-a'])('refuses %p', (text) => {
    expect(invalid(() => parseSortBy(text))).toMatch(/^Invalid sortby '.*': /);
  });
});

describe('parseItemQuery', () => {
  it('takes f and properties only', () => {
    expect(parseItemQuery(queryOf('/i/1?f=geojson&properties=a')).properties).toEqual(['a']);
    expect(invalid(() => parseItemQuery(queryOf('/i/1?limit=1')))).toContain("Unknown query parameter 'limit'");
  });
});

describe('parseProperties', () => {
  it('reads names in order without repeats; empty means none', () => {
    expect(parseProperties('b, a,b')).toEqual(['b', 'a']);
    expect(parseProperties('')).toEqual([]);
    expect(invalid(() => parseProperties('a,,b'))).toContain('a property name is empty');
  });
});

describe('checkDatetime', () => {
  it.each([
    ['2024-02-29T12:34:56Z', { start: '2024-02-29T12:34:56Z', end: '2024-02-29T12:34:56Z' }],
    ['2024-02-29t12:34:56.123+02:00', { start: '2024-02-29T12:34:56.123+02:00', end: '2024-02-29T12:34:56.123+02:00' }],
    ['2024-02-29', { start: '2024-02-29', end: '2024-02-29' }],
    ['2024-01-01T00:00:00Z/2024-12-31T23:59:59Z', { start: '2024-01-01T00:00:00Z', end: '2024-12-31T23:59:59Z' }],
    ['../2024-12-31', { end: '2024-12-31' }],
    ['2024-01-01/..', { start: '2024-01-01' }],
    ['/2024-01-01', { end: '2024-01-01' }],
    ['2024-01-01/', { start: '2024-01-01' }],
  ])('accepts %p', (text, range) => {
    expect(checkDatetime(text)).toEqual(range);
  });

  it.each([
    ['now', 'expected an RFC 3339 date-time'],
    ['2023-02-29', 'expected an RFC 3339 date-time'],
    ['2024-02-29T25:00:00Z', 'expected an RFC 3339 date-time'],
    ['2024-02-29T12:00:00', 'expected an RFC 3339 date-time'],
    ['../..', 'at most one end of an interval may be open'],
    ['2024-02-01/2024-01-01', 'the interval ends before it starts'],
    ['2024-01-01/x', 'each end must be'],
    ['a/b/c', 'expected an instant or an interval'],
  ])('refuses %p', (text, why) => {
    expect(invalid(() => checkDatetime(text))).toContain(why);
  });
});
