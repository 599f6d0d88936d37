/**
 * GeoServer's JSON layout (Jettison's mapped convention over XStream), in both directions, for
 * the api that writes it and the console that reads it: attributes as `"@name"`, text beside
 * attributes as `"$"`, every collection an array even with one item, an empty collection written
 * as `""`, map values as strings, links as bare URLs (`"href"` inside objects).
 */
import { LINK_FIELD, Rep, RepDocument } from './representation';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** A representation node as Jettison writes it. */
export function toJettison(rep: Rep): Json {
  if (typeof rep !== 'object') return rep;
  switch (rep.kind) {
    case 'double':
      return rep.value;
    case 'json':
      return (rep.value ?? null) as Json;
    case 'link':
      // A link standing alone as an element's content is written as the bare URL.
      return rep.href;
    case 'text': {
      const out: { [key: string]: Json } = {};
      for (const [k, v] of rep.attrs) out[`@${k}`] = v;
      out.$ = rep.value;
      return out;
    }
    case 'entries':
      // Map values stay strings, as Jettison writes `"$"` values.
      return rep.pairs.length === 0
        ? ''
        : {
            entry: rep.pairs.map(([k, v]): Json =>
              typeof v === 'string' ? { '@key': k, $: v } : { '@key': k, ...(toJettison(v) as { [key: string]: Json }) },
            ),
          };
    case 'list':
      if (rep.bareJson) return rep.items.map(toJettison);
      if (rep.items.length === 0) return '';
      return { ...Object.fromEntries((rep.attrs ?? []).map(([k, v]) => [`@${k}`, v])), [rep.item]: rep.items.map(toJettison) };
    case 'object': {
      const out: { [key: string]: Json } = {};
      for (const [k, v] of rep.attrs) out[`@${k}`] = v;
      for (const [field, value] of rep.fields) {
        if (value === undefined || value === null) continue;
        if (field === LINK_FIELD && typeof value === 'object' && value.kind === 'link') out.href = value.href;
        else out[field] = toJettison(value);
      }
      return out;
    }
  }
}

/** A whole document as GeoServer's compact JSON (`{"root":{…}}`). */
export function jettisonDocument(document: RepDocument): string {
  return JSON.stringify({ [document.root]: toJettison(document.body) });
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The items of a collection value: `""`, null or absent is none, a lone object is one. */
export function itemsOf(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * The entries of a wrapped list: `body[outer][inner]`, as objects. `""` or a missing inner key is
 * the empty list; anything that is not a wrapped list is refused with `what` in the message.
 */
export function listEntries(body: unknown, outer: string, inner: string, what: string): Record<string, unknown>[] {
  const list = isObject(body) ? body[outer] : undefined;
  if (list === '' || list === null) return [];
  if (!isObject(list)) throw new Error(`The server sent a ${what} list without "${outer}".`);
  return itemsOf(list[inner]).map((entry) => {
    if (!isObject(entry)) throw new Error(`The server sent a ${what} list with a malformed entry.`);
    return entry;
  });
}

/** The names in a wrapped list whose entries all have a `name`. */
export function listNames(body: unknown, outer: string, inner: string, what: string): string[] {
  return listEntries(body, outer, inner, what).map((entry) => {
    if (typeof entry.name !== 'string') throw new Error(`The server sent a ${what} without a name.`);
    return entry.name;
  });
}

/** `{"list":{"string":[…]}}` (or `{"list":""}`): GeoServer's plain list of strings. */
export function stringList(body: unknown): string[] {
  const list = isObject(body) ? body.list : undefined;
  if (list === '' || list === undefined || list === null) return [];
  if (!isObject(list)) throw new Error('The server sent a list in an unexpected shape.');
  return itemsOf(list.string).map(String);
}

/** `{"entry":[{"@key":"k","$":"v"}]}` (or `""`) as pairs, in order. */
export function entryPairs(value: unknown): Array<[string, string]> {
  if (!isObject(value)) return [];
  return itemsOf(value.entry).flatMap((e) => (isObject(e) && e['@key'] !== undefined ? [[String(e['@key']), stringOf(e.$)] as [string, string]] : []));
}

/** The object under `key` (`{"layer":{…}}` → `{…}`), or an error naming `what`. */
export function wrapped(body: unknown, key: string, what: string): Record<string, unknown> {
  const inner = isObject(body) ? body[key] : undefined;
  if (!isObject(inner)) throw new Error(`The server sent a ${what} without "${key}".`);
  return inner;
}

/** A scalar as text (Jettison turns numeric-looking text into numbers); `fallback` otherwise. */
export function stringOf(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : fallback;
}

/** A boolean written as `true` or `"true"`; `fallback` otherwise. */
export function booleanOf(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return fallback;
}
