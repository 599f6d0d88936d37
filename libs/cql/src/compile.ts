// The syntax tree → one PostGIS boolean expression. Every value the client wrote becomes a `$n`
// parameter (appended to the caller's list), with an explicit cast so PostgreSQL never has to guess;
// every identifier is the scope's own SQL. Whatever cannot be applied — a column the scope does not
// publish, a type that cannot be compared, an unknown function, ACCENTI without `unaccent` — is a
// CqlError naming the token and its position: a filter is applied whole or refused, never in part.
// PostGIS is named in the schema the scope gives (`scope.postgis`), never looked up on the search_path.
import { boxGeometry } from './box';
import { CqlError } from './cql-error';
import type { CqlExpression, CqlGeometry, CqlNode, CqlSource, CqlSpatialOp, CqlTemporalOp } from './cql-node';
import type { CqlColumnType, CqlScope } from './cql-scope';
import { isDate, isTimestamp } from './temporal-literals';

type ValueType = CqlColumnType | 'interval';

interface Compiled {
  sql: string;
  type: ValueType;
}

/** PostgreSQL takes at most 65535 parameters in one statement; a filter keeps well below. */
const MAX_PARAMS = 10_000;

const SPATIAL_SQL: Record<CqlSpatialOp, string> = {
  s_intersects: 'ST_Intersects',
  s_disjoint: 'ST_Disjoint',
  s_within: 'ST_Within',
  s_contains: 'ST_Contains',
  s_crosses: 'ST_Crosses',
  s_overlaps: 'ST_Overlaps',
  s_touches: 'ST_Touches',
  s_equals: 'ST_Equals',
};

const METRES: Record<string, number> = {
  meters: 1,
  kilometers: 1000,
  feet: 0.3048,
  'statute miles': 1609.344,
  'nautical miles': 1852,
};

/** Allen's relations between a = [as, ae] and b = [bs, be] (an instant has s = e). */
const TEMPORAL_SQL: Record<CqlTemporalOp, (p: Record<'as' | 'ae' | 'bs' | 'be', string>) => string> = {
  t_after: (p) => `${p.as} > ${p.be}`,
  t_before: (p) => `${p.ae} < ${p.bs}`,
  t_contains: (p) => `${p.as} < ${p.bs} AND ${p.ae} > ${p.be}`,
  t_disjoint: (p) => `(${p.as} > ${p.be} OR ${p.ae} < ${p.bs})`,
  t_during: (p) => `${p.as} > ${p.bs} AND ${p.ae} < ${p.be}`,
  t_equals: (p) => `${p.as} = ${p.bs} AND ${p.ae} = ${p.be}`,
  t_finishedby: (p) => `${p.as} < ${p.bs} AND ${p.ae} = ${p.be}`,
  t_finishes: (p) => `${p.as} > ${p.bs} AND ${p.ae} = ${p.be}`,
  t_intersects: (p) => `${p.as} <= ${p.be} AND ${p.ae} >= ${p.bs}`,
  t_meets: (p) => `${p.ae} = ${p.bs}`,
  t_metby: (p) => `${p.as} = ${p.be}`,
  t_overlappedby: (p) => `${p.as} > ${p.bs} AND ${p.as} < ${p.be} AND ${p.ae} > ${p.be}`,
  t_overlaps: (p) => `${p.as} < ${p.bs} AND ${p.ae} > ${p.bs} AND ${p.ae} < ${p.be}`,
  t_startedby: (p) => `${p.as} = ${p.bs} AND ${p.ae} > ${p.be}`,
  t_starts: (p) => `${p.as} = ${p.bs} AND ${p.ae} < ${p.be}`,
};

/**
 * Translates a filter to a SQL boolean expression over the scope's columns, appending its values
 * to `params` (the expression's placeholders continue that list's numbering).
 */
export function compileCql(node: CqlNode, scope: CqlScope, params: unknown[]): string {
  return new Translator(scope, params).predicate(node);
}

class Translator {
  constructor(
    private readonly scope: CqlScope,
    private readonly params: unknown[],
  ) {}

