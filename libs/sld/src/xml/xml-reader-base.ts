import type { DocumentIssue } from '@geocatalog/catalog-model';
import { Locator, type TextPosition } from './locator';
import { isXmlChar, quote, scanName } from './xml-chars';
import { AMP, CR, GT, HASH, LF, LOWER_X, LT, RIGHT_BRACKET, SEMICOLON, TAB } from './xml-codes';
import type { XmlIssueCode } from './xml-tree';

/** Thrown inside the parser to stop at a fatal error; never escapes it. */
export class Halt extends Error {}
export const HALT = new Halt('parsing halted');

// A Map, not an object literal: `&constructor;` must not find Object.prototype.constructor.
const PREDEFINED_ENTITIES: ReadonlyMap<string, string> = new Map([
  ['lt', '<'],
  ['gt', '>'],
  ['amp', '&'],
  ['quot', '"'],
  ['apos', "'"],
]);

/**
 * The parser's lowest layer: the text and its positions, the issues found (with the limit on how
 * many), and character data — references replaced, line ends normalized, forbidden characters
 * refused. The declaration reader and the parser build on it (xml-declaration.ts, xml-parser.ts).
 */
export abstract class XmlReaderBase {
  protected readonly locator: Locator;
  protected readonly issues: DocumentIssue[] = [];

  constructor(
    protected readonly text: string,
    protected readonly maxIssues: number,
  ) {
    this.locator = new Locator(text);
  }

  // ---- character data -----------------------------------------------------------------------

  /**
   * Replaces references and normalizes line ends (and, in attribute values, whitespace to spaces,
   * XML 1.0 §3.3.3). Checks what may not appear: `]]>` in text, `<` in attribute values.
   */
  protected decodeCharacterData(start: number, end: number, inAttribute: boolean): string {
    const text = this.text;
    let result = '';
    let copied = start;
    for (let index = start; index < end; index++) {
      const code = text.charCodeAt(index);
      if (code === AMP) {
        result += text.slice(copied, index);
        const [replacement, next] = this.readReference(index, end);
        result += replacement;
        copied = next;
        index = next - 1;
      } else if (code === CR) {
        result += text.slice(copied, index) + (inAttribute ? ' ' : '\n');
        if (text.charCodeAt(index + 1) === LF && index + 1 < end) index++;
        copied = index + 1;
      } else if (inAttribute) {
        if (code === LF || code === TAB) {
          result += text.slice(copied, index) + ' ';
          copied = index + 1;
        } else if (code === LT) {
          this.report('invalid-attribute', index, "'<' is not allowed in an attribute value; write '&lt;'");
        }
      } else if (code === GT && index >= start + 2 && text.charCodeAt(index - 1) === RIGHT_BRACKET && text.charCodeAt(index - 2) === RIGHT_BRACKET) {
        this.report('cdata-end-in-text', index - 2, "']]>' is not allowed in text; write ']]&gt;'");
      }
    }
    return copied === start ? text.slice(start, end) : result + text.slice(copied, end);
  }

  /**
   * Reads the reference at `amp`. Only the predefined entities and character references are
   * replaced; anything else is reported and dropped, never looked up.
   * @returns the replacement text and the index after the reference.
   */
  protected readReference(amp: number, end: number): [replacement: string, next: number] {
    const text = this.text;
    if (text.charCodeAt(amp + 1) === HASH) return this.readCharacterReference(amp, end);
    const nameEnd = scanName(text, amp + 1);
    if (nameEnd === amp + 1 || nameEnd >= end || text.charCodeAt(nameEnd) !== SEMICOLON) {
      this.report('unescaped-ampersand', amp, "'&' must start an entity or character reference; write '&amp;' for a literal '&'");
      return ['&', amp + 1];
    }
    const name = text.slice(amp + 1, nameEnd);
    const replacement = PREDEFINED_ENTITIES.get(name);
    if (replacement === undefined) {
      this.report(
        'undefined-entity',
        amp,
        `Entity ${quote(`&${name};`)} is not defined; only &lt; &gt; &amp; &quot; &apos; and character references are allowed`,
      );
      return ['', nameEnd + 1];
    }
    return [replacement, nameEnd + 1];
  }

  protected readCharacterReference(amp: number, end: number): [replacement: string, next: number] {
    const text = this.text;
    const hex = text.charCodeAt(amp + 2) === LOWER_X;
    const digitsStart = amp + (hex ? 3 : 2);
    let index = digitsStart;
    let value = 0;
    for (; index < end; index++) {
      const digit = digitValue(text.charCodeAt(index), hex);
      if (digit === -1) break;
      // Saturate instead of overflowing: any value above U+10FFFF is invalid anyway.
      value = Math.min(value * (hex ? 16 : 10) + digit, 0x110000);
    }
    if (index === digitsStart || index >= end || text.charCodeAt(index) !== SEMICOLON) {
      this.report(
        'invalid-character-reference',
        amp,
        hex ? "A character reference must be '&#x' hexadecimal digits ';'" : "A character reference must be '&#' decimal digits ';'",
      );
      return ['', index];
    }
    if (!isXmlChar(value)) {
      const written = quote(text.slice(amp, index + 1), 20);
      this.report('invalid-character-reference', amp, `Character reference ${written} names a character that XML does not allow`);
      return ['', index + 1];
    }
    return [String.fromCodePoint(value), index + 1];
  }

  // ---- issues -------------------------------------------------------------------------------

  /** @param at an offset in the text, or a node's position. */
  protected issue(code: XmlIssueCode, at: number | TextPosition, message: string): DocumentIssue {
    const { line, column } = typeof at === 'number' ? this.locator.position(at) : at;
    return { line, column, code, message };
  }

  /** Records a problem after which parsing can go on meaningfully. */
  protected report(code: XmlIssueCode, at: number | TextPosition, message: string): void {
    this.issues.push(this.issue(code, at, message));
    if (this.issues.length >= this.maxIssues) {
      this.issues.push(this.issue('too-many-issues', at, `Parsing stopped after ${this.maxIssues} issues`));
      throw HALT;
    }
  }

  /** Records a problem after which nothing more can be trusted, and stops. */
  protected fail(code: XmlIssueCode, offset: number, message: string): never {
    this.issues.push(this.issue(code, offset, message));
    throw HALT;
  }
}

function digitValue(code: number, hex: boolean): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (!hex) return -1;
  if (code >= 0x61 && code <= 0x66) return code - 0x61 + 10;
  if (code >= 0x41 && code <= 0x46) return code - 0x41 + 10;
  return -1;
}

/** XML 1.0 §2.11: CRLF and a lone CR become LF. */
export function normalizeLineEnds(value: string): string {
  return value.includes('\r') ? value.replace(/\r\n?/g, '\n') : value;
}
