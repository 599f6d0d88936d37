import { CatalogError } from '@geocatalog/catalog-model';
import type { TableInfo } from '../datastores/postgis/postgis.types';
import { datetimeCondition, requireTimeDimension, timeDimensionOf } from './items-datetime';

const attr = (name: string, binding: string) => ({ name, binding, minOccurs: 0, maxOccurs: 1, nillable: true });
const TABLE: TableInfo = {
  schema: 'public',
  table: 'events',
  attributes: [attr('id', 'java.lang.Integer'), attr('starts', 'java.sql.Timestamp'), attr('ends', 'java.sql.Date'), attr('name', 'java.lang.String')],
  geometry: null,
};
const dim = (fields: object) => ({ time: JSON.stringify({ dimensionInfo: fields }) });

function sql(dimension: { attribute: string; endAttribute?: string }, range: { start?: string; end?: string }): [string, unknown[]] {
  const params: unknown[] = ['before'];
  return [datetimeCondition('acme:events', dimension, TABLE, range)(params), params];
}

describe('the time dimension of a feature type', () => {
  it("reads GeoServer's enabled dimension from the metadata's time entry", () => {
    expect(timeDimensionOf(dim({ enabled: 'true', attribute: 'starts', presentation: 'LIST' }))).toEqual({ attribute: 'starts' });
    expect(timeDimensionOf(dim({ enabled: 'true', attribute: 'starts', endAttribute: 'ends' }))).toEqual({ attribute: 'starts', endAttribute: 'ends' });
    expect(timeDimensionOf(dim({ enabled: 'false', attribute: 'starts' }))).toBeNull();
    expect(timeDimensionOf(dim({ enabled: 'true' }))).toBeNull();
    expect(timeDimensionOf({ time: 'starts' })).toBeNull();
    expect(timeDimensionOf({})).toBeNull();
    expect(timeDimensionOf(null)).toBeNull();
  });

  it('refuses datetime on a layer without one (400)', () => {
    expect(() => requireTimeDimension('acme:events', null)).toThrow("Invalid datetime: collection 'acme:events' has no time dimension");
    expect(requireTimeDimension('acme:events', { attribute: 'starts' })).toEqual({ attribute: 'starts' });
  });
});

describe('datetime as SQL', () => {
  it('an instant: equality; a date is its midnight UTC', () => {
    expect(sql({ attribute: 'starts' }, { start: '2024-02-29T12:00:00Z', end: '2024-02-29T12:00:00Z' })).toEqual([
      't."starts"::timestamptz = $2::timestamptz',
      ['before', '2024-02-29T12:00:00Z'],
    ]);
    expect(sql({ attribute: 'starts' }, { start: '2024-02-29', end: '2024-02-29' })[1]).toEqual(['before', '2024-02-29T00:00:00Z']);
  });

  it('an interval, closed or open at either end', () => {
    expect(sql({ attribute: 'starts' }, { start: '2024-01-01', end: '2024-12-31' })[0]).toBe(
      't."starts"::timestamptz <= $2::timestamptz AND t."starts"::timestamptz >= $3::timestamptz',
    );
    expect(sql({ attribute: 'starts' }, { end: '2024-12-31' })).toEqual(['t."starts"::timestamptz <= $2::timestamptz', ['before', '2024-12-31T00:00:00Z']]);
    expect(sql({ attribute: 'starts' }, { start: '2024-01-01' })[0]).toBe('t."starts"::timestamptz >= $2::timestamptz');
  });

  it('features with a period meet the asked one; a null end is the start', () => {
    expect(sql({ attribute: 'starts', endAttribute: 'ends' }, { start: '2024-06-01', end: '2024-06-01' })[0]).toBe(
      't."starts"::timestamptz <= $2::timestamptz AND COALESCE((t."ends"::timestamp AT TIME ZONE \'UTC\'), t."starts"::timestamptz) >= $3::timestamptz',
    );
  });

  it('a dimension on a column the table lacks, or of no time type, cannot apply (409)', () => {
    for (const attribute of ['gone', 'name']) {
      let error: unknown;
      try {
        sql({ attribute }, { start: '2024-01-01' });
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(CatalogError);
      expect((error as CatalogError).code).toBe('CANNOT_APPLY');
    }
  });
});
