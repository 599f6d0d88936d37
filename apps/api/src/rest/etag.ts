import { CatalogError } from '@geocatalog/catalog-model';

/**
 * A strong ETag for one record: its own version, and the highest version among the records its
 * representation names (its workspace, store, styles…), so renaming one of those changes the tag
 * too. Versions come from one database sequence, so a later write always has a higher one. The
 * tag does not depend on the format: `.xml` and `.json` of one version share it.
 */
export function versionTag(own: string, ...named: Array<string | null | undefined>): string {
  let highest = 0n;
  for (const v of named) if (v) highest = BigInt(v) > highest ? BigInt(v) : highest;
  return `"${BigInt(own).toString(36)}${highest > 0n ? `.${highest.toString(36)}` : ''}"`;
}

/** The entity-tags of an `If-Match` / `If-None-Match` header; `*` stands for any. */
function tagsOf(header: string): string[] {
  return header.match(/(?:W\/)?"[^"]*"|\*/g) ?? [];
}

/** `If-None-Match` against a tag, by weak comparison (RFC 9110 §13.1.2): true means 304. */
export function noneMatchHits(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const opaque = (t: string) => t.replace(/^W\//, '');
  return tagsOf(header).some((t) => t === '*' || opaque(t) === opaque(tag));
}

/**
 * Checks an `If-Match` header against the record's current tag, by strong comparison (RFC 9110
 * §13.1.1): a weak or different tag is a 412 carrying the current tag. No header passes.
 */
export function checkIfMatch(header: string | undefined, current: string): void {
  if (header === undefined) return;
  const ok = tagsOf(header).some((t) => t === '*' || (!t.startsWith('W/') && t === current));
  if (!ok) throw new CatalogError('PRECONDITION_FAILED', `The record has changed: its current version is ${current}; read it again`, [], undefined, current);
}
