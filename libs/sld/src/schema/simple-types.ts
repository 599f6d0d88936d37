// Values of XSD simple types: the built-in types the OGC schemas use, and restrictions, lists and
// unions of them (facets: enumeration, pattern, length, bounds). Lexical checks only, as a
// validator needs them; every regular expression here is anchored and linear.
import { scanName } from '../xml/xml-chars';
import type { SimpleTypeDefinition, TypeDefinition } from './schema-grammar';

/** Resolves a prefix in scope at the value's element (for `xs:QName`); `undefined` when unbound. */
export type PrefixResolver = (prefix: string) => string | null | undefined;

/** What a simple-type check needs besides the value. */
export interface SimpleTypeContext {
  /** A type definition by key (built-ins are not in the table). */
  readonly lookup: (key: string) => TypeDefinition | undefined;
  readonly resolvePrefix: PrefixResolver;
}

type Whitespace = 'preserve' | 'replace' | 'collapse';

const DOUBLE = /^(?:[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|-?INF|NaN)$/;
const DECIMAL = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;
const INTEGER = /^[+-]?[0-9]+$/;
const LANGUAGE = /^[a-zA-Z]{1,8}(?:-[a-zA-Z0-9]{1,8})*$/;
const TIME_ZONE = '(?:Z|[+-](?:(?:0[0-9]|1[0-3]):[0-5][0-9]|14:00))?';
const YEAR = '-?(?:[1-9][0-9]{4,}|[0-9]{4})';
const MONTH = '(?:0[1-9]|1[0-2])';
const DAY = '(?:0[1-9]|[12][0-9]|3[01])';
const TIME = '(?:(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\\.[0-9]+)?|24:00:00(?:\\.0+)?)';
const DATE_TIME = new RegExp(`^${YEAR}-${MONTH}-${DAY}T${TIME}${TIME_ZONE}$`);
const DATE = new RegExp(`^${YEAR}-${MONTH}-${DAY}${TIME_ZONE}$`);
const TIME_ONLY = new RegExp(`^${TIME}${TIME_ZONE}$`);
const G_YEAR = new RegExp(`^${YEAR}${TIME_ZONE}$`);
const G_YEAR_MONTH = new RegExp(`^${YEAR}-${MONTH}${TIME_ZONE}$`);
const G_MONTH = new RegExp(`^--${MONTH}${TIME_ZONE}$`);
const G_MONTH_DAY = new RegExp(`^--${MONTH}-${DAY}${TIME_ZONE}$`);
const G_DAY = new RegExp(`^---${DAY}${TIME_ZONE}$`);
const DURATION = /^-?P(?=[0-9T])(?:[0-9]+Y)?(?:[0-9]+M)?(?:[0-9]+D)?(?:T(?=[0-9])(?:[0-9]+H)?(?:[0-9]+M)?(?:[0-9]+(?:\.[0-9]+)?S)?)?$/;
const HEX_BINARY = /^(?:[0-9a-fA-F]{2})*$/;
const BASE64_BINARY = /^(?:[A-Za-z0-9+/] ?){0,}(?:[A-Za-z0-9+/] ?[AEIMQUYcgkosw048] ?=|[A-Za-z0-9+/] ?[AQgw] ?= ?=)?$/;

/** Integer types by their bounds (inclusive), as BigInt-free numbers where they fit. */
const INTEGER_BOUNDS: Readonly<Record<string, readonly [string | null, string | null]>> = {
  integer: [null, null],
  nonNegativeInteger: ['0', null],
  positiveInteger: ['1', null],
  nonPositiveInteger: [null, '0'],
  negativeInteger: [null, '-1'],
  long: ['-9223372036854775808', '9223372036854775807'],
  int: ['-2147483648', '2147483647'],
  short: ['-32768', '32767'],
  byte: ['-128', '127'],
  unsignedLong: ['0', '18446744073709551615'],
  unsignedInt: ['0', '4294967295'],
  unsignedShort: ['0', '65535'],
  unsignedByte: ['0', '255'],
};

/** Built-in types whose values are numbers (for bounds and enumerations in the value space). */
const NUMERIC_BUILT_INS = new Set(['double', 'float', 'decimal', ...Object.keys(INTEGER_BOUNDS)]);

/** What a user should have written, by built-in type, for messages. */
const BUILT_IN_DESCRIPTIONS: Readonly<Record<string, string>> = {
  double: 'a number',
  float: 'a number',
  decimal: 'a decimal number',
  integer: 'an integer',
  nonNegativeInteger: 'a non-negative integer',
  positiveInteger: 'a positive integer',
  boolean: "'true' or 'false'",
  anyURI: "a valid URI ('%' only before two hex digits, at most one '#')",
  QName: 'a qualified name whose prefix is declared',
  NCName: 'a name without a colon',
  ID: 'a name without a colon',
  IDREF: 'a name without a colon',
  Name: 'an XML name',
  dateTime: 'a date and time (YYYY-MM-DDThh:mm:ss)',
  date: 'a date (YYYY-MM-DD)',
  time: 'a time (hh:mm:ss)',
  duration: 'a duration (as P1DT2H)',
  language: 'a language tag',
};

/**
 * Checks a value against a simple type.
 * @returns `null` when valid, else what the value should be (for a message: "must be …").
 */
export function checkSimpleValue(typeKey: string, raw: string, context: SimpleTypeContext): string | null {
  const definition = typeKey.startsWith('xs:') ? undefined : context.lookup(typeKey);
  if (definition !== undefined && definition.kind !== 'simple') return null;
  const value = normalizeWhitespace(raw, whitespaceOf(typeKey, context));
  return checkNormalized(typeKey, definition, value, context);
}

function checkNormalized(typeKey: string, definition: SimpleTypeDefinition | undefined, value: string, context: SimpleTypeContext): string | null {
  if (definition === undefined) return checkBuiltIn(typeKey.slice(3), value, context);
  if (definition.union !== undefined) {
    // Each member normalizes the original value its own way; callers pass it collapsed, which
    // every member of the OGC schemas' unions (tokens, numbers, enumerations) expects anyway.
    for (const member of definition.union) if (checkSimpleValue(member, value, context) === null) return null;
    return describeType(typeKey, context);
  }
  if (definition.list !== undefined) {
    const items = value === '' ? [] : value.split(' ');
    for (const item of items) {
      if (checkSimpleValue(definition.list, item, context) !== null) return `a list of ${describeType(definition.list, context)}`;
    }
    return checkLength(definition, items.length) ? null : describeType(typeKey, context);
  }
  if (definition.base !== undefined) {
    const baseDefinition = definition.base.startsWith('xs:') ? undefined : context.lookup(definition.base);
    const baseProblem = checkNormalized(definition.base, baseDefinition?.kind === 'simple' ? baseDefinition : undefined, value, context);
    if (baseProblem !== null) return definition.enumeration ? describeType(typeKey, context) : baseProblem;
  }
  return checkFacets(typeKey, definition, value, context) ? null : describeType(typeKey, context);
}

function checkFacets(typeKey: string, definition: SimpleTypeDefinition, value: string, context: SimpleTypeContext): boolean {
  const numeric = NUMERIC_BUILT_INS.has(primitiveOf(typeKey, context));
  if (definition.enumeration !== undefined) {
    const matches = numeric ? definition.enumeration.some((e) => Number(e) === Number(value)) : definition.enumeration.includes(value);
    if (!matches) return false;
  }
  if (definition.pattern !== undefined && !definition.pattern.every((p) => compilePattern(p).test(value))) return false;
  // The length of a list (or of a restriction of one) counts items, of anything else characters.
  const length = isListType(typeKey, context) ? (value === '' ? 0 : value.split(' ').length) : [...value].length;
  if (!checkLength(definition, length)) return false;
  if (numeric) {
    const number = Number(value);
    if (definition.minInclusive !== undefined && !(number >= Number(definition.minInclusive))) return false;
    if (definition.maxInclusive !== undefined && !(number <= Number(definition.maxInclusive))) return false;
    if (definition.minExclusive !== undefined && !(number > Number(definition.minExclusive))) return false;
    if (definition.maxExclusive !== undefined && !(number < Number(definition.maxExclusive))) return false;
  }
  return true;
}

function checkLength(definition: SimpleTypeDefinition, length: number): boolean {
  if (definition.length !== undefined && length !== definition.length) return false;
  if (definition.minLength !== undefined && length < definition.minLength) return false;
  if (definition.maxLength !== undefined && length > definition.maxLength) return false;
  return true;
}

function checkBuiltIn(name: string, value: string, context: SimpleTypeContext): string | null {
  const valid = isBuiltInValue(name, value, context);
  return valid ? null : (BUILT_IN_DESCRIPTIONS[name] ?? `a valid xs:${name}`);
}

function isBuiltInValue(name: string, value: string, context: SimpleTypeContext): boolean {
  switch (name) {
    case 'string':
    case 'normalizedString':
    case 'token':
    case 'anySimpleType':
      return true;
    case 'anyURI':
      return isAnyUri(value);
    case 'boolean':
      return value === 'true' || value === 'false' || value === '1' || value === '0';
    case 'double':
    case 'float':
      return DOUBLE.test(value);
    case 'decimal':
      return DECIMAL.test(value);
    case 'Name':
      return value.length > 0 && scanName(value, 0) === value.length;
    case 'NCName':
    case 'ID':
    case 'IDREF':
    case 'ENTITY':
      return isNcName(value);
    case 'NMTOKEN':
      return isNmtoken(value);
    case 'NMTOKENS':
      return value !== '' && value.split(' ').every(isNmtoken);
    case 'IDREFS':
    case 'ENTITIES':
      return value !== '' && value.split(' ').every(isNcName);
    case 'QName':
      return isQName(value, context.resolvePrefix);
    case 'language':
      return LANGUAGE.test(value);
    case 'dateTime':
      return DATE_TIME.test(value);
    case 'date':
      return DATE.test(value);
    case 'time':
      return TIME_ONLY.test(value);
    case 'gYear':
      return G_YEAR.test(value);
    case 'gYearMonth':
      return G_YEAR_MONTH.test(value);
    case 'gMonth':
      return G_MONTH.test(value);
    case 'gMonthDay':
      return G_MONTH_DAY.test(value);
    case 'gDay':
      return G_DAY.test(value);
    case 'duration':
      return DURATION.test(value);
    case 'hexBinary':
      return HEX_BINARY.test(value);
    case 'base64Binary':
      return BASE64_BINARY.test(value);
    default: {
      const bounds = INTEGER_BOUNDS[name];
      if (bounds === undefined) return true; // a built-in the OGC schemas do not use: not checked
      return INTEGER.test(value) && withinIntegerBounds(value, bounds);
    }
  }
}

// RFC 3986 URI-reference, checked the way libxml2 checks xs:anyURI: characters a URI may not hold
// (controls, non-ASCII, space, <>"{}|\^`') are first replaced by '_', so only the structure counts:
// percent escapes, at most one '#', brackets only around a host, a numeric port. A hand-written
// split instead of one big regular expression, so a huge value cannot make it backtrack.
const URI_UNWISE = /[\u0000-\u001f\u007f-\uffff "<>{}|\\^`']/g;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const PCHARS = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*$/;
const QUERY_CHARS = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*$/;
const USERINFO_CHARS = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2})*$/;
const REG_NAME_CHARS = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;
const PORT = /^[0-9]*$/;

