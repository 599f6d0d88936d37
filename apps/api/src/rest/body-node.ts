import { CatalogError, nodesFromJson, type WireNode } from '@geocatalog/catalog-model';
import { parseXml } from '@geocatalog/sld';
import { xml2js, type Element } from 'xml-js';
import { illegalCharacterIn, illegalCharacterMessage } from './xml-characters';

/** A request body read into one shape whatever its format (see `WireNode`). */
export type BodyNode = WireNode;
export { boolOf, child, childrenNamed, textOf } from '@geocatalog/catalog-model';

/** Deepest nesting a catalog body may have; real ones need fewer than ten levels. */
export const MAX_BODY_DEPTH = 64;

function tooDeep(): CatalogError {
  return new CatalogError('MALFORMED_BODY', `The body is nested deeper than ${MAX_BODY_DEPTH} levels`);
}

/**
 * Reads an XML body. The safety rules are those of every XML the api reads, SLD included: the
 * one parser of `@geocatalog/sld` decides (no DOCTYPE, no entity but the five predefined ones,
 * no character XML 1.0 cannot carry, bounded depth), and a refusal is a 400 naming the line and
 * column. xml-js then turns the vetted document into the element tree the readers walk.
 */
export function parseXmlBody(xml: string): BodyNode {
  const checked = parseXml(xml, { maxDepth: MAX_BODY_DEPTH, maxIssues: 1 });
  const issue = checked.issues[0];
  if (issue) {
    if (issue.code === 'nesting-too-deep') throw tooDeep();
    throw new CatalogError('MALFORMED_BODY', `Malformed XML: ${issue.message} at line ${issue.line}, column ${issue.column}`);
  }
  const parsed = xml2js(xml, { compact: false, trim: false, nativeType: false, alwaysChildren: true }) as Element;
  const roots = (parsed.elements ?? []).filter((el) => el.type === 'element');
  return checkedText(fromXmlElement(roots[0]));
}

function localName(name: string): string {
  const i = name.indexOf(':');
  return i >= 0 ? name.slice(i + 1) : name;
}

function fromXmlElement(el: Element): BodyNode {
  const attrs: Record<string, string> = {};
  for (const [k, v] of Object.entries(el.attributes ?? {})) {
    if (!k.startsWith('xmlns')) attrs[localName(k)] = String(v);
  }
  const children: BodyNode[] = [];
  let text = '';
  for (const child of el.elements ?? []) {
    if (child.type === 'element') children.push(fromXmlElement(child));
    else if (child.type === 'text' || child.type === 'cdata') text += String(child.text ?? child.cdata ?? '');
  }
  return { name: localName(el.name ?? ''), attrs, text: children.length ? undefined : text.trim(), children };
}

/** Reads a JSON body of the form `{"root": {...}}` into a node tree. */
export function parseJsonBody(json: string): BodyNode {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (e) {
    throw new CatalogError('MALFORMED_BODY', `Malformed JSON: ${(e as Error).message}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new CatalogError('MALFORMED_BODY', 'Malformed JSON: the body must be an object with one root key');
  }
  const keys = Object.keys(value);
  if (keys.length !== 1) {
    throw new CatalogError('MALFORMED_BODY', 'Malformed JSON: the body must be an object with one root key');
  }
  const nodes = nodesFromJson(keys[0], (value as Record<string, unknown>)[keys[0]], MAX_BODY_DEPTH, tooDeep);
  return checkedText(nodes[0] ?? { name: keys[0], attrs: {}, children: [] });
}

/**
 * The input rule for bodies: no element or key name, attribute or text may hold a character
 * XML 1.0 cannot carry (a JSON `\u0001` or `\u0000`, an XML `&#1;`); 400 naming the field, so
 * such text is never stored and never written raw into XML.
 */
function checkedText(root: BodyNode): BodyNode {
  const visit = (node: BodyNode, path: string): void => {
    const where = path ? `${path}/${node.name}` : node.name;
    const refuse = (field: string, character: string): never => {
      throw new CatalogError('INVALID_VALUE', illegalCharacterMessage(`The body's ${field}`, character));
    };
    const inName = illegalCharacterIn(node.name);
    if (inName) refuse(`element name under '${path || '(root)'}'`, inName);
    for (const [key, value] of Object.entries(node.attrs)) {
      const character = illegalCharacterIn(key) ?? illegalCharacterIn(value);
      if (character) refuse(`attribute '${illegalCharacterIn(key) ? '(name)' : key}' of '${where}'`, character);
    }
    const inText = node.text === undefined ? undefined : illegalCharacterIn(node.text);
    if (inText) refuse(`'${where}'`, inText);
    for (const c of node.children) visit(c, where);
  };
  visit(root, '');
  return root;
}

/** Checks the root element's name (case-insensitively) or refuses the body with a 400. */
export function expectRoot(node: BodyNode, expected: string): BodyNode {
  if (node.name.toLowerCase() !== expected.toLowerCase()) {
    throw new CatalogError('WRONG_ROOT', `Expected a '${expected}' document but the root element is '${node.name}'`);
  }
  return node;
}
