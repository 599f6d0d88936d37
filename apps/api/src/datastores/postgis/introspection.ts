import { escapeIdentifier } from 'pg';
import { bindingOf, isSpatialType } from './column-binding';
import type { AttributeInfo, GeometryInfo, StoreConnection, TableInfo } from './postgis.types';
import { StoreAccess, type Row } from './store-access';
import { noSuchTable } from './store-errors';
import { qualified, schemaOf } from './store-names';

/** PostGIS's own tables, which GeoTools never offers as feature types (`PostGISDialect.includeTable`). */
const METADATA_TABLES = new Set(['geometry_columns', 'geography_columns', 'raster_columns', 'raster_overviews']);

/** Relation kinds published as feature types: tables, views, materialized views, partitioned and foreign tables. */
const RELATION_KINDS = `('r', 'v', 'm', 'p', 'f')`;

interface ColumnRow extends Row {
  attname: string | null;
  typname: string;
  typtype: string;
  elemname: string | null;
  typmod: number;
  pk: boolean;
  reltuples: number;
}

/**
 * Columns, bindings and geometry of a table or view in the store's schema (`schema` parameter,
 * default `public`). NOT_FOUND naming `schema.table` when there is no such relation.
 */
export async function describeTable(access: StoreAccess, store: StoreConnection, table: string): Promise<TableInfo> {
  const schema = schemaOf(store);
  return access.run(store, async (db) => {
    const rows = await db.query<ColumnRow>(
      `SELECT a.attname, t.typname, t.typtype, et.typname AS elemname, c.reltuples::float8 AS reltuples,
              CASE WHEN a.atttypmod >= 0 THEN a.atttypmod ELSE t.typtypmod END AS typmod,
              EXISTS (SELECT 1 FROM pg_catalog.pg_index i
                       WHERE i.indrelid = c.oid AND i.indisprimary AND a.attnum = ANY (i.indkey)) AS pk
         FROM pg_catalog.pg_class c
         JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
         LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
         LEFT JOIN pg_catalog.pg_type dt ON dt.oid = a.atttypid
         LEFT JOIN pg_catalog.pg_type t ON t.oid = CASE WHEN dt.typtype = 'd' THEN dt.typbasetype ELSE dt.oid END
         LEFT JOIN pg_catalog.pg_type et ON et.oid = t.typelem AND t.typcategory = 'A'
        WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ${RELATION_KINDS}
        ORDER BY a.attnum`,
      [schema, table],
    );
    if (!rows.length) throw noSuchTable(store, schema, table);
    const columns = rows.filter((r): r is ColumnRow & { attname: string } => r.attname !== null);

    const spatial = new Map<string, { type: string; srid: number; geography: boolean }>();
    const pg = columns.some((c) => isSpatialType(c.typname)) ? await db.postgis() : null;
    if (pg) {
      const found = await db.query<{ col: string; type: string | null; srid: number | null; geography: boolean }>(
        `SELECT f_geometry_column::text AS col, upper(type) AS type, srid, false AS geography
           FROM ${pg}.geometry_columns WHERE f_table_schema = $1 AND f_table_name = $2
         UNION ALL
         SELECT f_geography_column::text, upper(type), srid, true
           FROM ${pg}.geography_columns WHERE f_table_schema = $1 AND f_table_name = $2`,
        [schema, table],
      );
      for (const g of found) spatial.set(g.col, { type: g.type || 'GEOMETRY', srid: g.srid ?? 0, geography: g.geography });
    }

    const attributes: AttributeInfo[] = [];
    const unmapped: string[] = [];
    let geometry: GeometryInfo | null = null;
    for (const c of columns) {
      const isSpatial = isSpatialType(c.typname);
      const meta = spatial.get(c.attname);
      const binding = bindingOf({ typname: c.typname, typtype: c.typtype, elementTypname: c.elemname, geometryType: meta?.type });
      if (!binding) {
        unmapped.push(c.attname);
        continue;
      }
      const attribute: AttributeInfo = {
        name: c.attname,
        binding,
        // The contract fixes minOccurs 0 and nillable true for every column, as the seed shows
        // them (GeoTools itself would say 1/false for NOT NULL columns).
        minOccurs: 0,
        maxOccurs: 1,
        nillable: true,
      };
      const length = declaredLength(c.typname, c.elemname, c.typmod);
      if (length !== undefined) attribute.length = length;
      if (c.pk) attribute.primaryKey = true;
      attributes.push(attribute);
      if (isSpatial && !geometry) {
        const geography = meta?.geography ?? c.typname === 'geography';
        geometry = { column: c.attname, type: meta?.type ?? 'GEOMETRY', srid: meta?.srid ?? 0, geography };
      }
    }

    if (geometry && geometry.srid === 0 && pg) {
      // An unconstrained column: take the SRID of the first geometry, as GeoTools does.
      const col = escapeIdentifier(geometry.column);
      const [first] = await db.query<{ srid: number }>(
        `SELECT ${pg}.ST_SRID(${col}::${pg}.geometry) AS srid FROM ${qualified(schema, table)} WHERE ${col} IS NOT NULL LIMIT 1`,
      );
      geometry.srid = first?.srid ?? 0;
    }
    if (geometry?.geography && geometry.srid === 0) geometry.srid = 4326;

    const info: TableInfo = { schema, table, attributes, geometry };
    if (unmapped.length) info.unmappedColumns = unmapped;
    info.extensions = { postgis: pg, unaccent: await db.unaccent() };
    // -1: never analyzed (PostgreSQL 14+); 0 also for views.
    if (rows[0].reltuples > 0) info.estimatedRows = rows[0].reltuples;
    return info;
  });
}

