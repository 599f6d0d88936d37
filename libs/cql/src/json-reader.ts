// A JSON reader that remembers where each value starts, so that CQL2 JSON's errors name a 1-based
// character position in the JSON text just as the text forms do (JSON.parse forgets positions).
import { CqlError } from './cql-error';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A JSON value with where it starts: the 1-based offset and the source text's first token. */
export interface Located<T extends Json = Json> {
  value: T;
  pos: number;
  token: string;
  /** For arrays: their items; for objects: their members. */
  items?: Located[];
  members?: Map<string, Located>;
}

/** Objects and arrays together: CQL2 JSON nests two per level ({"op", "args": [ ]}). */
const MAX_DEPTH = 400;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

export function readJson(text: string): Located {
  let i = 0;
  let depth = 0;
  const fail = (message: string, at = i): never => {
    throw new CqlError(message, at + 1, text.slice(at, at + 1) || '');
  };
  const space = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i])) i++;
  };
  const value = (): Located => {
    space();
    const start = i;
    const c = text[i];
    if (c === '{') {
      if (++depth > MAX_DEPTH) fail(`JSON nested deeper than ${MAX_DEPTH} levels`);
      i++;
      const members = new Map<string, Located>();
      const obj: { [key: string]: Json } = {};
      space();
      if (text[i] === '}') i++;
      else
        for (;;) {
          space();
          if (text[i] !== '"') fail('Expected a member name');
          const key = string();
          space();
          if (text[i] !== ':') fail('Expected ":"');
          i++;
          const v = value();
          if (members.has(key)) fail(`Duplicate member "${key}"`, v.pos - 1);
          members.set(key, v);
          // Defined, not assigned: a member named __proto__ stays a member.
          Object.defineProperty(obj, key, { value: v.value, enumerable: true, writable: true, configurable: true });
          space();
          if (text[i] === ',') i++;
          else if (text[i] === '}') {
            i++;
            break;
          } else fail('Expected "," or "}"');
        }
      depth--;
      return { value: obj, pos: start + 1, token: '{', members };
    }
    if (c === '[') {
      if (++depth > MAX_DEPTH) fail(`JSON nested deeper than ${MAX_DEPTH} levels`);
      i++;
      const items: Located[] = [];
      space();
      if (text[i] === ']') i++;
      else
        for (;;) {
          items.push(value());
          space();
          if (text[i] === ',') i++;
          else if (text[i] === ']') {
            i++;
            break;
          } else fail('Expected "," or "]"');
        }
      depth--;
      return { value: items.map((x) => x.value), pos: start + 1, token: '[', items };
    }
    if (c === '"') {
      const s = string();
      return { value: s, pos: start + 1, token: text.slice(start, i) };
    }
    for (const [word, v] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const)
      if (text.startsWith(word, i)) {
        i += word.length;
        return { value: v, pos: start + 1, token: word };
      }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m) return fail(i >= text.length ? 'Unexpected end of JSON' : 'Unexpected character in JSON');
    i += m[0].length;
    return { value: Number(m[0]), pos: start + 1, token: m[0] };
  };
  const string = (): string => {
    const start = i;
    i++;
    let out = '';
    for (;;) {
      if (i >= text.length) fail('Unterminated JSON string', start);
      const c = text[i];
      if (c === '"') {
        i++;
        return out;
      }
      if (c === '\\') {
        const e = text[i + 1];
        const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (e in simple) {
          out += simple[e];
          i += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          const code = parseInt(text.slice(i + 2, i + 6), 16);
          if (code === 0) fail('NUL character');
          out += String.fromCharCode(code);
          i += 6;
        } else fail('Invalid escape in JSON string');
      } else if (c < ' ') fail('Control character in JSON string');
      else out += text[i++];
    }
  };
  const root = value();
  space();
  if (i < text.length) fail('Unexpected text after the JSON value');
  return root;
}
