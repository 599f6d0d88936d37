// One syntax tree for every filter language (CQL2 text and JSON, CQL and GeoServer's ECQL text).
// Every node keeps where it came from — `pos`, the 1-based character offset in the filter's text,
// and `token`, the text there — so that the translator's refusals (an unknown column, a type it
// cannot compare) name the place in the client's filter, as the parser's own errors do.

/** Where a node starts in the filter's text: 1-based character offset and the token found there. */
export interface CqlSource {
  pos: number;
  token: string;
}

/** Comparison operators of CQL2's binaryComparisonPredicate. */
export type CqlComparison = '=' | '<>' | '<' | '<=' | '>' | '>=';

/** Arithmetic operators of CQL2's arithmetic class (`div` is integer division). */
export type CqlArithmetic = '+' | '-' | '*' | '/' | '%' | 'div' | '^';

/** CQL2's spatial predicates (ECQL's INTERSECTS… are read as the same S_* names), plus ECQL's RELATE. */
export type CqlSpatialOp = 's_intersects' | 's_disjoint' | 's_within' | 's_contains' | 's_crosses' | 's_overlaps' | 's_touches' | 's_equals';

/** CQL2's temporal predicates (ECQL's BEFORE, AFTER, DURING, TEQUALS are read as these). */
export type CqlTemporalOp =
  | 't_after'
  | 't_before'
  | 't_contains'
  | 't_disjoint'
  | 't_during'
  | 't_equals'
  | 't_finishedby'
  | 't_finishes'
  | 't_intersects'
  | 't_meets'
  | 't_metby'
  | 't_overlappedby'
  | 't_overlaps'
  | 't_startedby'
  | 't_starts';

/** ECQL's distance units (CQL2 has no distance predicate). */
export type CqlDistanceUnit = 'meters' | 'kilometers' | 'feet' | 'statute miles' | 'nautical miles';

/** A GeoJSON geometry (coordinates in the filter's CRS, axis order x/y as written). */
export type CqlGeometry =
  | { type: 'Point'; coordinates: number[] }
  | { type: 'MultiPoint' | 'LineString'; coordinates: number[][] }
  | { type: 'MultiLineString' | 'Polygon'; coordinates: number[][][] }
  | { type: 'MultiPolygon'; coordinates: number[][][][] }
  | { type: 'GeometryCollection'; geometries: CqlGeometry[] };

/** A value: what a comparison, a function or a predicate takes as an argument. */
export type CqlExpression =
  | (CqlSource & { kind: 'property'; name: string })
  | (CqlSource & { kind: 'string'; value: string })
  | (CqlSource & { kind: 'number'; value: number; integer: boolean })
  | (CqlSource & { kind: 'boolean'; value: boolean })
  | (CqlSource & { kind: 'date'; value: string })
  | (CqlSource & { kind: 'timestamp'; value: string })
  /** An interval; `'..'` is an open end. Ends are date, timestamp, string or property expressions. */
  | (CqlSource & { kind: 'interval'; start: CqlExpression | '..'; end: CqlExpression | '..' })
  | (CqlSource & { kind: 'geometry'; geometry: CqlGeometry; srid?: number })
  | (CqlSource & { kind: 'arithmetic'; op: CqlArithmetic; left: CqlExpression; right: CqlExpression })
  | (CqlSource & { kind: 'negate'; arg: CqlExpression })
  | (CqlSource & { kind: 'casei' | 'accenti'; arg: CqlExpression })
  /** A call of a function the translator may not know: it refuses it with its position. */
  | (CqlSource & { kind: 'function'; name: string; args: CqlExpression[] })
  | (CqlSource & { kind: 'array'; items: CqlExpression[] });

/** A boolean expression: the root of every filter. */
export type CqlNode =
  | (CqlSource & { kind: 'and' | 'or'; args: CqlNode[] })
  | (CqlSource & { kind: 'not'; arg: CqlNode })
  /** INCLUDE / EXCLUDE (ECQL) and the boolean literals TRUE / FALSE as a whole predicate (CQL2). */
  | (CqlSource & { kind: 'literal'; value: boolean })
  | (CqlSource & { kind: 'compare'; op: CqlComparison; left: CqlExpression; right: CqlExpression })
  | (CqlSource & { kind: 'like'; insensitive: boolean; value: CqlExpression; pattern: CqlExpression })
  | (CqlSource & { kind: 'between'; value: CqlExpression; low: CqlExpression; high: CqlExpression })
  | (CqlSource & { kind: 'in'; value: CqlExpression; list: CqlExpression[] })
  | (CqlSource & { kind: 'isNull'; value: CqlExpression })
  | (CqlSource & { kind: 'spatial'; op: CqlSpatialOp; left: CqlExpression; right: CqlExpression })
  /** ECQL's RELATE(a, b, 'pattern'): a DE-9IM pattern of 9 characters from T F * 0 1 2. */
  | (CqlSource & { kind: 'relate'; left: CqlExpression; right: CqlExpression; pattern: string })
  /** ECQL's BBOX(geom, minx, miny, maxx, maxy [, 'EPSG:n']): intersects the box. */
  | (CqlSource & { kind: 'bbox'; value: CqlExpression; box: [number, number, number, number]; srid?: number })
  /** ECQL's DWITHIN / BEYOND(geom, geometry, distance, units). */
  | (CqlSource & {
      kind: 'distance';
      op: 'dwithin' | 'beyond';
      left: CqlExpression;
      right: CqlExpression;
      distance: number;
      units: CqlDistanceUnit;
    })
  | (CqlSource & { kind: 'temporal'; op: CqlTemporalOp; left: CqlExpression; right: CqlExpression })
  /** A boolean-valued function call used as a predicate (CQL2 allows it; the translator refuses unknown ones). */
  | (CqlSource & { kind: 'predicateFunction'; name: string; args: CqlExpression[] });
