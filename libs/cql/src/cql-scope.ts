/** The type of a published column, as the translator needs it. */
export type CqlColumnType = 'string' | 'number' | 'integer' | 'boolean' | 'date' | 'timestamp' | 'geometry';

/**
 * What a filter may read: the published columns of one feature type, by the name clients use, with
 * the SQL that reads each one (a quoted identifier the caller built from the catalog, never from the
 * filter). A name the filter uses that is not here is refused with its position.
 */
export interface CqlScope {
  columns: ReadonlyMap<string, { sql: string; type: CqlColumnType }>;
  /** The feature type's geometry column: its SRID, and whether that SRID is geographic (degrees). */
  geometry?: { sql: string; srid: number; geographic: boolean };
  /** The CRS the filter's geometry literals are written in (`filter-crs`); CRS84 (4326) when absent. */
  filterCrsSrid?: number;
  /**
   * The quoted schema holding PostGIS in the store's database (`"public"`): PostGIS's functions,
   * types and operators are then written in it, so that the SQL means the same whatever the
   * session's search_path. Unqualified when absent.
   */
  postgis?: string;
  /**
   * Whether PostgreSQL's `unaccent` extension is installed in the store's database (ACCENTI needs
   * it); a string is the quoted schema it is installed in, and the function is called there.
   */
  unaccent?: boolean | string;
}
