/**
 * Reading a body into a declared resource: each declared field is looked up by its element name
 * (or an alias), case-insensitively; elements nobody declared are ignored, as XStream ignores
 * them; text is coerced by the field's kind; then the class-validator rules of the declaration
 * decide. The first refusal is a CatalogError naming the field.
 */
import { validateSync, type ValidationError } from 'class-validator';
import { CatalogError, type CatalogErrorCode } from '../errors';
import { DeclarationClass, WireField, wireFields } from './declare';
import { dimensionEntryValue } from './dimension-entry';
import { child, textOf, WireNode } from './node';

/** Range of the catalog's integer columns (PostgreSQL `integer`). */
export const INT4_MIN = -2147483648;
export const INT4_MAX = 2147483647;

/** What a body sent: only the fields it holds. */
export type Sent<T> = { -readonly [K in keyof T]?: T[K] };

function nodeFor(parent: WireNode, field: WireField): WireNode | undefined {
  for (const name of [field.element, ...(field.aliases ?? [])]) {
    const found = child(parent, name);
    if (found) return found;
  }
  return undefined;
}

function invalid(element: string, raw: string, why: string): CatalogError {
  const shown = raw.length > 40 ? `${raw.slice(0, 37)}...` : raw;
  return new CatalogError('INVALID_VALUE', `Invalid value for ${element}: '${shown}' ${why}`);
}

/** An integer in the `integer` column's range; JSON numbers arrive as text. */
export function integerFrom(raw: string, element: string): number {
  if (!/^-?\d+$/.test(raw)) throw invalid(element, raw, 'is not a whole number');
  const value = Number(raw);
  if (value < INT4_MIN || value > INT4_MAX) throw invalid(element, raw, `is outside ${INT4_MIN}..${INT4_MAX}`);
  return value;
}

/** A finite decimal. */
export function numberFrom(raw: string, element: string): number {
  const value = Number(raw);
  if (raw === '' || !Number.isFinite(value)) throw invalid(element, raw, 'is not a number');
  return value;
}

/** `<x><string>a</string>…</x>` (or a lone text) as strings, empty items dropped. */
export function stringsFrom(node: WireNode): string[] {
  if (node.children.length === 0) return node.text ? [node.text] : [];
  return node.children.map((s) => s.text ?? '').filter((s) => s !== '');
}

/**
 * A map in any of GeoServer's four spellings (`BriefMapConverter`): `<k>v</k>`,
 * `<k><string>v</string></k>`, `<entry key="k">v</entry>`, `<entry><string>k</string><string>v</string></entry>`;
 * JSON `{"k":"v"}` or `{"entry":[{"@key":"k","$":"v"}]}`. Values are strings, in the order sent; a
 * dimension (`<entry key="time"><dimensionInfo>…`) is kept as its JSON text (dimension-entry.ts).
 */
export function entriesFrom(node: WireNode, element: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const p of node.children) {
    if (p.name.toLowerCase() !== 'entry') {
      pairs.push([p.name, dimensionEntryValue(p) ?? p.text ?? textOf(p, 'string') ?? '']);
    } else if (p.attrs.key !== undefined) {
      pairs.push([p.attrs.key, dimensionEntryValue(p) ?? p.text ?? textOf(p, 'string') ?? '']);
    } else {
      const strings = p.children.filter((c) => c.name === 'string');
      if (strings.length !== 2) throw new CatalogError('INVALID_VALUE', `An ${element} entry needs a key and a value`);
      pairs.push([strings[0].text ?? '', strings[1].text ?? '']);
    }
  }
  return pairs;
}

function readField(parent: WireNode, field: WireField): unknown {
  if (field.read) return field.read(parent, field.element);
  const node = nodeFor(parent, field);
  if (!node) return undefined;
  switch (field.kind) {
    case 'text': {
      const raw = node.text;
      if (raw === undefined) return undefined;
      let text = field.keepSpace ? raw : raw.trim();
      if (field.letterCase === 'upper') text = text.toUpperCase();
      if (field.letterCase === 'lower') text = text.toLowerCase();
      return field.emptyIsAbsent && text === '' ? undefined : text;
    }
    case 'boolean': {
      const raw = node.text;
      if (raw === undefined || raw.trim() === '') return undefined;
      const value = raw.trim().toLowerCase();
      if (value !== 'true' && value !== 'false') throw invalid(field.element, raw, 'is not true or false');
      return value === 'true';
    }
    case 'integer':
    case 'number': {
      const raw = node.text?.trim();
      if (raw === undefined || raw === '') return undefined;
      return field.kind === 'integer' ? integerFrom(raw, field.element) : numberFrom(raw, field.element);
    }
    case 'strings':
      return stringsFrom(node);
    case 'entries':
      return Object.fromEntries(entriesFrom(node, field.element));
    case 'object':
      if (!field.type) throw new Error(`${field.property} is an object field without a type`);
      return readDeclared(field.type(), node);
    case 'date':
    case 'given':
      return undefined;
  }
}

