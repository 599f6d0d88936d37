// Extends a generated grammar with content the official schemas lack (vendor extensions), as
// data: new element declarations and types, particles inserted into an element's content model,
// attributes added to an element's type. The generated grammar is never modified: the extended
// one copies what it changes.
import type { AttributeDeclaration, ElementDeclaration, Particle, SchemaGrammar, TypeDefinition } from './schema-grammar';

/** One extension of a grammar. */
export interface GrammarExtension {
  /** What the extension is, in a few words (documentation and tests). */
  readonly description: string;
  /** New global elements. */
  readonly elements?: Readonly<Record<string, ElementDeclaration>>;
  /** New types (keys must not clash with the grammar's). */
  readonly types?: Readonly<Record<string, TypeDefinition>>;
  /** Particles added to the content model of each listed element's type. */
  readonly content?: readonly ContentPatch[];
  /** Attributes added to each listed element's type. */
  readonly attributes?: readonly AttributePatch[];
}

/** Particles inserted into the top-level sequence of an element's content. */
export interface ContentPatch {
  /** Elements (global names) whose type gets the particles. */
  readonly elements: readonly string[];
  readonly particles: readonly Particle[];
  /**
   * Insert before the top-level particle that references this element; without it the particles
   * are appended at the end of the content.
   */
  readonly before?: string;
}

/** Attributes added to an element's type. */
export interface AttributePatch {
  readonly elements: readonly string[];
  readonly attributes: Readonly<Record<string, AttributeDeclaration>>;
}

/**
 * @returns a grammar with the extensions applied. Each patched element gets a type of its own
 *   (`<type>+ext`), so other elements sharing its original type are unchanged.
 * @throws when an extension does not fit the grammar: a bug in the extension data, caught by tests.
 */
export function extendGrammar(base: SchemaGrammar, extensions: readonly GrammarExtension[]): SchemaGrammar {
  const elements: Record<string, ElementDeclaration> = { ...base.elements };
  const types: Record<string, TypeDefinition> = { ...base.types };
  const ownType = (elementName: string) => {
    const declaration = elements[elementName];
    if (declaration === undefined) throw new Error(`extension names unknown element ${elementName}`);
    const key = declaration.type.endsWith('+ext') ? declaration.type : `${declaration.type}+ext`;
    if (key !== declaration.type) {
      const original = types[declaration.type];
      if (original?.kind !== 'complex') throw new Error(`extension patches ${elementName}, whose type is not complex`);
      // Elements sharing a type share its extended copy too, made once.
      if (types[key] === undefined) types[key] = { ...original };
      elements[elementName] = { ...declaration, type: key };
    }
    return key;
  };
  for (const extension of extensions) {
    for (const [name, declaration] of Object.entries(extension.elements ?? {})) {
      if (elements[name] !== undefined) throw new Error(`extension redeclares ${name}`);
      elements[name] = declaration;
    }
    for (const [key, definition] of Object.entries(extension.types ?? {})) {
      if (types[key] !== undefined) throw new Error(`extension redefines type ${key}`);
      types[key] = definition;
    }
    for (const patch of extension.content ?? []) {
      for (const elementName of patch.elements) {
        const key = ownType(elementName);
        const definition = types[key];
        if (definition.kind !== 'complex') continue;
        types[key] = { ...definition, content: insertParticles(definition.content, patch) };
      }
    }
    for (const patch of extension.attributes ?? []) {
      for (const elementName of patch.elements) {
        const key = ownType(elementName);
        const definition = types[key];
        if (definition.kind !== 'complex') continue;
        types[key] = { ...definition, attributes: { ...definition.attributes, ...patch.attributes } };
      }
    }
  }
  return { ...base, elements, types };
}

function insertParticles(content: Particle | undefined, patch: ContentPatch): Particle {
  if (patch.before === undefined) {
    return content === undefined ? ['s', 1, 1, patch.particles] : ['s', 1, 1, [content, ...patch.particles]];
  }
  const inserted = content === undefined ? null : insertBefore(content, patch.before, patch.particles);
  if (inserted === null) throw new Error(`extension: no particle for ${patch.before} to insert before`);
  return inserted;
}

/** Inserts before the particle naming `target` in a (possibly nested) sequence; `null` when not found. */
function insertBefore(particle: Particle, target: string, particles: readonly Particle[]): Particle | null {
  if (particle[0] !== 's') return null;
  const children = particle[3];
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    const names = (p: Particle) => (p[0] === 'e' || p[0] === 'l') && p[1] === target;
    if (names(child) || (child[0] === 'c' && child[3].some(names))) {
      return ['s', particle[1], particle[2], [...children.slice(0, i), ...particles, ...children.slice(i)]];
    }
    const nested = insertBefore(child, target, particles);
    if (nested !== null) return ['s', particle[1], particle[2], [...children.slice(0, i), nested, ...children.slice(i + 1)]];
  }
  return null;
}
