// Checks the official schemas cannot express, on mistakes GeoServer users really make: the XSD
// types CssParameter/SvgParameter names as any string and their values, Size, Opacity and the
// like as free mixed content, and links as any URI. Only literal values are checked: a value
// given by an expression (ogc:PropertyName, ogc:Function…) or by GeoServer's embedded CQL
// (`${…}`) is only known when a map is drawn.
import type { DocumentIssue } from '@geocatalog/catalog-model';
import { quote } from '../xml/xml-chars';
import { getAttribute, type XmlAttribute, type XmlElement } from '../xml/xml-tree';

/**
 * Issue codes of the checks beyond the schemas. Stable.
 * - `unknown-parameter`: a CssParameter/SvgParameter name its Fill, Stroke or Font does not know.
 * - `invalid-color`: a colour that is not written `#RRGGBB` (or GeoServer's `#AARRGGBB`).
 * - `invalid-opacity`: an opacity that is not a number from 0 to 1.
 * - `invalid-number`: a number (size, width, rotation, displacement…) that is not a number.
 * - `negative-size`: a size, width, radius, gap or dash length below zero.
 * - `invalid-parameter-value`: a value outside a parameter's keywords (stroke-linejoin, font-style…).
 * - `unsafe-url`: a link the server could be made to read locally: an absolute `file:` URL, an
 *   absolute path, a path with `..`, or a scheme other than http, https, data and relative `file:`.
 */
export type StyleRuleCode =
  'unknown-parameter' | 'invalid-color' | 'invalid-opacity' | 'invalid-number' | 'negative-size' | 'invalid-parameter-value' | 'unsafe-url';

/** Every {@link StyleRuleCode}: the checks the official schemas do not make. */
export const STYLE_RULE_CODES: readonly StyleRuleCode[] = [
  'unknown-parameter',
  'invalid-color',
  'invalid-opacity',
  'invalid-number',
  'negative-size',
  'invalid-parameter-value',
  'unsafe-url',
];

const SLD_NAMESPACE = 'http://www.opengis.net/sld';
const SE_NAMESPACE = 'http://www.opengis.net/se';
const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';

/** What a literal value must be. */
type ValueKind =
  | { readonly kind: 'color' }
  | { readonly kind: 'opacity' }
  | { readonly kind: 'number' }
  | { readonly kind: 'size' }
  | { readonly kind: 'dasharray' }
  | { readonly kind: 'keyword'; readonly values: readonly string[] }
  | { readonly kind: 'any' };

const COLOR: ValueKind = { kind: 'color' };
const OPACITY: ValueKind = { kind: 'opacity' };
const NUMBER: ValueKind = { kind: 'number' };
const SIZE: ValueKind = { kind: 'size' };
const ANY: ValueKind = { kind: 'any' };

/** The parameters SLD 1.0 §11 and SE 1.1 §11 define, by the element that holds them. */
const PARAMETERS: ReadonlyMap<string, ReadonlyMap<string, ValueKind>> = new Map([
  [
    'Fill',
    new Map<string, ValueKind>([
      ['fill', COLOR],
      ['fill-opacity', OPACITY],
    ]),
  ],
  [
    'Stroke',
    new Map<string, ValueKind>([
      ['stroke', COLOR],
      ['stroke-opacity', OPACITY],
      ['stroke-width', SIZE],
      ['stroke-linejoin', { kind: 'keyword', values: ['mitre', 'miter', 'round', 'bevel'] }],
      ['stroke-linecap', { kind: 'keyword', values: ['butt', 'round', 'square'] }],
      ['stroke-dasharray', { kind: 'dasharray' }],
      ['stroke-dashoffset', NUMBER],
    ]),
  ],
  [
    'Font',
    new Map<string, ValueKind>([
      ['font-family', ANY],
      ['font-style', { kind: 'keyword', values: ['normal', 'italic', 'oblique'] }],
      ['font-weight', { kind: 'keyword', values: ['normal', 'bold'] }],
      ['font-size', SIZE],
    ]),
  ],
]);

