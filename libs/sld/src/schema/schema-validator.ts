// Validates a parsed document against a SchemaGrammar the way an XSD validator does: element
// names, namespaces, order and cardinality through the content-model automata; required and
// allowed attributes; text where the type allows it; simple-type values; substitution groups and
// wildcards. Every problem becomes an issue at the offending element, attribute or text.
import type { DocumentIssue } from '@geocatalog/catalog-model';
import { isXmlWhitespace, quote } from '../xml/xml-chars';
import type { XmlAttribute, XmlElement } from '../xml/xml-tree';
import { ContentAutomaton, type ContentMatch, type ContentState, wildcardAllows } from './content-model';
import type { SchemaGrammar } from './schema-grammar';
import { compileGrammar, type AttributeTable, type CompiledGrammar, type PreparedAttribute, type PreparedType } from './compiled-grammar';
import type { PreparedSimpleType, SimpleTypeContext } from './simple-types';

/** Namespace of `xsi:` attributes, which every element may carry (`xsi:schemaLocation`). */
export const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

/**
 * Issue codes of schema validation. Stable.
 * - `unexpected-element`: an element not allowed where it is (unknown or misspelled name, wrong
 *   order, wrong parent, one too many, or a child of an element that holds only text).
 * - `missing-element`: a required child element is missing.
 * - `unexpected-text`: text inside an element that may only contain elements (or nothing).
 * - `invalid-value`: an element's text is not a value of its type (a number, an enumeration…).
 * - `unexpected-attribute`: an attribute the element does not have.
 * - `missing-attribute`: a required attribute is missing.
 * - `invalid-attribute-value`: an attribute's value is not a value of its type, or not its fixed value.
 * - `undeclared-element`: an element the schemas do not declare, where only declared ones may be.
 * - `duplicate-id`: an ID value (gml:id, fid) used twice.
 */
export type SchemaIssueCode =
  | 'unexpected-element'
  | 'missing-element'
  | 'unexpected-text'
  | 'invalid-value'
  | 'unexpected-attribute'
  | 'missing-attribute'
  | 'invalid-attribute-value'
  | 'undeclared-element'
  | 'duplicate-id';

/** Every {@link SchemaIssueCode}, for callers that sort issues by kind. */
export const SCHEMA_ISSUE_CODES: readonly SchemaIssueCode[] = [
  'unexpected-element',
  'missing-element',
  'unexpected-text',
  'invalid-value',
  'unexpected-attribute',
  'missing-attribute',
  'invalid-attribute-value',
  'undeclared-element',
  'duplicate-id',
];

/** Thrown to stop a walk at the issue limit; never escapes {@link SchemaValidator.validate}. */
class IssueLimit extends Error {}

/** Options of {@link validateAgainstGrammar}. */
export interface SchemaValidationOptions {
  /** Issues collected before the walk stops (default 100). */
  maxIssues?: number;
  /**
   * Called once for every element of the document, in document order, with its parent: other
   * checks can ride along this walk instead of making their own. Elements the schema does not
   * descend into (unexpected ones, wildcard content) are visited too.
   */
  visit?: (element: XmlElement, parent: XmlElement | null) => void;
}

/**
 * Validates a document's root element and everything under it against a grammar.
 * @returns the issues in document order (empty when the document is valid).
 */
export function validateAgainstGrammar(root: XmlElement, grammar: SchemaGrammar, options: SchemaValidationOptions = {}): DocumentIssue[] {
  return new SchemaValidator(compileGrammar(grammar), options.maxIssues ?? 100, options.visit ?? noVisit).validate(root);
}

class SchemaValidator {
  private readonly issues: DocumentIssue[] = [];
  /** Namespace declarations of the open elements, innermost last (for QName values and messages). */
  private readonly scopes: XmlElement[] = [];
  private readonly ids = new Set<string>();
  private readonly simpleContext: SimpleTypeContext;

  constructor(
    private readonly grammar: CompiledGrammar,
    private readonly maxIssues: number,
    private readonly visit: (element: XmlElement, parent: XmlElement | null) => void,
  ) {
    this.simpleContext = {
      lookup: (key) => grammar.type(key),
      resolvePrefix: (prefix) => this.resolvePrefix(prefix),
    };
  }