  predicate(node: CqlNode): string {
    switch (node.kind) {
      case 'and':
      case 'or':
        return `(${node.args.map((a) => this.predicate(a)).join(node.kind === 'and' ? ' AND ' : ' OR ')})`;
      case 'not':
        return `(NOT ${this.predicate(node.arg)})`;
      case 'literal':
        return node.value ? 'TRUE' : 'FALSE';
      case 'compare': {
        const [l, r] = this.comparable(node.left, node.right, node);
        return `(${l.sql} ${node.op} ${r.sql})`;
      }
      case 'like': {
        const v = this.value(node.value);
        const p = this.value(likePattern(node.pattern));
        const text = v.type === 'string' ? v.sql : v.type === 'geometry' ? this.fail('LIKE applies to strings', node.value) : `(${v.sql})::text`;
        return `(${text} ${node.insensitive ? 'ILIKE' : 'LIKE'} ${p.sql})`;
      }
      case 'between': {
        const [v, lo] = this.comparable(node.value, node.low, node);
        const [, hi] = this.comparable(node.value, node.high, node, v);
        if (!isOrdered(v.type)) this.fail(`BETWEEN does not apply to a ${v.type}`, node.value);
        return `(${v.sql} BETWEEN ${lo.sql} AND ${hi.sql})`;
      }
      case 'in': {
        const [v, first] = this.comparable(node.value, node.list[0], node.list[0]);
        const list = [first.sql, ...node.list.slice(1).map((item) => this.comparable(node.value, item, item, v)[1].sql)];
        return `(${v.sql} IN (${list.join(', ')}))`;
      }
      case 'isNull':
        return `(${this.value(node.value).sql} IS NULL)`;
      case 'spatial':
        return `${this.fn(SPATIAL_SQL[node.op])}(${this.geometry(node.left).sql}, ${this.geometry(node.right).sql})`;
      case 'relate':
        return `${this.fn('ST_Relate')}(${this.geometry(node.left).sql}, ${this.geometry(node.right).sql}, ${this.param(node.pattern, 'text')})`;
      case 'bbox': {
        const [w, s, e, n] = node.box;
        if (![w, s, e, n].every(Number.isFinite) || s > n) this.fail('Not a valid bounding box', node);
        const box = this.geometryLiteral(boxGeometry(w, s, e, n), node.srid, node);
        return `${this.fn('ST_Intersects')}(${this.geometry(node.value).sql}, ${box})`;
      }
      case 'distance':
        return this.distance(node);
      case 'temporal':
        return this.temporal(node);
      case 'predicateFunction':
        return this.fail(`Unknown function "${node.name}"`, node);
    }
  }

  // ---- values

  value(e: CqlExpression): Compiled {
    switch (e.kind) {
      case 'property':
        return this.property(e);
      case 'string':
        return { sql: this.param(e.value, 'text'), type: 'string' };
      case 'number':
        if (!Number.isFinite(e.value)) this.fail('Not a finite number', e);
        if (e.integer && Number.isSafeInteger(e.value)) return { sql: this.param(e.value, 'bigint'), type: 'integer' };
        return { sql: this.param(e.value, 'double precision'), type: 'number' };
      case 'boolean':
        return { sql: this.param(e.value, 'boolean'), type: 'boolean' };
      case 'date':
        return { sql: this.param(e.value, 'date'), type: 'date' };
      case 'timestamp':
        return { sql: this.param(e.value, 'timestamptz'), type: 'timestamp' };
      case 'geometry':
        return { sql: this.geometryLiteral(e.geometry, e.srid, e), type: 'geometry' };
      case 'arithmetic': {
        const l = this.number(e.left);
        const r = this.number(e.right);
        const type = e.op !== '/' && e.op !== '^' && l.type === 'integer' && r.type === 'integer' ? 'integer' : 'number';
        // Division by zero answers NULL (the row does not match) rather than failing the whole request.
        switch (e.op) {
          case '/':
            return { sql: `((${l.sql})::double precision / NULLIF(${r.sql}, 0))`, type };
          case '%':
            return { sql: `mod((${l.sql})::numeric, NULLIF(${r.sql}, 0)::numeric)`, type };
          case 'div':
            return { sql: `div((${l.sql})::numeric, NULLIF(${r.sql}, 0)::numeric)`, type };
          case '^':
            return { sql: `power(${l.sql}, ${r.sql})`, type };
          default:
            return { sql: `(${l.sql} ${e.op} ${r.sql})`, type };
        }
      }
      case 'negate': {
        const v = this.number(e.arg);
        return { sql: `(-${v.sql})`, type: v.type };
      }
      case 'casei': {
        const v = this.value(e.arg);
        if (v.type !== 'string') this.fail('CASEI applies to strings', e.arg);
        return { sql: `lower(${v.sql})`, type: 'string' };
      }
      case 'accenti': {
        if (!this.scope.unaccent) this.fail("ACCENTI needs PostgreSQL's unaccent extension, which the store's database does not have", e);
        const v = this.value(e.arg);
        if (v.type !== 'string') this.fail('ACCENTI applies to strings', e.arg);
        // Qualified, the one-argument form reads the dictionary of its own schema: no search_path involved.
        const schema = typeof this.scope.unaccent === 'string' ? `${this.scope.unaccent}.` : '';
        return { sql: `${schema}unaccent(${v.sql})`, type: 'string' };
      }
      case 'interval':
        return this.fail('An interval is only allowed in a temporal predicate', e);
      case 'array':
        return this.fail('Arrays are not supported', e);
      case 'function':
        return this.fail(`Unknown function "${e.name}"`, e);
    }
  }