function isAnyUri(value: string): boolean {
  if (value === '') return true;
  let rest = value.replace(URI_UNWISE, '_');
  const hash = rest.indexOf('#');
  if (hash !== -1) {
    if (!QUERY_CHARS.test(rest.slice(hash + 1))) return false;
    rest = rest.slice(0, hash);
  }
  const question = rest.indexOf('?');
  if (question !== -1) {
    if (!QUERY_CHARS.test(rest.slice(question + 1))) return false;
    rest = rest.slice(0, question);
  }
  const scheme = SCHEME.exec(rest);
  if (scheme !== null) rest = rest.slice(scheme[0].length);
  if (rest.startsWith('//')) {
    const slash = rest.indexOf('/', 2);
    const authority = slash === -1 ? rest.slice(2) : rest.slice(2, slash);
    return isAuthority(authority) && isPath(slash === -1 ? '' : rest.slice(slash));
  }
  // Without a scheme, a first segment with ':' would read as one (path-noscheme).
  if (scheme === null) {
    const firstSegment = rest.split('/', 1)[0];
    if (firstSegment.includes(':')) return false;
  }
  return isPath(rest);
}

function isPath(path: string): boolean {
  return path.split('/').every((segment) => PCHARS.test(segment));
}

function isAuthority(authority: string): boolean {
  let hostPort = authority;
  const at = authority.indexOf('@');
  if (at !== -1) {
    if (!USERINFO_CHARS.test(authority.slice(0, at))) return false;
    hostPort = authority.slice(at + 1);
  }
  if (hostPort.startsWith('[')) {
    const close = hostPort.indexOf(']');
    if (close === -1) return false;
    const port = hostPort.slice(close + 1);
    return port === '' || (port.startsWith(':') && PORT.test(port.slice(1)));
  }
  const colon = hostPort.indexOf(':');
  if (colon === -1) return REG_NAME_CHARS.test(hostPort);
  return REG_NAME_CHARS.test(hostPort.slice(0, colon)) && PORT.test(hostPort.slice(colon + 1));
}

