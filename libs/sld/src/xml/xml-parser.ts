import type { DocumentIssue } from '@geocatalog/catalog-model';
import { Locator, type TextPosition } from './locator';
import { describeChar, findInvalidXmlChar, isXmlChar, isXmlWhitespace, quote, scanName, skipWhitespace } from './xml-chars';
import {
  XML_NAMESPACE,
  XMLNS_NAMESPACE,
  type XmlAttribute,
  type XmlDeclaration,
  type XmlElement,
  type XmlIssueCode,
  type XmlNamespaceDeclaration,
  type XmlNode,
  type XmlParseResult,
  type XmlText,
} from './xml-tree';

/** Limits of {@link parseXml}. */
export interface ParseXmlOptions {
  /**
   * Deepest element nesting accepted (default 256, libxml2's limit). Deeper documents are refused,
   * so code walking the tree recursively cannot overflow the stack.
   */
  maxDepth?: number;
  /** Issues collected before parsing stops (default 100), so a binary file gives a short list. */
  maxIssues?: number;
  /**
   * Leave out indentation: text runs made only of whitespace that come right before a start tag
   * or right after a child element (default false). They then appear neither in `children` nor in
   * the element's `text`, so `text` stays exact only for elements without child elements. A large
   * document has as many such runs as elements; a validator has no use for them, and not making
   * them saves a third of the parse time.
   */
  dropWhitespaceText?: boolean;
}

const DEFAULT_MAX_DEPTH = 256;
const DEFAULT_MAX_ISSUES = 100;

const LT = 0x3c;
const GT = 0x3e;
const AMP = 0x26;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const EQUALS = 0x3d;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const HASH = 0x23;
const SEMICOLON = 0x3b;
const COLON = 0x3a;
const RIGHT_BRACKET = 0x5d;
const LF = 0x0a;
const CR = 0x0d;
const TAB = 0x09;
const LOWER_X = 0x78;

// A Map, not an object literal: `&constructor;` must not find Object.prototype.constructor.
const PREDEFINED_ENTITIES: ReadonlyMap<string, string> = new Map([
  ['lt', '<'],
  ['gt', '>'],
  ['amp', '&'],
  ['quot', '"'],
  ['apos', "'"],
]);

/** Shared by every element without attributes, declarations or children, so they cost no array. */
const NO_ATTRIBUTES: readonly XmlAttribute[] = Object.freeze([]);
const NO_DECLARATIONS: readonly XmlNamespaceDeclaration[] = Object.freeze([]);
const NO_CHILDREN: readonly XmlNode[] = Object.freeze([]);

/**
 * Parses an XML document into an element tree with resolved namespaces and 1-based positions.
 *
 * Safe on hostile input: a DOCTYPE is refused (so no entity is ever declared, expanded or
 * fetched), references other than the five predefined entities and character references are
 * errors, time is linear in the input, and nothing throws: every problem, even a bug of the
 * parser, comes back as an issue.
 *
 * @param text the document, already decoded (see `decodeXml` for bytes); a leading BOM is skipped.
 * @returns the tree (only when well-formed), the XML declaration, and the issues in document order.
 */
export function parseXml(text: string, options: ParseXmlOptions = {}): XmlParseResult {
  const parser = new XmlParser(text, options, false);
  parser.run();
  return parser.result();
}

/**
 * Reads only as far as the end of the root element's start tag, for cheap sniffing of what a
 * document is (its root name, namespace, attributes).
 * @returns the root element without children, or `null` when the document is not well-formed up to there.
 */
export function parseRootElement(text: string): XmlElement | null {
  const parser = new XmlParser(text, {}, true);
  parser.run();
  return parser.sniffedRoot();
}

/** Thrown inside the parser to stop at a fatal error; never escapes it. */
class Halt extends Error {}
const HALT = new Halt('parsing halted');

/** A `name="value"` pair of the XML declaration. */
interface PseudoAttribute {
  name: string;
  value: string;
  offset: number;
}

/**
 * In-scope namespace bindings: a stack of URIs per prefix, so declaring, resolving and
 * undeclaring are each O(1) however many prefixes a hostile document declares. The default
 * namespace uses the key '' and `null` for "no namespace".
 */
class NamespaceBindings {
  private readonly stacks = new Map<string, (string | null)[]>([['xml', [XML_NAMESPACE]]]);

  declare(prefix: string, uri: string | null): void {
    const stack = this.stacks.get(prefix);
    if (stack === undefined) this.stacks.set(prefix, [uri]);
    else stack.push(uri);
  }

  undeclare(prefix: string): void {
    this.stacks.get(prefix)?.pop();
  }

