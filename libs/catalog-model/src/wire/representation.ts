/**
 * A format-neutral description of a GeoServer REST representation. Catalog mappers build these
 * trees (most of them from a resource's declaration, `declared-rep.ts`); the api's `xml-writer.ts`
 * and `jettison.ts` here turn them into GeoServer's XML (XStream) and JSON (Jettison) shapes.
 * Catalog modules never build XML or JSON by hand.
 */

/** A leaf value. Numbers and booleans stay typed in JSON, as GeoServer's Jettison output does. */
export type Scalar = string | number | boolean;

/** An element with ordered children (fields) and optional attributes. */
export interface RepObject {
  kind: 'object';
  /** Attributes, e.g. `class="dataStore"`; written first in JSON as `@name`. */
  attrs: Array<[string, string]>;
  /** Ordered children; undefined/null values are omitted, as XStream omits null fields. */
  fields: Array<[string, Rep | undefined | null]>;
}

/** A repeated child element: `<keywords><string>a</string>…</keywords>` / `{"string":[…]}`. */
export interface RepList {
  kind: 'list';
  /** Name of each item element. */
  item: string;
  items: Rep[];
  /** Written in JSON as a bare array (`{"roles":["ADMIN"]}`), as GeoServer's security endpoints do. */
  bareJson?: boolean;
  /** Attributes of the list element, e.g. `class="linked-hash-set"`. */
  attrs?: Array<[string, string]>;
}

/** A Java `double`: `0.0`, `-74.0118315772888`, `1.0E-4` in XML; a plain number in JSON. */
export interface RepDouble {
  kind: 'double';
  value: number;
}

/** An atom link: `<atom:link rel="alternate" href type/>`; in JSON `"href"` or a plain string. */
export interface RepLink {
  kind: 'link';
  href: string;
  /** Media type announced by the link. */
  type: string;
}

/**
 * A map written as `<entry key="k">v</entry>` / `{"entry":[{"@key":"k","$":"v"}]}`; a value that is
 * an object (a dimension, dimension-entry.ts) is written as the entry's elements.
 */
export interface RepEntries {
  kind: 'entries';
  pairs: Array<[string, string | RepObject]>;
}

/** Text with attributes: `<crs class="projected">EPSG:26713</crs>` / `{"@class":…,"$":…}`. */
export interface RepText {
  kind: 'text';
  attrs: Array<[string, string]>;
  value: Scalar;
}

/**
 * A JSON value carried as is: written unchanged in JSON and as its JSON text in XML (the record
 * representations a change holds, contract §7). `null` is written as JSON `null` / an empty element.
 */
export interface RepJson {
  kind: 'json';
  value: unknown;
}

/** Any node of a representation. */
export type Rep = Scalar | RepObject | RepList | RepLink | RepEntries | RepText | RepDouble | RepJson;

/** A whole document: the root element's name and its content. */
export interface RepDocument {
  root: string;
  body: Rep;
}

/** Builds an object node from ordered `[name, value]` pairs. */
export function obj(fields: Array<[string, Rep | undefined | null]>, attrs: Array<[string, string]> = []): RepObject {
  return { kind: 'object', attrs, fields };
}

/** Builds a repeated-item node. */
export function list(item: string, items: Rep[], options: { bareJson?: boolean; attrs?: Array<[string, string]> } = {}): RepList {
  return { kind: 'list', item, items, bareJson: options.bareJson, attrs: options.attrs };
}

/** Carries a JSON value as is. */
export function jsonValue(value: unknown): RepJson {
  return { kind: 'json', value };
}

/** Builds a Java double. */
export function dbl(value: number): RepDouble {
  return { kind: 'double', value };
}

/** Java's `Double.toString`: decimal with at least one fraction digit in [1e-3, 1e7), else `d.dddE±n`. */
export function javaDouble(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const abs = Math.abs(value);
  if (abs >= 1e-3 && abs < 1e7) {
    const plain = String(value);
    return plain.includes('.') ? plain : `${plain}.0`;
  }
  const [mantissa, exponent] = value.toExponential().split('e');
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}

/** Builds an atom link. */
export function link(href: string, type: string): RepLink {
  return { kind: 'link', href, type };
}

/** Builds an entry map. */
export function entries(pairs: Array<[string, string | RepObject]>): RepEntries {
  return { kind: 'entries', pairs };
}

/** Builds text with attributes. */
export function textWithAttrs(value: Scalar, attrs: Array<[string, string]>): RepText {
  return { kind: 'text', attrs, value };
}

/** Builds a document. */
export function doc(root: string, body: Rep): RepDocument {
  return { root, body };
}

/** The field name used for atom links inside objects. */
export const LINK_FIELD = 'atom:link';
