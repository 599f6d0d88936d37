import { LINK_FIELD, Rep, RepDocument } from './representation';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function toJsonValue(rep: Rep): Json {
  if (typeof rep !== 'object') return rep;
  switch (rep.kind) {
    case 'double':
      return rep.value;
    case 'link':
      // A link standing alone as an element's content is written as the bare URL.
      return rep.href;
    case 'text': {
      const out: { [key: string]: Json } = {};
      for (const [k, v] of rep.attrs) out[`@${k}`] = v;
      out.$ = rep.value;
      return out;
    }
    case 'entries':
      // Map values stay strings, as Jettison writes `"$"` values.
      return rep.pairs.length === 0 ? '' : { entry: rep.pairs.map(([k, v]) => ({ '@key': k, $: v })) };
    case 'list':
      if (rep.bareJson) return rep.items.map(toJsonValue);
      // Jettison writes an empty collection as an empty string; items are always an array.
      if (rep.items.length === 0) return '';
      return { ...Object.fromEntries((rep.attrs ?? []).map(([k, v]) => [`@${k}`, v])), [rep.item]: rep.items.map(toJsonValue) };
    case 'object': {
      const out: { [key: string]: Json } = {};
      for (const [k, v] of rep.attrs) out[`@${k}`] = v;
      for (const [field, value] of rep.fields) {
        if (value === undefined || value === null) continue;
        if (field === LINK_FIELD && typeof value === 'object' && value.kind === 'link') {
          out.href = value.href;
        } else {
          out[field] = toJsonValue(value);
        }
      }
      return out;
    }
  }
}

/** Serialises a representation as GeoServer's compact JSON (`{"root":{…}}`). */
export function toJson(document: RepDocument): string {
  return JSON.stringify({ [document.root]: toJsonValue(document.body) });
}
