import type { AttributeWildcard, ComplexTypeDefinition, ElementDeclaration, SchemaGrammar, TypeDefinition } from './schema-grammar';
import { ContentAutomaton, type ElementCandidate, type ParticleResolver } from './content-model';
import { prepareSimpleType, type PreparedSimpleType, type SimpleTypeContext } from './simple-types';

export const ANY_TYPE: ComplexTypeDefinition = {
  kind: 'complex',
  mixed: true,
  content: ['a', '##any', 'lax', 0, -1],
  anyAttribute: { namespaces: '##any', process: 'lax' },
};

/** A grammar prepared for validation: lookups by namespace URI, automata built on first use. */
export class CompiledGrammar implements ParticleResolver {
  private readonly globalsByKey = new Map<string, { name: string; declaration: ElementDeclaration }>();
  private readonly members = new Map<string, string[]>();
  private readonly preparedTypes = new Map<string, PreparedType>();
  private readonly candidates = new Map<string, ElementCandidate[]>();

  constructor(readonly grammar: SchemaGrammar) {
    for (const [name, declaration] of Object.entries(grammar.elements)) {
      this.globalsByKey.set(this.keyOfName(name), { name, declaration });
      if (declaration.substitutes !== undefined) {
        const list = this.members.get(declaration.substitutes) ?? [];
        list.push(name);
        this.members.set(declaration.substitutes, list);
      }
    }
  }

  /** `prefix:local` of the grammar → lookup key (namespace URI + '\n' + local name). */
  keyOfName(name: string): string {
    const colon = name.indexOf(':');
    if (colon === -1) return `\n${name}`;
    return `${this.namespaceOf(name.slice(0, colon))}\n${name.slice(colon + 1)}`;
  }

  namespaceOf(prefix: string): string {
    const uri = this.grammar.namespaces[prefix];
    if (uri === undefined) throw new Error(`grammar has no prefix ${prefix}`);
    return uri;
  }

  globalElement(key: string): { name: string; declaration: ElementDeclaration } | undefined {
    return this.globalsByKey.get(key);
  }

  type(key: string): TypeDefinition | undefined {
    if (key === 'xs:anyType') return ANY_TYPE;
    return this.grammar.types[key];
  }

  global(name: string): readonly ElementCandidate[] {
    let list = this.candidates.get(name);
    if (list === undefined) {
      list = [];
      const visit = (member: string, depth: number) => {
        const declaration = this.grammar.elements[member];
        if (declaration === undefined || depth > 32) return;
        if (declaration.abstract !== true) {
          list?.push({
            key: this.keyOfName(member),
            name: member,
            match: { kind: 'element', name: member, type: declaration.type, fixed: declaration.fixed },
          });
        }
        for (const next of this.members.get(member) ?? []) visit(next, depth + 1);
      };
      visit(name, 0);
      this.candidates.set(name, list);
    }
    return list;
  }

  local(name: string, type: string): ElementCandidate {
    return { key: this.keyOfName(name), name, match: { kind: 'element', name, type, fixed: undefined } };
  }

  /** A type ready for validation (automaton, attribute table, text check), prepared on first use. */
  prepared(typeKey: string): PreparedType {
    let prepared = this.preparedTypes.get(typeKey);
    if (prepared === undefined) {
      prepared = this.prepare(typeKey);
      this.preparedTypes.set(typeKey, prepared);
    }
    return prepared;
  }

  private prepare(typeKey: string): PreparedType {
    const definition = typeKey.startsWith('xs:') && typeKey !== 'xs:anyType' ? undefined : this.type(typeKey);
    const lookup: SimpleTypeContext = { lookup: (key) => this.type(key), resolvePrefix: () => undefined };
    if (definition === undefined || definition.kind === 'simple') {
      return { text: prepareSimpleType(typeKey, lookup), textType: typeKey, automaton: null, mixed: false, attributes: NO_ATTRIBUTES };
    }
    const attributes = this.attributeTable(definition, lookup);
    if (definition.simpleContent !== undefined) {
      const textType = definition.simpleContent;
      return { text: prepareSimpleType(textType, lookup), textType, automaton: null, mixed: false, attributes };
    }
    const automaton = new ContentAutomaton(definition.content, this);
    return { text: null, textType: null, automaton, mixed: definition.mixed === true, attributes, empty: definition.content === undefined };
  }

  private attributeTable(definition: ComplexTypeDefinition, lookup: SimpleTypeContext): AttributeTable {
    const byNamespace = new Map<string, Map<string, PreparedAttribute>>();
    const required: PreparedAttribute[] = [];
    for (const [name, declaration] of Object.entries(definition.attributes ?? {})) {
      const colon = name.indexOf(':');
      const namespaceUri = colon === -1 ? '' : this.namespaceOf(name.slice(0, colon));
      const localName = colon === -1 ? name : name.slice(colon + 1);
      const attribute: PreparedAttribute = {
        name,
        namespaceUri,
        localName,
        fixed: declaration.fixed,
        type: prepareSimpleType(declaration.type, lookup),
      };
      let byLocal = byNamespace.get(namespaceUri);
      if (byLocal === undefined) {
        byLocal = new Map();
        byNamespace.set(namespaceUri, byLocal);
      }
      byLocal.set(localName, attribute);
      if (declaration.required === true) required.push(attribute);
    }
    return { byNamespace, required, wildcard: definition.anyAttribute };
  }
}

/** An attribute a type allows, ready for checks. */
export interface PreparedAttribute {
  readonly name: string;
  readonly namespaceUri: string;
  readonly localName: string;
  readonly fixed: string | undefined;
  readonly type: PreparedSimpleType;
}

/** The attributes of a type by namespace URI ('' for none) and local name. */
export interface AttributeTable {
  readonly byNamespace: ReadonlyMap<string, ReadonlyMap<string, PreparedAttribute>>;
  readonly required: readonly PreparedAttribute[];
  readonly wildcard: AttributeWildcard | undefined;
}

export const NO_ATTRIBUTES: AttributeTable = { byNamespace: new Map(), required: [], wildcard: undefined };

/** A type ready for validation. */
export interface PreparedType {
  /** For simple content: the check of the text; `null` for element content. */
  readonly text: PreparedSimpleType | null;
  readonly textType: string | null;
  /** For element content: the content model. */
  readonly automaton: ContentAutomaton | null;
  readonly mixed: boolean;
  /** Element content whose model is empty (no child element, no text). */
  readonly empty?: boolean;
  readonly attributes: AttributeTable;
}

const compiled = new WeakMap<SchemaGrammar, CompiledGrammar>();

/** The grammar prepared for validation (once per grammar object). */
export function compileGrammar(grammar: SchemaGrammar): CompiledGrammar {
  let result = compiled.get(grammar);
  if (result === undefined) {
    result = new CompiledGrammar(grammar);
    compiled.set(grammar, result);
  }
  return result;
}