function isNcName(value: string): boolean {
  return value.length > 0 && scanName(value, 0) === value.length && !value.includes(':');
}

function isNmtoken(value: string): boolean {
  // A name token may start with any name character: prefix a letter so scanName accepts digits first.
  return value.length > 0 && scanName(`a${value}`, 0) === value.length + 1;
}

function isQName(value: string, resolvePrefix: PrefixResolver): boolean {
  const colon = value.indexOf(':');
  if (colon === -1) return isNcName(value);
  const prefix = value.slice(0, colon);
  return isNcName(prefix) && isNcName(value.slice(colon + 1)) && resolvePrefix(prefix) !== undefined;
}

function withinIntegerBounds(value: string, [min, max]: readonly [string | null, string | null]): boolean {
  const n = canonicalInteger(value);
  return (min === null || compareIntegers(n, min) >= 0) && (max === null || compareIntegers(n, max) <= 0);
}

/** `+007` → `7`, `-0` → `0`: digits without sign or leading zeros, with `-` for negatives. */
function canonicalInteger(value: string): string {
  const negative = value.startsWith('-');
  const digits = value.replace(/^[+-]/, '').replace(/^0+(?=[0-9])/, '');
  return negative && digits !== '0' ? `-${digits}` : digits;
}

function compareIntegers(a: string, b: string): number {
  const negativeA = a.startsWith('-');
  const negativeB = b.startsWith('-');
  if (negativeA !== negativeB) return negativeA ? -1 : 1;
  const magnitudeA = negativeA ? a.slice(1) : a;
  const magnitudeB = negativeB ? b.slice(1) : b;
  const byMagnitude =
    magnitudeA.length !== magnitudeB.length ? magnitudeA.length - magnitudeB.length : magnitudeA < magnitudeB ? -1 : magnitudeA > magnitudeB ? 1 : 0;
  return negativeA ? -byMagnitude : byMagnitude;
}

