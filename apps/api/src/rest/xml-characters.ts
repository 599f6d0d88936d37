// The characters XML 1.0 cannot carry (its `Char` production): NUL and the C0 controls but tab,
// LF and CR; U+FFFE and U+FFFF; and UTF-16 surrogates that are not part of a pair. Text with one
// of them could not be written back as XML that parsers accept, so it is refused on input.
const ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const ILLEGAL_ALL = new RegExp(ILLEGAL.source, 'g');

/** The first character XML 1.0 cannot carry, as `U+XXXX`, or undefined when the text is clean. */
export function illegalCharacterIn(text: string): string | undefined {
  const m = ILLEGAL.exec(text);
  if (!m) return undefined;
  return `U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The sentence that refuses text with such a character, naming where it was found. */
export function illegalCharacterMessage(where: string, character: string): string {
  return `${where} contains ${character}, a control or non-character that XML 1.0 cannot carry; it is not accepted`;
}

/**
 * The text with every such character replaced by U+FFFD, for output: what was stored before the
 * input rule existed is still written as XML that parsers accept.
 */
export function withoutIllegalCharacters(text: string): string {
  return ILLEGAL.test(text) ? text.replace(ILLEGAL_ALL, '\uFFFD') : text;
}
