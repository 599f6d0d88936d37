import { CatalogError } from '@geocatalog/catalog-model';
import { configuredSubset, publishedAttributes, subsetNotApplied } from './attribute-subset';
import type { AttributeInfo, TableInfo } from './postgis.types';

const column = (name: string, binding = 'java.lang.String'): AttributeInfo => ({ name, binding, minOccurs: 0, maxOccurs: 1, nillable: true });

const table: TableInfo = {
  schema: 'gis',
  table: 'states',
  attributes: [column('geom', 'org.locationtech.jts.geom.MultiPolygon'), column('name'), column('abbr'), column('persons', 'java.lang.Double')],
  geometry: { column: 'geom', type: 'MULTIPOLYGON', srid: 4326 },
};

describe('configuredSubset', () => {
  it('keeps nothing when nothing is sent, and clears for an empty list', () => {
    expect(configuredSubset(undefined, table)).toBeUndefined();
    expect(configuredSubset([], table)).toBeNull();
    expect(configuredSubset(null, table)).toBeNull();
  });

  it('stores no subset for every column (with or without the geometry): a GET sent back pins nothing', () => {
    expect(configuredSubset(['geom', 'name', 'abbr', 'persons'], table)).toBeNull();
    expect(configuredSubset(['persons', 'abbr', 'name'], table)).toBeNull();
  });

  it('stores the names of a subset in the order sent, without repeats', () => {
    expect(configuredSubset(['persons', 'geom', 'name', 'persons'], table)).toEqual(['persons', 'geom', 'name']);
  });

  it('refuses a name the table lacks, naming it and the columns', () => {
    expect(() => configuredSubset(['name', 'area'], table)).toThrow(
      new CatalogError('INVALID_VALUE', "No such attribute in 'gis.states': 'area'; it has geom, name, abbr, persons"),
    );
  });
});

describe('publishedAttributes', () => {
  it('is every column but the geometry without a subset; the subset in table order with one', () => {
    expect(publishedAttributes(table, null)!.map((a) => a.name)).toEqual(['name', 'abbr', 'persons']);
    expect(publishedAttributes(table, ['persons', 'geom', 'name'])!.map((a) => a.name)).toEqual(['name', 'persons']);
  });

  it('is null when the subset names a column the table lost, and the refusal names it', () => {
    expect(publishedAttributes(table, ['name', 'gone'])).toBeNull();
    const err = subsetNotApplied('ws:states', table, ['name', 'gone']);
    expect([err.code, err.message]).toEqual([
      'CANNOT_APPLY',
      "Layer 'ws:states' serves no features: its attributes name 'gone', which 'gis.states' no longer has; update its attributes",
    ]);
  });
});
