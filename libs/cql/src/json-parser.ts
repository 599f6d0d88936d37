// CQL2 JSON (OGC 21-065, cql2.json schema) into the one syntax tree: {"op": …, "args": […]},
// {"property": …}, {"date": …}, {"timestamp": …}, {"interval": [a, b]}, {"bbox": […]}, GeoJSON
// geometries, plain strings, numbers and booleans. Positions are 1-based offsets in the JSON text.
import { boxGeometry } from './box';
import { CqlError } from './cql-error';
import type { CqlComparison, CqlExpression, CqlGeometry, CqlNode, CqlSpatialOp, CqlTemporalOp } from './cql-node';
import { readJson, type Located } from './json-reader';
import { isDate, isTimestamp } from './temporal-literals';

const COMPARISONS = new Set(['=', '<>', '<', '<=', '>', '>=']);
const ARITHMETIC = new Set(['+', '-', '*', '/', '%', 'div', '^']);
const SPATIAL = new Set(['s_intersects', 's_disjoint', 's_within', 's_contains', 's_crosses', 's_overlaps', 's_touches', 's_equals']);
const TEMPORAL = new Set(
  'after before contains disjoint during equals finishedby finishes intersects meets metby overlappedby overlaps startedby starts'
    .split(' ')
    .map((s) => `t_${s}`),
);
const KNOWN_OPS = new Set([...COMPARISONS, ...ARITHMETIC, ...SPATIAL, ...TEMPORAL, 'and', 'or', 'not', 'like', 'between', 'in', 'isnull', 'casei', 'accenti']);
const GEOMETRY_TYPES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'GeometryCollection']);

export function parseJson(text: string): CqlNode {
  if (!text.trim()) throw new CqlError('Empty filter', 0, '');
  return booleanExpression(readJson(text));
}

function fail(message: string, at: Located): never {
  throw new CqlError(message, at.pos, at.token);
}

function src(at: Located) {
  return { pos: at.pos, token: at.token };
}

/** The members op and args of {"op": …, "args": […]}, or null for any other object. */
function operation(at: Located): { op: string; opAt: Located; args: Located[] } | null {
  const op = at.members?.get('op');
  if (!op) return null;
  if (typeof op.value !== 'string') fail('"op" must be a string', op);
  // The standard's schema spells some names in camel case (isNull, t_finishedBy): names are matched ignoring case.
  const name = KNOWN_OPS.has(op.value.toLowerCase()) ? op.value.toLowerCase() : op.value;
  const args = at.members!.get('args');
  if (!args || !args.items) fail(`"${op.value}" needs an "args" array`, args ?? at);
  for (const key of at.members!.keys()) if (key !== 'op' && key !== 'args') fail(`Unexpected member "${key}"`, at.members!.get(key)!);
  return { op: name, opAt: op, args: args.items };
}

function arity(o: { op: string; opAt: Located; args: Located[] }, n: number): void {
  if (o.args.length !== n) fail(`"${o.op}" takes ${n} argument${n === 1 ? '' : 's'}`, o.opAt);
}

function booleanExpression(at: Located): CqlNode {
  if (typeof at.value === 'boolean') return { kind: 'literal', value: at.value, ...src(at) };
  const o = operation(at);
  if (!o) fail('Expected a boolean expression ({"op": …, "args": […]} or true/false)', at);
  const s = { pos: o.opAt.pos, token: o.op };
  const op = o.op;
  if (op === 'and' || op === 'or') {
    if (o.args.length < 2) fail(`"${op}" takes at least 2 arguments`, o.opAt);
    return { kind: op, args: o.args.map(booleanExpression), ...s };
  }
  if (op === 'not') {
    arity(o, 1);
    return { kind: 'not', arg: booleanExpression(o.args[0]), ...s };
  }
  if (COMPARISONS.has(op)) {
    arity(o, 2);
    return { kind: 'compare', op: op as CqlComparison, left: scalar(o.args[0]), right: scalar(o.args[1]), ...s };
  }
  if (op === 'like') {
    arity(o, 2);
    return { kind: 'like', insensitive: false, value: scalar(o.args[0]), pattern: scalar(o.args[1]), ...s };
  }
  if (op === 'between') {
    arity(o, 3);
    return { kind: 'between', value: scalar(o.args[0]), low: scalar(o.args[1]), high: scalar(o.args[2]), ...s };
  }
  if (op === 'in') {
    arity(o, 2);
    const list = o.args[1];
    if (!list.items || !list.items.length) fail('"in" takes a value and a non-empty array', list);
    return { kind: 'in', value: scalar(o.args[0]), list: list.items.map(scalar), ...s };
  }
  if (op === 'isnull') {
    arity(o, 1);
    return { kind: 'isNull', value: scalar(o.args[0]), ...s };
  }
  if (SPATIAL.has(op)) {
    arity(o, 2);
    return { kind: 'spatial', op: op as CqlSpatialOp, left: scalar(o.args[0]), right: scalar(o.args[1]), ...s };
  }
  if (TEMPORAL.has(op)) {
    arity(o, 2);
    return { kind: 'temporal', op: op as CqlTemporalOp, left: scalar(o.args[0]), right: scalar(o.args[1]), ...s };
  }
  if (/^a_/.test(op)) fail('Array predicates are not supported (no published attribute is an array)', o.opAt);
  if (ARITHMETIC.has(op) || op === 'casei' || op === 'accenti') fail(`"${op}" is not a boolean expression`, o.opAt);
  return { kind: 'predicateFunction', name: op, args: o.args.map(scalar), ...s };
}