  private property(e: CqlExpression & { kind: 'property' }): Compiled {
    const column = this.column(e.name);
    if (!column) this.fail(`Unknown property "${e.name}" (not a published attribute)`, e);
    return { sql: column.sql, type: column.type };
  }

  /** Exact name first; else the one published name that matches ignoring case. */
  private column(name: string) {
    const exact = this.scope.columns.get(name);
    if (exact) return exact;
    const lower = name.toLowerCase();
    const matches = [...this.scope.columns.keys()].filter((k) => k.toLowerCase() === lower);
    return matches.length === 1 ? this.scope.columns.get(matches[0]) : undefined;
  }

  private number(e: CqlExpression): Compiled {
    const v = this.value(e);
    if (v.type !== 'number' && v.type !== 'integer') this.fail(`Arithmetic needs numbers, not a ${v.type}`, e);
    return v;
  }

  /** Both sides of a comparison, checked to be of comparable types; a string compared with a date becomes a date. */
  private comparable(left: CqlExpression, right: CqlExpression, at: CqlSource, compiledLeft?: Compiled): [Compiled, Compiled] {
    // A left side compiled before (BETWEEN's second bound, IN's other items) is not compiled again:
    // every parameter must appear in the SQL, once.
    const l = compiledLeft ?? this.against(left, this.typeOf(right));
    const r = this.against(right, l.type);
    if (!compatible(l.type, r.type)) this.fail(`Cannot compare ${l.type} with ${r.type}`, at);
    if (l.type === 'geometry') this.fail('Geometries are compared with spatial predicates (S_EQUALS, S_INTERSECTS…)', at);
    return [l, r];
  }

  /** A string literal set against a date or timestamp is read as one (ECQL writes dates as strings). */
  private against(e: CqlExpression, other: ValueType | undefined): Compiled {
    if (e.kind === 'string' && (other === 'date' || other === 'timestamp')) return this.temporalString(e, other);
    return this.value(e);
  }

  /**
   * The type of an expression, found by compiling it aside (its parameters are not kept); undefined
   * when it cannot be compiled — its own error is then reported when its turn comes, so the first
   * error in the text is the one named.
   */
  private typeOf(e: CqlExpression): ValueType | undefined {
    try {
      return new Translator(this.scope, []).value(e).type;
    } catch (err) {
      if (err instanceof CqlError) return undefined;
      throw err;
    }
  }

  private temporalString(e: CqlExpression & { kind: 'string' }, against: 'date' | 'timestamp'): Compiled {
    if (isDate(e.value)) return { sql: this.param(e.value, 'date'), type: 'date' };
    if (isTimestamp(e.value, true)) return { sql: this.param(e.value, 'timestamptz'), type: 'timestamp' };
    return this.fail(`Not a valid ${against}`, e);
  }

  // ---- geometry

  private geometry(e: CqlExpression): Compiled {
    const v = this.value(e);
    if (v.type !== 'geometry') this.fail(`Expected a geometry, not a ${v.type}`, e);
    return v;
  }

  /** A literal in the filter's CRS (or its own), set in the geometry column's SRID. */
  private geometryLiteral(g: CqlGeometry, srid: number | undefined, at: CqlSource): string {
    const target = this.scope.geometry;
    if (!target) this.fail('This feature type publishes no geometry', at);
    const from = srid ?? this.scope.filterCrsSrid ?? 4326;
    const fn = (name: string) => this.fn(name);
    const parsed = `${fn('ST_SetSRID')}(${fn('ST_Force2D')}(${fn('ST_GeomFromGeoJSON')}(${this.param(JSON.stringify(g), 'text')})), ${this.param(from, 'integer')})`;
    if (from === target.srid || !target.srid) return target.srid ? parsed : `${fn('ST_SetSRID')}(${parsed}, 0)`;
    return `${fn('ST_Transform')}(${parsed}, ${this.param(target.srid, 'integer')})`;
  }

