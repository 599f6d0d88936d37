import { extendGrammar } from '../schema/extend-grammar';
import type { SchemaGrammar } from '../schema/schema-grammar';
import { SLD_1_0_0_GRAMMAR, SLD_1_1_0_GRAMMAR } from '../schema/sld-grammar.gen';
import { GEOSERVER_SE_1_1_0_EXTENSIONS, GEOSERVER_SLD_1_0_0_EXTENSIONS } from './geoserver-extensions';

/** The SLD versions the catalog accepts: SLD 1.0.0, and SLD 1.1.0 with Symbology Encoding 1.1.0. */
export type SldVersion = '1.0.0' | '1.1.0';

const cache = new Map<SldVersion, SchemaGrammar>();

/**
 * The grammar a document of this version is validated with: the official OGC schemas (generated)
 * plus GeoServer's extensions. Built once per version, on first use.
 */
export function sldGrammar(version: SldVersion): SchemaGrammar {
  let grammar = cache.get(version);
  if (grammar === undefined) {
    grammar =
      version === '1.0.0' ? extendGrammar(SLD_1_0_0_GRAMMAR, GEOSERVER_SLD_1_0_0_EXTENSIONS) : extendGrammar(SLD_1_1_0_GRAMMAR, GEOSERVER_SE_1_1_0_EXTENSIONS);
    cache.set(version, grammar);
  }
  return grammar;
}

/** The official schemas alone, without GeoServer's extensions (for tests that compare with them). */
export function officialSldGrammar(version: SldVersion): SchemaGrammar {
  return version === '1.0.0' ? SLD_1_0_0_GRAMMAR : SLD_1_1_0_GRAMMAR;
}
