import type { DocumentIssue } from '@geocatalog/catalog-model';

/** The namespace the `xml` prefix is always bound to. */
export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

/** The namespace of `xmlns` declarations themselves; no prefix may be bound to it. */
export const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';

/** An attribute of an element, namespace declarations excluded (see {@link XmlNamespaceDeclaration}). */
export interface XmlAttribute {
  /** Namespace URI; `null` for an unprefixed attribute, which is in no namespace (not the default one). */
  namespaceUri: string | null;
  /** Name without prefix (`href` for `xlink:href`). */
  localName: string;
  /** Prefix as written, `null` when there is none. */
  prefix: string | null;
  /** Name as written (`xlink:href`). */
  qualifiedName: string;
  /** Value with references replaced and whitespace normalized as XML prescribes for CDATA attributes. */
  value: string;
  /** 1-based line of the attribute's name. */
  line: number;
  /** 1-based column (UTF-16 code units) of the attribute's name. */
  column: number;
}

/** An `xmlns` or `xmlns:prefix` attribute, kept apart so that validation does not mistake it for data. */
export interface XmlNamespaceDeclaration {
  /** Declared prefix; `null` for the default namespace (`xmlns="…"`). */
  prefix: string | null;
  /** Namespace URI; an empty string undeclares the default namespace. */
  uri: string;
  /** 1-based line of the declaration. */
  line: number;
  /** 1-based column (UTF-16 code units) of the declaration. */
  column: number;
}

/** A run of character data: text between markup, or one CDATA section. */
export interface XmlText {
  kind: 'text';
  /** Text with references replaced and line ends normalized to LF. */
  value: string;
  /** True when the text comes from a CDATA section. */
  cdata: boolean;
  /** 1-based line where the run starts. */
  line: number;
  /** 1-based column (UTF-16 code units) where the run starts. */
  column: number;
}

/** An element with its namespace resolved. The tree is read-only: arrays may be shared between elements. */
export interface XmlElement {
  kind: 'element';
  /** Namespace URI, `null` when the element is in no namespace. */
  namespaceUri: string | null;
  /** Name without prefix (`Rule` for `se:Rule`). */
  localName: string;
  /** Prefix as written, `null` when there is none. */
  prefix: string | null;
  /** Name as written (`se:Rule`). */
  qualifiedName: string;
  /** Attributes in document order. */
  attributes: readonly XmlAttribute[];
  /** Namespace declarations made on this element, in document order. */
  namespaceDeclarations: readonly XmlNamespaceDeclaration[];
  /** Child elements and text runs in document order; comments and processing instructions are dropped. */
  children: readonly XmlNode[];
  /** The element's own text: its text and CDATA children joined (descendants' text excluded). */
  text: string;
  /** 1-based line of the start tag's `<`. */
  line: number;
  /** 1-based column (UTF-16 code units) of the start tag's `<`. */
  column: number;
}

/** What an element contains. */
export type XmlNode = XmlElement | XmlText;

/** The XML declaration (`<?xml version="1.0" encoding="UTF-8"?>`) when the document has one. */
export interface XmlDeclaration {
  version: string;
  /** Declared encoding as written, `null` when absent. */
  encoding: string | null;
  /** `standalone` as a boolean, `null` when absent. */
  standalone: boolean | null;
}

/** What {@link parseXml} returns. */
export interface XmlParseResult {
  /** The root element; present only when the document is well-formed (no issues). */
  root: XmlElement | null;
  /** The XML declaration, when there is one and it could be read. */
  declaration: XmlDeclaration | null;
  /** Well-formedness problems in document order; empty when the document is well-formed. */
  issues: DocumentIssue[];
}

