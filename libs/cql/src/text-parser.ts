// CQL2 text (OGC 21-065, its BNF) and GeoServer's ECQL / CQL text, read by one recursive descent
// into the one syntax tree. The rules follow the BNF's names:
//   booleanExpression = booleanTerm {OR booleanTerm}; booleanTerm = booleanFactor {AND booleanFactor}
//   booleanFactor = [NOT] booleanPrimary; booleanPrimary = predicate | "(" booleanExpression ")" | TRUE | FALSE
//   predicate = comparison | spatial | temporal | array predicate | function
// ECQL's spellings are accepted beside CQL2's: INTERSECTS(…) for S_INTERSECTS(…), INCLUDE / EXCLUDE,
// BBOX(geom, x1, y1, x2, y2[, crs]), DWITHIN / BEYOND with units, RELATE, bare date-times with
// BEFORE / AFTER / DURING / TEQUALS and periods (t1/t2, t/P1D, P1D/t), ENVELOPE, != for <>.
import { boxGeometry } from './box';
import { CqlError } from './cql-error';
import type { CqlComparison, CqlDistanceUnit, CqlExpression, CqlNode, CqlSpatialOp, CqlTemporalOp } from './cql-node';
import { addDuration } from './duration';
import { isDate, isTimestamp } from './temporal-literals';
import { describe, GEOMETRY_TYPES, TokenCursor } from './text-cursor';
import { tokenize, type Token } from './text-lexer';

const COMPARISONS = new Set(['=', '<>', '<', '<=', '>', '>=']);
const SPATIAL: Record<string, CqlSpatialOp> = {};
for (const op of ['intersects', 'disjoint', 'within', 'contains', 'crosses', 'overlaps', 'touches', 'equals']) {
  SPATIAL[op.toUpperCase()] = `s_${op}` as CqlSpatialOp;
  SPATIAL[`S_${op.toUpperCase()}`] = `s_${op}` as CqlSpatialOp;
}
const TEMPORAL = new Set(
  'AFTER BEFORE CONTAINS DISJOINT DURING EQUALS FINISHEDBY FINISHES INTERSECTS MEETS METBY OVERLAPPEDBY OVERLAPS STARTEDBY STARTS'
    .split(' ')
    .map((s) => `T_${s}`),
);
const ECQL_TEMPORAL: Record<string, CqlTemporalOp> = {
  BEFORE: 't_before',
  AFTER: 't_after',
  DURING: 't_during',
  TEQUALS: 't_equals',
};
const UNITS: Record<string, CqlDistanceUnit> = {
  METERS: 'meters',
  KILOMETERS: 'kilometers',
  FEET: 'feet',
  'STATUTE MILES': 'statute miles',
  'NAUTICAL MILES': 'nautical miles',
};

export function parseText(text: string): CqlNode {
  if (!text.trim()) throw new CqlError('Empty filter', 0, '');
  return new TextParser(tokenize(text)).filter();
}

class TextParser extends TokenCursor {
  filter(): CqlNode {
    const node = this.booleanExpression();
    const t = this.peek();
    if (t.type !== 'eof') throw this.error(`Unexpected ${describe(t)} after a complete filter`, t);
    return node;
  }

  // ---- boolean structure

  private booleanExpression(): CqlNode {
    this.enter();
    const first = this.booleanTerm();
    const args = [first];
    while (this.isWord('OR')) {
      this.i++;
      args.push(this.booleanTerm());
    }
    this.depth--;
    return args.length === 1 ? first : { kind: 'or', args, pos: first.pos, token: first.token };
  }

  private booleanTerm(): CqlNode {
    const first = this.booleanFactor();
    const args = [first];
    while (this.isWord('AND')) {
      this.i++;
      args.push(this.booleanFactor());
    }
    return args.length === 1 ? first : { kind: 'and', args, pos: first.pos, token: first.token };
  }

  private booleanFactor(): CqlNode {
    const t = this.peek();
    if (this.isWord('NOT')) {
      this.i++;
      this.enter();
      const arg = this.booleanFactor();
      this.depth--;
      return { kind: 'not', arg, pos: t.pos, token: t.text };
    }
    return this.booleanPrimary();
  }

