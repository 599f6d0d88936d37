import { CatalogError } from '@geocatalog/catalog-model';
import type { CqlScope } from '@geocatalog/cql';
import { queryOf, parseItemsQuery } from './features-params';
import { filterCondition, filterCrs } from './items-filter';

const scope: CqlScope = {
  columns: new Map([
    ['name', { sql: 't."name"', type: 'string' }],
    ['geom', { sql: 't."geom"', type: 'geometry' }],
  ]),
  geometry: { sql: 't."geom"', srid: 4326, geographic: true },
};

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

describe('filter, filter-lang, filter-crs', () => {
  it('reads cql2-text by default, ECQL spellings included, and the other languages by name', () => {
    expect(items(`filter=${encodeURIComponent("name = 'a'")}`).filter).toMatchObject({ lang: 'cql2-text', node: { kind: 'compare' } });
    expect(items(`filter=${encodeURIComponent('INTERSECTS(geom, POINT(1 2))')}`).filter?.node).toMatchObject({ kind: 'spatial', op: 's_intersects' });
    for (const lang of ['cql-text', 'ecql-text']) expect(items(`filter=INCLUDE&filter-lang=${lang}`).filter).toMatchObject({ lang, node: { kind: 'literal' } });
    const json = encodeURIComponent('{"op":"=","args":[{"property":"name"},"a"]}');
    expect(items(`filter=${json}&filter-lang=cql2-json`).filter?.node).toMatchObject({ kind: 'compare', op: '=' });
  });

  it('answers a filter it cannot read with its position', () => {
    expect(invalid(() => items(`filter=${encodeURIComponent("name = 'a' AND")}`))).toBe(
      'Invalid filter: Expected a value but found the end of the filter (at position 15, end of filter)',
    );
    expect(invalid(() => items(`filter=${encodeURIComponent('{"op":"="}')}&filter-lang=cql2-json`))).toBe(
      'Invalid filter: "=" needs an "args" array (at position 1, "{")',
    );
  });

  it('refuses an unknown language, a CRS it does not read, and filter-lang or filter-crs without a filter', () => {
    expect(invalid(() => items('filter=INCLUDE&filter-lang=sql'))).toBe("Invalid filter-lang 'sql': this API reads cql2-text, cql2-json, cql-text, ecql-text");
    expect(invalid(() => items('filter-lang=cql2-text'))).toBe('filter-lang without filter: give the filter too, or leave it out');
    expect(invalid(() => items('filter-lang=cql2-text&filter-crs=x'))).toBe(
      'filter-lang and filter-crs without filter: give the filter too, or leave them out',
    );
    expect(invalid(() => filterCrs('EPSG:3857'))).toContain("Invalid filter-crs 'EPSG:3857'");
    expect(invalid(() => filterCrs('http://www.opengis.net/def/crs/EPSG/0/4326'))).toContain('latitude first');
    expect(filterCrs('http://www.opengis.net/def/crs/OGC/1.3/CRS84')).toBeUndefined();
    expect(filterCrs('http://www.opengis.net/def/crs/EPSG/0/3857')).toBe(3857);
  });

  it('compiles against the published scope: an unpublished name is a 400 before any read', () => {
    const filter = items(`filter=${encodeURIComponent("secret = 'x'")}`).filter!;
    expect(invalid(() => filterCondition(filter, scope))).toBe(
      'Invalid filter: Unknown property "secret" (not a published attribute) (at position 1, "secret")',
    );
    const ok = items(`filter=${encodeURIComponent("name = 'x'")}&filter-crs=${encodeURIComponent('http://www.opengis.net/def/crs/EPSG/0/3857')}`).filter!;
    const params: unknown[] = [7];
    expect(filterCondition(ok, scope)(params)).toBe('(t."name" = $2::text)');
    expect(params).toEqual([7, 'x']);
  });
});
