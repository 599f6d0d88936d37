/**
 * The published scope of a feature type (contract §11): what every read of it may see and name.
 * One place decides it, and every read path takes it from here — OGC API items and single
 * features, vector tiles, WMS GetMap and GetFeatureInfo:
 *
 * - the properties it publishes: its configured attribute subset, else every column but the
 *   geometry, read live (`attribute-subset.ts`);
 * - the columns a client may name in a filter, `sortby` or the queryables: those properties whose
 *   type a filter can compare, and the geometry column, as a {@link CqlScope};
 * - its `cqlFilter`, parsed as ECQL and compiled to a parameterised SQL condition, ANDed with
 *   whatever the read adds. The feature type's own filter may name any column of its table (an
 *   administrator wrote it, and GeoServer applies it beneath the attribute subset); a client's only
 *   the published ones.
 *
 * Pure: builds SQL text and parameters, talks to no database.
 */
import { escapeIdentifier } from 'pg';
import { CatalogError } from '@geocatalog/catalog-model';
import { CqlError, compileCql, parseCql, type CqlColumnType, type CqlNode, type CqlScope } from '@geocatalog/cql';
import { propertyAttributes } from './attribute-subset';
import type { AttributeInfo, TableInfo } from './postgis.types';

/**
 * A SQL boolean over the row alias `t`, whose values are appended to `params` as it is written
 * (placeholders `$n` numbered after what the statement already holds).
 */
export type SqlCondition = (params: unknown[]) => string;

/** The type a filter compares a column's values as. */
export type ScopeColumnType = CqlColumnType;

/** What a feature type publishes of its table, and the rows it restricts reads to. */
export interface PublishedScope {
  /** The properties written, in table order (the geometry column excluded). */
  attributes: AttributeInfo[];
  /** The columns a client may name in a filter or `sortby`: the published ones a filter can compare, and the geometry. */
  cql: CqlScope;
  /** The feature type's `cqlFilter` as SQL; undefined when it has none (every row). */
  restriction?: SqlCondition;
}

/** What the scope is built from: the feature type's configuration and its table as described. */
export interface ScopeConfig {
  /** `workspace:layer`, for messages. */
  layerId: string;
  table: TableInfo;
  /** The published properties (the subset applied, see `publishedAttributes`). */
  attributes: AttributeInfo[];
  /** SRID of the declared CRS; 0 when none. Geometries in the feature type's cqlFilter are in it. */
  srid: number;
  cqlFilter: string | null;
}

/** The feature type's published scope; CANNOT_APPLY (409) when its cqlFilter cannot be parsed or compiled. */
export function publishedScope(config: ScopeConfig): PublishedScope {
  const cql = cqlScope(config.table, config.attributes, config.srid);
  if (!config.cqlFilter) return { attributes: config.attributes, cql };
  const node = parseLayerFilter(config.layerId, config.cqlFilter);
  // The feature type's own filter sees every column of its table.
  const whole = cqlScope(config.table, propertyAttributes(config.table), config.srid, config.srid);
  // Compiled once now, so that a filter naming a column the table lost is refused before any read.
  tryCompile(config.layerId, config.cqlFilter, node, whole, []);
  return { attributes: config.attributes, cql, restriction: (params) => tryCompile(config.layerId, config.cqlFilter!, node, whole, params) };
}

/** The ECQL text of a feature type's cqlFilter as a tree; CANNOT_APPLY naming the position when it is no filter. */
export function parseLayerFilter(layerId: string, text: string): CqlNode {
  try {
    return parseCql(text, 'ecql-text');
  } catch (err) {
    if (err instanceof CqlError) throw cannotApply(layerId, text, err.message);
    throw err;
  }
}

/** A client's filter against the published scope, as SQL: a CqlError (the caller's 400) when it names what is not published. */
export function clientCondition(scope: PublishedScope, node: CqlNode, filterCrsSrid?: number): SqlCondition {
  const cql = filterCrsSrid === undefined ? scope.cql : { ...scope.cql, filterCrsSrid };
  compileCql(node, cql, []);
  return (params) => compileCql(node, cql, params);
}

/** The type a filter compares values of this binding as; undefined when it cannot (bytes, arrays, hstore, UUIDs). */
export function scopeType(binding: string): ScopeColumnType | undefined {
  return BINDING_TYPES[binding];
}

// ---------------------------------------------------------------------------------------------

const BINDING_TYPES: Record<string, ScopeColumnType> = {
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

function cqlScope(table: TableInfo, attributes: AttributeInfo[], declaredSrid: number, filterCrsSrid?: number): CqlScope {
  const columns = new Map<string, { sql: string; type: ScopeColumnType }>();
  for (const a of attributes) {
    const type = scopeType(a.binding);
    if (type) columns.set(a.name, { sql: `t.${escapeIdentifier(a.name)}`, type });
  }
  // PostGIS and unaccent named in their schemas: the SQL does not depend on the store's search_path.
  const pg = table.extensions?.postgis ?? undefined;
  const common: Partial<CqlScope> = {
    ...(filterCrsSrid ? { filterCrsSrid } : {}),
    ...(pg ? { postgis: pg } : {}),
    ...(table.extensions?.unaccent ? { unaccent: table.extensions.unaccent } : {}),
  };
  const g = table.geometry;
  if (!g) return { columns, ...common };
  // A geography column is compared as geometry (DWITHIN casts it back to measure on the spheroid).
  const sql = `t.${escapeIdentifier(g.column)}${g.geography ? `::${pg ? `${pg}.` : ''}geometry` : ''}`;
  columns.set(g.column, { sql, type: 'geometry' });
  const srid = g.geography ? 4326 : g.srid || declaredSrid || 4326;
  return { columns, geometry: { sql, srid, geographic: g.geography === true || srid === 4326 }, ...common };
}

function tryCompile(layerId: string, text: string, node: CqlNode, scope: CqlScope, params: unknown[]): string {
  try {
    return compileCql(node, scope, params);
  } catch (err) {
    if (err instanceof CqlError) throw cannotApply(layerId, text, err.message);
    throw err;
  }
}

/** Why a layer whose cqlFilter is no filter of its table serves nothing (CANNOT_APPLY, 409). */
function cannotApply(layerId: string, text: string, why: string): CatalogError {
  const shown = text.length > 200 ? `${text.slice(0, 197)}...` : text;
  return new CatalogError('CANNOT_APPLY', `Layer '${layerId}' serves no features: its cqlFilter '${shown}' cannot be applied: ${why}; correct the cqlFilter`);
}
