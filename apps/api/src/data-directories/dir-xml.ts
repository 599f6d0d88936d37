import type { WireNode } from '@geocatalog/catalog-model';
import { decodeXml } from '@geocatalog/sld';
import { expectRoot, parseXmlBody } from '../rest/body-node';
import { MAX_CATALOG_BYTES } from '../rest/body-reader';

/**
 * One of GeoServer's XML files (`workspace.xml`, `featuretype.xml`, …) as a node tree, read by the
 * same rules as a REST body: the bytes decoded by their XML declaration, then the api's one XML
 * parser (no DOCTYPE, no entities but the predefined five, bounded depth), a file no larger than a
 * catalog body, and the expected root element. Throws a CatalogError (or Error) naming what is wrong.
 */
export function parseDirXml(bytes: Uint8Array, root: string): WireNode {
  if (bytes.length > MAX_CATALOG_BYTES) throw new Error(`The file is larger than ${MAX_CATALOG_BYTES} bytes`);
  const decoded = decodeXml(bytes);
  if (decoded.text === null) throw new Error(`The file's encoding '${decoded.encoding}' is not supported`);
  return expectRoot(parseXmlBody(decoded.text), root);
}

/** The sentence an error carries. */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
