import type { DocumentIssue } from '@geocatalog/catalog-model';
import { describeChar, findInvalidXmlChar, isXmlWhitespace, quote, scanName, skipWhitespace } from './xml-chars';
import { BANG, COLON, DOUBLE_QUOTE, EQUALS, GT, QUESTION, SINGLE_QUOTE, SLASH } from './xml-codes';
import { NO_DECLARATIONS, XmlNamespaceReader } from './xml-namespaces';
import { HALT, normalizeLineEnds } from './xml-reader-base';
import { type XmlAttribute, type XmlElement, type XmlNamespaceDeclaration, type XmlNode, type XmlParseResult, type XmlText } from './xml-tree';

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

/** Shared by every element without attributes, declarations or children, so they cost no array. */
const NO_ATTRIBUTES: readonly XmlAttribute[] = Object.freeze([]);
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

class XmlParser extends XmlNamespaceReader {
  private readonly maxDepth: number;
  private readonly dropWhitespaceText: boolean;
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
  private root: XmlElement | null = null;
  private rootClosed = false;

  constructor(
    text: string,
    options: ParseXmlOptions,
    /** Stop after the root's start tag (sniffing); skips the whole-document checks. */
    private readonly rootOnly: boolean,
  ) {
    super(text, options.maxIssues ?? DEFAULT_MAX_ISSUES);
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
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
}