  private booleanPrimary(): CqlNode {
    const t = this.peek();
    if (this.isPunct('[')) {
      // ECQL brackets a condition with [ ] as well as ( ).
      this.i++;
      const node = this.booleanExpression();
      this.expectPunct(']');
      return node;
    }
    if (this.isPunct('(')) {
      // "(" may open a boolean group or an arithmetic one: "(a + 1) > 2". Try the group first.
      const start = this.i;
      let groupError: CqlError;
      try {
        this.i++;
        const node = this.booleanExpression();
        this.expectPunct(')');
        if (!this.continuesScalar()) return node;
        groupError = this.error('Expected a boolean expression', t);
      } catch (e) {
        if (!(e instanceof CqlError)) throw e;
        groupError = e;
      }
      this.i = start;
      try {
        return this.predicate();
      } catch (e) {
        if (!(e instanceof CqlError)) throw e;
        throw e.position >= groupError.position ? e : groupError;
      }
    }
    if (t.type === 'ident') {
      const word = t.value.toUpperCase();
      const next = this.peek(1);
      const called = next.type === 'punct' && next.value === '(';
      if ((word === 'INCLUDE' || word === 'EXCLUDE') && !called) {
        this.i++;
        return { kind: 'literal', value: word === 'INCLUDE', pos: t.pos, token: t.text };
      }
      if ((word === 'TRUE' || word === 'FALSE') && this.endsPredicate(1)) {
        this.i++;
        return { kind: 'literal', value: word === 'TRUE', pos: t.pos, token: t.text };
      }
      if (called) {
        if (SPATIAL[word]) return this.spatial(SPATIAL[word]);
        if (TEMPORAL.has(word)) return this.temporalFunction(word.toLowerCase() as CqlTemporalOp);
        if (/^A_(EQUALS|CONTAINS|CONTAINEDBY|OVERLAPS)$/.test(word))
          throw this.error('Array predicates are not supported (no published attribute is an array)', t);
        if (word === 'BBOX') return this.bboxPredicate();
        if (word === 'DWITHIN' || word === 'BEYOND') return this.distance(word === 'DWITHIN' ? 'dwithin' : 'beyond');
        if (word === 'RELATE') return this.relate();
      }
      if (word === 'IN' && called) throw this.error('Feature identifier filters (IN without a value) are not supported', t);
    }
    return this.predicate();
  }

  /** A predicate whose first operand is a scalar expression. */
  private predicate(): CqlNode {
    const left = this.scalar();
    const t = this.peek();
    const src = { pos: left.pos, token: left.token };
    if (t.type === 'punct' && COMPARISONS.has(t.value)) {
      this.i++;
      return { kind: 'compare', op: t.value as CqlComparison, left, right: this.scalar(), ...src };
    }
    const negated = this.isWord('NOT');
    if (negated) this.i++;
    const op = this.peek();
    const word = op.type === 'ident' ? op.value.toUpperCase() : '';
    let node: CqlNode | null = null;
    if (word === 'LIKE' || word === 'ILIKE') {
      this.i++;
      node = { kind: 'like', insensitive: word === 'ILIKE', value: left, pattern: this.scalar(), ...src };
    } else if (word === 'BETWEEN') {
      this.i++;
      const low = this.scalar();
      this.expectWord('AND');
      node = { kind: 'between', value: left, low, high: this.scalar(), ...src };
    } else if (word === 'IN') {
      this.i++;
      this.expectPunct('(');
      const list = [this.scalar()];
      while (this.isPunct(',')) {
        this.i++;
        list.push(this.scalar());
      }
      this.expectPunct(')');
      node = { kind: 'in', value: left, list, ...src };
    } else if (word === 'IS' && !negated) {
      this.i++;
      const not = this.isWord('NOT');
      if (not) this.i++;
      this.expectWord('NULL');
      const isNull: CqlNode = { kind: 'isNull', value: left, ...src };
      return not ? { kind: 'not', arg: isNull, ...src } : isNull;
    } else if (ECQL_TEMPORAL[word] && !negated) {
      return this.ecqlTemporal(left, word);
    } else if ((word === 'EXISTS' || word === 'DOES-NOT-EXIST') && !negated) {
      throw this.error(`${op.text} is not supported`, op);
    }
    if (node) return negated ? { kind: 'not', arg: node, pos: left.pos, token: left.token } : node;
    if (negated) throw this.error('Expected LIKE, ILIKE, BETWEEN or IN after NOT', op);
    if (left.kind === 'function') return { ...left, kind: 'predicateFunction' };
    if (left.kind === 'boolean') return { kind: 'literal', value: left.value, ...src };
    throw this.error(`Expected a comparison operator after ${left.token}`, t);
  }

  // ---- spatial and temporal predicates