  /** @returns the URI, `null` for no namespace, `undefined` when the prefix is not bound. */
  resolve(prefix: string): string | null | undefined {
    const stack = this.stacks.get(prefix);
    if (stack === undefined || stack.length === 0) return prefix === '' ? null : undefined;
    return stack[stack.length - 1];
  }
}

class XmlParser {
  private readonly locator: Locator;
  private readonly maxDepth: number;
  private readonly maxIssues: number;
  private readonly dropWhitespaceText: boolean;
  private readonly issues: DocumentIssue[] = [];
  private readonly bindings = new NamespaceBindings();
  /** The open elements, innermost last, with the offsets of their `<`. */
  private readonly open: XmlElement[] = [];
  private readonly openOffsets: number[] = [];
  /**
   * Children of all open elements, innermost last, in the first `pendingCount` slots; `childMarks`
   * says where each open element's children start. An element's list is sliced off when it closes, so every
   * `children` array has exactly its length: growing one array per element would leave most of
   * them with unused capacity, and the trees of large documents would be a third larger.
   */
  private readonly pendingChildren: XmlNode[] = [];
  private pendingCount = 0;
  private readonly childMarks: number[] = [];
  /** Where the main loop goes on from. */
  private cursor = 0;
  private root: XmlElement | null = null;
  private rootClosed = false;
  private declaration: XmlDeclaration | null = null;
  /**
   * One string per distinct name. A tree keeps every name it holds alive, and SLD repeats a few
   * dozen names thousands of times; sharing them cuts what the garbage collector has to copy.
   */
  private readonly names = new Map<string, string>();

  constructor(
    private readonly text: string,
    options: ParseXmlOptions,
    /** Stop after the root's start tag (sniffing); skips the whole-document checks. */
    private readonly rootOnly: boolean,
  ) {
    this.locator = new Locator(text);
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    this.maxIssues = options.maxIssues ?? DEFAULT_MAX_ISSUES;
    this.dropWhitespaceText = options.dropWhitespaceText ?? false;
  }

  run(): void {
    try {
      this.parseDocument();
    } catch (error) {
      if (error !== HALT) this.issues.push(this.internalError());
    }
  }

  private internalError(): DocumentIssue {
    const message = 'The XML parser failed unexpectedly here';
    try {
      return this.issue('internal-error', this.cursor, message);
    } catch {
      // Locating may be what failed (say, a caller without types passed no string): say 1:1.
      return { line: 1, column: 1, code: 'internal-error', message };
    }
  }

  result(): XmlParseResult {
    // Issues arrive in document order except the up-front character check; a stable sort fixes that.
    const issues = this.issues.sort((a, b) => a.line - b.line || a.column - b.column);
    return { root: issues.length === 0 ? this.root : null, declaration: this.declaration, issues };
  }

  sniffedRoot(): XmlElement | null {
    return this.issues.length === 0 ? this.root : null;
  }

  private parseDocument(): void {
    const text = this.text;
    const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    if (skipWhitespace(text, start) >= text.length) {
      this.fail('empty-document', 0, 'The document is empty');
    }
    if (!this.rootOnly) {
      const invalid = findInvalidXmlChar(text);
      if (invalid !== -1) {
        this.report('invalid-character', invalid, `Character ${describeChar(text, invalid)} is not allowed in XML`);
      }
    }
    this.cursor = start;
    if (text.startsWith('<?xml', start) && this.isDeclarationEnd(start + 5)) this.parseXmlDeclaration(start);
    this.parseContent();
    if (this.rootOnly) return;
    const unclosed = this.open.length - 1;
    if (unclosed >= 0) {
      const name = quote(this.open[unclosed].qualifiedName);
      this.report('unclosed-element', this.openOffsets[unclosed], `Element ${name} is never closed before the document ends`);
    } else if (this.root === null) {
      this.report('no-root-element', text.length, 'The document has no root element');
    }
  }

  /** True when `<?xml` is followed by whitespace or `?>`, i.e. not a target like `xml-stylesheet`. */
  private isDeclarationEnd(index: number): boolean {
    const code = this.text.charCodeAt(index);
    return isXmlWhitespace(code) || code === QUESTION;
  }

  /** The main loop: prolog, the root element's content, and what follows it. */
  private parseContent(): void {
    const text = this.text;
    const length = text.length;
    while (this.cursor < length) {
      const start = this.cursor;
      let lt = text.indexOf('<', start);
      if (lt === -1) lt = length;
      if (lt > start) this.parseText(start, lt);
      if (lt >= length) return;
      this.cursor = lt;
      const next = text.charCodeAt(lt + 1);
      if (next === SLASH) this.parseEndTag(lt);
      else if (next === BANG) this.parseMarkupDeclaration(lt);
      else if (next === QUESTION) this.parseProcessingInstruction(lt);
      else {
        this.parseStartTag(lt);
        if (this.rootOnly) return;
      }
    }
  }