/**
 * Names of the tables and views of the store's schema, sorted; with `withGeometry`, only those
 * with a geometry or geography column. PostGIS's metadata tables are left out.
 */
/** Which tables {@link listTables} reads: with a geometry only, and one page (after a name, at most `limit`). */
export interface TableListing {
  withGeometry?: boolean;
  after?: string;
  limit?: number;
}

/**
 * Names of the schema's tables (and views…) in byte order (`name` sorts by code point), without
 * PostGIS's metadata tables; a page of them when `after`/`limit` say so.
 */
export async function listTables(access: StoreAccess, store: StoreConnection, opts: TableListing = {}): Promise<string[]> {
  const schema = schemaOf(store);
  if (schema === 'topology') return [];
  const spatial = `EXISTS (SELECT 1 FROM pg_catalog.pg_attribute a
                             JOIN pg_catalog.pg_type dt ON dt.oid = a.atttypid
                             JOIN pg_catalog.pg_type t ON t.oid = CASE WHEN dt.typtype = 'd' THEN dt.typbasetype ELSE dt.oid END
                            WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                              AND t.typname IN ('geometry', 'geography'))`;
  const params: unknown[] = [schema, [...METADATA_TABLES]];
  let where = `n.nspname = $1 AND c.relkind IN ${RELATION_KINDS} AND c.relname <> ALL ($2::name[]) AND c.relname::text NOT LIKE 'spatial\\_ref\\_sys%'`;
  if (opts.withGeometry) where += ` AND ${spatial}`;
  if (opts.after !== undefined) where += ` AND c.relname > $${params.push(opts.after)}::name`;
  const limit = opts.limit === undefined ? '' : ` LIMIT $${params.push(opts.limit)}`;
  return access.run(store, async (db) => {
    const rows = await db.query<{ relname: string }>(
      `SELECT c.relname FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
        WHERE ${where} ORDER BY c.relname${limit}`,
      params,
    );
    return rows.map((r) => r.relname);
  });
}

/** Declared length of `varchar(n)` / `char(n)` columns (typmod is n + 4). */
function declaredLength(typname: string, elemname: string | null, typmod: number): number | undefined {
  if (elemname) return undefined;
  if ((typname === 'varchar' || typname === 'bpchar') && typmod > 4) return typmod - 4;
  return undefined;
}