  validate(root: XmlElement): DocumentIssue[] {
    try {
      const global = this.grammar.globalElement(keyOf(root));
      if (global === undefined || global.declaration.abstract === true) {
        this.visitSubtree(root, null);
        this.report('undeclared-element', root, `${quote(root.qualifiedName)} is not an element the SLD schema declares`);
      } else {
        this.validateElement(root, null, global.declaration.type, global.declaration.fixed);
      }
    } catch (error) {
      if (!(error instanceof IssueLimit)) throw error;
    }
    return this.issues.sort((a, b) => a.line - b.line || a.column - b.column);
  }

  private validateElement(element: XmlElement, parent: XmlElement | null, typeKey: string, fixed: string | undefined): void {
    this.visit(element, parent);
    const scoped = element.namespaceDeclarations.length > 0;
    if (scoped) this.scopes.push(element);
    const type = this.grammar.prepared(typeKey);
    if (element.attributes.length > 0 || type.attributes.required.length > 0) this.checkAttributes(element, type.attributes);
    if (type.text !== null) this.checkTextOnly(element, type.text, fixed);
    else this.checkContent(element, type);
    if (scoped) this.scopes.pop();
  }

  /** Simple content: text only, of the given simple type. */
  private checkTextOnly(element: XmlElement, type: PreparedSimpleType, fixed: string | undefined): void {
    let childElement: XmlElement | undefined;
    for (const child of element.children) {
      if (child.kind !== 'element') continue;
      childElement ??= child;
      this.visitSubtree(child, element);
    }
    if (childElement !== undefined) {
      this.report(
        'unexpected-element',
        childElement,
        `${quote(element.qualifiedName)} may only contain text, not the element ${quote(childElement.qualifiedName)}`,
      );
      return;
    }
    const problem = type.check(element.text, this.simpleContext);
    if (problem !== null) {
      this.report('invalid-value', element, `${quote(element.qualifiedName)} must be ${problem}, not ${quote(element.text.trim(), 40)}`);
    } else if (fixed !== undefined && type.normalize(element.text) !== fixed) {
      this.report('invalid-value', element, `${quote(element.qualifiedName)} must be ${quote(fixed)}`);
    }
  }

