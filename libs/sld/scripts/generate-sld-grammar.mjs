#!/usr/bin/env node
// Generates src/schema/sld-grammar.gen.ts from the official OGC XML Schemas:
//
//   node libs/sld/scripts/generate-sld-grammar.mjs [--check] [SCHEMA_ROOT]
//
// --check writes nothing and exits 1 when the file on disk differs from what the schemas give
// (a test runs it, so a hand edit or a stale file is caught). SCHEMA_ROOT defaults to ../shared/ogc-schemas next to the repository (the offline copy of
// schemas.opengis.net the tests use as an oracle). Run it again whenever the schemas change;
// never edit the generated file by hand. The product never reads the schemas at run time.
//
// For each SLD version the entry schema (sld/<version>/StyledLayerDescriptor.xsd) is loaded with
// everything it includes and imports, and every component reachable from the SLD, SE and Filter
// global elements is compiled into the shape of src/schema/schema-grammar.ts: complex types with
// their extension and restriction resolved, attribute groups and model groups inlined, simple
// types with their facets, and substitution groups as `substitutes` links. Global elements that
// only the GetMap/DescribeLayer/capabilities documents of SLD 1.1.0 use (and the WMS, OWS and WFS
// schemas behind them) are left out: an SLD document can only reach them through the strict
// wildcard of ogc:Literal, which this grammar then treats as undeclared.
//
// The XSD files are read with the library's own XML parser (src/xml), loaded through require-ts.
import { createRequire } from 'node:module';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const requireTs = require('./require-ts.cjs');
const { parseXml } = requireTs(join(here, '../src/xml/xml-parser.ts'));

const args = process.argv.slice(2);
const CHECK = args.includes('--check');
const SCHEMA_ROOT = resolve(args.find((a) => !a.startsWith('--')) ?? join(here, '../../../../shared/ogc-schemas'));
const OUTPUT = join(here, '../src/schema/sld-grammar.gen.ts');

const XS = 'http://www.w3.org/2001/XMLSchema';
const PREFIXES = new Map([
  ['http://www.opengis.net/sld', 'sld'],
  ['http://www.opengis.net/se', 'se'],
  ['http://www.opengis.net/ogc', 'ogc'],
  ['http://www.opengis.net/gml', 'gml'],
  ['http://www.w3.org/1999/xlink', 'xlink'],
  ['http://www.w3.org/XML/1998/namespace', 'xml'],
  ['http://www.w3.org/2001/SMIL20/', 'smil'],
  ['http://www.w3.org/2001/SMIL20/Language', 'smil-lang'],
  ['http://www.opengis.net/ows', 'ows'],
  ['http://www.opengis.net/wms', 'wms'],
  ['http://www.opengis.net/wfs', 'wfs'],
  [XS, 'xs'],
]);

