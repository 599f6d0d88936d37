import type { DocumentIssue } from '@geocatalog/catalog-model';
import { Locator } from './locator';
import { quote } from './xml-chars';

/** What {@link decodeXml} returns. */
export interface DecodedXml {
  /**
   * The decoded document, `null` when its encoding is not supported. Bytes that are invalid in the
   * encoding become U+FFFD (and an issue), so the rest of the document can still be checked.
   */
  text: string | null;
  /** The encoding used, lower case (`utf-8`, `utf-16le`, `iso-8859-1`, …). */
  encoding: string;
  /** `invalid-encoding` or `unsupported-encoding` problems; empty when the bytes decoded cleanly. */
  issues: DocumentIssue[];
}

const UTF8_LABELS = new Set(['utf-8', 'utf8']);
// Labels decoded here byte by byte, because WHATWG's TextDecoder maps them to windows-1252, which
// differs from ISO-8859-1 at 0x80-0x9F.
const LATIN1_LABELS = new Set(['iso-8859-1', 'iso8859-1', 'iso_8859-1', 'latin1', 'l1', 'iso-ir-100', 'cp819', 'ibm819']);
const ASCII_LABELS = new Set(['us-ascii', 'ascii', 'iso646-us']);
// Decoded here too: Node 20's TextDecoder decodes windows-1252 as ISO-8859-1 (browsers do not),
// and the catalog must read a style the same way in the api and in the console.
const WINDOWS_1252_LABELS = new Set(['windows-1252', 'cp1252', 'x-cp1252']);
/** windows-1252 at 0x80-0x9F (WHATWG's table: the five unassigned bytes stay C1 controls). */
const WINDOWS_1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

/** Only the start of a document is sniffed for its XML declaration. */
const DECLARATION_SNIFF_BYTES = 1024;

/**
 * Decodes the bytes of an XML document the way an XML processor must (XML 1.0 appendix F): a
 * byte-order mark first, then the `encoding` of the XML declaration, UTF-8 by default. Browser-safe
 * (TextDecoder). Never throws.
 *
 * @param bytes the document as received (a Node `Buffer` is a `Uint8Array`).
 */
export function decodeXml(bytes: Uint8Array): DecodedXml {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decodeUtf8(bytes.subarray(3));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decodeWith('utf-16be', bytes.subarray(2));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decodeWith('utf-16le', bytes.subarray(2));
  // '<?' in UTF-16 without a byte-order mark.
  if (bytes[0] === 0x3c && bytes[1] === 0x00 && bytes[2] === 0x3f && bytes[3] === 0x00) return decodeWith('utf-16le', bytes);
  if (bytes[0] === 0x00 && bytes[1] === 0x3c && bytes[2] === 0x00 && bytes[3] === 0x3f) return decodeWith('utf-16be', bytes);

  const declared = declaredEncoding(bytes);
  if (declared === null) return decodeUtf8(bytes);
  const label = declared.name.toLowerCase();
  // A declaration read one byte per character cannot be UTF-16; like libxml2, take it as UTF-8.
  if (UTF8_LABELS.has(label) || label.startsWith('utf-16')) return decodeUtf8(bytes);
  if (LATIN1_LABELS.has(label)) return { text: decodeLatin1(bytes), encoding: 'iso-8859-1', issues: [] };
  if (ASCII_LABELS.has(label)) return decodeAscii(bytes);
  if (WINDOWS_1252_LABELS.has(label)) return { text: decodeWindows1252(bytes), encoding: 'windows-1252', issues: [] };
  if (!label.startsWith('utf-32') && isSupportedLabel(label)) return decodeWith(label, bytes);
  return {
    text: null,
    encoding: label,
    issues: [
      {
        line: 1,
        column: declared.column,
        code: 'unsupported-encoding',
        message: `Encoding ${quote(declared.name, 40)} is not supported; use UTF-8`,
      },
    ],
  };
}

