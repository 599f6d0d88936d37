import { CatalogError } from '@geocatalog/catalog-model';
import { BodyNode, child, textOf } from './body-node';

/** Range of the catalog's integer columns (PostgreSQL `integer`). */
export const INT4_MIN = -2147483648;
export const INT4_MAX = 2147483647;

/**
 * An integer child (JSON numbers arrive as text); 400 naming the field when it is not one or lies
 * outside the `integer` column it is stored in.
 */
export function intOf(node: BodyNode | undefined, name: string): number | undefined {
  const raw = textOf(node, name)?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!/^-?\d+$/.test(raw)) throw new CatalogError('INVALID_VALUE', `Invalid value for ${name}: '${raw}' is not a whole number`);
  const value = Number(raw);
  if (value < INT4_MIN || value > INT4_MAX) {
    const shown = raw.length > 40 ? `${raw.slice(0, 37)}...` : raw;
    throw new CatalogError('INVALID_VALUE', `Invalid value for ${name}: '${shown}' is outside ${INT4_MIN}..${INT4_MAX}`);
  }
  return value;
}

/** A decimal child; 400 naming the field when it is not a number. */
export function numberOf(node: BodyNode | undefined, name: string): number | undefined {
  const raw = textOf(node, name)?.trim();
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new CatalogError('INVALID_VALUE', `Invalid value for ${name}: '${raw}' is not a number`);
  return value;
}

/**
 * A reference to a named record: `<x>NAME</x>`, `<x><name>NAME</name></x>`, JSON `"NAME"` or
 * `{"name":"NAME"}`; a `<workspace>` inside qualifies it.
 */
export function referenceOf(node: BodyNode | undefined, name: string): { name: string; workspace?: string } | undefined {
  const ref = child(node, name);
  if (!ref) return undefined;
  const plain = ref.text?.trim();
  if (plain) return { name: plain };
  const refName = textOf(ref, 'name')?.trim();
  if (!refName) return undefined;
  const ws = child(ref, 'workspace');
  const workspace = ws ? ws.text?.trim() || textOf(ws, 'name')?.trim() : undefined;
  return { name: refName, workspace: workspace || undefined };
}

/** The `<string>` items of a list child (`<keywords><string>a</string></keywords>`). */
export function stringsOf(node: BodyNode | undefined, name: string): string[] | undefined {
  const c = child(node, name);
  if (!c) return undefined;
  if (c.children.length === 0) return c.text ? [c.text] : [];
  return c.children.map((s) => s.text ?? '').filter((s) => s !== '');
}