  private parseText(start: number, end: number): void {
    if (this.dropWhitespaceText && this.open.length > 0 && this.isIndentation(start, end)) return;
    if (this.open.length === 0) {
      const first = skipWhitespace(this.text, start);
      if (first < end) this.refuseOutsideRoot(first, `Text starting with ${describeChar(this.text, first)}`);
      return;
    }
    const line = this.locator.line(start);
    const node: XmlText = {
      kind: 'text',
      value: this.decodeCharacterData(start, end, false),
      cdata: false,
      line,
      column: this.locator.column(start, line),
    };
    this.pendingChildren[this.pendingCount++] = node;
  }

  /** True for a whitespace-only run right before a start tag or right after a child element. */
  private isIndentation(start: number, end: number): boolean {
    const text = this.text;
    const next = text.charCodeAt(end + 1);
    const beforeStartTag = end < text.length && next !== SLASH && next !== BANG && next !== QUESTION;
    const mark = this.childMarks[this.childMarks.length - 1];
    const afterElement = this.pendingCount > mark && this.pendingChildren[this.pendingCount - 1].kind === 'element';
    if (!beforeStartTag && !afterElement) return false;
    for (let i = start; i < end; i++) if (!isXmlWhitespace(text.charCodeAt(i))) return false;
    return true;
  }

  private refuseOutsideRoot(offset: number, what: string): never {
    if (this.rootClosed) {
      this.fail('content-after-root', offset, `${what} is not allowed after the end of the root element ${quote(this.root?.qualifiedName ?? '')}`);
    }
    this.fail('content-outside-root', offset, `${what} is not allowed before the root element`);
  }

  // ---- tags ---------------------------------------------------------------------------------

  private parseStartTag(lt: number): void {
    const text = this.text;
    const locator = this.locator;
    const nameEnd = scanName(text, lt + 1);
    if (nameEnd === lt + 1) {
      this.fail('invalid-tag', lt, "'<' must be followed by an element name; write '&lt;' for a literal '<'");
    }
    const qualifiedName = this.intern(text.slice(lt + 1, nameEnd));
    if (this.rootClosed) this.refuseOutsideRoot(lt, `Element ${quote(qualifiedName)}`);
    if (this.open.length >= this.maxDepth) {
      this.fail('nesting-too-deep', lt, `Elements are nested deeper than ${this.maxDepth} levels`);
    }
    const line = locator.line(lt);
    const column = locator.column(lt, line);
    // Most elements have neither: the arrays are only made for those that do.
    let attributes: XmlAttribute[] | null = null;
    let declarations: XmlNamespaceDeclaration[] | null = null;
    let index = nameEnd;
    let selfClosing = false;
    for (;;) {
      const afterPrevious = index;
      index = skipWhitespace(text, index);
      const code = text.charCodeAt(index);
      if (code === GT) {
        index++;
        break;
      }
      if (code === SLASH) {
        if (text.charCodeAt(index + 1) !== GT) {
          this.fail('invalid-tag', index + 1, `Expected '>' after '/' in tag ${quote(qualifiedName)}`);
        }
        index += 2;
        selfClosing = true;
        break;
      }
      if (index >= text.length) {
        this.fail('unclosed-tag', lt, `Start tag ${quote(qualifiedName)} is not closed with '>' before the document ends`);
      }
      const nameStart = index;
      const attributeEnd = scanName(text, nameStart);
      if (attributeEnd === nameStart) {
        this.fail('invalid-tag', nameStart, `Unexpected character ${describeChar(text, nameStart)} in tag ${quote(qualifiedName)}`);
      }
      if (nameStart === afterPrevious) {
        this.fail('invalid-attribute', nameStart, `Attributes in tag ${quote(qualifiedName)} must be separated by whitespace`);
      }
      const name = this.intern(text.slice(nameStart, attributeEnd));
      index = skipWhitespace(text, attributeEnd);
      if (text.charCodeAt(index) !== EQUALS) {
        this.fail('invalid-attribute', index, `Attribute ${quote(name)} must have a value, as in name="value"`);
      }
      index = skipWhitespace(text, index + 1);
      const delimiter = text.charCodeAt(index);
      if (delimiter !== DOUBLE_QUOTE && delimiter !== SINGLE_QUOTE) {
        this.fail('invalid-attribute', index, `The value of attribute ${quote(name)} must be in quotes`);
      }
      const valueEnd = text.indexOf(delimiter === DOUBLE_QUOTE ? '"' : "'", index + 1);
      if (valueEnd === -1) {
        this.fail('invalid-attribute', index, `The value of attribute ${quote(name)} is never closed`);
      }
      const value = this.decodeCharacterData(index + 1, valueEnd, true);
      const attributeLine = locator.line(nameStart);
      const attributeColumn = locator.column(nameStart, attributeLine);
      if (name.startsWith('xmlns') && (name.length === 5 || name.charCodeAt(5) === COLON)) {
        const prefix = name.length === 5 ? null : name.slice(6);
        (declarations ??= []).push({ prefix, uri: value, line: attributeLine, column: attributeColumn });
      } else {
        // Prefix and namespace are filled in by resolveNames, once every declaration of the tag is known.
        (attributes ??= []).push({
          namespaceUri: null,
          localName: name,
          prefix: null,
          qualifiedName: name,
          value,
          line: attributeLine,
          column: attributeColumn,
        });
      }
      index = valueEnd + 1;
    }
    this.cursor = index;
    const element: XmlElement = {
      kind: 'element',
      namespaceUri: null,
      localName: qualifiedName,
      prefix: null,
      qualifiedName,
      attributes: attributes ?? NO_ATTRIBUTES,
      namespaceDeclarations: declarations === null ? NO_DECLARATIONS : this.declareNamespaces(qualifiedName, declarations),
      children: NO_CHILDREN,
      text: '',
      line,
      column,
    };
    this.resolveNames(element, attributes);
    this.openElement(element, lt, selfClosing);
  }

