// Character classes of XML 1.0 (fifth edition), tested on UTF-16 code units with charCodeAt.
// Hand-written comparisons instead of regular expressions: they are the hot path of the parser,
// and a scan with no regex cannot backtrack on hostile input.

/** XML's whitespace (production S): space, tab, line feed, carriage return. Nothing else. */
export function isXmlWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d;
}

/** NameStartChar for a single code unit (astral characters are handled in {@link scanName}). */
function isNameStartCode(code: number): boolean {
  if (code < 0x80) {
    return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f || code === 0x3a;
  }
  return (
    (code >= 0xc0 && code <= 0xd6) ||
    (code >= 0xd8 && code <= 0xf6) ||
    (code >= 0xf8 && code <= 0x2ff) ||
    (code >= 0x370 && code <= 0x37d) ||
    (code >= 0x37f && code <= 0x1fff) ||
    code === 0x200c ||
    code === 0x200d ||
    (code >= 0x2070 && code <= 0x218f) ||
    (code >= 0x2c00 && code <= 0x2fef) ||
    (code >= 0x3001 && code <= 0xd7ff) ||
    (code >= 0xf900 && code <= 0xfdcf) ||
    (code >= 0xfdf0 && code <= 0xfffd)
  );
}

/** NameChar for a single code unit. */
function isNameCode(code: number): boolean {
  if (code < 0x80) {
    return (
      (code >= 0x61 && code <= 0x7a) ||
      (code >= 0x41 && code <= 0x5a) ||
      (code >= 0x30 && code <= 0x39) ||
      code === 0x5f ||
      code === 0x3a ||
      code === 0x2d ||
      code === 0x2e
    );
  }
  return isNameStartCode(code) || code === 0xb7 || (code >= 0x300 && code <= 0x36f) || code === 0x203f || code === 0x2040;
}

/**
 * True when a surrogate pair starts at `index` and encodes a code point allowed in names
 * (U+10000 to U+EFFFF, i.e. high surrogates D800 to DB7F).
 */
function isNameSurrogatePair(text: string, index: number): boolean {
  const high = text.charCodeAt(index);
  if (high < 0xd800 || high > 0xdb7f) return false;
  const low = text.charCodeAt(index + 1);
  return low >= 0xdc00 && low <= 0xdfff;
}

/**
 * Scans an XML Name (colons included; namespace rules are checked by the caller).
 * @returns the index just past the name, or `start` when no name starts there.
 */
export function scanName(text: string, start: number): number {
  let index = start;
  const first = text.charCodeAt(index);
  if (isNameStartCode(first)) index++;
  else if (isNameSurrogatePair(text, index)) index += 2;
  else return start;
  const length = text.length;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (isNameCode(code)) index++;
    else if (isNameSurrogatePair(text, index)) index += 2;
    else break;
  }
  return index;
}

/** @returns the first index at or after `start` that is not XML whitespace. */
export function skipWhitespace(text: string, start: number): number {
  let index = start;
  while (isXmlWhitespace(text.charCodeAt(index))) index++;
  return index;
}

/** True when a code point is an XML 1.0 Char. */
export function isXmlChar(codePoint: number): boolean {
  if (codePoint < 0x20) return codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0d;
  return codePoint <= 0xd7ff || (codePoint >= 0xe000 && codePoint <= 0xfffd) || (codePoint >= 0x10000 && codePoint <= 0x10ffff);
}

// One linear pass with a single character class: nothing to backtrack on. With the `u` flag a lone
// surrogate is matched as its own code point, so it is reported as the invalid character it is.
const INVALID_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** @returns the index of the first character that XML 1.0 does not allow, or -1. */
export function findInvalidXmlChar(text: string): number {
  const match = INVALID_XML_CHAR.exec(text);
  return match === null ? -1 : match.index;
}

/**
 * Names a character for a message: printable characters quoted, others as `U+XXXX`, so a control
 * character or a lone surrogate never ends up raw in a message.
 */
export function describeChar(text: string, index: number): string {
  const codePoint = text.codePointAt(index);
  if (codePoint === undefined) return 'the end of the document';
  if (codePoint > 0x20 && codePoint < 0x7f) return `'${String.fromCharCode(codePoint)}'`;
  const hex = codePoint.toString(16).toUpperCase().padStart(4, '0');
  if (codePoint >= 0xa0 && isXmlChar(codePoint)) {
    return `'${String.fromCodePoint(codePoint)}' (U+${hex})`;
  }
  return `U+${hex}`;
}

/**
 * Quotes a document-supplied string for a message, cut short so that a 1 MiB name or value is
 * never echoed back whole.
 */
export function quote(value: string, maxLength = 60): string {
  if (value.length <= maxLength) return `'${value}'`;
  // Never cut a surrogate pair in two.
  const last = value.charCodeAt(maxLength - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? maxLength - 1 : maxLength;
  return `'${value.slice(0, end)}…'`;
}