  private distance(node: CqlNode & { kind: 'distance' }): string {
    if (!Number.isFinite(node.distance) || node.distance < 0) this.fail('A distance must be a non-negative number', node);
    const l = this.geometry(node.left).sql;
    const r = this.geometry(node.right).sql;
    const metres = node.distance * METRES[node.units];
    let within: string;
    if (this.scope.geometry?.geographic) {
      // On the spheroid, after a bounding-box prefilter the geometry index can answer: the literal's
      // box grown by the distance in degrees (longitude degrees shrink with the cosine of the
      // latitude), also shifted by ±360° for boxes that cross the antimeridian.
      const m = this.param(metres, 'double precision');
      const dy = `(${m} / 110574.0 * 1.01 + 1e-9)`;
      const fn = (name: string) => this.fn(name);
      const lat = `least(89.999999, greatest(abs(${fn('ST_YMin')}(${r})), abs(${fn('ST_YMax')}(${r}))) + ${dy})`;
      const dx = `(${m} / (111320.0 * cos(radians(${lat}))) * 1.01 + 1e-9)`;
      const box = `${fn('ST_Expand')}(${r}, ${dx}, ${dy})`;
      const overlaps = this.scope.postgis ? `OPERATOR(${this.scope.postgis}.&&)` : '&&';
      const prefilter = `(${l} ${overlaps} ${box} OR ${l} ${overlaps} ${fn('ST_Translate')}(${box}, 360, 0) OR ${l} ${overlaps} ${fn('ST_Translate')}(${box}, -360, 0))`;
      const geography = fn('geography');
      within = `(${prefilter} AND ${fn('ST_DWithin')}((${l})::${geography}, (${r})::${geography}, ${m}, true))`;
    } else {
      // A projected CRS: the distance in its units, taken to be metres.
      within = `${this.fn('ST_DWithin')}(${l}, ${r}, ${this.param(metres, 'double precision')})`;
    }
    return node.op === 'dwithin' ? within : `(NOT ${within})`;
  }

  // ---- time

  private temporal(node: CqlNode & { kind: 'temporal' }): string {
    // Ends are compiled when a relation reads them: every parameter must appear in the SQL.
    const [as, ae] = this.period(node.left);
    const [bs, be] = this.period(node.right);
    const ends = { as, ae, bs, be };
    const read = new Proxy({} as Record<keyof typeof ends, string>, { get: (_t, k: keyof typeof ends) => ends[k]() });
    return `(${TEMPORAL_SQL[node.op](read)})`;
  }

  /** An instant or interval as [start, end] SQL (compiled once, on first use); an open end is ±infinity. */
  private period(e: CqlExpression): [() => string, () => string] {
    const once = (f: () => string) => {
      let sql: string | undefined;
      return () => (sql ??= f());
    };
    if (e.kind === 'interval') {
      const end = (x: CqlExpression | '..', infinity: string) => once(() => (x === '..' ? `'${infinity}'::timestamptz` : this.instant(x)));
      return [end(e.start, '-infinity'), end(e.end, 'infinity')];
    }
    const sql = once(() => this.instant(e));
    return [sql, sql];
  }

  private instant(e: CqlExpression): string {
    const v = e.kind === 'string' ? this.temporalString(e, 'timestamp') : this.value(e);
    if (v.type !== 'date' && v.type !== 'timestamp') this.fail(`Expected a date or timestamp, not a ${v.type}`, e);
    return v.sql;
  }

  // ---- helpers

  /** A PostGIS function or type, named in PostGIS's schema when the scope gives it. */
  private fn(name: string): string {
    return this.scope.postgis ? `${this.scope.postgis}.${name}` : name;
  }

  private param(value: unknown, cast: string): string {
    if (this.params.length >= MAX_PARAMS) throw new CqlError(`The filter holds more than ${MAX_PARAMS} values`, 0, '');
    this.params.push(value);
    return `$${this.params.length}::${cast}`;
  }

  private fail(message: string, at: CqlSource): never {
    throw new CqlError(message, at.pos, at.token);
  }
}

/** CQL2's patternExpression: a string literal, possibly inside CASEI / ACCENTI; PostgreSQL refuses a trailing escape. */
function likePattern(e: CqlExpression): CqlExpression {
  if (e.kind === 'casei' || e.kind === 'accenti') return likePattern(e.arg) && e;
  if (e.kind !== 'string') throw new CqlError('A LIKE pattern must be a quoted string', e.pos, e.token);
  if (/(^|[^\\])(\\\\)*\\$/.test(e.value)) throw new CqlError('A LIKE pattern cannot end with the escape character \\', e.pos, e.token);
  return e;
}

function isOrdered(t: ValueType): boolean {
  return t === 'number' || t === 'integer' || t === 'string' || t === 'date' || t === 'timestamp';
}

function compatible(a: ValueType, b: ValueType): boolean {
  const family = (t: ValueType) => (t === 'integer' ? 'number' : t === 'date' ? 'timestamp' : t);
  return family(a) === family(b);
}
