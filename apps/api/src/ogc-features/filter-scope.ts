/**
 * What a client's filter may name on a layer: the properties it publishes whose values a filter
 * can compare, and its geometry, as quoted SQL over the row alias `t` (never text from the client).
 * Pure.
 */
import { escapeIdentifier } from 'pg';
import type { CqlColumnType, CqlScope } from '@geocatalog/cql';
import { FeatureSource, sourceProperties } from '../datastores/postgis/feature-sql';

const BINDING_TYPES: Record<string, CqlColumnType> = {
  'java.lang.String': 'string',
  'java.lang.Integer': 'integer',
  'java.lang.Long': 'integer',
  'java.lang.Short': 'integer',
  'java.lang.Double': 'number',
  'java.lang.Float': 'number',
  'java.math.BigDecimal': 'number',
  'java.lang.Boolean': 'boolean',
  'java.sql.Date': 'date',
  'java.sql.Timestamp': 'timestamp',
};

export function filterScope(source: FeatureSource): CqlScope {
  const columns = new Map<string, { sql: string; type: CqlColumnType }>();
  for (const a of sourceProperties(source)) {
    const type = BINDING_TYPES[a.binding];
    if (type) columns.set(a.name, { sql: `t.${escapeIdentifier(a.name)}`, type });
  }
  const g = source.table.geometry;
  if (!g) return { columns };
  // A geography column is compared as geometry (DWITHIN casts it back to measure on the spheroid).
  const sql = `t.${escapeIdentifier(g.column)}${g.geography ? '::geometry' : ''}`;
  columns.set(g.column, { sql, type: 'geometry' });
  const srid = g.geography ? 4326 : g.srid || source.srid || 4326;
  return { columns, geometry: { sql, srid, geographic: g.geography === true || srid === 4326 } };
}
