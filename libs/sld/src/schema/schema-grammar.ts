// The shape of a compiled XML Schema: the subset of XSD 1.0 the OGC schemas for SLD 1.0.0 and
// SLD/SE 1.1.0 use, with every derivation already resolved, so a validator needs no XSD logic.
// `sld-grammar.gen.ts` holds the two grammars, generated from the official schemas by
// `scripts/generate-sld-grammar.mjs`; `geoserver-extensions.ts` patches them.
//
// Names are written `prefix:local` with the grammar's own prefix table (`namespaces`); an
// unprefixed name is in no namespace. Built-in XSD types are `xs:…` and are not listed in `types`.

/** Upper bound of occurrences; {@link UNBOUNDED} for `maxOccurs="unbounded"`. */
export type MaxOccurs = number;

/** `maxOccurs="unbounded"`. */
export const UNBOUNDED = -1;

/** How a wildcard (`xs:any`, `xs:anyAttribute`) treats what it matches. */
export type ProcessContents = 'strict' | 'lax' | 'skip';

/**
 * The namespaces a wildcard matches: `'##any'`, `{ not: uri }` for `##other` (any namespace but
 * that one, and not "no namespace"), or a list of URIs where `''` stands for "no namespace".
 */
export type WildcardNamespaces = '##any' | { readonly not: string } | readonly string[];

/**
 * One particle of a content model, as a tuple (the generated file holds thousands of them):
 * - `['e', name, min, max]` — a global element, or any member of its substitution group;
 * - `['l', name, type, min, max]` — a local element declaration with its type;
 * - `['s', min, max, children]` — a sequence; `['c', min, max, children]` — a choice;
 * - `['a', namespaces, process, min, max]` — an element wildcard (`xs:any`).
 */
export type Particle =
  | readonly ['e', string, number, MaxOccurs]
  | readonly ['l', string, string, number, MaxOccurs]
  | readonly ['s', number, MaxOccurs, readonly Particle[]]
  | readonly ['c', number, MaxOccurs, readonly Particle[]]
  | readonly ['a', WildcardNamespaces, ProcessContents, number, MaxOccurs];

/** A global element declaration. */
export interface ElementDeclaration {
  /** Its type: a key of {@link SchemaGrammar.types} or a built-in `xs:` type. */
  readonly type: string;
  /** Abstract elements never appear themselves, only members of their substitution group. */
  readonly abstract?: true;
  /** The head of the substitution group this element belongs to. */
  readonly substitutes?: string;
  /** A value the element's content must have, when the schema fixes one. */
  readonly fixed?: string;
}

/** An attribute a complex type allows. */
export interface AttributeDeclaration {
  /** A simple type: a key of {@link SchemaGrammar.types} or a built-in `xs:` type. */
  readonly type: string;
  readonly required?: true;
  /** The only value allowed, when the schema fixes one. */
  readonly fixed?: string;
}

/** An attribute wildcard (`xs:anyAttribute`). */
export interface AttributeWildcard {
  readonly namespaces: WildcardNamespaces;
  readonly process: ProcessContents;
}

/** A complex type with its derivation resolved (extension content appended, attributes merged). */
export interface ComplexTypeDefinition {
  readonly kind: 'complex';
  /** Text may be mixed with the child elements. */
  readonly mixed?: true;
  /** The content model; absent for empty content (or for simple content, see `simpleContent`). */
  readonly content?: Particle;
  /** For simple content: the simple type of the text; the element then has no child elements. */
  readonly simpleContent?: string;
  /** Allowed attributes by name (`name`, or `prefix:name` for a namespaced one). */
  readonly attributes?: Readonly<Record<string, AttributeDeclaration>>;
  readonly anyAttribute?: AttributeWildcard;
  readonly abstract?: true;
}

/**
 * A simple type: an atomic restriction of `base` with facets, a list of `list` items, or a union
 * of `union` members. Facets of every restriction step are checked in turn (base first).
 */
export interface SimpleTypeDefinition {
  readonly kind: 'simple';
  /** The type this one restricts (a key of `types` or a built-in); absent for list and union types. */
  readonly base?: string;
  /** Item type of a list type (whitespace-separated values). */
  readonly list?: string;
  /** Member types of a union type: a value is valid when one of them accepts it. */
  readonly union?: readonly string[];
  readonly enumeration?: readonly string[];
  /** XSD regular expressions; the value must match each (they come from successive restrictions). */
  readonly pattern?: readonly string[];
  readonly length?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minInclusive?: string;
  readonly maxInclusive?: string;
  readonly minExclusive?: string;
  readonly maxExclusive?: string;
}

/** A type definition of a grammar. */
export type TypeDefinition = ComplexTypeDefinition | SimpleTypeDefinition;

/** Everything needed to validate one SLD version. */
export interface SchemaGrammar {
  /** The SLD version this grammar validates. */
  readonly version: string;
  /** Prefix → namespace URI for every name in this grammar. */
  readonly namespaces: Readonly<Record<string, string>>;
  /** The document element's name. */
  readonly root: string;
  /** Global element declarations by name. */
  readonly elements: Readonly<Record<string, ElementDeclaration>>;
  /** Named and anonymous (`#…`) type definitions by key. */
  readonly types: Readonly<Record<string, TypeDefinition>>;
}
