import { CatalogError, DeclarationClass, readDeclared, Sent, wireRoot } from '@geocatalog/catalog-model';
import { BodyNode, expectRoot, parseJsonBody, parseXmlBody } from './body-node';
import { MAX_CATALOG_BYTES } from './body-reader';
import { RawBody } from './rest-params';

const XML_TYPES = new Set(['application/xml', 'text/xml']);
const JSON_TYPES = new Set(['application/json', 'text/json']);

/** True when the Content-Type is one of the catalog body formats (XML or JSON). */
export function isCatalogBodyType(contentType: string): boolean {
  return XML_TYPES.has(contentType) || JSON_TYPES.has(contentType);
}

/**
 * Reads an XML or JSON catalog body and checks its root element: 415 for another media type,
 * 413 over 1 MiB, 400 when empty, malformed or rooted elsewhere.
 */
export function readCatalogBody(body: RawBody, root: string): BodyNode {
  if (!isCatalogBodyType(body.contentType)) {
    throw new CatalogError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Content-Type '${body.contentType || '(none)'}' is not supported here; send application/xml, text/xml or application/json`,
    );
  }
  if (body.bytes.length > MAX_CATALOG_BYTES) {
    throw new CatalogError('TOO_LARGE', `The request body is larger than ${MAX_CATALOG_BYTES} bytes`);
  }
  const text = body.bytes.toString('utf8');
  if (text.trim() === '') throw new CatalogError('MISSING_FIELD', `The request body is empty; expected a '${root}' document`);
  const node = XML_TYPES.has(body.contentType) ? parseXmlBody(text) : parseJsonBody(text);
  return expectRoot(node, root);
}

/** A required text field: 400 naming it when absent or empty. */
export function requiredText(node: BodyNode, name: string, owner: string): string {
  const c = node.children.find((n) => n.name.toLowerCase() === name.toLowerCase());
  const value = c?.text?.trim();
  if (!value) throw new CatalogError('MISSING_FIELD', `The ${owner} has no ${name}; it is required`);
  return value;
}

/** Reads a catalog body rooted at the declaration's root element into the fields it sent (see `readDeclared`). */
export function readBody<T extends object>(body: RawBody, declaration: DeclarationClass<T>): Sent<T> {
  return readDeclared(declaration, readCatalogBody(body, wireRoot(declaration)));
}
