import { CqlError } from './cql-error';
import type { CqlNode } from './cql-node';
import { parseJson } from './json-parser';
import { parseText } from './text-parser';

/** The filter languages OGC API - Features Part 3 names (`filter-lang`), plus GeoServer's ECQL. */
export type CqlLanguage = 'cql2-text' | 'cql2-json' | 'cql-text' | 'ecql-text';

/** Longer filters are refused before they are read. */
export const MAX_LENGTH = 200_000;

export const CQL_LANGUAGES: readonly CqlLanguage[] = ['cql2-text', 'cql2-json', 'cql-text', 'ecql-text'];

/**
 * Reads a filter into the one syntax tree. The text languages share one grammar (CQL2 text with
 * ECQL's spellings), so `cql2-text` also takes what GeoServer's ECQL writes; `cql2-json` takes the
 * JSON text. Throws a CqlError naming the token and its 1-based position.
 */
export function parseCql(text: string, lang: CqlLanguage): CqlNode {
  if (text.length > MAX_LENGTH) throw new CqlError(`A filter is at most ${MAX_LENGTH} characters`, MAX_LENGTH + 1, text.slice(MAX_LENGTH, MAX_LENGTH + 10));
  return lang === 'cql2-json' ? parseJson(text) : parseText(text);
}
