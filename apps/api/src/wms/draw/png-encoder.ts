import { constants, crc32, deflateSync } from 'node:zlib';

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
 * Opaque, the `Up` filter is taken in the same pass as the RGB copy (see {@link rgbRows}): the
 * rows are written once and never read back.
 */
export function encodeRgbaPng(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number, opaque: boolean, options: PngOptions = {}): Buffer {
  const channels = opaque ? 3 : 4;
  const rowBytes = width * channels;
  const raw = scratch((rowBytes + 1) * height);
  const filter = options.filter ?? 2;
  if (opaque) rgbRows(rgba, width, height, filter, raw);
  else {
    // RGBA rows are copied whole (one native copy), then filtered in place.
    for (let y = 0, out = 0; y < height; y++) {
      raw[out++] = filter;
      raw.set(rgba.subarray(y * rowBytes, (y + 1) * rowBytes), out);
      out += rowBytes;
    }
    if (filter === 2) upFilter(raw, rowBytes, height);
  }
  return png(width, height, opaque ? 2 : 6, 8, raw, options, []);
}

/**
 * The RGB rows of opaque RGBA pixels into `raw`, each after its filter byte, with the `Up`
 * filter taken in the same pass: a pixel is read as one 32-bit word, a pixel equal to the one
 * above (most of a map) gives zeros, any other the byte-wise difference of the two words (each
 * byte minus the byte above, modulo 256, no borrow between bytes).
 */
function rgbRows(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number, filter: PngFilter, raw: Buffer): void {
  // Words need an aligned start: an unaligned view is copied first.
  const aligned = rgba.byteOffset % 4 ? rgba.slice() : rgba;
  const pixels = new Uint32Array(aligned.buffer, aligned.byteOffset, width * height);
  const littleEndian = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;
  let out = 0;
  for (let y = 0; y < height; y++) {
    raw[out++] = filter;
    const start = y * width;
    const up = filter === 2 && y > 0 && littleEndian;
    for (let i = start, end = start + width; i < end; i++) {
      let p = pixels[i];
      if (up) {
        const above = pixels[i - width];
        if (p === above) {
          raw[out++] = 0;
          raw[out++] = 0;
          raw[out++] = 0;
          continue;
        }
        p = ((p | 0x80808080) - (above & 0x7f7f7f7f)) ^ ((p ^ ~above) & 0x80808080);
      } else if (!littleEndian) p = rgba[i * 4] | (rgba[i * 4 + 1] << 8) | (rgba[i * 4 + 2] << 16);
      raw[out++] = p;
      raw[out++] = p >>> 8;
      raw[out++] = p >>> 16;
    }
  }
  if (filter === 2 && !littleEndian) upFilter(raw, width * 3, height);
}

/** Encodes palette indices (one byte a pixel) with their RGBA palette as an 8-bit indexed PNG. */
export function encodeIndexedPng(indices: Uint8Array, palette: Uint8Array, width: number, height: number, options: PngOptions = {}): Buffer {
  // Every byte is written: the filter byte and the indices of each row.
  const raw = scratch((width + 1) * height);
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

/** The largest rows kept between images (a 512 × 512 RGBA map's); bigger ones are allocated each time. */
const SCRATCH_MAX = 512 * (512 * 4 + 1);
let rows: Buffer | undefined;

/**
 * The rows before deflating, in one buffer kept for the next image: deflateSync reads them at
 * once, so the buffer is free again when the PNG is returned, and a map does not allocate (and
 * leave to the collector) a buffer of its size.
 */
function scratch(size: number): Buffer {
  if (size > SCRATCH_MAX) return Buffer.allocUnsafeSlow(size);
  if (!rows || rows.length < size) rows = Buffer.allocUnsafeSlow(SCRATCH_MAX);
  return rows.subarray(0, size);
}

/** The PNG, written once into a buffer of its exact size: signature, IHDR, `extra`, IDAT, IEND. */
function png(width: number, height: number, colourType: number, bitDepth: number, raw: Buffer, options: PngOptions, extra: [string, Buffer][]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = colourType;
  const data = deflateSync(raw, { level: options.level ?? 1, strategy: options.strategy ?? constants.Z_RLE });
  const chunks: [string, Uint8Array][] = [['IHDR', header], ...extra, ['IDAT', data], ['IEND', new Uint8Array(0)]];
  let size = SIGNATURE.length;
  for (const [, body] of chunks) size += 12 + body.length;
  const out = Buffer.allocUnsafe(size);
  out.set(SIGNATURE, 0);
  let at = SIGNATURE.length;
  for (const [type, body] of chunks) {
    out.writeUInt32BE(body.length, at);
    out.write(type, at + 4, 'latin1');
    out.set(body, at + 8);
    // The CRC covers the type and the data.
    out.writeUInt32BE(crc32(out.subarray(at + 4, at + 8 + body.length)), at + 8 + body.length);
    at += 12 + body.length;
  }
  return out;
}
