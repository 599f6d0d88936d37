import { jettisonDocument, RepDocument } from '@geocatalog/catalog-model';

/** Serialises a representation as GeoServer's compact JSON (`{"root":{…}}`); the layout is `jettison.ts`'s. */
export function toJson(document: RepDocument): string {
  return jettisonDocument(document);
}
