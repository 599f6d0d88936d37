import { CatalogError } from '@geocatalog/catalog-model';
import { decodeXml, parseXml, validateSld, type XmlElement } from '@geocatalog/sld';

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
  // Bytes, not text: the validator honours the BOM and the declared encoding, and finds bad bytes.
  const result = validateSld(bytes);
  if (!raw && !result.valid) {
    const first = result.issues[0];
    const where = first ? `line ${first.line}, column ${first.column}: ${first.message}` : 'the document is not a valid SLD';
    throw new CatalogError('INVALID_STYLE', `Invalid style: ${where}`, result.issues);
  }
  return { bytes, languageVersion: result.version ?? fallback };
}

/**
 * The style name an SLD gives itself (its first `UserStyle`'s `Name`, else its first
 * `NamedLayer`'s), for a one-step upload without `?name=`.
 */
export function nameInSld(bytes: Buffer): string | undefined {
  const text = decodeXml(bytes).text;
  const root = text === null ? null : parseXml(text).root;
  if (!root) return undefined;
  const named = (el: XmlElement | undefined) =>
    el?.children.find((c): c is XmlElement => c.kind === 'element' && c.localName === 'Name')?.text.trim() || undefined;
  const layer = childElements(root).find((c) => c.localName === 'NamedLayer');
  const style = layer && childElements(layer).find((c) => c.localName === 'UserStyle');
  return named(style) ?? named(layer);
}

function childElements(el: XmlElement): XmlElement[] {
  return el.children.filter((c): c is XmlElement => c.kind === 'element');
}