  private checkContent(element: XmlElement, type: PreparedType): void {
    const automaton = type.automaton as ContentAutomaton;
    let state = automaton.start;
    let textReported = type.mixed;
    let unexpected = false;
    let previous: XmlElement | null = null;
    const children = element.children;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (child.kind === 'text') {
        // Like libxml2, a CDATA section counts as character content even when it holds only whitespace.
        if (!textReported && (child.cdata || !isBlank(child.value))) {
          textReported = true;
          const what = type.empty === true ? 'must be empty' : 'may only contain elements';
          this.report('unexpected-text', child, `Text ${quote(child.value.trim(), 30)} is not allowed here: ${quote(element.qualifiedName)} ${what}`);
        }
        continue;
      }
      const transition = state.step(child.namespaceUri ?? '', child.localName);
      if (transition === null) {
        unexpected = true;
        this.visitSubtree(child, element);
        this.report('unexpected-element', child, this.unexpectedMessage(element, child, previous, state, automaton));
        continue;
      }
      previous = child;
      state = transition.state;
      this.validateMatched(child, transition.match, element);
    }
    if (!state.accepting && !unexpected) {
      const expected = this.describeNames(state.expected());
      this.report('missing-element', element, `${quote(element.qualifiedName)} is missing a required child element: expected ${expected}`);
    }
  }

  private validateMatched(child: XmlElement, match: ContentMatch, parent: XmlElement): void {
    if (match.kind === 'element') {
      this.validateElement(child, parent, match.type, match.fixed);
      return;
    }

    if (match.process === 'skip') {
      this.visitSubtree(child, parent);
      return;
    }
    const global = this.grammar.globalElement(keyOf(child));
    if (global !== undefined && global.declaration.abstract !== true) {
      this.validateElement(child, parent, global.declaration.type, global.declaration.fixed);
    } else if (match.process === 'strict') {
      this.visitSubtree(child, parent);
      this.report(
        'undeclared-element',
        child,
        `${quote(child.qualifiedName)} is not allowed in ${quote(parent.qualifiedName)}: only elements the SLD schemas declare may appear there`,
      );
    } else {
      this.visit(child, parent);
      for (const grandchild of child.children) if (grandchild.kind === 'element') this.validateMatched(grandchild, match, child);
    }
  }

  /** Visits an element and everything under it without validating them (see {@link SchemaValidationOptions.visit}). */
  private visitSubtree(element: XmlElement, parent: XmlElement | null): void {
    if (this.visit === noVisit) return;
    this.visit(element, parent);
    for (const child of element.children) if (child.kind === 'element') this.visitSubtree(child, element);
  }

  private checkAttributes(element: XmlElement, table: AttributeTable): void {
    for (const attribute of element.attributes) {
      const namespaceUri = attribute.namespaceUri ?? '';
      if (namespaceUri === XSI_NAMESPACE) {
        this.checkXsiAttribute(element, attribute);
        continue;
      }
      const declaration = table.byNamespace.get(namespaceUri)?.get(attribute.localName);
      if (declaration === undefined) {
        if (table.wildcard === undefined || !wildcardAllows(table.wildcard.namespaces, namespaceUri)) {
          this.report('unexpected-attribute', attribute, `Attribute ${quote(attribute.qualifiedName)} is not allowed on ${quote(element.qualifiedName)}`);
        }
        continue;
      }
      this.checkAttributeValue(element, attribute, declaration);
    }
    for (const declaration of table.required) {
      if (!hasAttribute(element, declaration)) {
        this.report('missing-attribute', element, `${quote(element.qualifiedName)} must have the attribute ${quote(this.displayName(declaration.name))}`);
      }
    }
  }

  /**
   * `xsi:schemaLocation` and `xsi:noNamespaceSchemaLocation` are allowed anywhere (and never
   * followed). `xsi:type` would switch the element's type and `xsi:nil` empty it: no SLD element is
   * nillable, and type substitution is not supported, so both are refused unless they change nothing.
   */
  private checkXsiAttribute(element: XmlElement, attribute: XmlAttribute): void {
    const value = attribute.value.trim();
    switch (attribute.localName) {
      case 'schemaLocation':
      case 'noNamespaceSchemaLocation':
        return;
      case 'nil':
        if (value === 'false' || value === '0') return;
        this.report('invalid-attribute-value', attribute, `${quote(element.qualifiedName)} cannot be nil: 'xsi:nil' is not allowed on it`);
        return;
      default:
        this.report('unexpected-attribute', attribute, `Attribute ${quote(attribute.qualifiedName)} is not supported on ${quote(element.qualifiedName)}`);
    }
  }

  private checkAttributeValue(element: XmlElement, attribute: XmlAttribute, declaration: PreparedAttribute): void {
    const problem = declaration.type.check(attribute.value, this.simpleContext);
    const where = `Attribute ${quote(attribute.qualifiedName)} of ${quote(element.qualifiedName)}`;
    if (problem !== null) {
      this.report('invalid-attribute-value', attribute, `${where} must be ${problem}, not ${quote(attribute.value.trim(), 40)}`);
      return;
    }
    if (declaration.fixed === undefined && !declaration.type.isId) return;
    const value = declaration.type.normalize(attribute.value);
    if (declaration.fixed !== undefined && value !== declaration.fixed) {
      this.report('invalid-attribute-value', attribute, `${where} must be ${quote(declaration.fixed)}, not ${quote(attribute.value, 40)}`);
    } else if (declaration.type.isId) {
      if (this.ids.has(value)) this.report('duplicate-id', attribute, `${where}: the ID ${quote(value, 40)} is already used in this document`);
      this.ids.add(value);
    }
  }

  // ---- messages ---------------------------------------------------------------------------------

  private unexpectedMessage(parent: XmlElement, child: XmlElement, previous: XmlElement | null, state: ContentState, automaton: ContentAutomaton): string {
    const expected = state.expected();
    const where = `in ${quote(parent.qualifiedName)}`;
    const namespaceUri = child.namespaceUri ?? '';
    if (automaton.mentions(keyOf(child), namespaceUri)) {
      // The parent has a place for it, just not here: an order or count problem.
      const position = previous === null ? 'first' : `after ${quote(previous.qualifiedName)}`;
      const next =
        expected.length === 0 ? '' : `: expected ${this.describeNames(expected)}${state.accepting ? ` or the end of ${quote(parent.qualifiedName)}` : ''}`;
      return `${quote(child.qualifiedName)} cannot come ${position} ${where}${next}`;
    }
    const suggestion = closestName(child.localName, [...expected, ...automaton.allNames()]);
    if (suggestion !== null) return `${quote(child.qualifiedName)} is not allowed ${where}; did you mean ${quote(this.displayName(suggestion))}?`;
    const head = `${quote(child.qualifiedName)} is not allowed here ${where}`;
    if (expected.length === 0) return `${head}: no further child element is allowed there`;
    return `${head}: expected ${this.describeNames(expected)}${state.accepting ? ` or the end of ${quote(parent.qualifiedName)}` : ''}`;
  }

  /** "'A'", "'A' or 'B'", "one of 'A', 'B', 'C', …" in the document's own prefixes. */
  private describeNames(names: readonly string[]): string {
    const shown = names.slice(0, 8).map((n) => (n === 'any element' ? n : quote(this.displayName(n), 50)));
    if (shown.length === 1) return shown[0];
    const more = names.length > shown.length ? ', …' : '';
    return `one of ${shown.join(', ')}${more}`;
  }

  /** A grammar name (`se:Fill`) written with the prefix the document uses for that namespace. */
  private displayName(name: string): string {
    const colon = name.indexOf(':');
    if (colon === -1) return name;
    const prefix = this.documentPrefix(name.slice(0, colon));
    return prefix === '' ? name.slice(colon + 1) : `${prefix}:${name.slice(colon + 1)}`;
  }

  /** The prefix the document binds to a grammar prefix's namespace ('' for the default namespace). */
  private documentPrefix(grammarPrefix: string): string {
    const uri = this.grammar.grammar.namespaces[grammarPrefix];
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      for (const declaration of this.scopes[i].namespaceDeclarations) {
        if (declaration.uri === uri) return declaration.prefix ?? '';
      }
    }
    return grammarPrefix;
  }

  private resolvePrefix(prefix: string): string | null | undefined {
    if (prefix === 'xml') return 'http://www.w3.org/XML/1998/namespace';
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      for (const declaration of this.scopes[i].namespaceDeclarations) {
        if ((declaration.prefix ?? '') === prefix) return declaration.uri === '' ? null : declaration.uri;
      }
    }
    return undefined;
  }

  private report(code: SchemaIssueCode, at: { line: number; column: number }, message: string): void {
    this.issues.push({ line: at.line, column: at.column, code, message });
    if (this.issues.length >= this.maxIssues) throw new IssueLimit();
  }
}