/**
 * Every issue code of the XML layer. Stable: clients may match on them.
 * - `unsupported-encoding`: bytes in an encoding this library cannot decode (see `decodeXml`).
 * - `invalid-encoding`: bytes that are not valid in the document's encoding.
 * - `empty-document`: nothing (or only whitespace) to parse.
 * - `no-root-element`: only comments, processing instructions or whitespace.
 * - `doctype-forbidden`: a DOCTYPE, refused for safety (no DTD, no entity declarations).
 * - `dtd-markup-forbidden`: another DTD declaration (`<!ENTITY`, `<!ELEMENT`, …) outside a DOCTYPE.
 * - `undefined-entity`: a reference to an entity other than the five predefined ones.
 * - `unescaped-ampersand`: an `&` that does not start a reference.
 * - `invalid-character-reference`: a malformed `&#…;`, or one naming a character XML does not allow.
 * - `invalid-character`: a character XML does not allow (control characters, lone surrogates, U+FFFE).
 * - `invalid-tag`: markup that is not a well-formed tag.
 * - `unclosed-tag`: a start or end tag that the document ends inside.
 * - `unclosed-element`: an element whose end tag never comes.
 * - `mismatched-tag`: an end tag that does not match the open element.
 * - `unexpected-closing-tag`: an end tag with no open element.
 * - `invalid-name`: a name that is not a valid namespace-qualified name.
 * - `invalid-attribute`: attribute syntax (missing `=`, unquoted or unclosed value, `<` in a value).
 * - `duplicate-attribute`: the same attribute twice on one element (by name, or by namespace and local name).
 * - `unbound-prefix`: a prefix with no namespace declaration in scope.
 * - `invalid-namespace-declaration`: a declaration XML Namespaces forbids (e.g. `xmlns:p=""`).
 * - `content-outside-root`: text or CDATA before the root element.
 * - `content-after-root`: an element, text or CDATA after the root element.
 * - `invalid-comment`: `--` inside a comment.
 * - `unclosed-comment`, `unclosed-cdata`, `unclosed-processing-instruction`: the document ends inside one.
 * - `cdata-end-in-text`: `]]>` in text outside a CDATA section.
 * - `invalid-processing-instruction`: a processing instruction with no or a reserved target.
 * - `invalid-xml-declaration`: a malformed XML declaration.
 * - `misplaced-xml-declaration`: an XML declaration anywhere but at the very start.
 * - `nesting-too-deep`: elements nested deeper than the parser's limit.
 * - `too-many-issues`: parsing stopped after the issue limit.
 * - `internal-error`: the parser itself failed (a bug), reported instead of thrown.
 */
export type XmlIssueCode =
  | 'unsupported-encoding'
  | 'invalid-encoding'
  | 'empty-document'
  | 'no-root-element'
  | 'doctype-forbidden'
  | 'dtd-markup-forbidden'
  | 'undefined-entity'
  | 'unescaped-ampersand'
  | 'invalid-character-reference'
  | 'invalid-character'
  | 'invalid-tag'
  | 'unclosed-tag'
  | 'unclosed-element'
  | 'mismatched-tag'
  | 'unexpected-closing-tag'
  | 'invalid-name'
  | 'invalid-attribute'
  | 'duplicate-attribute'
  | 'unbound-prefix'
  | 'invalid-namespace-declaration'
  | 'content-outside-root'
  | 'content-after-root'
  | 'invalid-comment'
  | 'unclosed-comment'
  | 'unclosed-cdata'
  | 'unclosed-processing-instruction'
  | 'cdata-end-in-text'
  | 'invalid-processing-instruction'
  | 'invalid-xml-declaration'
  | 'misplaced-xml-declaration'
  | 'nesting-too-deep'
  | 'too-many-issues'
  | 'internal-error';

/**
 * Finds an attribute by local name and namespace (`null`, the default, for an unprefixed one).
 * @returns the attribute, or `undefined` when the element has none by that name.
 */
export function getAttribute(element: XmlElement, localName: string, namespaceUri: string | null = null): XmlAttribute | undefined {
  return element.attributes.find((a) => a.localName === localName && a.namespaceUri === namespaceUri);
}