/** Entry schema and the files whose global elements seed the grammar, per SLD version. */
const VERSIONS = {
  '1.0.0': { entry: 'sld/1.0.0/StyledLayerDescriptor.xsd', seeds: [/^sld\/1\.0\.0\/StyledLayerDescriptor\.xsd$/, /^filter\/1\.0\.0\//] },
  '1.1.0': { entry: 'sld/1.1.0/StyledLayerDescriptor.xsd', seeds: [/^sld\/1\.1\.0\/StyledLayerDescriptor\.xsd$/, /^se\/1\.1\.0\//, /^filter\/1\.1\.0\//] },
};

const UNBOUNDED = -1;

// ---- loading ------------------------------------------------------------------------------------

const elementChildren = (node) => node.children.filter((c) => c.kind === 'element');
const xsChildren = (node) => elementChildren(node).filter((c) => c.namespaceUri === XS && c.localName !== 'annotation');
const attr = (node, name) => node.attributes.find((a) => a.localName === name && a.namespaceUri === null)?.value;

class SchemaSet {
  constructor(root) {
    this.root = root;
    /** path → { tns, elementForm, attributeForm } */
    this.documents = new Map();
    /** node → Map prefix → uri (in-scope bindings) */
    this.scopes = new Map();
    /** node → document info */
    this.owner = new Map();
    this.globals = { element: new Map(), complexType: new Map(), simpleType: new Map(), attribute: new Map(), attributeGroup: new Map(), group: new Map() };
  }

  load(path) {
    const rel = relative(this.root, path).split('\\').join('/');
    if (this.documents.has(rel)) return;
    const parsed = parseXml(readFileSync(path, 'utf8'));
    if (!parsed.root) throw new Error(`${rel}: ${parsed.issues.map((i) => `${i.line}:${i.column} ${i.message}`).join('; ')}`);
    const schema = parsed.root;
    const doc = {
      path: rel,
      tns: attr(schema, 'targetNamespace') ?? '',
      elementForm: attr(schema, 'elementFormDefault') ?? 'unqualified',
      attributeForm: attr(schema, 'attributeFormDefault') ?? 'unqualified',
    };
    this.documents.set(rel, doc);
    this.index(schema, new Map([['xml', 'http://www.w3.org/XML/1998/namespace']]), doc);
    for (const child of xsChildren(schema)) {
      const kind = child.localName;
      if (kind === 'include' || kind === 'import') {
        const location = attr(child, 'schemaLocation');
        if (location) this.load(resolve(dirname(path), location));
      } else if (kind === 'redefine') {
        throw new Error(`${rel}: xs:redefine is not supported`);
      } else if (this.globals[kind]) {
        const key = `{${doc.tns}}${attr(child, 'name')}`;
        if (!this.globals[kind].has(key)) this.globals[kind].set(key, child);
      }
    }
  }

  index(node, parentScope, doc) {
    let scope = parentScope;
    if (node.namespaceDeclarations.length > 0) {
      scope = new Map(parentScope);
      for (const d of node.namespaceDeclarations) scope.set(d.prefix ?? '', d.uri);
    }
    this.scopes.set(node, scope);
    this.owner.set(node, doc);
    for (const child of elementChildren(node)) this.index(child, scope, doc);
  }

  /** Resolves a QName written in the schema at `node` to `{uri}local`. */
  qname(node, value) {
    const colon = value.indexOf(':');
    const prefix = colon === -1 ? '' : value.slice(0, colon);
    const local = colon === -1 ? value : value.slice(colon + 1);
    const uri = this.scopes.get(node).get(prefix);
    if (uri === undefined && prefix !== '') throw new Error(`${this.owner.get(node).path}: unbound prefix in ${value}`);
    return `{${uri ?? ''}}${local}`;
  }
}

// ---- compiling ----------------------------------------------------------------------------------

function splitKey(key) {
  const close = key.indexOf('}');
  return [key.slice(1, close), key.slice(close + 1)];
}

class Compiler {
  constructor(set) {
    this.set = set;
    this.namespaces = new Map();
    this.elements = new Map();
    this.types = new Map();
    this.queue = [];
  }

  /** `{uri}local` → `prefix:local` (or `local` when in no namespace). */
  name(key) {
    const [uri, local] = splitKey(key);
    if (uri === '') return local;
    let prefix = PREFIXES.get(uri);
    if (!prefix) throw new Error(`no prefix for namespace ${uri}`);
    if (prefix !== 'xs') this.namespaces.set(prefix, uri);
    return `${prefix}:${local}`;
  }

  requireElement(key) {
    if (!this.set.globals.element.has(key)) throw new Error(`undeclared element ${key}`);
    if (!this.elements.has(key) && !this.queue.includes(key)) this.queue.push(key);
    return this.name(key);
  }

  run(seeds) {
    for (const key of seeds) this.requireElement(key);
    for (;;) {
      while (this.queue.length > 0) {
        const key = this.queue.shift();
        if (!this.elements.has(key)) this.compileGlobalElement(key);
      }
      // Members of a reachable substitution group are reachable too.
      let added = false;
      for (const [key, node] of this.set.globals.element) {
        if (this.elements.has(key)) continue;
        const head = attr(node, 'substitutionGroup');
        if (head && this.elements.has(this.set.qname(node, head))) {
          this.requireElement(key);
          added = true;
        }
      }
      if (!added) break;
    }
  }

  compileGlobalElement(key) {
    const node = this.set.globals.element.get(key);
    const name = this.name(key);
    this.elements.set(key, null); // placeholder against cycles
    const decl = {};
    const head = attr(node, 'substitutionGroup');
    decl.type = this.elementType(node, name, head ? this.set.qname(node, head) : null);
    if (attr(node, 'abstract') === 'true') decl.abstract = true;
    if (head) decl.substitutes = this.requireElement(this.set.qname(node, head));
    const fixed = attr(node, 'fixed');
    if (fixed !== undefined) decl.fixed = fixed;
    this.elements.set(key, decl);
  }

  /** The type key of an element declaration (named, anonymous, or its head's). */
  elementType(node, context, headKey) {
    const type = attr(node, 'type');
    if (type) return this.typeRef(node, type);
    const anonymous = xsChildren(node).find((c) => c.localName === 'complexType' || c.localName === 'simpleType');
    if (anonymous) return this.compileAnonymous(anonymous, `#${context}`);
    if (headKey) {
      this.compileGlobalElementNow(headKey);
      return this.elements.get(headKey).type;
    }
    return 'xs:anyType';
  }

  compileGlobalElementNow(key) {
    if (!this.elements.has(key)) this.compileGlobalElement(key);
    if (this.elements.get(key) === null) throw new Error(`cyclic type defaulting at ${key}`);
  }

  /** A type named at `node` by a QName: built-in `xs:…`, or a named type compiled on first use. */
  typeRef(node, value) {
    const key = this.set.qname(node, value);
    const [uri, local] = splitKey(key);
    if (uri === XS) return `xs:${local}`;
    const name = this.name(key);
    if (this.types.has(name)) return name;
    const definition = this.set.globals.complexType.get(key) ?? this.set.globals.simpleType.get(key);
    if (!definition) throw new Error(`undeclared type ${key}`);
    this.types.set(name, null); // placeholder against cycles
    this.types.set(name, definition.localName === 'complexType' ? this.complexType(definition, name) : this.simpleType(definition, name));
    return name;
  }

  compileAnonymous(node, key) {
    if (this.types.has(key)) throw new Error(`anonymous type key collision: ${key}`);
    this.types.set(key, null);
    this.types.set(key, node.localName === 'complexType' ? this.complexType(node, key) : this.simpleType(node, key));
    return key;
  }

  typeDefinition(key) {
    if (key === 'xs:anyType')
      return { kind: 'complex', mixed: true, content: ['a', '##any', 'lax', 0, UNBOUNDED], anyAttribute: { namespaces: '##any', process: 'lax' } };
    if (key.startsWith('xs:')) return { kind: 'simple', base: key };
    const definition = this.types.get(key);
    if (!definition) throw new Error(`type ${key} used before it is compiled`);
    return definition;
  }

  complexType(node, key) {
    let mixed = attr(node, 'mixed') === 'true';
    const result = { kind: 'complex' };
    if (attr(node, 'abstract') === 'true') result.abstract = true;
    const body = xsChildren(node);
    const contentNode = body.find((c) => c.localName === 'simpleContent' || c.localName === 'complexContent');
    let content;
    let attributes;
    if (contentNode?.localName === 'complexContent') {
      if (attr(contentNode, 'mixed') !== undefined) mixed = attr(contentNode, 'mixed') === 'true';
      const derivation = xsChildren(contentNode)[0];
      const base = this.typeDefinition(this.typeRef(derivation, attr(derivation, 'base')));
      const own = this.modelGroup(derivation, key);
      const ownAttributes = this.attributes(derivation, key);
      if (derivation.localName === 'extension') {
        content = base.content && own ? ['s', 1, 1, [base.content, own]] : (base.content ?? own);
        attributes = mergeAttributes(base, ownAttributes, false);
      } else {
        content = own;
        attributes = mergeAttributes(base, ownAttributes, true);
      }
    } else if (contentNode?.localName === 'simpleContent') {
      const derivation = xsChildren(contentNode)[0];
      const baseKey = this.typeRef(derivation, attr(derivation, 'base'));
      const base = this.typeDefinition(baseKey);
      const valueType = base.kind === 'complex' ? base.simpleContent : baseKey;
      if (!valueType) throw new Error(`${key}: simple content derived from a type without simple content`);
      const ownAttributes = this.attributes(derivation, key);
      if (derivation.localName === 'extension') {
        result.simpleContent = valueType;
        attributes = mergeAttributes(base.kind === 'complex' ? base : {}, ownAttributes, false);
      } else {
        const facets = this.facets(derivation);
        result.simpleContent = Object.keys(facets).length === 0 ? valueType : this.addType(`${key}/value`, { kind: 'simple', base: valueType, ...facets });
        attributes = mergeAttributes(base, ownAttributes, true);
      }
    } else {
      content = this.modelGroup(node, key);
      attributes = this.attributes(node, key);
    }
    if (mixed) result.mixed = true;
    if (content) result.content = content;
    if (attributes.attributes && Object.keys(attributes.attributes).length > 0) result.attributes = attributes.attributes;
    if (attributes.anyAttribute) result.anyAttribute = attributes.anyAttribute;
    return result;
  }

  addType(key, definition) {
    if (this.types.has(key)) throw new Error(`type key collision: ${key}`);
    this.types.set(key, definition);
    return key;
  }

  /** The model group (sequence, choice, group reference) among `node`'s children, or undefined. */
  modelGroup(node, context) {
    const group = xsChildren(node).find((c) => ['sequence', 'choice', 'group', 'all'].includes(c.localName));
    return group ? this.particle(group, context) : undefined;
  }

  particle(node, context) {
    const min = Number(attr(node, 'minOccurs') ?? 1);
    const maxValue = attr(node, 'maxOccurs') ?? '1';
    const max = maxValue === 'unbounded' ? UNBOUNDED : Number(maxValue);
    switch (node.localName) {
      case 'element': {
        const ref = attr(node, 'ref');
        if (ref) return ['e', this.requireElement(this.set.qname(node, ref)), min, max];
        const doc = this.set.owner.get(node);
        const qualified = (attr(node, 'form') ?? doc.elementForm) === 'qualified';
        const name = this.name(`{${qualified ? doc.tns : ''}}${attr(node, 'name')}`);
        return ['l', name, this.elementType(node, `${context.replace(/^#/, '')}/${name}`, null), min, max];
      }
      case 'sequence':
      case 'choice': {
        const children = xsChildren(node).map((c) => this.particle(c, context));
        return [node.localName === 'sequence' ? 's' : 'c', min, max, children];
      }
      case 'group': {
        const definition = this.set.globals.group.get(this.set.qname(node, attr(node, 'ref')));
        const inner = this.particle(xsChildren(definition)[0], context);
        return [inner[0], min, max, inner[3]];
      }
      case 'any':
        return ['a', this.wildcardNamespaces(node), attr(node, 'processContents') ?? 'strict', min, max];
      default:
        throw new Error(`unsupported particle xs:${node.localName}`);
    }
  }

  wildcardNamespaces(node) {
    const value = (attr(node, 'namespace') ?? '##any').trim();
    const tns = this.set.owner.get(node).tns;
    if (value === '##any') return '##any';
    if (value === '##other') return { not: tns };
    return value.split(/\s+/).map((v) => (v === '##targetNamespace' ? tns : v === '##local' ? '' : v));
  }

  /** Attributes and attribute wildcard declared among `node`'s children (groups expanded). */
  attributes(node, context) {
    const attributes = {};
    let anyAttribute;
    const prohibited = [];
    for (const child of xsChildren(node)) {
      if (child.localName === 'attribute') {
        const [name, declaration] = this.attribute(child, context);
        if (attr(child, 'use') === 'prohibited') prohibited.push(name);
        else attributes[name] = declaration;
      } else if (child.localName === 'attributeGroup') {
        const group = this.set.globals.attributeGroup.get(this.set.qname(child, attr(child, 'ref')));
        if (!group) throw new Error(`undeclared attribute group ${attr(child, 'ref')}`);
        const inner = this.attributes(group, context);
        Object.assign(attributes, inner.attributes);
        anyAttribute ??= inner.anyAttribute;
      } else if (child.localName === 'anyAttribute') {
        anyAttribute = { namespaces: this.wildcardNamespaces(child), process: attr(child, 'processContents') ?? 'strict' };
      }
    }
    return { attributes, anyAttribute, prohibited };
  }

  attribute(node, context) {
    const ref = attr(node, 'ref');
    let name;
    let type;
    let fixed = attr(node, 'fixed');
    if (ref) {
      const key = this.set.qname(node, ref);
      const global = this.set.globals.attribute.get(key);
      if (!global) throw new Error(`undeclared attribute ${key}`);
      name = this.name(key);
      type = this.attributeType(global, `${name}`);
      // libxml2, the tests' oracle, ignores a fixed value given where an attribute is referenced
      // (in these schemas only xlink:type="simple" of xlink:simpleAttrs); so does this grammar.
      fixed = attr(global, 'fixed');
    } else {
      const doc = this.set.owner.get(node);
      const qualified = (attr(node, 'form') ?? doc.attributeForm) === 'qualified';
      name = this.name(`{${qualified ? doc.tns : ''}}${attr(node, 'name')}`);
      type = this.attributeType(node, `${context}@${name}`);
    }
    const declaration = { type };
    if (attr(node, 'use') === 'required') declaration.required = true;
    if (fixed !== undefined) declaration.fixed = fixed;
    return [name, declaration];
  }

  attributeType(node, context) {
    const type = attr(node, 'type');
    if (type) return this.typeRef(node, type);
    const anonymous = xsChildren(node).find((c) => c.localName === 'simpleType');
    if (!anonymous) return 'xs:anySimpleType';
    const key = `#${context.replace(/^#/, '')}`;
    return this.types.has(key) ? key : this.compileAnonymous(anonymous, key);
  }

  simpleType(node, key) {
    const derivation = xsChildren(node)[0];
    switch (derivation.localName) {
      case 'restriction': {
        const baseName = attr(derivation, 'base');
        const inner = xsChildren(derivation).find((c) => c.localName === 'simpleType');
        const base = baseName ? this.typeRef(derivation, baseName) : this.compileAnonymous(inner, `${key}/base`);
        return { kind: 'simple', base, ...this.facets(derivation) };
      }
      case 'list': {
        const itemName = attr(derivation, 'itemType');
        const inner = xsChildren(derivation).find((c) => c.localName === 'simpleType');
        return { kind: 'simple', list: itemName ? this.typeRef(derivation, itemName) : this.compileAnonymous(inner, `${key}/item`) };
      }
      case 'union': {
        const members = (attr(derivation, 'memberTypes') ?? '')
          .split(/\s+/)
          .filter(Boolean)
          .map((m) => this.typeRef(derivation, m));
        xsChildren(derivation)
          .filter((c) => c.localName === 'simpleType')
          .forEach((c, i) => members.push(this.compileAnonymous(c, `${key}/member${i}`)));
        return { kind: 'simple', union: members };
      }
      default:
        throw new Error(`${key}: unsupported simple type derivation ${derivation.localName}`);
    }
  }

  facets(derivation) {
    const facets = {};
    for (const facet of xsChildren(derivation)) {
      const value = attr(facet, 'value');
      switch (facet.localName) {
        case 'enumeration':
        case 'pattern':
          (facets[facet.localName] ??= []).push(value);
          break;
        case 'length':
        case 'minLength':
        case 'maxLength':
          facets[facet.localName] = Number(value);
          break;
        case 'minInclusive':
        case 'maxInclusive':
        case 'minExclusive':
        case 'maxExclusive':
          facets[facet.localName] = value;
          break;
        case 'simpleType':
        case 'attribute':
        case 'attributeGroup':
        case 'anyAttribute':
          break;
        default:
          throw new Error(`unsupported facet ${facet.localName}`);
      }
    }
    // All patterns of one restriction step are alternatives (XSD §4.3.4): join them.
    if (facets.pattern) facets.pattern = [facets.pattern.length === 1 ? facets.pattern[0] : facets.pattern.map((p) => `(${p})`).join('|')];
    return facets;
  }
}

function mergeAttributes(base, own, restriction) {
  const attributes = { ...(base.attributes ?? {}), ...own.attributes };
  if (restriction) for (const name of own.prohibited) delete attributes[name];
  const anyAttribute = restriction ? own.anyAttribute : (own.anyAttribute ?? base.anyAttribute);
  return { attributes, anyAttribute };
}

// ---- emitting -----------------------------------------------------------------------------------

function compileVersion(version) {
  const { entry, seeds } = VERSIONS[version];
  const set = new SchemaSet(SCHEMA_ROOT);
  set.load(join(SCHEMA_ROOT, entry));
  const seedKeys = [];
  for (const [key, node] of set.globals.element) {
    const path = set.owner.get(node).path;
    if (seeds.some((s) => s.test(path))) seedKeys.push(key);
  }
  const compiler = new Compiler(set);
  compiler.run(seedKeys);
  const sortByKey = (entries) => entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const elements = sortByKey([...compiler.elements].map(([key, decl]) => [compiler.name(key), decl]));
  const types = sortByKey([...compiler.types]);
  const namespaces = Object.fromEntries(sortByKey([...compiler.namespaces]));
  return { version, files: set.documents.size, namespaces, root: 'sld:StyledLayerDescriptor', elements, types };
}

function emitGrammar(constant, grammar) {
  const lines = [];
  lines.push(`export const ${constant}: SchemaGrammar = {`);
  lines.push(`  version: ${JSON.stringify(grammar.version)},`);
  lines.push(`  namespaces: ${JSON.stringify(grammar.namespaces)},`);
  lines.push(`  root: ${JSON.stringify(grammar.root)},`);
  lines.push('  elements: {');
  for (const [name, decl] of grammar.elements) lines.push(`    ${JSON.stringify(name)}: ${JSON.stringify(decl)},`);
  lines.push('  },');
  lines.push('  types: {');
  for (const [key, definition] of grammar.types) lines.push(`    ${JSON.stringify(key)}: ${JSON.stringify(definition)},`);
  lines.push('  },');
  lines.push('};');
  return lines.join('\n');
}

const grammars = Object.keys(VERSIONS).map(compileVersion);
const output = [
  '// GENERATED by libs/sld/scripts/generate-sld-grammar.mjs from the official OGC XML Schemas',
  '// (SLD 1.0.0 with Filter 1.0.0 and GML 2.1.2; SLD 1.1.0 with SE 1.1.0, Filter 1.1.0 and GML 3.1.1).',
  '// Do not edit: change the generator and run it again. See schema-grammar.ts for the format.',
  "import type { SchemaGrammar } from './schema-grammar';",
  '',
  ...grammars.flatMap((g) => [
    `/** SLD ${g.version}: ${g.elements.length} elements and ${g.types.length} types from ${g.files} schema files. */`,
    emitGrammar(`SLD_${g.version.replace(/\./g, '_')}_GRAMMAR`, g),
    '',
  ]),
].join('\n');
if (CHECK) {
  const current = existsSync(OUTPUT) ? readFileSync(OUTPUT, 'utf8') : '';
  if (current !== output) {
    console.error(`${relative(process.cwd(), OUTPUT)} is not what the schemas give: run node libs/sld/scripts/generate-sld-grammar.mjs`);
    process.exit(1);
  }
  console.log(`${relative(process.cwd(), OUTPUT)} is up to date`);
} else {
  writeFileSync(OUTPUT, output);
  for (const g of grammars) console.log(`SLD ${g.version}: ${g.elements.length} elements, ${g.types.length} types, ${g.files} schema files`);
  console.log(`wrote ${relative(process.cwd(), OUTPUT)} (${(output.length / 1024).toFixed(0)} KiB)`);
}
