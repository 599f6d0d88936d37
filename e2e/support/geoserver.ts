/**
 * Expectations about GeoServer's wire format, written once for every spec: atom links, dates,
 * `crypt2:` passwords, Java HashMap order of connection parameters, list bodies, unique names.
 */
import { randomBytes } from 'node:crypto';

export const ATOM_NS = 'http://www.w3.org/2005/Atom';

/** `<atom:link …/>` as GeoServer writes it; `application/xml` in objects, atom+xml in lists. */
export function atomLink(href: string, type: 'application/xml' | 'application/atom+xml' = 'application/xml'): string {
  return `<atom:link xmlns:atom="${ATOM_NS}" rel="alternate" href="${href}" type="${type}"/>`;
}

let counter = 0;
/** A name valid for any catalog record and unique across runs: `prefix_<n>_<hex>`. */
export function uniqueName(prefix = 'n'): string {
  counter += 1;
  return `${prefix}_${counter}_${randomBytes(3).toString('hex')}`;
}

/** Path segment encoding used in links and Location (`encodeURIComponent`). */
export const seg = encodeURIComponent;

// ---------------------------------------------------------------------------------------------
// Dates: `yyyy-MM-dd HH:mm:ss.S UTC`, milliseconds not zero-padded.

export const GS_DATE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})\.(0|[1-9]\d{0,2}) UTC$/;

/** Milliseconds since the epoch of a GeoServer date, or throws naming the bad value. */
export function parseGsDate(value: string): number {
  const m = GS_DATE.exec(value);
  if (!m) throw new Error(`Not a GeoServer date (yyyy-MM-dd HH:mm:ss.S UTC, ms not zero-padded): ${JSON.stringify(value)}`);
  const [, y, mo, d, h, mi, s, ms] = m;
  return Date.UTC(+y, +mo - 1, +d, +h, +mi, +s, +ms);
}

/** Tolerance between the test machine's clock and a date written by the server (same machine). */
const CLOCK_SLACK_MS = 5 * 60_000;

export interface Normalized {
  /** The text with dates replaced by `{DATE}` and `crypt2:` values by `{CRYPT2}`. */
  text: string;
  dates: string[];
  crypt2: string[];
}

/**
 * Checks every `dateCreated`/`dateModified` (XML element or JSON member) and every `passwd`
 * connection parameter of a body, and replaces them by placeholders so the rest can be compared
 * exactly. Dates must be near now; passwords must be `crypt2:` + base64.
 */
export function normalize(text: string): Normalized {
  const dates: string[] = [];
  const crypt2: string[] = [];
  const date = (v: string) => {
    const t = parseGsDate(v);
    if (Math.abs(t - Date.now()) > CLOCK_SLACK_MS) throw new Error(`Date ${v} is not near the current time`);
    dates.push(v);
    return '{DATE}';
  };
  const pass = (v: string) => {
    if (!/^crypt2:[A-Za-z0-9+/]+={0,2}$/.test(v)) throw new Error(`passwd is not crypt2:<base64>: ${JSON.stringify(v)}`);
    crypt2.push(v);
    return '{CRYPT2}';
  };
  const out = text
    .replace(/<(dateCreated|dateModified)>([^<]*)<\/\1>/g, (_, el, v) => `<${el}>${date(v)}</${el}>`)
    .replace(/"(dateCreated|dateModified)":"([^"]*)"/g, (_, el, v) => `"${el}":"${date(v)}"`)
    .replace(/<entry key="passwd">([^<]*)<\/entry>/g, (_, v) => `<entry key="passwd">${pass(v)}</entry>`)
    .replace(/\{"@key":"passwd","\$":"([^"]*)"\}/g, (_, v) => `{"@key":"passwd","$":"${pass(v)}"}`);
  return { text: out, dates, crypt2 };
}

/** Bytes of the ciphertext of a `crypt2:` value. */
export function crypt2Length(value: string): number {
  return Buffer.from(value.slice('crypt2:'.length), 'base64').length;
}

// ---------------------------------------------------------------------------------------------
// Java HashMap iteration order (connectionParameters).

function javaStringHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(31, h) + s.charCodeAt(i)) | 0;
  return h;
}

/**
 * Iteration order of a `java.util.HashMap` filled with `keys` in this order: ascending bucket
 * `(h ^ h>>>16) & (capacity-1)`, insertion order within a bucket (resizing keeps it).
 */