  /** Attaches an element to its parent (or makes it the root) and opens it unless it is empty. */
  private openElement(element: XmlElement, lt: number, selfClosing: boolean): void {
    if (this.open.length === 0) this.root = element;
    else this.pendingChildren[this.pendingCount++] = element;
    if (selfClosing) {
      this.closeElement(element);
    } else {
      this.open.push(element);
      this.openOffsets.push(lt);
      this.childMarks.push(this.pendingCount);
    }
  }

  private parseEndTag(lt: number): void {
    const text = this.text;
    const nameEnd = scanName(text, lt + 2);
    if (nameEnd === lt + 2) {
      this.fail('invalid-tag', lt + 2, `Expected an element name after '</' but found ${describeChar(text, lt + 2)}`);
    }
    const end = skipWhitespace(text, nameEnd);
    const qualifiedName = text.slice(lt + 2, nameEnd);
    if (end >= text.length) {
      this.fail('unclosed-tag', lt, `End tag ${quote(qualifiedName)} is not closed with '>' before the document ends`);
    }
    if (text.charCodeAt(end) !== GT) {
      this.fail('invalid-tag', end, `Expected '>' to end tag ${quote(qualifiedName)} but found ${describeChar(text, end)}`);
    }
    const element = this.open.pop();
    this.openOffsets.pop();
    if (element === undefined) {
      const where = this.rootClosed ? 'after the end of the root element' : 'before any start tag';
      this.fail('unexpected-closing-tag', lt, `End tag ${quote(qualifiedName)} has no matching start tag ${where}`);
    }
    if (element.qualifiedName !== qualifiedName) {
      this.fail('mismatched-tag', lt, `Expected closing tag ${quote(element.qualifiedName)} but found ${quote(qualifiedName)}`);
    }
    const mark = this.childMarks.pop() ?? 0;
    if (this.pendingCount > mark) {
      element.children = this.pendingChildren.slice(mark, this.pendingCount);
      this.pendingCount = mark;
    }
    this.closeElement(element);
    this.cursor = end + 1;
  }

  /** Ends an element's scope: its namespace declarations go out of scope and its text is joined. */
  private closeElement(element: XmlElement): void {
    for (const declaration of element.namespaceDeclarations) this.bindings.undeclare(declaration.prefix ?? '');
    const children = element.children;
    // The usual cases, a leaf with one text and a container of elements, need no concatenation.
    if (children.length === 1 && children[0].kind === 'text') {
      element.text = children[0].value;
    } else if (children.length > 1) {
      let text = '';
      for (const child of children) if (child.kind === 'text') text += child.value;
      element.text = text;
    }
    if (this.open.length === 0) this.rootClosed = true;
  }

  // ---- namespaces ---------------------------------------------------------------------------