/** Elements with a literal value of a known kind, by local name (SLD and SE alike). */
const VALUE_ELEMENTS: ReadonlyMap<string, ValueKind> = new Map<string, ValueKind>([
  ['Opacity', OPACITY],
  ['Size', SIZE],
  ['Radius', SIZE],
  ['Gap', SIZE],
  ['InitialGap', SIZE],
  ['Rotation', NUMBER],
  ['DisplacementX', NUMBER],
  ['DisplacementY', NUMBER],
  ['AnchorPointX', NUMBER],
  ['AnchorPointY', NUMBER],
  ['PerpendicularOffset', NUMBER],
]);

/** A number, optionally with GeoServer's unit suffix (`10px`, `5m`, `2ft`). */
const NUMBER_WITH_UNIT = /^([+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)(?:px|m|ft)?$/;
const PLAIN_NUMBER = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
const HEX_COLOR = /^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const URL_SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;

/** Runs the checks beyond the schemas one element at a time, collecting issues. */
export interface StyleRuleChecker {
  /** Checks one element (its own attributes and value, not its descendants). */
  visit(element: XmlElement, parent: XmlElement | null): void;
  /** The issues found so far, in the order the elements were visited. */
  readonly issues: DocumentIssue[];
}

/**
 * A checker to call on every element of a document, so the checks can ride along another walk
 * over the tree (the schema validation's) instead of making one of their own.
 */
export function createStyleRuleChecker(maxIssues = 100): StyleRuleChecker {
  const issues: DocumentIssue[] = [];
  const report: Report = (code, at, message) => {
    if (issues.length < maxIssues) issues.push({ line: at.line, column: at.column, code, message });
  };
  return {
    issues,
    visit(element, parent) {
      const attributes = element.attributes;
      for (let i = 0; i < attributes.length; i++) {
        const attribute = attributes[i];
        if (attribute.localName === 'href' && attribute.namespaceUri === XLINK_NAMESPACE) checkLink(attribute, report);
      }
      const namespaceUri = element.namespaceUri;
      if (namespaceUri === SLD_NAMESPACE || namespaceUri === SE_NAMESPACE) checkElement(element, parent, report);
    },
  };
}

/**
 * Runs the checks beyond the schemas over a whole parsed SLD.
 * @returns the issues in document order.
 */
export function checkStyleRules(root: XmlElement, maxIssues = 100): DocumentIssue[] {
  const checker = createStyleRuleChecker(maxIssues);
  const stack: XmlElement[] = [root];
  const parents: (XmlElement | null)[] = [null];
  while (stack.length > 0) {
    const element = stack.pop() as XmlElement;
    checker.visit(element, parents.pop() as XmlElement | null);
    const children = element.children;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child.kind === 'element') {
        stack.push(child);
        parents.push(element);
      }
    }
  }
  return checker.issues.sort((a, b) => a.line - b.line || a.column - b.column);
}

type Report = (code: StyleRuleCode, at: { line: number; column: number }, message: string) => void;

function checkElement(element: XmlElement, parent: XmlElement | null, report: Report): void {
  const name = element.localName;
  if (name === 'CssParameter' || name === 'SvgParameter') {
    checkParameter(element, parent, report);
  } else if (name === 'ColorMapEntry') {
    const color = getAttribute(element, 'color');
    if (color !== undefined) checkValue(color.value, COLOR, `Attribute 'color' of ${quote(element.qualifiedName)}`, color, report);
    const opacity = getAttribute(element, 'opacity');
    if (opacity !== undefined) checkValue(opacity.value, OPACITY, `Attribute 'opacity' of ${quote(element.qualifiedName)}`, opacity, report);
  } else {
    const kind = VALUE_ELEMENTS.get(name);
    if (kind !== undefined) {
      const value = literalValue(element);
      if (value !== null) checkValue(value, kind, quote(element.qualifiedName), element, report);
    }
  }
}

function checkParameter(element: XmlElement, parent: XmlElement | null, report: Report): void {
  const nameAttribute = getAttribute(element, 'name');
  const known = parent === null ? undefined : PARAMETERS.get(parent.localName);
  if (nameAttribute === undefined || known === undefined) return; // the schema reports these
  const name = nameAttribute.value.trim();
  const kind = known.get(name);
  if (kind === undefined) {
    const names = [...known.keys()].map((n) => `'${n}'`);
    report('unknown-parameter', nameAttribute, `${quote(name, 40)} is not a parameter of ${quote(parent?.qualifiedName ?? '')}; it knows ${names.join(', ')}`);
    return;
  }
  const value = literalValue(element);
  if (value !== null) checkValue(value, kind, `${element.localName} ${quote(name)}`, element, report);
}

