import { decodeXml } from './xml-decode';

/** Strings as UTF-8, numbers as raw bytes. */
const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'utf8')] : part)));

describe('decodeXml', () => {
  it('decodes UTF-8 by default, with or without a byte-order mark', () => {
    expect(decodeXml(new TextEncoder().encode('<a>été</a>'))).toEqual({ text: '<a>été</a>', encoding: 'utf-8', issues: [] });
    expect(decodeXml(bytes([0xef, 0xbb, 0xbf], '<a/>'))).toEqual({ text: '<a/>', encoding: 'utf-8', issues: [] });
  });

  it('decodes ISO-8859-1 byte for byte, not as windows-1252', () => {
    const decoded = decodeXml(bytes('<?xml version="1.0" encoding="ISO-8859-1"?><a>', [0xe9, 0x80], '</a>'));
    expect(decoded).toEqual({ text: '<?xml version="1.0" encoding="ISO-8859-1"?><a>é\u0080</a>', encoding: 'iso-8859-1', issues: [] });
  });

  it('decodes windows-1252 with its own characters at 0x80-0x9F', () => {
    const decoded = decodeXml(bytes("<?xml version='1.0' encoding='windows-1252'?><a>", [0x80, 0x93, 0x81, 0xe9], '</a>'));
    expect(decoded).toEqual({ text: "<?xml version='1.0' encoding='windows-1252'?><a>€“\u0081é</a>", encoding: 'windows-1252', issues: [] });
  });

  it('decodes other encodings TextDecoder knows', () => {
    const decoded = decodeXml(bytes("<?xml version='1.0' encoding='ISO-8859-2'?><a>", [0xa1, 0xb1], '</a>'));
    expect(decoded).toEqual({ text: "<?xml version='1.0' encoding='ISO-8859-2'?><a>Ąą</a>", encoding: 'iso-8859-2', issues: [] });
  });

  it('decodes UTF-16 by its byte-order mark, or by "<?" without one', () => {
    const le = Buffer.from('\uFEFF<a>é</a>', 'utf16le');
    expect(decodeXml(le)).toEqual({ text: '<a>é</a>', encoding: 'utf-16le', issues: [] });
    const be = Buffer.from(le).swap16();
    expect(decodeXml(be)).toEqual({ text: '<a>é</a>', encoding: 'utf-16be', issues: [] });
    expect(decodeXml(Buffer.from('<?xml version="1.0"?><a/>', 'utf16le')).text).toBe('<?xml version="1.0"?><a/>');
  });

  it('locates the first byte that is not UTF-8, counting columns in characters', () => {
    const decoded = decodeXml(bytes('<a>\n  <t>été', [0xff], '</t></a>'));
    expect(decoded.issues).toEqual([{ line: 2, column: 9, code: 'invalid-encoding', message: 'Byte 0xFF is not valid UTF-8' }]);
    // The rest is still decoded, with U+FFFD in place of the bad byte.
    expect(decoded.text).toBe('<a>\n  <t>été\uFFFD</t></a>');
  });

  it.each([
    ['an overlong encoding', [0xc0, 0x80]],
    ['a UTF-16 surrogate', [0xed, 0xa0, 0x80]],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a truncated sequence', [0xe2, 0x82]],
    ['a lone continuation byte', [0x80]],
  ])('refuses %s', (_, bad) => {
    const [issue] = decodeXml(bytes('<a>', bad, '</a>')).issues;
    expect(issue).toMatchObject({ line: 1, column: 4, code: 'invalid-encoding' });
  });

  it('refuses non-ASCII bytes in a US-ASCII document', () => {
    const decoded = decodeXml(bytes('<?xml version="1.0" encoding="US-ASCII"?>\n<a>', [0xe9], '</a>'));
    expect(decoded.issues).toEqual([{ line: 2, column: 4, code: 'invalid-encoding', message: 'Byte 0xE9 is not valid US-ASCII' }]);
  });

  it('refuses an encoding it cannot decode, pointing at its name', () => {
    expect(decodeXml(bytes('<?xml version="1.0" encoding="X-EBCDIC-NOPE"?><a/>'))).toEqual({
      text: null,
      encoding: 'x-ebcdic-nope',
      issues: [{ line: 1, column: 31, code: 'unsupported-encoding', message: "Encoding 'X-EBCDIC-NOPE' is not supported; use UTF-8" }],
    });
  });

  it('reads a document labelled UTF-16 but written one byte per character as UTF-8, as libxml2 does', () => {
    expect(decodeXml(bytes('<?xml version="1.0" encoding="UTF-16"?><a/>')).text).toBe('<?xml version="1.0" encoding="UTF-16"?><a/>');
  });

  it('decodes an empty body to an empty text', () => {
    expect(decodeXml(new Uint8Array())).toEqual({ text: '', encoding: 'utf-8', issues: [] });
  });
});