  private spatial(op: CqlSpatialOp): CqlNode {
    const t = this.next();
    this.expectPunct('(');
    const left = this.scalar();
    this.expectPunct(',');
    const right = this.scalar();
    this.expectPunct(')');
    return { kind: 'spatial', op, left, right, pos: t.pos, token: t.text };
  }

  private relate(): CqlNode {
    const t = this.next();
    this.expectPunct('(');
    const left = this.scalar();
    this.expectPunct(',');
    const right = this.scalar();
    this.expectPunct(',');
    const p = this.next();
    if (p.type !== 'string' || !/^[TF*012]{9}$/i.test(p.value)) throw this.error('Expected a DE-9IM pattern of 9 characters from T F * 0 1 2', p);
    this.expectPunct(')');
    return { kind: 'relate', left, right, pattern: p.value.toUpperCase(), pos: t.pos, token: t.text };
  }

  private bboxPredicate(): CqlNode {
    const t = this.next();
    this.expectPunct('(');
    const value = this.scalar();
    const box: number[] = [];
    for (let k = 0; k < 4; k++) {
      this.expectPunct(',');
      box.push(this.signedNumber());
    }
    let srid: number | undefined;
    if (this.isPunct(',')) {
      this.i++;
      const crs = this.next();
      if (crs.type !== 'string') throw this.error("Expected a CRS name such as 'EPSG:4326'", crs);
      srid = sridOf(crs.value);
      if (srid === undefined) throw this.error('Unknown CRS (use EPSG:n or CRS84)', crs);
    }
    this.expectPunct(')');
    return { kind: 'bbox', value, box: box as [number, number, number, number], srid, pos: t.pos, token: t.text };
  }

  private distance(op: 'dwithin' | 'beyond'): CqlNode {
    const t = this.next();
    this.expectPunct('(');
    const left = this.scalar();
    this.expectPunct(',');
    const right = this.scalar();
    this.expectPunct(',');
    const distance = this.signedNumber();
    this.expectPunct(',');
    const u = this.next();
    let name = u.value.toUpperCase();
    if ((name === 'STATUTE' || name === 'NAUTICAL') && this.isWord('MILES')) name += ` ${this.next().value.toUpperCase()}`;
    const units = UNITS[name] ?? (u.type === 'string' ? UNITS[u.value.toUpperCase()] : undefined);
    if (!units) throw this.error('Expected units: meters, kilometers, feet, statute miles or nautical miles', u);
    this.expectPunct(')');
    return { kind: 'distance', op, left, right, distance, units, pos: t.pos, token: t.text };
  }

  private temporalFunction(op: CqlTemporalOp): CqlNode {
    const t = this.next();
    this.expectPunct('(');
    const left = this.scalar();
    this.expectPunct(',');
    const right = this.scalar();
    this.expectPunct(')');
    return { kind: 'temporal', op, left, right, pos: t.pos, token: t.text };
  }

  /** ECQL: `attr BEFORE t`, `AFTER`, `DURING period`, `TEQUALS`, `BEFORE OR DURING`, `DURING OR AFTER`. */
  private ecqlTemporal(left: CqlExpression, word: string): CqlNode {
    const t = this.next();
    const src = { pos: left.pos, token: left.token };
    if ((word === 'BEFORE' || word === 'DURING') && this.isWord('OR') && this.peek(1).value.toUpperCase() === (word === 'BEFORE' ? 'DURING' : 'AFTER')) {
      this.i += 2;
      const right = this.temporalOperand();
      // BEFORE OR DURING: up to the period's end; DURING OR AFTER: from its start.
      const first: CqlTemporalOp = word === 'BEFORE' ? 't_before' : 't_intersects';
      const second: CqlTemporalOp = word === 'BEFORE' ? 't_intersects' : 't_after';
      return {
        kind: 'or',
        args: [
          { kind: 'temporal', op: first, left, right, ...src },
          { kind: 'temporal', op: second, left, right, ...src },
        ],
        ...src,
      };
    }
    const right = this.temporalOperand();
    if (word === 'DURING' && right.kind !== 'interval') throw this.error('DURING takes a period (start/end)', t);
    return { kind: 'temporal', op: ECQL_TEMPORAL[word], left, right, ...src };
  }

