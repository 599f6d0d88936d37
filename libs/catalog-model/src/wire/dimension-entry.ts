import type { WireNode } from './node';
import { obj, type Rep, type RepObject } from './representation';

/**
 * GeoServer keeps a resource's dimensions (`time`, `elevation`, custom `dim_…`) in its metadata map
 * as a structure, not text: `<entry key="time"><dimensionInfo><enabled>true</enabled>
 * <attribute>date</attribute>…</dimensionInfo></entry>`, in JSON
 * `{"@key":"time","dimensionInfo":{"enabled":true,"attribute":"date",…}}`. The metadata map holds
 * strings, so such an entry's value is kept as the JSON text `{"dimensionInfo":{…}}` (element
 * names and texts as sent, in order) and written back as the element it came as.
 */
export const DIMENSION_ELEMENT = 'dimensionInfo';

/** A dimension as kept in a metadata value: element texts by name (`defaultValue` may nest). */
export type DimensionFields = { [name: string]: string | DimensionFields };

/** The metadata value of an entry holding a `<dimensionInfo>`; undefined for any other entry. */
export function dimensionEntryValue(entry: WireNode): string | undefined {
  const info = entry.children.find((c) => c.name.toLowerCase() === DIMENSION_ELEMENT.toLowerCase());
  return info ? JSON.stringify({ [DIMENSION_ELEMENT]: fieldsOf(info) }) : undefined;
}

/** The dimension a metadata value holds (see {@link dimensionEntryValue}); undefined for plain text. */
export function dimensionOf(value: string | undefined): DimensionFields | undefined {
  if (!value?.startsWith(`{"${DIMENSION_ELEMENT}":`)) return undefined;
  try {
    const parsed = JSON.parse(value) as Record<string, unknown>;
    const info = parsed[DIMENSION_ELEMENT];
    return info && typeof info === 'object' && !Array.isArray(info) ? (info as DimensionFields) : undefined;
  } catch {
    return undefined;
  }
}

/** A metadata value as written: the `<dimensionInfo>` element for a dimension, else the text itself. */
export function metadataValueRep(value: string): string | RepObject {
  const info = dimensionOf(value);
  return info ? obj([[DIMENSION_ELEMENT, fieldsRep(info)]]) : value;
}

function fieldsOf(node: WireNode): DimensionFields {
  const out: DimensionFields = {};
  for (const c of node.children) {
    // A repeated element keeps its first value (a dimension has none).
    if (!(c.name in out)) out[c.name] = c.children.length ? fieldsOf(c) : (c.text ?? '');
  }
  return out;
}

/** Fields as elements; `true`/`false` as booleans (typed in JSON, as GeoServer writes them). */
function fieldsRep(fields: DimensionFields): RepObject {
  return obj(
    Object.entries(fields).map(([name, v]): [string, Rep] => [name, typeof v === 'object' ? fieldsRep(v) : v === 'true' ? true : v === 'false' ? false : v]),
  );
}
