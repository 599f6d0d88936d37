import { CatalogError } from '@geocatalog/catalog-model';
import { CqlError, parseCql } from '@geocatalog/cql';
import { clientCondition, publishedScope } from './published-scope';
import type { AttributeInfo, TableInfo } from './postgis.types';

const attr = (name: string, binding: string): AttributeInfo => ({ name, binding, minOccurs: 0, maxOccurs: 1, nillable: true });
const table: TableInfo = {
  schema: 'public',
  table: 'states',
  attributes: [
    attr('geom', 'org.locationtech.jts.geom.MultiPolygon'),
    attr('name', 'java.lang.String'),
    attr('persons', 'java.lang.Double'),
    attr('photo', '[B'),
  ],
  geometry: { column: 'geom', type: 'MULTIPOLYGON', srid: 4326 },
};
const published = [attr('name', 'java.lang.String')];
const scopeOf = (cqlFilter: string | null) => publishedScope({ layerId: 'acme:states', table, attributes: published, srid: 4326, cqlFilter });

describe('publishedScope', () => {
  it("gives a client the published, comparable columns and the geometry; the feature type's own filter the whole table", () => {
    const scope = scopeOf('persons > 1000');
    expect([...scope.cql.columns.keys()]).toEqual(['name', 'geom']);
    expect(scope.cql.geometry).toEqual({ sql: 't."geom"', srid: 4326, geographic: true });
    const params: unknown[] = ['before'];
    expect(scope.restriction!(params)).toMatch(/t\."persons" > \$2/);
    expect(params).toEqual(['before', 1000]);
    expect(scopeOf(null).restriction).toBeUndefined();
  });

  it('refuses a cqlFilter that cannot be parsed, or names a column the table lacks: CANNOT_APPLY naming the position', () => {
    for (const [text, position] of [
      ["name = = 'x'", 8],
      ['area > 3', 1],
    ] as const) {
      let error: unknown;
      try {
        scopeOf(text);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(CatalogError);
      expect((error as CatalogError).code).toBe('CANNOT_APPLY');
      expect((error as CatalogError).message).toMatch(
        new RegExp(`^Layer 'acme:states' serves no features: its cqlFilter '.*' cannot be applied: .*position ${position}\\b`),
      );
    }
  });
});

describe('clientCondition', () => {
  it('refuses a column the layer does not publish with a CqlError, and compiles a published one after what the statement holds', () => {
    const scope = scopeOf(null);
    expect(() => clientCondition(scope, parseCql('persons > 3', 'cql2-text'))).toThrow(CqlError);
    const condition = clientCondition(scope, parseCql("name = 'Texas'", 'cql2-text'));
    const params: unknown[] = [1, 2];
    expect(condition(params)).toMatch(/t\."name" = \$3/);
    expect(params).toEqual([1, 2, 'Texas']);
  });
});
