/**
 * The characters `encodeURIComponent` leaves as they are, as a regular expression character class
 * body: a string made only of them (most catalog names) needs no encoding, and writers of many
 * URLs (lists) test for that once instead of encoding every name.
 */
export const UNESCAPED_URI_CHARACTERS = "A-Za-z0-9\\-_.!~*'()";