export function javaHashMapOrder(keys: string[]): string[] {
  let capacity = 16;
  while (keys.length > capacity * 0.75) capacity *= 2;
  const bucket = (k: string) => {
    const h = javaStringHash(k);
    return (h ^ (h >>> 16)) & (capacity - 1);
  };
  return keys
    .map((k, i) => ({ k, i, b: bucket(k) }))
    .sort((a, b) => a.b - b.b || a.i - b.i)
    .map((e) => e.k);
}

// ---------------------------------------------------------------------------------------------
// List bodies.

export interface ListItem {
  name: string;
  href: string;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Parses a GeoServer XML list (`<workspaces>` of `<workspace><name/><atom:link/></workspace>`),
 * checking the whole body's layout; throws when any byte is out of place.
 */
export function parseXmlList(text: string, root: string, item: string): ListItem[] {
  if (text === `<${root}/>`) return [];
  const itemRe =
    `  <${item}>\\n    <name>([^<]*)</name>\\n    ` +
    escapeRegExp(`<atom:link xmlns:atom="${ATOM_NS}" rel="alternate" href="`) +
    `([^"]*)` +
    escapeRegExp(`" type="application/atom+xml"/>`) +
    `\\n  </${item}>\\n`;
  const whole = new RegExp(`^<${root}>\\n(?:${itemRe})+</${root}>$`);
  if (!whole.test(text)) throw new Error(`Not a <${root}> list of <${item}> in GeoServer layout:\n${text}`);
  const items: ListItem[] = [];
  const each = new RegExp(itemRe, 'g');
  for (const m of text.matchAll(each)) items.push({ name: unescapeXml(m[1]), href: unescapeXml(m[2]) });
  return items;
}

/** JSON list `{"workspaces":{"workspace":[{"name","href"}]}}` or `{"workspaces":""}`. */
export function parseJsonList(text: string, root: string, item: string): ListItem[] {
  const value = JSON.parse(text);
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== root) throw new Error(`Expected {"${root}":…}, got ${text.slice(0, 300)}`);
  if (value[root] === '') return [];
  const inner = value[root];
  if (!inner || typeof inner !== 'object' || Object.keys(inner).join() !== item || !Array.isArray(inner[item])) {
    throw new Error(`Expected {"${root}":{"${item}":[…]}}, got ${text.slice(0, 300)}`);
  }
  return inner[item].map((e: Record<string, unknown>) => {
    if (Object.keys(e).join() !== 'name,href') throw new Error(`List item is not {name,href}: ${JSON.stringify(e)}`);
    return { name: String(e.name), href: String(e.href) };
  });
}

export function unescapeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Sorted as Java's `String.compareTo` (UTF-16 code units), which JS `<` also uses. */
export function isJavaSorted(names: string[]): boolean {
  for (let i = 1; i < names.length; i++) if (!(names[i - 1] < names[i])) return false;
  return true;
}

/** Values of `<entry key="…">…</entry>` in document order. */
export function xmlEntries(text: string): Array<[string, string]> {
  return [...text.matchAll(/<entry key="([^"]*)">([^<]*)<\/entry>/g)].map((m) => [unescapeXml(m[1]), unescapeXml(m[2])]);
}

// ---------------------------------------------------------------------------------------------
// Java HashSet order (feature type keywords) and Double.toString (bounding boxes).

/**
 * Iteration order of a `java.util.HashSet` filled with `values` in this order: a HashSet is a
 * HashMap's key set, so the same bucket rule. Feature type keywords are the set {`features`,
 * nativeName}: `features` is in bucket 1, so it comes first unless the name falls in bucket 0
 * (`rivers` → `rivers, features`).
 */
export function javaHashSetOrder(values: string[]): string[] {
  return javaHashMapOrder([...new Set(values)]);
}

/**
 * Java's `Double.toString(x)`: plain decimal with at least one fraction digit for
 * 1e-3 ≤ |x| < 1e7 (`-74.0118315772888`, `0.0`, `37.0`), computerized scientific notation
 * otherwise (`1.0E-4`, `1.0E7`); shortest digits that read back as the same double.
 */
export function javaDouble(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const abs = Math.abs(x);
  if (abs >= 1e-3 && abs < 1e7) {
    const s = String(x);
    return s.includes('.') ? s : `${s}.0`;
  }
  const [mantissa, exponent] = x.toExponential().split('e');
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}

/** True when `s` is exactly how Java prints the double it denotes. */
export function isJavaDouble(s: string): boolean {
  return /^-?\d/.test(s) && javaDouble(Number(s)) === s;
}