  /**
   * Checks and binds a tag's declarations (before its names are resolved, since a tag may use a
   * prefix it declares itself).
   * @returns the declarations that were bound; refused ones are reported and left out.
   */
  private declareNamespaces(elementName: string, declarations: XmlNamespaceDeclaration[]): readonly XmlNamespaceDeclaration[] {
    const names = declarations.map((d) => (d.prefix === null ? 'xmlns' : `xmlns:${d.prefix}`));
    const duplicate = findDuplicate(names);
    if (duplicate !== -1) {
      this.report('duplicate-attribute', declarations[duplicate], `Attribute ${quote(names[duplicate])} appears twice on element ${quote(elementName)}`);
    }
    const bound: XmlNamespaceDeclaration[] = [];
    for (let i = 0; i < declarations.length; i++) {
      if (i === duplicate) continue;
      const declaration = declarations[i];
      const problem = namespaceDeclarationProblem(declaration.prefix, declaration.uri);
      if (problem !== null) {
        const malformed = declaration.prefix === '' || declaration.prefix?.includes(':') === true;
        this.report(malformed ? 'invalid-name' : 'invalid-namespace-declaration', declaration, problem);
        continue;
      }
      this.bindings.declare(declaration.prefix ?? '', declaration.uri === '' ? null : declaration.uri);
      bound.push(declaration);
    }
    return bound.length === 0 ? NO_DECLARATIONS : bound;
  }

  /** Splits the element's and attributes' names into prefix and local name and resolves their namespaces. */
  private resolveNames(element: XmlElement, attributes: XmlAttribute[] | null): void {
    const name = element.qualifiedName;
    const colon = name.indexOf(':');
    if (colon === -1) {
      element.namespaceUri = this.bindings.resolve('') ?? null;
    } else if (this.splitName(element, colon)) {
      const prefix = element.prefix ?? '';
      const resolved = this.bindings.resolve(prefix);
      if (prefix === 'xmlns') {
        this.report('invalid-name', element, `Element ${quote(name)} must not use the reserved prefix 'xmlns'`);
      } else if (resolved === undefined) {
        this.report('unbound-prefix', element, `Prefix ${quote(prefix)} of element ${quote(name)} is not bound to a namespace`);
      } else {
        element.namespaceUri = resolved;
      }
    }
    if (attributes === null) return;

    let prefixed = 0;
    for (const attribute of attributes) {
      const attributeColon = attribute.qualifiedName.indexOf(':');
      // Unprefixed attributes are in no namespace, whatever the default namespace is.
      if (attributeColon === -1 || !this.splitName(attribute, attributeColon)) continue;
      const prefix = attribute.prefix ?? '';
      const resolved = this.bindings.resolve(prefix);
      if (resolved === undefined) {
        this.report(
          'unbound-prefix',
          attribute,
          `Prefix ${quote(prefix)} of attribute ${quote(attribute.qualifiedName)} on element ${quote(name)} is not bound to a namespace`,
        );
      } else {
        attribute.namespaceUri = resolved;
        prefixed++;
      }
    }
    if (attributes.length < 2) return;
    const duplicate = findDuplicate(attributes.map((a) => a.qualifiedName));
    if (duplicate !== -1) {
      const repeated = attributes[duplicate].qualifiedName;
      this.report('duplicate-attribute', attributes[duplicate], `Attribute ${quote(repeated)} appears twice on element ${quote(name)}`);
    } else if (prefixed >= 2) {
      // Namespaces in XML 1.0 §6.3: `a:x` and `b:x` clash when `a` and `b` name the same URI.
      const expanded = findDuplicate(attributes.map((a) => (a.namespaceUri === null ? a.localName : `{${a.namespaceUri}}${a.localName}`)));
      if (expanded !== -1) {
        const repeated = attributes[expanded].qualifiedName;
        this.report(
          'duplicate-attribute',
          attributes[expanded],
          `Attribute ${quote(repeated)} on element ${quote(name)} repeats another attribute's namespace and local name`,
        );
      }
    }
  }

  /**
   * Sets `prefix` and `localName` of a name with a colon at `colon`.
   * @returns false when the name is not a valid qualified name (reported; it stays unprefixed).
   */
  private splitName(node: XmlElement | XmlAttribute, colon: number): boolean {
    const name = node.qualifiedName;
    if (colon === 0 || colon === name.length - 1 || name.indexOf(':', colon + 1) !== -1) {
      this.report('invalid-name', node, `${quote(name)} is not a valid name: a colon may only separate a prefix from a local name`);
      return false;
    }
    node.prefix = this.intern(name.slice(0, colon));
    node.localName = this.intern(name.slice(colon + 1));
    return true;
  }

  private intern(name: string): string {
    const known = this.names.get(name);
    if (known !== undefined) return known;
    this.names.set(name, name);
    return name;
  }

  // ---- other markup -------------------------------------------------------------------------

