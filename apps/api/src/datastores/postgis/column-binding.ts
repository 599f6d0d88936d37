/**
 * The Java class GeoServer reports as an attribute's `binding` for a PostGIS column, following
 * GeoTools' JDBC data store (`JDBCFeatureSource.buildFeatureType`), which asks in this order:
 *
 * 1. the dialect (`PostGISDialect.getMapping`): `uuid` → UUID; `citext`, `json`, `jsonb` → String;
 *    `hstore` → GeoTools' HStore; `geometry` / `geography` → the JTS class of the type registered in
 *    `geometry_columns` / `geography_columns` (`TYPE_TO_CLASS_MAP`, `Geometry` when unregistered or
 *    unknown); arrays `_x` → `[L<class of x>;` from the same rules or `SIMPLE_TYPE_TO_CLASS_MAP`;
 * 2. the type-name map (`PostGISDialect.registerSqlTypeNameToClassMappings`): `int2` → Short,
 *    `int4` → Integer, `int8` → Long, `float4` → Float, `float8` → Double, `bool` → Boolean,
 *    `text`/`varchar` → String, `time`/`timetz` → Time, `timestamp`/`timestamptz` → Timestamp;
 * 3. the JDBC type the PostgreSQL driver reports (`SQLDialect.registerSqlTypeToClassMappings`):
 *    `bpchar`/`char`/`name`/enums → CHAR/VARCHAR → String, `numeric` → BigDecimal, `date` → Date,
 *    `bytea` → BINARY → `[B`, `oid` → BIGINT → Long, `money` → DOUBLE → Double, `bit` → BIT → Boolean.
 *
 * A column none of these maps (e.g. `interval`, `inet`, `xml`, `tsvector`: JDBC type OTHER) is left
 * out of the feature type by GeoTools, so {@link bindingOf} returns null for it.
 */

const JTS = 'org.locationtech.jts.geom.';
const GT_JTS = 'org.geotools.geometry.jts.';

/** `geometry_columns.type` → binding (`PostGISDialect.TYPE_TO_CLASS_MAP`). */
const GEOMETRY_TYPES: Record<string, string> = {
  GEOMETRY: JTS + 'Geometry',
  GEOGRAPHY: JTS + 'Geometry',
  POINT: JTS + 'Point',
  LINESTRING: JTS + 'LineString',
  POLYGON: JTS + 'Polygon',
  MULTIPOINT: JTS + 'MultiPoint',
  MULTILINESTRING: JTS + 'MultiLineString',
  MULTIPOLYGON: JTS + 'MultiPolygon',
  GEOMETRYCOLLECTION: JTS + 'GeometryCollection',
  COMPOUNDCURVE: GT_JTS + 'CompoundCurve',
  MULTICURVE: GT_JTS + 'MultiCurve',
  CURVEPOLYGON: GT_JTS + 'CurvePolygon',
  CIRCULARSTRING: GT_JTS + 'CircularString',
  MULTISURFACE: GT_JTS + 'MultiSurface',
};

/** Dialect-level special cases (`PostGISDialect.getMappingInternal`). */
const DIALECT_TYPES: Record<string, string> = {
  uuid: 'java.util.UUID',
  citext: 'java.lang.String',
  hstore: 'org.geotools.data.postgis.HStore',
  json: 'java.lang.String',
  jsonb: 'java.lang.String',
};

/** Type-name map, then what the driver's JDBC type maps to, for built-in scalar types. */
const SCALAR_TYPES: Record<string, string> = {
  int2: 'java.lang.Short',
  int4: 'java.lang.Integer',
  int8: 'java.lang.Long',
  oid: 'java.lang.Long',
  float4: 'java.lang.Float',
  float8: 'java.lang.Double',
  money: 'java.lang.Double',
  numeric: 'java.math.BigDecimal',
  bool: 'java.lang.Boolean',
  bit: 'java.lang.Boolean',
  text: 'java.lang.String',
  varchar: 'java.lang.String',
  bpchar: 'java.lang.String',
  char: 'java.lang.String',
  name: 'java.lang.String',
  date: 'java.sql.Date',
  time: 'java.sql.Time',
  timetz: 'java.sql.Time',
  timestamp: 'java.sql.Timestamp',
  timestamptz: 'java.sql.Timestamp',
  bytea: '[B',
};

/**
 * Array element types. GeoTools resolves `_x` through the dialect rules and its
 * `SIMPLE_TYPE_TO_CLASS_MAP` (int2/4/8, float4/8, bool, varchar, date, time, timestamp[tz]); text,
 * char and numeric arrays are added here with their natural classes rather than dropped.
 */
const ARRAY_ELEMENT_TYPES: Record<string, string> = {
  ...DIALECT_TYPES,
  int2: 'java.lang.Short',
  int4: 'java.lang.Integer',
  int8: 'java.lang.Long',
  float4: 'java.lang.Float',
  float8: 'java.lang.Double',
  bool: 'java.lang.Boolean',
  varchar: 'java.lang.String',
  text: 'java.lang.String',
  bpchar: 'java.lang.String',
  numeric: 'java.math.BigDecimal',
  date: 'java.sql.Date',
  time: 'java.sql.Time',
  timestamp: 'java.sql.Timestamp',
  timestamptz: 'java.sql.Timestamp',
};

/** What the catalog knows of a column's type (from `pg_type`). */
export interface ColumnType {
  /** `pg_type.typname` of the column (for a domain, of its base type). */
  typname: string;
  /** `pg_type.typtype` of that type: `b` base, `e` enum, `c` composite, … */
  typtype: string;
  /** Element type name when the column is an array. */
  elementTypname?: string | null;
  /** `geometry_columns.type` / `geography_columns.type` for spatial columns. */
  geometryType?: string | null;
}

/** True for PostGIS's two spatial types. */
export function isSpatialType(typname: string): boolean {
  return typname === 'geometry' || typname === 'geography';
}

/** Binding of a `geometry_columns.type` value (`Geometry` for an unknown or missing one). */
export function geometryBinding(geometryType: string | null | undefined): string {
  const type = (geometryType ?? 'GEOMETRY').toUpperCase();
  // `POINTM`, `MULTIPOLYGONM`, …: measured variants bind like the plain types.
  return GEOMETRY_TYPES[type] ?? (type.endsWith('M') ? GEOMETRY_TYPES[type.slice(0, -1)] : undefined) ?? JTS + 'Geometry';
}

/** GeoServer's binding for a column, or null when GeoServer would leave the column out. */
export function bindingOf(type: ColumnType): string | null {
  if (type.elementTypname) {
    const element = isSpatialType(type.elementTypname) ? JTS + 'Geometry' : ARRAY_ELEMENT_TYPES[type.elementTypname];
    return element ? `[L${element};` : null;
  }
  if (isSpatialType(type.typname)) return geometryBinding(type.geometryType);
  if (type.typtype === 'e') return 'java.lang.String';
  return DIALECT_TYPES[type.typname] ?? SCALAR_TYPES[type.typname] ?? null;
}
