// Test support (not part of the library): a mutable copy of a parsed XML tree and a serializer
// that writes it back as well-formed UTF-8 XML, declaring any namespace a moved element needs.
import type { XmlElement } from '../src/xml/xml-tree';

export interface MutableAttribute {
  namespaceUri: string | null;
  prefix: string | null;
  localName: string;
  value: string;
}

export interface MutableElement {
  kind: 'element';
  namespaceUri: string | null;
  prefix: string | null;
  localName: string;
  attributes: MutableAttribute[];
  declarations: { prefix: string | null; uri: string }[];
  children: MutableNode[];
}

export interface MutableText {
  kind: 'text';
  value: string;
}

export type MutableNode = MutableElement | MutableText;

/** A deep, mutable copy of a parsed element. */
export function toMutable(element: XmlElement): MutableElement {
  return {
    kind: 'element',
    namespaceUri: element.namespaceUri,
    prefix: element.prefix,
    localName: element.localName,
    attributes: element.attributes.map((a) => ({ namespaceUri: a.namespaceUri, prefix: a.prefix, localName: a.localName, value: a.value })),
    declarations: element.namespaceDeclarations.map((d) => ({ prefix: d.prefix, uri: d.uri })),
    children: element.children.map((c) => (c.kind === 'element' ? toMutable(c) : { kind: 'text', value: c.value })),
  };
}

export function cloneElement(element: MutableElement): MutableElement {
  return {
    ...element,
    attributes: element.attributes.map((a) => ({ ...a })),
    declarations: element.declarations.map((d) => ({ ...d })),
    children: element.children.map((c) => (c.kind === 'element' ? cloneElement(c) : { ...c })),
  };
}

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');

/** Serializes a tree as a UTF-8 XML document with an XML declaration. */
export function serialize(root: MutableElement): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  const write = (element: MutableElement, scope: Map<string, string>) => {
    const inner = new Map(scope);
    const declarations = [...element.declarations];
    for (const d of declarations) inner.set(d.prefix ?? '', d.uri);
    const need = (prefix: string | null, uri: string | null, forAttribute: boolean) => {
      if (forAttribute && prefix === null) return; // unprefixed attributes are in no namespace
      const key = prefix ?? '';
      const bound = inner.get(key) ?? (key === '' ? '' : undefined);
      if (key === 'xml') return;
      if (bound !== (uri ?? '')) {
        declarations.push({ prefix, uri: uri ?? '' });
        inner.set(key, uri ?? '');
      }
    };
    need(element.prefix, element.namespaceUri, false);
    for (const a of element.attributes) need(a.prefix, a.namespaceUri, true);
    const name = element.prefix ? `${element.prefix}:${element.localName}` : element.localName;
    out.push(`<${name}`);
    for (const d of declarations) out.push(` ${d.prefix === null ? 'xmlns' : `xmlns:${d.prefix}`}="${escapeAttribute(d.uri)}"`);
    for (const a of element.attributes) out.push(` ${a.prefix ? `${a.prefix}:${a.localName}` : a.localName}="${escapeAttribute(a.value)}"`);
    if (element.children.length === 0) {
      out.push('/>');
      return;
    }
    out.push('>');
    for (const child of element.children) {
      if (child.kind === 'text') out.push(escapeText(child.value));
      else write(child, inner);
    }
    out.push(`</${name}>`);
  };
  write(root, new Map([['xml', 'http://www.w3.org/XML/1998/namespace']]));
  out.push('\n');
  return out.join('');
}
