/**
 * Readers for GeoServer's JSON quirks, shared by the resource modules: lists wrapped twice
 * (`{"dataStores":{"dataStore":[…]}}`), an empty list written as `""`, a lone entry written as
 * an object instead of an array, and links as absolute URLs.
 */

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The entries of a wrapped list: `body[outer][inner]`, as an array. `""` or a missing inner
 * key is the empty list; anything that is not a wrapped list is refused with `what` in the message.
 */
export function listEntries(body: unknown, outer: string, inner: string, what: string): Record<string, unknown>[] {
  const list = isObject(body) ? body[outer] : undefined;
  if (list === '' || list === null) return [];
  if (!isObject(list)) throw new Error(`The server sent a ${what} list without "${outer}".`);
  const entries = list[inner];
  if (entries === undefined || entries === '' || entries === null) return [];
  return (Array.isArray(entries) ? entries : [entries]).map((entry) => {
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
  const strings = list.string;
  if (strings === undefined || strings === '') return [];
  return (Array.isArray(strings) ? strings : [strings]).map(String);
}

/** The object under `key` (`{"layer":{…}}` → `{…}`), or an error naming `what`. */
export function wrapped(body: unknown, key: string, what: string): Record<string, unknown> {
  const inner = isObject(body) ? body[key] : undefined;
  if (!isObject(inner)) throw new Error(`The server sent a ${what} without "${key}".`);
  return inner;
}

export function stringOf(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : fallback;
}

export function booleanOf(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return fallback;
}

/**
 * The REST path of a link the server wrote (`http://h/geoserver/rest/workspaces/a.json` →
 * `/workspaces/a.json`), so it is requested through the client's own base: the link's origin may
 * be the server's idea of its host, not the one the browser reached.
 */
export function restPathOfHref(href: string): string | null {
  try {
    const { pathname } = new URL(href, 'http://localhost');
    const at = pathname.indexOf('/rest/');
    return at < 0 ? null : pathname.slice(at + '/rest'.length);
  } catch {
    return null;
  }
}

/** A path segment: names may hold any letter, so every segment is encoded. */
export const seg = (value: string): string => encodeURIComponent(value);
