/**
 * WMS `CQL_FILTER` (a GeoServer vendor parameter, contract §11): one ECQL filter per name in
 * LAYERS, separated by `;`, each ANDed with the layer's own cqlFilter. A filter that is not ECQL is
 * InvalidParameterValue naming the 1-based position in the parameter's text. Pure.
 */
import { CqlError, parseCql, type CqlNode } from '@geocatalog/cql';
import { invalidValue } from './wms-exception';

/**
 * The filters of CQL_FILTER, one per LAYERS entry; undefined without the parameter. A filter naming
 * a column its layer does not publish is refused when the layer is read (see map-features.ts).
 */
export function parseCqlFilterParam(text: string | undefined, layerCount: number): CqlNode[] | undefined {
  if (text === undefined || text === '') return undefined;
  const parts = splitFilters(text);
  if (parts.length !== layerCount) {
    throw invalidValue(
      'cql_filter',
      `${parts.length} filters in CQL_FILTER for ${layerCount} LAYERS: give one filter per layer, separated by ';' (INCLUDE for none)`,
    );
  }
  return parts.map((p) => {
    try {
      return parseCql(p.text, 'ecql-text');
    } catch (err) {
      if (!(err instanceof CqlError)) throw err;
      // The error names its position in this layer's filter; the client wrote the whole parameter.
      const why = err.message.replace(/ \(at position \d+[^)]*\)$/, '');
      const at = p.start + Math.max(err.position, 1);
      throw invalidValue('cql_filter', `Invalid CQL_FILTER: ${why} (at position ${at}${err.token ? `, "${err.token}"` : ', end of filter'})`);
    }
  });
}

/** The `;`-separated parts, each with its 0-based start; a `;` inside a quoted literal or name does not separate. */
export function splitFilters(text: string): Array<{ text: string; start: number }> {
  const parts: Array<{ text: string; start: number }> = [];
  let start = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      // A doubled quote inside a literal is one quote character.
      if (c === quote && text[i + 1] === quote) i++;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === ';') {
      parts.push({ text: text.slice(start, i), start });
      start = i + 1;
    }
  }
  parts.push({ text: text.slice(start), start });
  return parts;
}