  /** An ECQL instant or period: 2006-11-30T01:30:00Z, t1/t2, t/P1D, P1D/t; else any scalar. */
  private temporalOperand(): CqlExpression {
    const t = this.peek();
    if (t.type !== 'datetime' && t.type !== 'duration') return this.scalar();
    this.i++;
    if (!this.isPunct('/')) {
      if (t.type === 'duration') throw this.error('A duration needs a start or end (t/P1D)', t);
      return instant(t);
    }
    this.i++;
    const u = this.next();
    if (u.type !== 'datetime' && u.type !== 'duration') throw this.error('Expected the end of the period', u);
    if (t.type === 'duration' && u.type === 'duration') throw this.error('A period needs a date-time', u);
    for (const end of [t, u]) if (end.type === 'datetime') instant(end);
    const startText = t.type === 'duration' ? addDuration(u.value, t.value, -1, u) : t.value;
    const endText = u.type === 'duration' ? addDuration(t.value, u.value, 1, t) : u.value;
    const start: CqlExpression = { kind: 'timestamp', value: startText, pos: t.pos, token: t.text };
    const end: CqlExpression = { kind: 'timestamp', value: endText, pos: u.pos, token: u.text };
    return { kind: 'interval', start, end, pos: t.pos, token: t.text };
  }

  // ---- scalar expressions

  private scalar(): CqlExpression {
    this.enter();
    let left = this.term();
    while (this.isPunct('+') || this.isPunct('-')) {
      const op = this.next();
      left = { kind: 'arithmetic', op: op.value as '+' | '-', left, right: this.term(), pos: left.pos, token: left.token };
    }
    this.depth--;
    return left;
  }

  private term(): CqlExpression {
    let left = this.power();
    for (;;) {
      const t = this.peek();
      const op = t.type === 'punct' && '*/%'.includes(t.value) ? t.value : t.type === 'ident' && t.value.toUpperCase() === 'DIV' ? 'div' : null;
      if (!op) return left;
      this.i++;
      left = { kind: 'arithmetic', op: op as '*' | '/' | '%' | 'div', left, right: this.power(), pos: left.pos, token: left.token };
    }
  }

  private power(): CqlExpression {
    const base = this.unary();
    if (!this.isPunct('^')) return base;
    this.i++;
    this.enter();
    const exponent = this.power();
    this.depth--;
    return { kind: 'arithmetic', op: '^', left: base, right: exponent, pos: base.pos, token: base.token };
  }

  private unary(): CqlExpression {
    const t = this.peek();
    if (this.isPunct('-') || this.isPunct('+')) {
      this.i++;
      this.enter();
      const arg = this.unary();
      this.depth--;
      if (t.value === '+') return arg;
      if (arg.kind === 'number') return { ...arg, value: -arg.value, pos: t.pos, token: t.text + arg.token };
      return { kind: 'negate', arg, pos: t.pos, token: t.text };
    }
    return this.atom();
  }

  private atom(): CqlExpression {
    const t = this.next();
    const src = { pos: t.pos, token: t.text };
    switch (t.type) {
      case 'number':
        return { kind: 'number', value: Number(t.value), integer: /^\d+$/.test(t.value), ...src };
      case 'string':
        return { kind: 'string', value: t.value, ...src };
      case 'quoted':
        return { kind: 'property', name: t.value, ...src };
      case 'datetime':
        return instant(t);
      case 'punct':
        if (t.value === '(') {
          const inner = this.scalar();
          this.expectPunct(')');
          return inner;
        }
        throw this.error(`Expected a value but found ${describe(t)}`, t);
      case 'ident':
        return this.word(t);
      default:
        throw this.error(`Expected a value but found ${describe(t)}`, t);
    }
  }