/** The element's text when its value is a literal; `null` when an expression gives it. */
function literalValue(element: XmlElement): string | null {
  const children = element.children;
  for (let i = 0; i < children.length; i++) if (children[i].kind === 'element') return null;
  const value = element.text.trim();
  return value.includes('${') ? null : value;
}

function checkValue(value: string, kind: ValueKind, what: string, at: { line: number; column: number }, report: Report): void {
  const shown = quote(value, 40);
  switch (kind.kind) {
    case 'color':
      if (!HEX_COLOR.test(value)) report('invalid-color', at, `${what} must be a colour written #RRGGBB, not ${shown}`);
      return;
    case 'opacity': {
      const number = PLAIN_NUMBER.test(value) ? Number(value) : Number.NaN;
      if (!(number >= 0 && number <= 1)) report('invalid-opacity', at, `${what} must be a number from 0 to 1, not ${shown}`);
      return;
    }
    case 'number':
      if (!NUMBER_WITH_UNIT.test(value)) report('invalid-number', at, `${what} must be a number, not ${shown}`);
      return;
    case 'size': {
      const match = NUMBER_WITH_UNIT.exec(value);
      if (match === null) report('invalid-number', at, `${what} must be a number, not ${shown}`);
      else if (Number(match[1]) < 0) report('negative-size', at, `${what} must not be negative, not ${shown}`);
      return;
    }
    case 'dasharray': {
      const parts = value.split(/[\s,]+/).filter((p) => p !== '');
      const numbers = parts.map((p) => NUMBER_WITH_UNIT.exec(p));
      if (parts.length === 0 || numbers.some((m) => m === null)) {
        report('invalid-number', at, `${what} must be a list of numbers, not ${shown}`);
      } else if (numbers.some((m) => m !== null && Number(m[1]) < 0)) {
        report('negative-size', at, `${what} must not hold negative lengths, not ${shown}`);
      }
      return;
    }
    case 'keyword':
      // GeoServer reads these keywords case-insensitively (its own styles write 'Normal').
      if (!kind.values.includes(value.toLowerCase())) {
        report('invalid-parameter-value', at, `${what} must be one of ${kind.values.map((v) => `'${v}'`).join(', ')}, not ${shown}`);
      }
      return;
    case 'any':
      return;
  }
}

/**
 * Links are never fetched by the catalog, but GeoServer resolves them when it draws a map,
 * relative to the style's folder: refuse what would read a file outside it, and schemes that
 * reach anything but the web.
 */
function checkLink(attribute: XmlAttribute, report: Report): void {
  const href = attribute.value.trim();
  const problem = linkProblem(href);
  if (problem !== null) report('unsafe-url', attribute, `The link ${quote(href, 60)} is refused: ${problem}`);
}

function linkProblem(href: string): string | null {
  const scheme = URL_SCHEME.exec(href)?.[1].toLowerCase();
  const relativeHint = "use a path relative to the style, such as 'file:./icons/symbol.svg' or 'icons/symbol.svg'";
  if (scheme === 'http' || scheme === 'https' || scheme === 'data') return null;
  if (scheme !== undefined && scheme !== 'file' && scheme.length > 1) {
    return `only http, https, data and relative file: links are allowed, not ${quote(`${scheme}:`, 20)}`;
  }
  // A one-letter "scheme" is a Windows drive (C:\…): an absolute path.
  const path = scheme === 'file' ? href.slice(5) : href;
  const decoded = safeDecode(path).replace(/\\/g, '/');
  if (scheme !== undefined && scheme.length === 1) return `an absolute path would read a file of the server; ${relativeHint}`;
  if (decoded.startsWith('/') || /^[a-zA-Z]:/.test(decoded)) {
    return `an absolute ${scheme === 'file' ? 'file: URL' : 'path'} would read a file of the server; ${relativeHint}`;
  }
  if (decoded.split(/[/?#]/).includes('..')) return `'..' would leave the styles folder; ${relativeHint}`;
  return null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
