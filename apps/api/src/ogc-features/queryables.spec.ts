import type { AttributeInfo } from '../datastores/postgis/postgis.types';
import { queryablesDocument, sortableNames } from './queryables';

const attr = (name: string, binding: string, length?: number): AttributeInfo => ({
  name,
  binding,
  minOccurs: 0,
  maxOccurs: 1,
  nillable: true,
  ...(length ? { length } : {}),
});

const attributes = [
  attr('name', 'java.lang.String', 40),
  attr('pop', 'java.lang.Long'),
  attr('area', 'java.math.BigDecimal'),
  attr('founded', 'java.sql.Date'),
  attr('seen', 'java.sql.Timestamp'),
  attr('capital', 'java.lang.Boolean'),
  attr('photo', '[B'),
  attr('tags', '[Ljava.lang.String;'),
];

describe('queryablesDocument', () => {
  const source = { url: 'http://h/c/queryables', title: 'Cities', attributes, geometry: { column: 'geom', type: 'POINT', srid: 4326 } };

  it('is a JSON Schema of the comparable properties and the geometry; bytes and arrays are not queryable', () => {
    expect(queryablesDocument(source, false)).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'http://h/c/queryables',
      type: 'object',
      title: 'Cities',
      properties: {
        geom: { title: 'geom', format: 'geometry-point', 'x-ogc-role': 'primary-geometry' },
        name: { title: 'name', type: 'string', maxLength: 40 },
        pop: { title: 'pop', type: 'integer' },
        area: { title: 'area', type: 'number' },
        founded: { title: 'founded', type: 'string', format: 'date' },
        seen: { title: 'seen', type: 'string', format: 'date-time' },
        capital: { title: 'capital', type: 'boolean' },
      },
      additionalProperties: false,
    });
  });

  it('adds the older list GDAL 3.6 reads when asked; an unknown geometry type is any', () => {
    const doc = queryablesDocument({ ...source, geometry: { column: 'g', type: 'GEOMETRY', srid: 0 } }, true) as { queryables: unknown[]; properties: object };
    expect(doc.queryables.slice(0, 3)).toEqual([
      { id: 'g', type: 'geometry-any' },
      { id: 'name', type: 'string' },
      { id: 'pop', type: 'integer' },
    ]);
    expect(doc.queryables).toHaveLength(Object.keys(doc.properties).length);
  });
});

describe('sortableNames', () => {
  it('are the comparable properties', () => {
    expect(sortableNames(attributes)).toEqual(['name', 'pop', 'area', 'founded', 'seen', 'capital']);
  });
});
