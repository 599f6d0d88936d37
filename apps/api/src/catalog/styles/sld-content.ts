import { CatalogError } from '@geocatalog/catalog-model';
import { validateSld } from '@geocatalog/sld';

/** SLD 1.0.0 documents. */
export const SLD_10_TYPE = 'application/vnd.ogc.sld+xml';
/** SLD 1.1.0 / Symbology Encoding documents. */
export const SE_11_TYPE = 'application/vnd.ogc.se+xml';

/** True for the media types that carry an SLD document. */
export function isSldType(contentType: string): boolean {
  return contentType === SLD_10_TYPE || contentType === SE_11_TYPE;
}

/** Media type to serve a stored style with, by its language version. */
export function sldTypeOf(languageVersion: string): string {
  return languageVersion === '1.1.0' ? SE_11_TYPE : SLD_10_TYPE;
}

/** An uploaded SLD document: its exact bytes and the version it declares. */
export interface SldUpload {
  bytes: Buffer;
  languageVersion: string;
}

/**
 * Checks an uploaded SLD and works out its language version: the root's `version` when the
 * document has one, else the content type's. Invalid content is a 400 `Invalid style: …` naming
 * the first issue (all issues go to problem+json), unless `raw` stores it unchecked.
 */
export function checkSld(bytes: Buffer, contentType: string, raw: boolean): SldUpload {
  const fallback = contentType === SE_11_TYPE ? '1.1.0' : '1.0.0';
  const text = decodeUtf8(bytes);
  const result = validateSld(text);
  if (!raw && !result.valid) {
    const first = result.issues[0];
    const where = first ? `line ${first.line}, column ${first.column}: ${first.message}` : 'the document is not a valid SLD';
    throw new CatalogError('INVALID_STYLE', `Invalid style: ${where}`, result.issues);
  }
  return { bytes, languageVersion: result.version ?? fallback };
}

function decodeUtf8(bytes: Buffer): string {
  // Strip a UTF-8 byte-order mark; the stored bytes keep it.
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The style name an SLD gives itself (its first `UserStyle`'s `Name`, else its first
 * `NamedLayer`'s), for a one-step upload without `?name=`.
 */
export function nameInSld(bytes: Buffer): string | undefined {
  const text = decodeUtf8(bytes);
  const userStyle = /<(?:[\w.-]+:)?UserStyle[\s>]/.exec(text);
  const from = userStyle ? userStyle.index : 0;
  const name = /<(?:[\w.-]+:)?Name>\s*([^<]*?)\s*<\//.exec(text.slice(from, from + 100_000));
  return name?.[1] || undefined;
}
