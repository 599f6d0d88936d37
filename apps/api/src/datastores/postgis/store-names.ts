import { CatalogError, isSystemSchema } from '@geocatalog/catalog-model';
import { escapeIdentifier } from 'pg';
import type { StoreConnection } from './postgis.types';

/** The store's schema; never one of PostgreSQL's own (`pg_catalog.pg_authid` holds password hashes). */
export function schemaOf(store: StoreConnection): string {
  const schema = (store.params.schema ?? '').trim() || 'public';
  if (isSystemSchema(schema)) {
    throw new CatalogError(
      'INVALID_VALUE',
      `Data store '${store.qualifiedName}' names the system schema '${schema}': PostgreSQL's own schemas are never published or read`,
    );
  }
  return schema;
}

export function qualified(schema: string, table: string): string {
  return `${escapeIdentifier(schema)}.${escapeIdentifier(table)}`;
}
