import { CatalogError, doc, list, obj, textWithAttrs, type RepDocument } from '@geocatalog/catalog-model';
import { parseXmlBody } from '../rest/body-node';
import { MAX_CATALOG_BYTES } from '../rest/body-reader';
import { isCatalogBodyType } from '../rest/catalog-body';
import type { RawBody } from '../rest/rest-params';
import { RawContent } from '../rest/rest-response';

/**
 * GeoServer's rule maps on the wire (`RuleMapXMLConverter`, `RuleMapJSONConverter`): XML
 * `<rules><rule resource="ws.layer.r">ROLE_A,ROLE_B</rule></rules>`, JSON a flat object
 * `{"ws.layer.r":"ROLE_A,ROLE_B"}`; and the catalog mode, `<catalog><mode>HIDE</mode></catalog>`
 * or `{"mode":"HIDE"}`.
 */

/** Rules in the order they were sent: key → value. */
export type RuleMap = Array<[key: string, value: string]>;

function text(body: RawBody): { xml: boolean; text: string } {
  if (!isCatalogBodyType(body.contentType)) {
    throw new CatalogError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Content-Type '${body.contentType || '(none)'}' is not supported here; send application/xml, text/xml or application/json`,
    );
  }
  if (body.bytes.length > MAX_CATALOG_BYTES) throw new CatalogError('TOO_LARGE', `The request body is larger than ${MAX_CATALOG_BYTES} bytes`);
  const value = body.bytes.toString('utf8');
  if (value.trim() === '') throw new CatalogError('MISSING_FIELD', 'The request body is empty');
  return { xml: body.contentType.endsWith('xml'), text: value };
}

function flatJson(value: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (e) {
    throw new CatalogError('MALFORMED_BODY', `Malformed JSON: ${(e as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new CatalogError('MALFORMED_BODY', 'Malformed JSON: the body must be an object');
  return parsed as Record<string, unknown>;
}

/** Reads a rule map; a value that is not text is a 400. */
export function readRuleMap(body: RawBody): RuleMap {
  const { xml, text: value } = text(body);
  if (xml) {
    const root = parseXmlBody(value);
    if (root.name !== 'rules') throw new CatalogError('WRONG_ROOT', `Expected a 'rules' document, got '${root.name}'`);
    return root.children.map((rule) => {
      if (rule.name !== 'rule') throw new CatalogError('MALFORMED_BODY', `Unexpected element '${rule.name}' in 'rules'; expected 'rule'`);
      const resource = rule.attrs.resource;
      if (resource === undefined) throw new CatalogError('MISSING_FIELD', "A rule has no 'resource' attribute; it is required");
      return [resource, rule.text ?? ''];
    });
  }
  return Object.entries(flatJson(value)).map(([key, v]) => {
    if (typeof v !== 'string') throw new CatalogError('MALFORMED_BODY', `The value of rule '${key}' must be text (roles separated by commas)`);
    return [key, v];
  });
}

/** Writes a rule map in the negotiated format. */
export function writeRuleMap(rules: RuleMap, format: string): RepDocument | RawContent {
  if (format === 'xml')
    return doc(
      'rules',
      list(
        'rule',
        rules.map(([key, value]) => textWithAttrs(value, [['resource', key]])),
      ),
    );
  return new RawContent('application/json', Buffer.from(JSON.stringify(Object.fromEntries(rules))));
}

/** Reads a catalog mode document; null when it names none. */
export function readCatalogMode(body: RawBody): string | null {
  const { xml, text: value } = text(body);
  if (xml) {
    const root = parseXmlBody(value);
    if (root.name !== 'catalog') throw new CatalogError('WRONG_ROOT', `Expected a 'catalog' document, got '${root.name}'`);
    return root.children.find((c) => c.name === 'mode')?.text ?? null;
  }
  const json = flatJson(value);
  const inner = json.catalog && typeof json.catalog === 'object' ? (json.catalog as Record<string, unknown>) : json;
  return typeof inner.mode === 'string' ? inner.mode : null;
}

/** Writes the catalog mode in the negotiated format. */
export function writeCatalogMode(mode: string, format: string): RepDocument | RawContent {
  if (format === 'xml') return doc('catalog', obj([['mode', mode]]));
  return new RawContent('application/json', Buffer.from(JSON.stringify({ mode })));
}
