import { describe, expect, it } from 'vitest';
import { diffRepresentations, flattenRepresentation } from './representation-diff';

const store = (host: string, extra: Array<{ '@key': string; $: string }> = []) => ({
  dataStore: {
    name: 'pg',
    enabled: true,
    connectionParameters: { entry: [{ '@key': 'host', $: host }, { '@key': 'port', $: '5432' }, ...extra] },
  },
});

describe('field-by-field diff of two representations', () => {
  it('flattens a record without its wrapper, connection entries by key and named items by name', () => {
    const fields = flattenRepresentation({
      featureType: { name: 'states', keywords: { string: ['a', 'b'] }, attributes: { attribute: [{ name: 'geom', binding: 'Polygon' }] }, metadata: {} },
    });
    expect([...fields]).toEqual([
      ['name', 'states'],
      ['keywords.string[0]', 'a'],
      ['keywords.string[1]', 'b'],
      ['attributes.attribute[geom].name', 'geom'],
      ['attributes.attribute[geom].binding', 'Polygon'],
      ['metadata', '{}'],
    ]);
    expect([...flattenRepresentation(store('db'))]).toEqual([
      ['name', 'pg'],
      ['enabled', 'true'],
      ['connectionParameters.host', 'db'],
      ['connectionParameters.port', '5432'],
    ]);
  });

  it('lists changed, removed and added fields in document order and counts the rest', () => {
    const diff = diffRepresentations(store('db'), store('db2', [{ '@key': 'schema', $: 'gis' }]));
    expect(diff).toEqual({
      changes: [
        { path: 'connectionParameters.host', change: 'changed', before: 'db', after: 'db2' },
        { path: 'connectionParameters.schema', change: 'added', before: null, after: 'gis' },
      ],
      unchanged: 3,
    });
    const removed = diffRepresentations({ style: { name: 's', dateModified: 'x' } }, { style: { name: 's' } });
    expect(removed.changes).toEqual([{ path: 'dateModified', change: 'removed', before: 'x', after: null }]);
  });

  it('shows a create as every field added and a delete as every field removed', () => {
    expect(diffRepresentations(null, { workspace: { name: 'acme', isolated: false } })).toEqual({
      changes: [
        { path: 'name', change: 'added', before: null, after: 'acme' },
        { path: 'isolated', change: 'added', before: null, after: 'false' },
      ],
      unchanged: 0,
    });
    expect(diffRepresentations({ workspace: { name: 'acme' } }, null).changes).toEqual([{ path: 'name', change: 'removed', before: 'acme', after: null }]);
  });

  it('finds nothing between equal records, whatever the key order', () => {
    expect(diffRepresentations({ layer: { a: 1, b: [1, 2] } }, { layer: { b: [1, 2], a: 1 } })).toEqual({ changes: [], unchanged: 3 });
  });
});