function isListType(typeKey: string, context: SimpleTypeContext): boolean {
  let key = typeKey;
  for (let depth = 0; depth < 64; depth++) {
    if (key.startsWith('xs:')) return key === 'xs:NMTOKENS' || key === 'xs:IDREFS' || key === 'xs:ENTITIES';
    const definition = context.lookup(key);
    if (definition === undefined || definition.kind !== 'simple') return false;
    if (definition.list !== undefined) return true;
    if (definition.base === undefined) return false;
    key = definition.base;
  }
  return false;
}

/** The built-in type at the root of a restriction chain (`xs:` stripped); `''` for lists and unions. */
function primitiveOf(typeKey: string, context: SimpleTypeContext): string {
  let key = typeKey;
  for (let depth = 0; depth < 64; depth++) {
    if (key.startsWith('xs:')) return key.slice(3);
    const definition = context.lookup(key);
    if (definition === undefined || definition.kind !== 'simple' || definition.base === undefined) return '';
    key = definition.base;
  }
  return '';
}

function whitespaceOf(typeKey: string, context: SimpleTypeContext): Whitespace {
  const definition = typeKey.startsWith('xs:') ? undefined : context.lookup(typeKey);
  if (definition !== undefined && definition.kind === 'simple' && (definition.list !== undefined || definition.union !== undefined)) {
    return 'collapse';
  }
  const primitive = primitiveOf(typeKey, context);
  if (primitive === 'string' || primitive === 'anySimpleType') return 'preserve';
  if (primitive === 'normalizedString') return 'replace';
  return 'collapse';
}

function normalizeWhitespace(value: string, mode: Whitespace): string {
  if (mode === 'preserve' || isNormal(value, mode)) return value;
  const replaced = value.replace(/[\t\n\r]/g, ' ');
  return mode === 'replace' ? replaced : replaced.replace(/ {2,}/g, ' ').trim();
}

/** True when whitespace handling would not change the value (the common case: no copy needed). */
function isNormal(value: string, mode: Whitespace): boolean {
  const last = value.length - 1;
  for (let i = 0; i <= last; i++) {
    const code = value.charCodeAt(i);
    if (code === 0x09 || code === 0x0a || code === 0x0d) return false;
    if (mode === 'collapse' && code === 0x20 && (i === 0 || i === last || value.charCodeAt(i + 1) === 0x20)) return false;
  }
  return true;
}

/**
 * Says in words what a type accepts: an enumeration's values, a built-in's description, or the
 * type's name.
 */
export function describeType(typeKey: string, context: SimpleTypeContext): string {
  if (typeKey.startsWith('xs:')) return BUILT_IN_DESCRIPTIONS[typeKey.slice(3)] ?? `a valid ${typeKey}`;
  const definition = context.lookup(typeKey);
  if (definition?.kind === 'simple') {
    if (definition.enumeration !== undefined) {
      const values = definition.enumeration.slice(0, 8).map((v) => `'${v}'`);
      if (values.length === 1) return values[0];
      return `one of ${values.join(', ')}${definition.enumeration.length > 8 ? ', …' : ''}`;
    }
    if (definition.base !== undefined && definition.pattern === undefined && definition.length === undefined) {
      return describeType(definition.base, context);
    }
  }
  return `a valid ${typeKey.replace(/^#/, '')}`;
}