function noVisit(): void {}

function hasAttribute(element: XmlElement, declaration: PreparedAttribute): boolean {
  const attributes = element.attributes;
  for (let i = 0; i < attributes.length; i++) {
    const attribute = attributes[i];
    if (attribute.localName === declaration.localName && (attribute.namespaceUri ?? '') === declaration.namespaceUri) return true;
  }
  return false;
}

/**
 * The grammar name (`prefix:local`) whose local name is a likely misspelling of `name`: the same
 * but for case, or at most two edits away for names long enough that this means something.
 */
function closestName(name: string, candidates: readonly string[]): string | null {
  const wanted = name.toLowerCase();
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const local = candidate.slice(candidate.indexOf(':') + 1).toLowerCase();
    if (local === wanted) return candidate;
    if (wanted.length < 5 || Math.abs(local.length - wanted.length) > 2) continue;
    const distance = editDistance(wanted, local);
    if (distance <= 2 && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance (names are short: the quadratic table is cheap). */
function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length];
}

/** Lookup key of a document element: namespace URI (or '') + '\n' + local name. */
function keyOf(element: XmlElement): string {
  return `${element.namespaceUri ?? ''}\n${element.localName}`;
}

function isBlank(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (!isXmlWhitespace(value.charCodeAt(i))) return false;
  return true;
}
