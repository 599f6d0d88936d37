import { CatalogError } from '@geocatalog/catalog-model';
import { tileFilterOf } from './tiles-params';

describe('tileFilterOf', () => {
  it('is undefined without a filter, and ignores other parameters as the tile always did', () => {
    expect(tileFilterOf(new URLSearchParams('f=mvt'))).toBeUndefined();
  });

  it('reads filter and filter-lang as items do', () => {
    const filter = tileFilterOf(new URLSearchParams({ filter: "name = 'x' AND rank > 2", 'filter-lang': 'ecql-text' }));
    expect(filter?.lang).toBe('ecql-text');
    expect(filter?.node).toBeDefined();
  });

  it('refuses a filter it cannot read with its 1-based position, and a repeated filter', () => {
    expect(() => tileFilterOf(new URLSearchParams({ filter: 'rank >' }))).toThrow(/position 7/);
    expect(() => tileFilterOf(new URLSearchParams('filter=a%3D1&filter=b%3D2'))).toThrow(CatalogError);
    expect(() => tileFilterOf(new URLSearchParams({ 'filter-lang': 'cql2-text' }))).toThrow(/without filter/);
  });
});
