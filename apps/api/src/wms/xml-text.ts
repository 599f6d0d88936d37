import { withoutIllegalCharacters } from '../rest/xml-characters';

/** Text content escaped for XML (characters XML 1.0 cannot hold are dropped). */
export function xmlText(text: string): string {
  return withoutIllegalCharacters(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An attribute value, quoted and escaped. */
export function xmlAttr(text: string): string {
  return `"${xmlText(text).replace(/"/g, '&quot;')}"`;
}

/** A number as capabilities write it: no exponent for ordinary values, no trailing noise. */
export function xmlNumber(n: number): string {
  return String(Number(n.toPrecision(15)));
}