  /** `<!`: a comment, a CDATA section, or a refused DTD declaration. */
  private parseMarkupDeclaration(lt: number): void {
    const text = this.text;
    if (text.startsWith('<!--', lt)) this.parseComment(lt);
    else if (text.startsWith('<![CDATA[', lt)) this.parseCdata(lt);
    else {
      const word = text.slice(lt + 2, scanName(text, lt + 2));
      // Any spelling of DOCTYPE gets the same refusal, so the reason is never hidden behind a syntax error.
      if (word.toUpperCase() === 'DOCTYPE') {
        this.fail('doctype-forbidden', lt, 'DOCTYPE declarations are not allowed, because DTDs and entity declarations are disabled for safety');
      }
      if (word !== '') {
        this.fail('dtd-markup-forbidden', lt, `Declaration ${quote(`<!${word}`, 20)} is not allowed, because DTDs are disabled for safety`);
      }
      this.fail('invalid-tag', lt, "'<!' must start a comment '<!--' or a CDATA section '<![CDATA['");
    }
  }

  private parseComment(lt: number): void {
    const text = this.text;
    const contentStart = lt + 4;
    const end = text.indexOf('-->', contentStart);
    if (end === -1) this.fail('unclosed-comment', lt, "Comment is not closed with '-->' before the document ends");
    // Searching up to the '-->' found above keeps the scan linear; '--' at `end - 1` means '--->'.
    const doubleHyphen = text.indexOf('--', contentStart);
    if (doubleHyphen < end) this.report('invalid-comment', doubleHyphen, "'--' is not allowed inside a comment");
    this.cursor = end + 3;
  }

  private parseCdata(lt: number): void {
    const text = this.text;
    const contentStart = lt + 9;
    const end = text.indexOf(']]>', contentStart);
    if (end === -1) this.fail('unclosed-cdata', lt, "CDATA section is not closed with ']]>' before the document ends");
    if (this.open.length === 0) this.refuseOutsideRoot(lt, 'A CDATA section');
    const at = this.locator.position(lt);
    const node: XmlText = {
      kind: 'text',
      value: normalizeLineEnds(text.slice(contentStart, end)),
      cdata: true,
      line: at.line,
      column: at.column,
    };
    this.pendingChildren[this.pendingCount++] = node;
    this.cursor = end + 3;
  }

  private parseProcessingInstruction(lt: number): void {
    const text = this.text;
    const targetEnd = scanName(text, lt + 2);
    if (targetEnd === lt + 2) {
      this.fail('invalid-processing-instruction', lt + 2, `Expected a target name after '<?' but found ${describeChar(text, lt + 2)}`);
    }
    const target = text.slice(lt + 2, targetEnd);
    const end = text.indexOf('?>', targetEnd);
    if (end === -1) {
      this.fail('unclosed-processing-instruction', lt, `Processing instruction ${quote(target)} is not closed with '?>' before the document ends`);
    }
    if (end !== targetEnd && !isXmlWhitespace(text.charCodeAt(targetEnd))) {
      this.fail('invalid-processing-instruction', targetEnd, `Expected whitespace or '?>' after processing instruction target ${quote(target)}`);
    }
    if (target === 'xml') {
      this.report('misplaced-xml-declaration', lt, 'The XML declaration is only allowed at the very start of the document');
    } else if (target.toLowerCase() === 'xml') {
      this.report('invalid-processing-instruction', lt, `Processing instruction target ${quote(target)} is reserved`);
    }
    this.cursor = end + 2;
  }

  /** `<?xml version="1.0" encoding="…" standalone="…"?>`, strictly in that order. */
  private parseXmlDeclaration(start: number): void {
    const text = this.text;
    const end = text.indexOf('?>', start);
    if (end === -1) this.fail('invalid-xml-declaration', start, "The XML declaration is not closed with '?>'");
    this.cursor = end + 2;

    const pairs: PseudoAttribute[] = [];
    let index = start + 5;
    for (;;) {
      const afterPrevious = index;
      index = skipWhitespace(text, index);
      if (index >= end) break;
      const nameEnd = scanName(text, index);
      if (nameEnd === index || index === afterPrevious) {
        this.report('invalid-xml-declaration', index, `Unexpected ${describeChar(text, index)} in the XML declaration`);
        return;
      }
      const offset = index;
      index = skipWhitespace(text, nameEnd);
      if (text.charCodeAt(index) !== EQUALS) {
        this.report('invalid-xml-declaration', index, `Expected '=' after ${quote(text.slice(offset, nameEnd))} in the XML declaration`);
        return;
      }
      index = skipWhitespace(text, index + 1);
      const delimiter = text.charCodeAt(index);
      const valueEnd = delimiter === DOUBLE_QUOTE || delimiter === SINGLE_QUOTE ? text.indexOf(String.fromCharCode(delimiter), index + 1) : -1;
      if (valueEnd === -1 || valueEnd > end) {
        this.report('invalid-xml-declaration', index, `Expected a quoted value for ${quote(text.slice(offset, nameEnd))} in the XML declaration`);
        return;
      }
      pairs.push({ name: text.slice(offset, nameEnd), value: text.slice(index + 1, valueEnd), offset });
      index = valueEnd + 1;
    }
    const declaration = this.readDeclarationPairs(pairs, start);
    if (declaration !== null) this.declaration = declaration;
  }

