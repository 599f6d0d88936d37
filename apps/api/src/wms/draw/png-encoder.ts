import { constants, deflateSync } from 'node:zlib';

/**
 * A PNG encoder tuned for maps: large flat areas, few colours. Skia's encoder searches every
 * filter for every row and deflates hard (most of a small map's time); here every row takes the
 * `Up` filter (a row equal to the one above becomes zeros) and zlib runs at a low level with the
 * RLE strategy, which finds those runs as well as a full search does at a fraction of the time
 * (bench/encode.bench: figures in README.md).
 */

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/** PNG filter type per row: 0 none, 2 up. */
export type PngFilter = 0 | 2;

export interface PngOptions {
  /** zlib level 1–9 (default 1). */
  level?: number;
  /** Row filter (default 2, `Up`). */
  filter?: PngFilter;
  /** zlib strategy (default `Z_RLE`). */
  strategy?: number;
}

/**
 * Encodes straight (not premultiplied) RGBA pixels as a truecolour PNG: RGBA, or RGB when `opaque`.
 * Opaque, the `Up` filter is taken in the same pass as the RGB copy (each byte minus the pixel
 * above, read from the source): the rows are written once and never read back (a quarter less
 * time than copying, then filtering).
 */
export function encodeRgbaPng(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number, opaque: boolean, options: PngOptions = {}): Buffer {
  const channels = opaque ? 3 : 4;
  const rowBytes = width * channels;
  const raw = Buffer.allocUnsafe((rowBytes + 1) * height);
  const filter = options.filter ?? 2;
  const srcRow = width * 4;
  for (let y = 0, out = 0; y < height; y++) {
    raw[out++] = filter;
    const row = y * srcRow;
    const up = opaque && filter === 2 && y > 0;
    if (opaque) {
      if (up) {
        for (let i = row, end = row + srcRow; i < end; i += 4) {
          raw[out++] = rgba[i] - rgba[i - srcRow];
          raw[out++] = rgba[i + 1] - rgba[i + 1 - srcRow];
          raw[out++] = rgba[i + 2] - rgba[i + 2 - srcRow];
        }
      } else {
        for (let i = row, end = row + srcRow; i < end; i += 4) {
          raw[out++] = rgba[i];
          raw[out++] = rgba[i + 1];
          raw[out++] = rgba[i + 2];
        }
      }
    } else {
      raw.set(rgba.subarray(row, row + rowBytes), out);
      out += rowBytes;
    }
  }
  // RGBA rows are copied whole (one native copy), then filtered in place.
  if (!opaque && filter === 2) upFilter(raw, rowBytes, height);
  return png(width, height, opaque ? 2 : 6, 8, raw, options, []);
}

/** Encodes palette indices (one byte a pixel) with their RGBA palette as an 8-bit indexed PNG. */
export function encodeIndexedPng(indices: Uint8Array, palette: Uint8Array, width: number, height: number, options: PngOptions = {}): Buffer {
  const raw = Buffer.alloc((width + 1) * height);
  const filter = options.filter ?? 2;
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = filter;
    raw.set(indices.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  }
  if (filter === 2) upFilter(raw, width, height);
  const colours = palette.length / 4;
  const plte = Buffer.alloc(colours * 3);
  const alpha = Buffer.alloc(colours);
  let lastTranslucent = -1;
  for (let i = 0; i < colours; i++) {
    plte[i * 3] = palette[i * 4];
    plte[i * 3 + 1] = palette[i * 4 + 1];
    plte[i * 3 + 2] = palette[i * 4 + 2];
    alpha[i] = palette[i * 4 + 3];
    if (alpha[i] !== 255) lastTranslucent = i;
  }
  const chunks: [string, Buffer][] = [['PLTE', plte]];
  if (lastTranslucent >= 0) chunks.push(['tRNS', alpha.subarray(0, lastTranslucent + 1)]);
  return png(width, height, 3, 8, raw, options, chunks);
}

/** The `Up` filter, in place, last row first (each row minus the unfiltered row above it). */
function upFilter(raw: Buffer, rowBytes: number, height: number): void {
  const stride = rowBytes + 1;
  for (let y = height - 1; y > 0; y--) {
    const row = y * stride + 1;
    const above = row - stride;
    for (let i = 0; i < rowBytes; i++) raw[row + i] = (raw[row + i] - raw[above + i]) & 0xff;
  }
}

function png(width: number, height: number, colourType: number, bitDepth: number, raw: Buffer, options: PngOptions, extra: [string, Buffer][]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = colourType;
  const data = deflateSync(raw, { level: options.level ?? 1, strategy: options.strategy ?? constants.Z_RLE });
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    ...extra.map(([type, body]) => chunk(type, body)),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, body: Buffer): Buffer {
  const out = Buffer.alloc(12 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.write(type, 4, 'latin1');
  body.copy(out, 8);
  out.writeUInt32BE(crc32(out, 4, 8 + body.length), 8 + body.length);
  return out;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array, start: number, end: number): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
