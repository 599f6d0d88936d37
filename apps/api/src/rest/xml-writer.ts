import { javaDouble, LINK_FIELD, Rep, RepDocument } from '@geocatalog/catalog-model';
import { withoutIllegalCharacters } from './xml-characters';

const ATOM_NS = 'http://www.w3.org/2005/Atom';

/** Any character {@link escapeXml} would change: markup, CR, controls, surrogates, non-characters. */
const NEEDS_ESCAPING = /[&<>"'\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/**
 * Escapes text and attribute values as XStream does (`&<>"'` and carriage returns); characters
 * XML 1.0 cannot carry at all become U+FFFD.
 */
export function escapeXml(value: string): string {
  // Most text has nothing to escape: one scan of a character class says so.
  if (!NEEDS_ESCAPING.test(value)) return value;
  return withoutIllegalCharacters(value).replace(/[&<>"'\r]/g, (c) => {
    switch (c) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      case "'":
        return '&apos;';
      default:
        return '&#xd;';
    }
  });
}

/** Indentation by depth, made once. */
const PADS = Array.from({ length: 16 }, (_, depth) => '  '.repeat(depth));

function padOf(depth: number): string {
  return PADS[depth] ?? '  '.repeat(depth);
}

function attrText(attrs: Array<[string, string]>): string {
  if (attrs.length === 0) return '';
  return attrs.map(([k, v]) => ` ${k}="${escapeXml(v)}"`).join('');
}

function scalarText(value: string | number | boolean): string {
  return escapeXml(typeof value === 'number' ? formatNumber(value) : String(value));
}

/**
 * Formats a number as Java's `Double.toString` would for doubles that are not integers, and
 * plainly for integers; callers wanting `1.0` style pass a preformatted string.
 */
export function formatNumber(value: number): string {
  return String(value);
}

/** XStream's name coder writes a leading `_` as `__` (`_default` → `<__default>`). */
function xmlName(name: string): string {
  return name.startsWith('_') ? `_${name}` : name;
}

function writeElement(out: string[], fieldName: string, rep: Rep, depth: number): void {
  const pad = padOf(depth);
  const name = xmlName(fieldName);
  if (typeof rep !== 'object') {
    out.push(`${pad}<${name}>${scalarText(rep)}</${name}>`);
    return;
  }
  switch (rep.kind) {
    case 'double':
      out.push(`${pad}<${name}>${javaDouble(rep.value)}</${name}>`);
      return;
    case 'json':
      out.push(rep.value === null || rep.value === undefined ? `${pad}<${name}/>` : `${pad}<${name}>${escapeXml(JSON.stringify(rep.value))}</${name}>`);
      return;
    case 'link':
      out.push(`${pad}<${name}>`);
      writeLink(out, rep.href, rep.type, depth + 1);
      out.push(`${pad}</${name}>`);
      return;
    case 'text':
      out.push(`${pad}<${name}${attrText(rep.attrs)}>${scalarText(rep.value)}</${name}>`);
      return;
    case 'entries':
      if (rep.pairs.length === 0) {
        out.push(`${pad}<${name}/>`);
        return;
      }
      out.push(`${pad}<${name}>`);
      for (const [k, v] of rep.pairs) {
        if (typeof v === 'string') {
          out.push(`${pad}  <entry key="${escapeXml(k)}">${escapeXml(v)}</entry>`);
          continue;
        }
        // A structured value (a dimension): its elements inside the entry.
        out.push(`${pad}  <entry key="${escapeXml(k)}">`);
        for (const [field, value] of v.fields) if (value !== undefined && value !== null) writeElement(out, field, value, depth + 2);
        out.push(`${pad}  </entry>`);
      }
      out.push(`${pad}</${name}>`);
      return;
    case 'list':
      if (rep.items.length === 0) {
        out.push(`${pad}<${name}${attrText(rep.attrs ?? [])}/>`);
        return;
      }
      out.push(`${pad}<${name}${attrText(rep.attrs ?? [])}>`);
      for (const item of rep.items) writeElement(out, rep.item, item, depth + 1);
      out.push(`${pad}</${name}>`);
      return;
    case 'object': {
      const present = rep.fields.filter(([, v]) => v !== undefined && v !== null) as Array<[string, Rep]>;
      if (present.length === 0) {
        out.push(`${pad}<${name}${attrText(rep.attrs)}/>`);
        return;
      }
      out.push(`${pad}<${name}${attrText(rep.attrs)}>`);
      for (const [field, value] of present) {
        if (field === LINK_FIELD && typeof value === 'object' && value.kind === 'link') {
          writeLink(out, value.href, value.type, depth + 1);
        } else {
          writeElement(out, field, value, depth + 1);
        }
      }
      out.push(`${pad}</${name}>`);
      return;
    }
  }
}

function writeLink(out: string[], href: string, type: string, depth: number): void {
  out.push(`${padOf(depth)}<atom:link xmlns:atom="${ATOM_NS}" rel="alternate" href="${escapeXml(href)}" type="${escapeXml(type)}"/>`);
}

/** Serialises a representation as GeoServer's XML: no declaration, 2-space indent, no final newline. */
export function toXml(document: RepDocument): string {
  return xmlElement(document.root, document.body, 0);
}

/** One element, indented for `depth`, as {@link toXml} writes it inside a document (no final newline). */
export function xmlElement(name: string, rep: Rep, depth: number): string {
  const out: string[] = [];
  writeElement(out, name, rep, depth);
  return out.join('\n');
}
