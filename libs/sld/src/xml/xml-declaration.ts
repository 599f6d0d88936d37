import { describeChar, quote, scanName, skipWhitespace } from './xml-chars';
import { DOUBLE_QUOTE, EQUALS, SINGLE_QUOTE } from './xml-codes';
import { XmlReaderBase } from './xml-reader-base';
import type { XmlDeclaration } from './xml-tree';

/** A `name="value"` pair of the XML declaration. */
interface PseudoAttribute {
  name: string;
  value: string;
  offset: number;
}

/** The parser's second layer: the XML declaration, read strictly (XML 1.0 §2.8). */
export abstract class XmlDeclarationReader extends XmlReaderBase {
  /** Where the main loop goes on from. */
  protected cursor = 0;
  protected declaration: XmlDeclaration | null = null;

  /** `<?xml version="1.0" encoding="…" standalone="…"?>`, strictly in that order. */
  protected parseXmlDeclaration(start: number): void {
    const text = this.text;
    const end = text.indexOf('?>', start);
    if (end === -1) this.fail('invalid-xml-declaration', start, "The XML declaration is not closed with '?>'");
    this.cursor = end + 2;

    const pairs: PseudoAttribute[] = [];
    let index = start + 5;
    for (;;) {
      const afterPrevious = index;
      index = skipWhitespace(text, index);
      if (index >= end) break;
      const nameEnd = scanName(text, index);
      if (nameEnd === index || index === afterPrevious) {
        this.report('invalid-xml-declaration', index, `Unexpected ${describeChar(text, index)} in the XML declaration`);
        return;
      }
      const offset = index;
      index = skipWhitespace(text, nameEnd);
      if (text.charCodeAt(index) !== EQUALS) {
        this.report('invalid-xml-declaration', index, `Expected '=' after ${quote(text.slice(offset, nameEnd))} in the XML declaration`);
        return;
      }
      index = skipWhitespace(text, index + 1);
      const delimiter = text.charCodeAt(index);
      const valueEnd = delimiter === DOUBLE_QUOTE || delimiter === SINGLE_QUOTE ? text.indexOf(String.fromCharCode(delimiter), index + 1) : -1;
      if (valueEnd === -1 || valueEnd > end) {
        this.report('invalid-xml-declaration', index, `Expected a quoted value for ${quote(text.slice(offset, nameEnd))} in the XML declaration`);
        return;
      }
      pairs.push({ name: text.slice(offset, nameEnd), value: text.slice(index + 1, valueEnd), offset });
      index = valueEnd + 1;
    }
    const declaration = this.readDeclarationPairs(pairs, start);
    if (declaration !== null) this.declaration = declaration;
  }

  protected readDeclarationPairs(pairs: PseudoAttribute[], start: number): XmlDeclaration | null {
    const [version, ...rest] = pairs;
    if (version === undefined || version.name !== 'version') {
      this.report('invalid-xml-declaration', version?.offset ?? start, 'The XML declaration must start with the version, as in version="1.0"');
      return null;
    }
    if (!isXmlVersion(version.value)) {
      this.report('invalid-xml-declaration', version.offset, `XML version ${quote(version.value, 20)} is not supported; use '1.0'`);
      return null;
    }
    const declaration: XmlDeclaration = { version: version.value, encoding: null, standalone: null };
    let expected = ['encoding', 'standalone'];
    for (const pair of rest) {
      const slot = expected.indexOf(pair.name);
      if (slot === -1) {
        this.report('invalid-xml-declaration', pair.offset, `${quote(pair.name, 20)} is not allowed here in the XML declaration`);
        return null;
      }
      expected = expected.slice(slot + 1);
      if (pair.name === 'encoding') {
        if (!isEncodingName(pair.value)) {
          this.report('invalid-xml-declaration', pair.offset, `${quote(pair.value, 20)} is not a valid encoding name`);
          return null;
        }
        declaration.encoding = pair.value;
      } else {
        if (pair.value !== 'yes' && pair.value !== 'no') {
          this.report('invalid-xml-declaration', pair.offset, "The standalone value must be 'yes' or 'no'");
          return null;
        }
        declaration.standalone = pair.value === 'yes';
      }
    }
    return declaration;
  }
}

/** VersionNum of XML 1.0 fifth edition: '1.' followed by digits. */
function isXmlVersion(value: string): boolean {
  if (value.length < 3 || !value.startsWith('1.')) return false;
  for (let i = 2; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}

/** EncName: an ASCII letter, then ASCII letters, digits, '.', '_' or '-'. */
function isEncodingName(value: string): boolean {
  if (value.length === 0 || !isAsciiLetter(value.charCodeAt(0))) return false;
  for (let i = 1; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const allowed = isAsciiLetter(code) || (code >= 0x30 && code <= 0x39) || code === 0x2e || code === 0x5f || code === 0x2d;
    if (!allowed) return false;
  }
  return true;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}