  private readDeclarationPairs(pairs: PseudoAttribute[], start: number): XmlDeclaration | null {
    const [version, ...rest] = pairs;
    if (version === undefined || version.name !== 'version') {
      this.report('invalid-xml-declaration', version?.offset ?? start, 'The XML declaration must start with the version, as in version="1.0"');
      return null;
    }
    if (!isXmlVersion(version.value)) {
      this.report('invalid-xml-declaration', version.offset, `XML version ${quote(version.value, 20)} is not supported; use '1.0'`);
      return null;
    }
    const declaration: XmlDeclaration = { version: version.value, encoding: null, standalone: null };
    let expected = ['encoding', 'standalone'];
    for (const pair of rest) {
      const slot = expected.indexOf(pair.name);
      if (slot === -1) {
        this.report('invalid-xml-declaration', pair.offset, `${quote(pair.name, 20)} is not allowed here in the XML declaration`);
        return null;
      }
      expected = expected.slice(slot + 1);
      if (pair.name === 'encoding') {
        if (!isEncodingName(pair.value)) {
          this.report('invalid-xml-declaration', pair.offset, `${quote(pair.value, 20)} is not a valid encoding name`);
          return null;
        }
        declaration.encoding = pair.value;
      } else {
        if (pair.value !== 'yes' && pair.value !== 'no') {
          this.report('invalid-xml-declaration', pair.offset, "The standalone value must be 'yes' or 'no'");
          return null;
        }
        declaration.standalone = pair.value === 'yes';
      }
    }
    return declaration;
  }

  // ---- character data -----------------------------------------------------------------------

  /**
   * Replaces references and normalizes line ends (and, in attribute values, whitespace to spaces,
   * XML 1.0 §3.3.3). Checks what may not appear: `]]>` in text, `<` in attribute values.
   */
  private decodeCharacterData(start: number, end: number, inAttribute: boolean): string {
    const text = this.text;
    let result = '';
    let copied = start;
    for (let index = start; index < end; index++) {
      const code = text.charCodeAt(index);
      if (code === AMP) {
        result += text.slice(copied, index);
        const [replacement, next] = this.readReference(index, end);
        result += replacement;
        copied = next;
        index = next - 1;
      } else if (code === CR) {
        result += text.slice(copied, index) + (inAttribute ? ' ' : '\n');
        if (text.charCodeAt(index + 1) === LF && index + 1 < end) index++;
        copied = index + 1;
      } else if (inAttribute) {
        if (code === LF || code === TAB) {
          result += text.slice(copied, index) + ' ';
          copied = index + 1;
        } else if (code === LT) {
          this.report('invalid-attribute', index, "'<' is not allowed in an attribute value; write '&lt;'");
        }
      } else if (code === GT && index >= start + 2 && text.charCodeAt(index - 1) === RIGHT_BRACKET && text.charCodeAt(index - 2) === RIGHT_BRACKET) {
        this.report('cdata-end-in-text', index - 2, "']]>' is not allowed in text; write ']]&gt;'");
      }
    }
    return copied === start ? text.slice(start, end) : result + text.slice(copied, end);
  }

  /**
   * Reads the reference at `amp`. Only the predefined entities and character references are
   * replaced; anything else is reported and dropped, never looked up.
   * @returns the replacement text and the index after the reference.
   */
  private readReference(amp: number, end: number): [replacement: string, next: number] {
    const text = this.text;
    if (text.charCodeAt(amp + 1) === HASH) return this.readCharacterReference(amp, end);
    const nameEnd = scanName(text, amp + 1);
    if (nameEnd === amp + 1 || nameEnd >= end || text.charCodeAt(nameEnd) !== SEMICOLON) {
      this.report('unescaped-ampersand', amp, "'&' must start an entity or character reference; write '&amp;' for a literal '&'");
      return ['&', amp + 1];
    }
    const name = text.slice(amp + 1, nameEnd);
    const replacement = PREDEFINED_ENTITIES.get(name);
    if (replacement === undefined) {
      this.report(
        'undefined-entity',
        amp,
        `Entity ${quote(`&${name};`)} is not defined; only &lt; &gt; &amp; &quot; &apos; and character references are allowed`,
      );
      return ['', nameEnd + 1];
    }
    return [replacement, nameEnd + 1];
  }

