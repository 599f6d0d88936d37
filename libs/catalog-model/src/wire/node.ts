import { CatalogError } from '../errors';

/**
 * A catalog body read into one shape whatever its format: XML elements and JSON objects both
 * become named nodes with attributes, text and children. Fields are looked up by name,
 * case-insensitively, so `<nativename>` and `<nativeName>` both work.
 */
export interface WireNode {
  name: string;
  attrs: Record<string, string>;
  /** Text content (trimmed of the surrounding whitespace XML pretty-printing adds). */
  text?: string;
  children: WireNode[];
}

/** Finds a child by name, ignoring case. */
export function child(node: WireNode | undefined, name: string): WireNode | undefined {
  if (!node) return undefined;
  const lower = name.toLowerCase();
  return node.children.find((c) => c.name.toLowerCase() === lower);
}

/** Finds every child of that name, ignoring case. */
export function childrenNamed(node: WireNode | undefined, name: string): WireNode[] {
  if (!node) return [];
  const lower = name.toLowerCase();
  return node.children.filter((c) => c.name.toLowerCase() === lower);
}

/** Text of a child, or undefined when absent; an element with children has no text. */
export function textOf(node: WireNode | undefined, name: string): string | undefined {
  return child(node, name)?.text ?? undefined;
}

/** A boolean child, case-insensitive (`True`, `true`); anything else is a 400 naming the field. */
export function boolOf(node: WireNode | undefined, name: string): boolean | undefined {
  const raw = textOf(node, name);
  if (raw === undefined || raw === '') return undefined;
  const v = raw.trim().toLowerCase();
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw new CatalogError('INVALID_VALUE', `Invalid value for ${name}: '${raw}' is not true or false`);
}

/**
 * A JSON value as nodes, the way Jettison reads it: `"@k"` keys are attributes, `"$"` is the
 * text beside them, an array repeats the element, scalars become text (so `0`, `true` and `"0"`
 * read alike). `maxDepth` bounds the nesting; `onTooDeep` makes the error.
 */
export function nodesFromJson(name: string, value: unknown, maxDepth: number, onTooDeep: () => Error, depth = 1): WireNode[] {
  if (depth > maxDepth) throw onTooDeep();
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((v) => nodesFromJson(name, v, maxDepth, onTooDeep, depth + 1));
  if (typeof value !== 'object') return [{ name, attrs: {}, text: String(value), children: [] }];
  const attrs: Record<string, string> = {};
  const children: WireNode[] = [];
  let text: string | undefined;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (k === '$') text = v === null || v === undefined ? undefined : String(v);
    else if (k.startsWith('@')) attrs[k.slice(1)] = String(v);
    else children.push(...nodesFromJson(k, v, maxDepth, onTooDeep, depth + 1));
  }
  return [{ name, attrs, text: children.length ? text : (text ?? ''), children }];
}