  private word(t: Token): CqlExpression {
    const src = { pos: t.pos, token: t.text };
    const word = t.value.toUpperCase();
    const called = this.isPunct('(');
    if (word === 'TRUE' || word === 'FALSE') return { kind: 'boolean', value: word === 'TRUE', ...src };
    if (GEOMETRY_TYPES.has(word) && (called || this.isWord('Z') || this.isWord('M') || this.isWord('ZM') || this.isWord('EMPTY'))) {
      this.i--;
      return { kind: 'geometry', geometry: this.wkt(), ...src };
    }
    if (!called) return { kind: 'property', name: t.value, ...src };
    if (word === 'DATE' || word === 'TIMESTAMP') {
      this.i++;
      const s = this.next();
      if (s.type !== 'string') throw this.error(`${word} takes a quoted ${word === 'DATE' ? 'date' : 'timestamp'}`, s);
      const ok = word === 'DATE' ? isDate(s.value) : isTimestamp(s.value);
      if (!ok) throw this.error(`Not a valid ${word === 'DATE' ? 'date (YYYY-MM-DD)' : 'timestamp (RFC 3339)'}`, s);
      this.expectPunct(')');
      return { kind: word === 'DATE' ? 'date' : 'timestamp', value: s.value, ...src };
    }
    if (word === 'INTERVAL') {
      this.i++;
      const start = this.intervalEnd();
      this.expectPunct(',');
      const end = this.intervalEnd();
      this.expectPunct(')');
      return { kind: 'interval', start, end, ...src };
    }
    if (word === 'CASEI' || word === 'ACCENTI') {
      this.i++;
      const arg = this.scalar();
      this.expectPunct(')');
      return { kind: word === 'CASEI' ? 'casei' : 'accenti', arg, ...src };
    }
    if (word === 'BBOX' || word === 'ENVELOPE') {
      this.i++;
      const n = [this.signedNumber()];
      while (this.isPunct(',')) {
        this.i++;
        n.push(this.signedNumber());
      }
      this.expectPunct(')');
      if (word === 'ENVELOPE') {
        // ECQL: ENVELOPE(west, east, north, south)
        if (n.length !== 4) throw this.error('ENVELOPE takes 4 numbers (west, east, north, south)', t);
        return { kind: 'geometry', geometry: boxGeometry(n[0], n[3], n[1], n[2]), ...src };
      }
      if (n.length !== 4 && n.length !== 6) throw this.error('BBOX takes 4 or 6 numbers', t);
      const [w, s, e, nn] = n.length === 4 ? n : [n[0], n[1], n[3], n[4]];
      return { kind: 'geometry', geometry: boxGeometry(w, s, e, nn), ...src };
    }
    this.i++;
    const args: CqlExpression[] = [];
    if (!this.isPunct(')')) {
      args.push(this.scalar());
      while (this.isPunct(',')) {
        this.i++;
        args.push(this.scalar());
      }
    }
    this.expectPunct(')');
    return { kind: 'function', name: t.value, args, ...src };
  }

  private intervalEnd(): CqlExpression | '..' {
    const t = this.peek();
    if (t.type === 'string') {
      this.i++;
      if (t.value === '..') return '..';
      const kind = isDate(t.value) ? 'date' : 'timestamp';
      if (kind === 'timestamp' && !isTimestamp(t.value)) throw this.error('Not a valid date or timestamp', t);
      return { kind, value: t.value, pos: t.pos, token: t.text };
    }
    return this.scalar();
  }

  /** After a ")" closing a group: does a scalar operator follow (so the group was arithmetic)? */
  private continuesScalar(): boolean {
    const t = this.peek();
    if (t.type === 'punct') return COMPARISONS.has(t.value) || '+-*/%^'.includes(t.value);
    if (t.type !== 'ident') return false;
    return (
      ['DIV', 'LIKE', 'ILIKE', 'BETWEEN', 'IN', 'IS', 'BEFORE', 'AFTER', 'DURING', 'TEQUALS'].includes(t.value.toUpperCase()) ||
      (t.value.toUpperCase() === 'NOT' && ['LIKE', 'ILIKE', 'BETWEEN', 'IN'].includes(this.peek(1).value.toUpperCase()))
    );
  }

  /** Does the token at offset k end a predicate (so a TRUE before it is a whole predicate)? */
  private endsPredicate(k: number): boolean {
    const t = this.peek(k);
    return t.type === 'eof' || (t.type === 'punct' && t.value === ')') || this.isWord('AND', k) || this.isWord('OR', k);
  }
}

function instant(t: Token): CqlExpression {
  const kind = isDate(t.value) ? 'date' : 'timestamp';
  if (kind === 'timestamp' && !isTimestamp(t.value, true)) throw new CqlError('Not a valid date or timestamp', t.pos, t.text);
  return { kind, value: t.value, pos: t.pos, token: t.text };
}

/** EPSG:n, urn:ogc:def:crs:EPSG::n, http://www.opengis.net/def/crs/EPSG/0/n, CRS84 → SRID. */
export function sridOf(crs: string): number | undefined {
  if (/^(urn:ogc:def:crs:OGC:1\.3:CRS84|http:\/\/www\.opengis\.net\/def\/crs\/OGC\/1\.3\/CRS84|CRS84)$/i.test(crs)) return 4326;
  const m = /^(?:EPSG:|urn:ogc:def:crs:EPSG::|https?:\/\/www\.opengis\.net\/def\/crs\/EPSG\/0\/)(\d{1,6})$/i.exec(crs);
  return m ? Number(m[1]) : undefined;
}