function scalar(at: Located): CqlExpression {
  const v = at.value;
  if (typeof v === 'string') return { kind: 'string', value: v, ...src(at) };
  if (typeof v === 'number') return { kind: 'number', value: v, integer: /^-?\d+$/.test(at.token), ...src(at) };
  if (typeof v === 'boolean') return { kind: 'boolean', value: v, ...src(at) };
  if (v === null) fail('null is not a value in CQL2 (use isNull)', at);
  if (at.items) fail('An array is only allowed as the list of "in"', at);
  const m = at.members!;
  const only = (key: string) => {
    if (m.size !== 1) fail(`"${key}" takes no other members`, at);
    return m.get(key)!;
  };
  if (m.has('property')) {
    const p = only('property');
    if (typeof p.value !== 'string' || !p.value) fail('"property" must be a name', p);
    return { kind: 'property', name: p.value, ...src(p) };
  }
  if (m.has('date') || m.has('timestamp')) {
    const kind = m.has('date') ? 'date' : 'timestamp';
    const d = only(kind);
    const ok = typeof d.value === 'string' && (kind === 'date' ? isDate(d.value) : isTimestamp(d.value));
    if (!ok) fail(`Not a valid ${kind}`, d);
    return { kind, value: d.value as string, ...src(d) };
  }
  if (m.has('interval')) {
    const iv = only('interval');
    if (!iv.items || iv.items.length !== 2) fail('"interval" takes [start, end]', iv);
    const end = (e: Located): CqlExpression | '..' => {
      if (e.value === '..') return '..';
      if (typeof e.value === 'string') {
        const kind = isDate(e.value) ? 'date' : 'timestamp';
        if (kind === 'timestamp' && !isTimestamp(e.value)) fail('Not a valid date or timestamp', e);
        return { kind, value: e.value, ...src(e) };
      }
      return scalar(e);
    };
    return { kind: 'interval', start: end(iv.items[0]), end: end(iv.items[1]), ...src(iv) };
  }
  if (m.has('bbox')) {
    const b = only('bbox');
    const n = (b.items ?? []).map((x) => (typeof x.value === 'number' ? x.value : fail('Expected a number', x)));
    if (n.length !== 4 && n.length !== 6) fail('"bbox" takes 4 or 6 numbers', b);
    const [w, s, e, nn] = n.length === 4 ? n : [n[0], n[1], n[3], n[4]];
    return { kind: 'geometry', geometry: boxGeometry(w, s, e, nn), ...src(b) };
  }
  if (m.has('type')) return { kind: 'geometry', geometry: geometry(at, 0), ...src(at) };
  const o = operation(at);
  if (!o) fail('Expected a value', at);
  const s = { pos: o.opAt.pos, token: o.op };
  if (ARITHMETIC.has(o.op)) {
    arity(o, 2);
    return { kind: 'arithmetic', op: o.op as '+', left: scalar(o.args[0]), right: scalar(o.args[1]), ...s };
  }
  if (o.op === 'casei' || o.op === 'accenti') {
    arity(o, 1);
    return { kind: o.op, arg: scalar(o.args[0]), ...s };
  }
  return { kind: 'function', name: o.op, args: o.args.map(scalar), ...s };
}

function geometry(at: Located, depth: number): CqlGeometry {
  const m = at.members;
  const type = m?.get('type');
  if (!m || !type || typeof type.value !== 'string' || !GEOMETRY_TYPES.has(type.value)) fail('Expected a GeoJSON geometry', at);
  if (type.value === 'GeometryCollection') {
    const g = m.get('geometries');
    if (!g?.items?.length || depth > 20) fail('"geometries" must be a non-empty array', g ?? at);
    return { type: 'GeometryCollection', geometries: g.items.map((x) => geometry(x, depth + 1)) };
  }
  const c = m.get('coordinates');
  if (!c) fail('A GeoJSON geometry needs "coordinates"', at);
  const levels = { Point: 0, MultiPoint: 1, LineString: 1, MultiLineString: 2, Polygon: 2, MultiPolygon: 3 }[type.value]!;
  const check = (x: Located, level: number): void => {
    if (level === 0) {
      if (!x.items || x.items.length < 2 || x.items.length > 4 || x.items.some((n) => typeof n.value !== 'number' || !Number.isFinite(n.value)))
        fail('Expected a position [x, y]', x);
      return;
    }
    if (!x.items || !x.items.length) fail('Expected a non-empty array of coordinates', x);
    x.items.forEach((y) => check(y, level - 1));
  };
  check(c, levels);
  const line = (x: Located, min: number) => {
    if (x.items!.length < min) fail(`Expected at least ${min} positions`, x);
  };
  const ring = (x: Located) => {
    line(x, 4);
    const [a, b] = [x.items![0].value as number[], x.items![x.items!.length - 1].value as number[]];
    if (a[0] !== b[0] || a[1] !== b[1]) fail('A polygon ring must end where it starts', x);
  };
  if (type.value === 'LineString') line(c, 2);
  if (type.value === 'MultiLineString') c.items!.forEach((l) => line(l, 2));
  if (type.value === 'Polygon') c.items!.forEach(ring);
  if (type.value === 'MultiPolygon') c.items!.forEach((p) => p.items!.forEach(ring));
  return { type: type.value, coordinates: c.value } as CqlGeometry;
}