/** The code a refusal carries: the rule's `context.code`, else INVALID_VALUE. */
function firstRefusal(errors: ValidationError[]): CatalogError | undefined {
  for (const error of errors) {
    const constraint = Object.keys(error.constraints ?? {})[0];
    if (constraint) {
      const code = (error.contexts?.[constraint]?.code as CatalogErrorCode | undefined) ?? 'INVALID_VALUE';
      return new CatalogError(code, error.constraints![constraint]);
    }
    const nested = firstRefusal(error.children ?? []);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * Checks values against the declaration's rules; absent fields are not checked unless a rule of
 * the `groups` says they must be there. Throws the first refusal.
 */
export function checkDeclared<T extends object>(declaration: DeclarationClass<T>, values: Sent<T>, groups?: string[]): void {
  const instance = Object.assign(new declaration(), values);
  const refusal = firstRefusal(
    validateSync(instance, { skipMissingProperties: false, skipUndefinedProperties: true, skipNullProperties: true, groups, forbidUnknownValues: false }),
  );
  if (refusal) throw refusal;
}

/**
 * The declared fields a node holds, each read by its kind. `input` leaves out what a body may not
 * set (server-owned fields, constants); `representation` reads those too (a record as the api
 * wrote it). Dates and references without a reading of their own are never read.
 */
export function readFields<T extends object>(declaration: DeclarationClass<T>, node: WireNode, what: 'input' | 'representation'): Sent<T> {
  const values: Record<string, unknown> = {};
  for (const field of wireFields(declaration)) {
    if (field.kind === 'date' || (field.kind === 'given' && !field.read)) continue;
    if (what === 'input' && (field.readOnly || field.constant !== undefined)) continue;
    const value = readField(node, field);
    if (value !== undefined) values[field.property] = value;
  }
  return values as Sent<T>;
}

/** Reads the declared fields a body holds, then checks them; see the module comment. */
export function readDeclared<T extends object>(declaration: DeclarationClass<T>, node: WireNode, groups?: string[]): Sent<T> {
  const values = readFields(declaration, node, 'input');
  checkDeclared(declaration, values, groups);
  return values;
}

/**
 * The PUT merge: every field the body sent is copied onto the record, except those the service
 * decides itself; nested declarations merge field by field. Returns the properties changed.
 */
export function mergeDeclared<T extends object>(declaration: DeclarationClass<T>, record: T, sent: Sent<T>): string[] {
  const changed: string[] = [];
  const target = record as Record<string, unknown>;
  for (const field of wireFields(declaration)) {
    const value = (sent as Record<string, unknown>)[field.property];
    if (value === undefined || field.readOnly || field.mergedByService || field.constant !== undefined) continue;
    if (field.kind === 'object' && field.type && target[field.property] && typeof value === 'object') {
      target[field.property] = { ...(target[field.property] as object), ...stripUndefined(value as object) };
    } else {
      target[field.property] = value;
    }
    changed.push(field.property);
  }
  return changed;
}

/**
 * The fields a PUT of `sent` would change on `record` (the same fields {@link mergeDeclared}
 * copies), compared by value: what applying a file of records would update, and nothing more.
 * Nested declarations compare only the fields sent.
 */
export function changedDeclared<T extends object>(declaration: DeclarationClass<T>, record: T, sent: Sent<T>): string[] {
  const current = record as Record<string, unknown>;
  const changed: string[] = [];
  for (const field of wireFields(declaration)) {
    const value = (sent as Record<string, unknown>)[field.property];
    // References (`given`) name other records: the caller compares them by what they resolve to.
    if (value === undefined || field.readOnly || field.mergedByService || field.constant !== undefined || field.kind === 'given') continue;
    const was = current[field.property];
    const same =
      field.kind === 'object' && value && typeof value === 'object'
        ? Object.entries(stripUndefined(value as object)).every(([k, v]) => sameValue((was as Record<string, unknown> | null)?.[k], v))
        : sameValue(was, value);
    if (!same) changed.push(field.property);
  }
  return changed;
}

/**
 * A stored record's declared fields as a `Sent` value (what a body sending all of them would
 * give): the fields a file of records carries. References, dates and constants are left to the
 * writer, which knows them.
 */
export function declaredOf<T extends object>(declaration: DeclarationClass<T>, record: T): Sent<T> {
  const out: Record<string, unknown> = {};
  for (const field of wireFields(declaration)) {
    if (field.kind === 'given' || field.kind === 'date' || field.constant !== undefined) continue;
    const value = (record as Record<string, unknown>)[field.property];
    if (value !== undefined) out[field.property] = value;
  }
  return out as Sent<T>;
}

/** Equal as stored values: JSON-equal, with maps compared regardless of key order. */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a ?? null) === canonical(b ?? null);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) : v,
  );
}

function stripUndefined(value: object): object {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

/** A new record's fields: what was sent, else the declared column defaults, empty lists and maps. */
export function withDefaults<T extends object>(declaration: DeclarationClass<T>, sent: Sent<T>): Sent<T> {
  const out: Record<string, unknown> = { ...sent };
  for (const field of wireFields(declaration)) {
    if (out[field.property] !== undefined) continue;
    const fallback = field.column?.default;
    if (field.kind === 'strings') out[field.property] = [];
    else if (field.kind === 'entries') out[field.property] = {};
    else if (fallback !== undefined && fallback !== 'now()') out[field.property] = fallback;
  }
  return out as Sent<T>;
}

/** A reference to a named record as sent; a `<workspace>` inside qualifies it. */
export interface SentReference {
  name: string;
  workspace?: string;
}

/**
 * A reference to a named record: `<x>NAME</x>`, `<x><name>NAME</name></x>`, JSON `"NAME"` or
 * `{"name":"NAME"}`; a `<workspace>` inside (text or `<name>`) qualifies it.
 */
export function referenceFrom(parent: WireNode, element: string): SentReference | undefined {
  const ref = child(parent, element);
  if (!ref) return undefined;
  const plain = ref.text?.trim();
  if (plain) return { name: plain };
  const refName = textOf(ref, 'name')?.trim();
  if (!refName) return undefined;
  const ws = child(ref, 'workspace');
  const workspace = ws ? ws.text?.trim() || textOf(ws, 'name')?.trim() : undefined;
  return { name: refName, workspace: workspace || undefined };
}
