import { quote } from './xml-chars';
import { XmlDeclarationReader } from './xml-declaration';
import { XML_NAMESPACE, XMLNS_NAMESPACE, type XmlAttribute, type XmlElement, type XmlNamespaceDeclaration } from './xml-tree';

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

/** Shared by every element that declares no namespace, so they cost no array. */
export const NO_DECLARATIONS: readonly XmlNamespaceDeclaration[] = Object.freeze([]);

/** The parser's third layer: namespace declarations and the names of elements and attributes resolved against them. */
export abstract class XmlNamespaceReader extends XmlDeclarationReader {
  protected readonly bindings = new NamespaceBindings();
  /**
   * One string per distinct name. A tree keeps every name it holds alive, and SLD repeats a few
   * dozen names thousands of times; sharing them cuts what the garbage collector has to copy.
   */
  protected readonly names = new Map<string, string>();

  // ---- namespaces ---------------------------------------------------------------------------

  /**
   * Checks and binds a tag's declarations (before its names are resolved, since a tag may use a
   * prefix it declares itself).
   * @returns the declarations that were bound; refused ones are reported and left out.
   */
  protected declareNamespaces(elementName: string, declarations: XmlNamespaceDeclaration[]): readonly XmlNamespaceDeclaration[] {
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
  protected resolveNames(element: XmlElement, attributes: XmlAttribute[] | null): void {
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
  protected splitName(node: XmlElement | XmlAttribute, colon: number): boolean {
    const name = node.qualifiedName;
    if (colon === 0 || colon === name.length - 1 || name.indexOf(':', colon + 1) !== -1) {
      this.report('invalid-name', node, `${quote(name)} is not a valid name: a colon may only separate a prefix from a local name`);
      return false;
    }
    node.prefix = this.intern(name.slice(0, colon));
    node.localName = this.intern(name.slice(colon + 1));
    return true;
  }

  protected intern(name: string): string {
    const known = this.names.get(name);
    if (known !== undefined) return known;
    this.names.set(name, name);
    return name;
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