/** Reads `encoding="…"` from an ASCII-compatible XML declaration, with its 1-based column. */
function declaredEncoding(bytes: Uint8Array): { name: string; column: number } | null {
  if (!(bytes[0] === 0x3c && bytes[1] === 0x3f && bytes[2] === 0x78 && bytes[3] === 0x6d && bytes[4] === 0x6c)) return null;
  const head = decodeLatin1(bytes.subarray(0, DECLARATION_SNIFF_BYTES));
  const end = head.indexOf('?>');
  if (end === -1) return null;
  // Bounded input and no nested quantifiers: this cannot backtrack badly.
  const match = /\sencoding\s*=\s*(["'])([A-Za-z][A-Za-z0-9._-]*)\1/.exec(head.slice(0, end));
  if (match === null) return null;
  return { name: match[2], column: match.index + match[0].indexOf(match[2]) + 1 };
}

function decodeUtf8(bytes: Uint8Array): DecodedXml {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes), encoding: 'utf-8', issues: [] };
  } catch {
    // Only on failure is the first bad byte searched for, to say where it is.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const bad = Math.max(0, firstInvalidUtf8(bytes));
    return { text, encoding: 'utf-8', issues: [invalidUtf8Issue(bytes, bad)] };
  }
}

function decodeWith(label: string, bytes: Uint8Array): DecodedXml {
  try {
    return { text: new TextDecoder(label, { fatal: true, ignoreBOM: true }).decode(bytes), encoding: label, issues: [] };
  } catch {
    const text = new TextDecoder(label, { ignoreBOM: true }).decode(bytes);
    // Rare enough (a wrong label on a legacy encoding) not to warrant a locating decoder per encoding.
    const message = `The document contains bytes that are not valid ${label}`;
    return { text, encoding: label, issues: [{ line: 1, column: 1, code: 'invalid-encoding', message }] };
  }
}

function decodeAscii(bytes: Uint8Array): DecodedXml {
  const bad = bytes.findIndex((byte) => byte > 0x7f);
  const text = decodeLatin1(bytes);
  if (bad === -1) return { text, encoding: 'us-ascii', issues: [] };
  const at = new Locator(text).position(bad);
  const message = `Byte 0x${bytes[bad].toString(16).toUpperCase()} is not valid US-ASCII`;
  return { text, encoding: 'us-ascii', issues: [{ line: at.line, column: at.column, code: 'invalid-encoding', message }] };
}

function decodeLatin1(bytes: Uint8Array): string {
  // In chunks: String.fromCharCode takes its arguments on the stack.
  let text = '';
  for (let start = 0; start < bytes.length; start += 8192) {
    text += String.fromCharCode(...bytes.subarray(start, start + 8192));
  }
  return text;
}

function decodeWindows1252(bytes: Uint8Array): string {
  // No 0x80-0x9F control characters in latin1 text means nothing to map.
  return decodeLatin1(bytes).replace(/[\u0080-\u009F]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80]);
}

function isSupportedLabel(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

function invalidUtf8Issue(bytes: Uint8Array, offset: number): DocumentIssue {
  // The bytes before `offset` are valid, so their decoded length gives the column in UTF-16 units.
  const before = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(0, offset));
  const at = new Locator(before).position(before.length);
  return {
    line: at.line,
    column: at.column,
    code: 'invalid-encoding',
    message: `Byte 0x${(bytes[offset] ?? 0).toString(16).toUpperCase().padStart(2, '0')} is not valid UTF-8`,
  };
}

/** @returns the offset where the first ill-formed UTF-8 sequence starts (Unicode table 3-7), or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  const length = bytes.length;
  let index = 0;
  while (index < length) {
    const lead = bytes[index];
    if (lead < 0x80) {
      index++;
      continue;
    }
    let size: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) size = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      size = 3;
      if (lead === 0xe0) low = 0xa0; // overlong
      if (lead === 0xed) high = 0x9f; // surrogates
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      size = 4;
      if (lead === 0xf0) low = 0x90; // overlong
      if (lead === 0xf4) high = 0x8f; // above U+10FFFF
    } else return index;
    if (index + size > length) return index;
    const second = bytes[index + 1];
    if (second < low || second > high) return index;
    for (let k = 2; k < size; k++) {
      const next = bytes[index + k];
      if (next < 0x80 || next > 0xbf) return index;
    }
    index += size;
  }
  return -1;
}
