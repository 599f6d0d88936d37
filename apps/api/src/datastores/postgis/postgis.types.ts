/**
 * What the catalog asks of a PostGIS data store, and what it gets back. The connector
 * (`postgis.connector.ts`) is the only code that talks to a store's database.
 */

/** Where the connector connects: a saved store, or the parameters of a connection test. */
export interface StoreTarget {
  /** `workspace:store`, or `host:port/database` for unsaved parameters; for messages. */
  qualifiedName: string;
  /** The saved store's names, which its stored password is bound to; absent for unsaved parameters. */
  names?: { workspace: string; store: string };
  /** Connection parameters (`host`, `port`, `database`, `schema`, `user`, a password as stored: `crypt2:…`). */
  params: Record<string, string>;
}

/** A saved data store as the connector needs it: identity, and parameters with passwords still encrypted. */
export interface StoreConnection extends StoreTarget {
  /** Catalog id of the store (pools are per store). */
  storeId: number;
  names: { workspace: string; store: string };
}

/** One column of a published table. */
export interface AttributeInfo {
  /** Column name. */
  name: string;
  /** GeoServer's Java class name for the column's values, e.g. `java.lang.String`, `org.locationtech.jts.geom.MultiPolygon`. */
  binding: string;
  /** Always 0 (contract §4), even for NOT NULL columns. */
  minOccurs: number;
  /** Always 1. */
  maxOccurs: number;
  /** False only for NOT NULL columns. */
  nillable: boolean;
  /** Declared length of character columns (`varchar(80)` → 80), when there is one. */
  length?: number;
  /**
   * True for a column of the table's primary key. GeoServer leaves these columns out of a feature
   * type unless the store's `Expose primary keys` parameter is true (GeoTools `JDBCFeatureSource`).
   */
  primaryKey?: boolean;
}

/** The geometry column a layer draws. */
export interface GeometryInfo {
  /** Column name. */
  column: string;
  /** Geometry type as PostGIS names it, e.g. `MULTIPOLYGON`, `POINT`, `GEOMETRY`. */
  type: string;
  /**
   * SRID declared for the column; for an unconstrained column, that of its first geometry (as
   * GeoTools does); 4326 for geography; 0 when unknown.
   */
  srid: number;
  /** True for a `geography` column (extent computed on its geometry cast, never estimated). */
  geography?: boolean;
}

/** A table (or view) of a store, described live. */
export interface TableInfo {
  schema: string;
  table: string;
  /** Columns in table order, the geometry included. */
  attributes: AttributeInfo[];
  /** The first geometry column, or null for a table without geometry. */
  geometry: GeometryInfo | null;
  /**
   * Columns left out of `attributes` because GeoServer maps them to no Java class (JDBC type
   * OTHER: `interval`, `inet`, `xml`, `tsvector`, …; GeoTools skips them). Absent when none.
   */
  unmappedColumns?: string[];
  /**
   * Quoted schemas of the extensions filters call in the table's database (`"public"`), null where
   * one is not installed: PostGIS (set when the table has a geometry) and `unaccent` (ACCENTI).
   * Filters name their functions in these schemas, whatever the session's search_path.
   */
  extensions?: { postgis: string | null; unaccent: string | null };
  /** Rows the table held when its statistics were last gathered (`pg_class.reltuples`); absent when unknown. */
  estimatedRows?: number;
}

/** An axis-aligned box. Not clamped: longitudes may pass ±180 for data crossing the antimeridian. */
export interface Box {
  minx: number;
  miny: number;
  maxx: number;
  maxy: number;
}

/** A CRS known to the store's `spatial_ref_sys`. */
export interface CrsInfo {
  /** `EPSG:4326` style code. */
  code: string;
  srid: number;
  /** WKT laid out as GeoServer writes it (nested elements on new lines, 2-space indent). */
  wkt: string;
  /** True for a projected CRS (`PROJCS`). */
  projected: boolean;
}
