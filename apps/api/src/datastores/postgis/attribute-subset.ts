/**
 * A feature type's configured attribute subset (contract §11): the `attributes` list it was created
 * or updated with, GeoServer's featuretype.xml `<attributes>`. Without one every column is
 * published, read live. The subset names properties: the geometry column is the feature's geometry
 * whether it is listed or not, and a one-column primary key stays the feature id. Pure.
 */
import { CatalogError } from '@geocatalog/catalog-model';
import type { AttributeInfo, TableInfo } from './postgis.types';

/** The columns written as properties: all but the geometry column. */
export function propertyAttributes(table: TableInfo): AttributeInfo[] {
  return table.attributes.filter((a) => a.name !== table.geometry?.column);
}

/**
 * What to store for a subset a body sends: undefined when it sends none (nothing changes); null
 * when it names every column or none (every column, read live, so a GET → PUT round trip pins
 * nothing); else the names in the order sent, without repeats. A name the table lacks is a 400.
 */
export function configuredSubset(sent: string[] | null | undefined, table: TableInfo): string[] | null | undefined {
  if (sent === undefined) return undefined;
  if (sent === null || !sent.length) return null;
  const names = [...new Set(sent)];
  const columns = table.attributes.map((a) => a.name);
  const unknown = names.filter((n) => !columns.includes(n));
  if (unknown.length) {
    throw new CatalogError(
      'INVALID_VALUE',
      `No such attribute in '${table.schema}.${table.table}': ${unknown.map((n) => `'${n}'`).join(', ')}; it has ${columns.join(', ')}`,
    );
  }
  return propertyAttributes(table).every((a) => names.includes(a.name)) ? null : names;
}

/**
 * The properties a layer publishes: the table's, narrowed to the subset (in the table's order).
 * Null when the subset names a column the table no longer has: it cannot be applied, and the
 * layer serves nothing rather than guessing (see {@link subsetNotApplied}).
 */
export function publishedAttributes(table: TableInfo, subset: string[] | null | undefined): AttributeInfo[] | null {
  const all = propertyAttributes(table);
  if (!subset) return all;
  const columns = new Set(table.attributes.map((a) => a.name));
  if (subset.some((n) => !columns.has(n))) return null;
  return all.filter((a) => subset.includes(a.name));
}

/** Why a layer whose subset names missing columns serves nothing (CANNOT_APPLY, 409). */
export function subsetNotApplied(layerId: string, table: TableInfo, subset: string[]): CatalogError {
  const columns = new Set(table.attributes.map((a) => a.name));
  const missing = subset.filter((n) => !columns.has(n));
  return new CatalogError(
    'CANNOT_APPLY',
    `Layer '${layerId}' serves no features: its attributes name ${missing.map((n) => `'${n}'`).join(', ')}, which '${table.schema}.${table.table}' no longer has; update its attributes`,
  );
}