const PATTERN_CACHE = new Map<string, RegExp>();

/**
 * Turns an XSD regular expression into an anchored JavaScript one: XSD's multi-character escapes
 * (`\i`, `\c`, `\w`, `\d` and their complements) become Unicode property classes; `^` and `$` are
 * ordinary characters in XSD.
 */
export function compilePattern(pattern: string): RegExp {
  const cached = PATTERN_CACHE.get(pattern);
  if (cached !== undefined) return cached;
  let source = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) {
      const next = pattern[++i];
      const expansion = ESCAPES[next];
      if (expansion !== undefined) source += inClass ? expansion.inClass : expansion.alone;
      else source += `\\${next}`;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (!inClass && (c === '^' || c === '$')) {
      source += `\\${c}`;
      continue;
    }
    source += c;
  }
  let compiled: RegExp;
  try {
    compiled = new RegExp(`^(?:${source})$`, 'u');
  } catch {
    compiled = /^[^]*$/u; // an expression JavaScript cannot read is not checked
  }
  PATTERN_CACHE.set(pattern, compiled);
  return compiled;
}

const NAME_START = '\\p{L}_:';
const NAME_CHAR = '\\p{L}\\p{M}\\p{N}._:\\-\\u00B7';
const WORD = '\\p{L}\\p{M}\\p{N}\\p{S}';
const ESCAPES: Readonly<Record<string, { alone: string; inClass: string }>> = {
  i: { alone: `[${NAME_START}]`, inClass: NAME_START },
  I: { alone: `[^${NAME_START}]`, inClass: '' },
  c: { alone: `[${NAME_CHAR}]`, inClass: NAME_CHAR },
  C: { alone: `[^${NAME_CHAR}]`, inClass: '' },
  d: { alone: '\\p{Nd}', inClass: '\\p{Nd}' },
  D: { alone: '\\P{Nd}', inClass: '\\P{Nd}' },
  w: { alone: `[${WORD}]`, inClass: WORD },
  W: { alone: `[^${WORD}]`, inClass: '\\p{P}\\p{Z}\\p{C}' },
};

/** True when the type is `xs:ID` or a restriction of it (values must be unique in the document). */
function isIdType(typeKey: string, context: SimpleTypeContext): boolean {
  return primitiveOf(typeKey, context) === 'ID';
}

/** A simple type prepared for repeated checks. */
export interface PreparedSimpleType {
  /** @returns `null` when the raw value is valid, else what it should be. */
  check(raw: string, context: SimpleTypeContext): string | null;
  /** The value with the type's whitespace handling applied (for fixed values and IDs). */
  normalize(raw: string): string;
  /** True for `xs:ID` and its restrictions. */
  readonly isId: boolean;
}

const STRING_LIKE = new Set(['string', 'normalizedString', 'token', 'anySimpleType']);

/**
 * Prepares a simple type for repeated checks: a type that accepts any text (a string without
 * facets, the common case in SLD) gets a check that costs nothing.
 */
export function prepareSimpleType(typeKey: string, context: SimpleTypeContext): PreparedSimpleType {
  const isId = isIdType(typeKey, context);
  const mode = whitespaceOf(typeKey, context);
  const normalize = (raw: string) => normalizeWhitespace(raw, mode);
  if (acceptsAnyText(typeKey, context)) return { check: () => null, normalize, isId };
  if (typeKey.startsWith('xs:')) {
    // A built-in (xs:double, xs:boolean…): its whitespace mode is known, skip the general path.
    const name = typeKey.slice(3);
    return { check: (raw, ctx) => checkBuiltIn(name, normalizeWhitespace(raw, mode), ctx), normalize, isId };
  }
  return { check: (raw, ctx) => checkSimpleValue(typeKey, raw, ctx), normalize, isId };
}

function acceptsAnyText(typeKey: string, context: SimpleTypeContext): boolean {
  let key = typeKey;
  for (let depth = 0; depth < 64; depth++) {
    if (key.startsWith('xs:')) return STRING_LIKE.has(key.slice(3));
    const definition = context.lookup(key);
    if (definition === undefined || definition.kind !== 'simple' || definition.base === undefined) return false;
    const { kind: _kind, base, ...facets } = definition;
    if (Object.keys(facets).length > 0) return false;
    key = base;
  }
  return false;
}
