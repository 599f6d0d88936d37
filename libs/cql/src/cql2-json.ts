// The syntax tree written as CQL2 JSON (OGC 21-065 §8.2): what `parseCql(…, 'cql2-json')` reads
// back into the same tree. ECQL-only forms are written with their CQL2 equivalent where one exists
// (BBOX(geom, …) → s_intersects with a bbox); DWITHIN, BEYOND and RELATE have none in CQL2 and are
// refused.
import { CqlError } from './cql-error';
import type { CqlExpression, CqlNode } from './cql-node';
import type { Json } from './json-reader';

export function toCql2Json(node: CqlNode): Json {
  const op = (name: string, args: Json[]): Json => ({ op: name, args });
  switch (node.kind) {
    case 'and':
    case 'or':
      return op(node.kind, node.args.map(toCql2Json));
    case 'not':
      return op('not', [toCql2Json(node.arg)]);
    case 'literal':
      return node.value;
    case 'compare':
      return op(node.op, [value(node.left), value(node.right)]);
    case 'like':
      if (node.insensitive) return op('like', [op('casei', [value(node.value)]), op('casei', [value(node.pattern)])]);
      return op('like', [value(node.value), value(node.pattern)]);
    case 'between':
      return op('between', [value(node.value), value(node.low), value(node.high)]);
    case 'in':
      return op('in', [value(node.value), node.list.map(value)]);
    case 'isNull':
      return op('isNull', [value(node.value)]);
    case 'spatial':
    case 'temporal':
      return op(node.op, [value(node.left), value(node.right)]);
    case 'bbox':
      if (node.srid !== undefined && node.srid !== 4326) throw new CqlError('A BBOX in another CRS has no CQL2 JSON form', node.pos, node.token);
      return op('s_intersects', [value(node.value), { bbox: node.box }]);
    case 'predicateFunction':
      return op(node.name, node.args.map(value));
    case 'distance':
    case 'relate':
      throw new CqlError(`${node.token} has no CQL2 JSON form`, node.pos, node.token);
  }
}

function value(e: CqlExpression): Json {
  switch (e.kind) {
    case 'property':
      return { property: e.name };
    case 'string':
    case 'number':
    case 'boolean':
      return e.value;
    case 'date':
      return { date: e.value };
    case 'timestamp':
      return { timestamp: e.value };
    case 'interval': {
      const end = (x: CqlExpression | '..') => (x === '..' ? '..' : x.kind === 'date' || x.kind === 'timestamp' ? x.value : value(x));
      return { interval: [end(e.start), end(e.end)] };
    }
    case 'geometry':
      return e.geometry as unknown as Json;
    case 'arithmetic':
      return { op: e.op, args: [value(e.left), value(e.right)] };
    case 'negate':
      return { op: '*', args: [-1, value(e.arg)] };
    case 'casei':
    case 'accenti':
      return { op: e.kind, args: [value(e.arg)] };
    case 'function':
      return { op: e.name, args: e.args.map(value) };
    case 'array':
      return e.items.map(value);
  }
}
