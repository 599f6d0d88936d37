/**
 * A cursor over bytes read from a file someone else wrote: every read is checked against what is
 * left, so a truncated or hostile file gives an `Error` naming what was cut short, never a read
 * past the end or an allocation sized by a number taken from the file.
 */
export class ByteReader {
  private offset = 0;

  constructor(
    private readonly bytes: Uint8Array,
    /** Names the data in error messages, e.g. `security/geoserver.jceks`. */
    private readonly what: string,
  ) {}

  /** How many bytes were read so far. */
  get position(): number {
    return this.offset;
  }

  get remaining(): number {
    return this.bytes.length - this.offset;
  }

  /** The bytes from `start` to the current position (a view, not a copy). */
  consumedSince(start: number): Uint8Array {
    return this.bytes.subarray(start, this.offset);
  }

  /** The next byte, not consumed. */
  peek(field: string): number {
    if (this.remaining < 1) throw new Error(`${this.what} is cut short: ${field} is missing`);
    return this.bytes[this.offset];
  }

  u8(field: string): number {
    return this.take(1, field)[0];
  }

  u16(field: string): number {
    const b = this.take(2, field);
    return (b[0] << 8) | b[1];
  }

  /** A big-endian signed 32-bit integer (Java's `int`). */
  i32(field: string): number {
    const b = this.take(4, field);
    return ((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) >> 0;
  }

  /** `count` bytes; `count` is checked against what is left before anything is allocated. */
  take(count: number, field: string): Uint8Array {
    if (!Number.isSafeInteger(count) || count < 0) {
      throw new Error(`${this.what}: ${field} has an impossible length (${count})`);
    }
    if (count > this.remaining) {
      throw new Error(`${this.what} is cut short: ${field} needs ${count} bytes, ${this.remaining} are left`);
    }
    const out = this.bytes.subarray(this.offset, this.offset + count);
    this.offset += count;
    return out;
  }

  /** A length read as a Java `int`, then that many bytes. */
  sizedBytes(field: string): Uint8Array {
    return this.take(this.i32(`${field} length`), field);
  }

  /** Java's `DataInput.readUTF`: a 16-bit length, then modified UTF-8. */
  utf(field: string): string {
    return decodeModifiedUtf8(this.take(this.u16(`${field} length`), field), `${this.what}: ${field}`);
  }
}

/**
 * Java's modified UTF-8 (`DataInput.readUTF`): UTF-8 of UTF-16 code units, U+0000 as `C0 80`,
 * supplementary characters as two 3-byte surrogates.
 */
export function decodeModifiedUtf8(bytes: Uint8Array, what: string): string {
  const units: number[] = [];
  for (let i = 0; i < bytes.length;) {
    const a = bytes[i];
    if (a < 0x80) {
      units.push(a);
      i += 1;
    } else if ((a & 0xe0) === 0xc0 && i + 1 < bytes.length && (bytes[i + 1] & 0xc0) === 0x80) {
      units.push(((a & 0x1f) << 6) | (bytes[i + 1] & 0x3f));
      i += 2;
    } else if ((a & 0xf0) === 0xe0 && i + 2 < bytes.length && (bytes[i + 1] & 0xc0) === 0x80 && (bytes[i + 2] & 0xc0) === 0x80) {
      units.push(((a & 0x0f) << 12) | ((bytes[i + 1] & 0x3f) << 6) | (bytes[i + 2] & 0x3f));
      i += 3;
    } else {
      throw new Error(`${what} is not valid modified UTF-8`);
    }
  }
  let out = '';
  for (let i = 0; i < units.length; i += 4096) out += String.fromCharCode(...units.slice(i, i + 4096));
  return out;
}