  private readCharacterReference(amp: number, end: number): [replacement: string, next: number] {
    const text = this.text;
    const hex = text.charCodeAt(amp + 2) === LOWER_X;
    const digitsStart = amp + (hex ? 3 : 2);
    let index = digitsStart;
    let value = 0;
    for (; index < end; index++) {
      const digit = digitValue(text.charCodeAt(index), hex);
      if (digit === -1) break;
      // Saturate instead of overflowing: any value above U+10FFFF is invalid anyway.
      value = Math.min(value * (hex ? 16 : 10) + digit, 0x110000);
    }
    if (index === digitsStart || index >= end || text.charCodeAt(index) !== SEMICOLON) {
      this.report(
        'invalid-character-reference',
        amp,
        hex ? "A character reference must be '&#x' hexadecimal digits ';'" : "A character reference must be '&#' decimal digits ';'",
      );
      return ['', index];
    }
    if (!isXmlChar(value)) {
      const written = quote(text.slice(amp, index + 1), 20);
      this.report('invalid-character-reference', amp, `Character reference ${written} names a character that XML does not allow`);
      return ['', index + 1];
    }
    return [String.fromCodePoint(value), index + 1];
  }

  // ---- issues -------------------------------------------------------------------------------

  /** @param at an offset in the text, or a node's position. */
  private issue(code: XmlIssueCode, at: number | TextPosition, message: string): DocumentIssue {
    const { line, column } = typeof at === 'number' ? this.locator.position(at) : at;
    return { line, column, code, message };
  }

  /** Records a problem after which parsing can go on meaningfully. */
  private report(code: XmlIssueCode, at: number | TextPosition, message: string): void {
    this.issues.push(this.issue(code, at, message));
    if (this.issues.length >= this.maxIssues) {
      this.issues.push(this.issue('too-many-issues', at, `Parsing stopped after ${this.maxIssues} issues`));
      throw HALT;
    }
  }

  /** Records a problem after which nothing more can be trusted, and stops. */
  private fail(code: XmlIssueCode, offset: number, message: string): never {
    this.issues.push(this.issue(code, offset, message));
    throw HALT;
  }
}

/** @returns why XML Namespaces forbids this declaration, or `null` when it is fine. */
function namespaceDeclarationProblem(prefix: string | null, uri: string): string | null {
  if (prefix === null) {
    if (uri === XML_NAMESPACE || uri === XMLNS_NAMESPACE) return `The default namespace must not be ${quote(uri)}`;
    return null;
  }
  if (prefix === '' || prefix.includes(':')) return `${quote(`xmlns:${prefix}`)} is not a valid namespace declaration name`;
  if (prefix === 'xmlns') return "The prefix 'xmlns' must not be declared";
  if (prefix === 'xml') {
    return uri === XML_NAMESPACE ? null : `The prefix 'xml' can only be bound to ${quote(XML_NAMESPACE)}`;
  }
  if (uri === '') return `Prefix ${quote(prefix)} cannot be undeclared with an empty namespace in XML 1.0`;
  if (uri === XML_NAMESPACE || uri === XMLNS_NAMESPACE) return `The prefix ${quote(prefix)} must not be bound to ${quote(uri)}`;
  return null;
}

/**
 * @returns the index of the first name that repeats an earlier one, or -1. Pairwise for the usual
 * handful of attributes, a set beyond that so a hostile tag with many attributes stays linear.
 */
function findDuplicate(names: string[]): number {
  if (names.length <= 16) {
    for (let i = 1; i < names.length; i++) {
      for (let j = 0; j < i; j++) if (names[i] === names[j]) return i;
    }
    return -1;
  }
  const seen = new Set<string>();
  for (let i = 0; i < names.length; i++) {
    if (seen.has(names[i])) return i;
    seen.add(names[i]);
  }
  return -1;
}

function digitValue(code: number, hex: boolean): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (!hex) return -1;
  if (code >= 0x61 && code <= 0x66) return code - 0x61 + 10;
  if (code >= 0x41 && code <= 0x46) return code - 0x41 + 10;
  return -1;
}

/** XML 1.0 §2.11: CRLF and a lone CR become LF. */
function normalizeLineEnds(value: string): string {
  return value.includes('\r') ? value.replace(/\r\n?/g, '\n') : value;
}

/** VersionNum of XML 1.0 fifth edition: '1.' followed by digits. */
function isXmlVersion(value: string): boolean {
  if (value.length < 3 || !value.startsWith('1.')) return false;
  for (let i = 2; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}

/** EncName: an ASCII letter, then ASCII letters, digits, '.', '_' or '-'. */
function isEncodingName(value: string): boolean {
  if (value.length === 0 || !isAsciiLetter(value.charCodeAt(0))) return false;
  for (let i = 1; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const allowed = isAsciiLetter(code) || (code >= 0x30 && code <= 0x39) || code === 0x2e || code === 0x5f || code === 0x2d;
    if (!allowed) return false;
  }
  return true;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}
