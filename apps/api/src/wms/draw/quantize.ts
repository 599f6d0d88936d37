/**
 * Reduces RGBA pixels to a palette of at most 256 colours for `image/png8`. A map has few colours
 * (its fills and strokes) plus the antialiased blends at their edges: when the image has 256 or
 * fewer the palette is exact; otherwise colours are counted in 4-bit-per-channel boxes, the 256
 * fullest boxes give the palette (each its mean colour, fully transparent kept exact), and every
 * pixel takes the nearest palette colour of its box.
 */
export function quantize(rgba: Uint8Array | Uint8ClampedArray): { indices: Uint8Array; palette: Uint8Array } {
  const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.byteLength / 4);
  return exactPalette(pixels) ?? boxPalette(rgba, pixels);
}

/** Slots of the colour table (a power of two, four times the most colours kept: short probes). */
const SLOTS = 1024;

/**
 * The image as palette indices when it has 256 colours or fewer (each colour exact, alpha
 * included), else null. Consecutive pixels mostly share a colour: only a change is looked up, in
 * a small open-addressed table.
 */
export function exactPalette(pixels: Uint32Array): { indices: Uint8Array; palette: Uint8Array } | null {
  const keys = new Uint32Array(SLOTS);
  // Palette index + 1 of the colour in each slot; 0: empty.
  const slots = new Uint16Array(SLOTS);
  const colours = new Uint32Array(256);
  let size = 0;
  const indices = new Uint8Array(pixels.length);
  let previous = -1;
  let previousIndex = 0;
  for (let i = 0; i < pixels.length; i++) {
    const colour = pixels[i];
    if (colour !== previous) {
      let h = Math.imul(colour, 0x9e3779b1) >>> 22;
      for (;;) {
        const s = slots[h];
        if (s === 0) {
          if (size === 256) return null;
          keys[h] = colour;
          colours[size] = colour;
          slots[h] = ++size;
          break;
        }
        if (keys[h] === colour) break;
        h = (h + 1) & (SLOTS - 1);
      }
      previous = colour;
      previousIndex = slots[h] - 1;
    }
    indices[i] = previousIndex;
  }
  const palette = new Uint8Array(colours.buffer.slice(0, size * 4));
  return { indices, palette: sortTransparentFirst(indices, palette) };
}

/** Box of a pixel: 4 bits of each channel (16 bits: 65,536 boxes, small enough to allocate per map). */
const BOXES = 1 << 16;
function box(r: number, g: number, b: number, a: number): number {
  return ((r >> 4) << 12) | ((g >> 4) << 8) | ((b >> 4) << 4) | (a >> 4);
}

function boxPalette(rgba: Uint8Array | Uint8ClampedArray, pixels: Uint32Array): { indices: Uint8Array; palette: Uint8Array } {
  const count = new Uint32Array(BOXES);
  const sums = new Float64Array(BOXES * 4);
  for (let i = 0, p = 0; i < pixels.length; i++, p += 4) {
    const a = rgba[p + 3];
    const key = a === 0 ? 0 : box(rgba[p], rgba[p + 1], rgba[p + 2], a);
    count[key]++;
    sums[key * 4] += rgba[p];
    sums[key * 4 + 1] += rgba[p + 1];
    sums[key * 4 + 2] += rgba[p + 2];
    sums[key * 4 + 3] += a;
  }
  const used: number[] = [];
  for (let key = 0; key < count.length; key++) if (count[key] > 0) used.push(key);
  used.sort((x, y) => count[y] - count[x]);
  const chosen = used.slice(0, 256);
  const palette = new Uint8Array(chosen.length * 4);
  chosen.forEach((key, i) => {
    const n = count[key];
    for (let c = 0; c < 4; c++) palette[i * 4 + c] = key === 0 ? 0 : Math.round(sums[key * 4 + c] / n);
  });
  const nearestOfBox = new Int16Array(BOXES).fill(-1);
  chosen.forEach((key, i) => (nearestOfBox[key] = i));
  const indices = new Uint8Array(pixels.length);
  for (let i = 0, p = 0; i < pixels.length; i++, p += 4) {
    const a = rgba[p + 3];
    const key = a === 0 ? 0 : box(rgba[p], rgba[p + 1], rgba[p + 2], a);
    let nearest = nearestOfBox[key];
    if (nearest < 0) {
      nearest = nearestColour(
        palette,
        sums[key * 4] / count[key],
        sums[key * 4 + 1] / count[key],
        sums[key * 4 + 2] / count[key],
        sums[key * 4 + 3] / count[key],
      );
      nearestOfBox[key] = nearest;
    }
    indices[i] = nearest;
  }
  return { indices, palette: sortTransparentFirst(indices, palette) };
}

function nearestColour(palette: Uint8Array, r: number, g: number, b: number, a: number): number {
  let best = 0;
  let bestDistance = Infinity;
  for (let i = 0; i < palette.length; i += 4) {
    const dr = palette[i] - r;
    const dg = palette[i + 1] - g;
    const db = palette[i + 2] - b;
    const da = palette[i + 3] - a;
    const distance = dr * dr + dg * dg + db * db + da * da;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = i / 4;
    }
  }
  return best;
}

/** Puts translucent colours first, so the tRNS chunk (alphas up to the last translucent entry) stays short. */
function sortTransparentFirst(indices: Uint8Array, palette: Uint8Array): Uint8Array {
  const n = palette.length / 4;
  const order = [...Array(n).keys()].sort((x, y) => Number(palette[x * 4 + 3] === 255) - Number(palette[y * 4 + 3] === 255));
  // Already in order (an opaque image, or translucent colours met first): nothing to rewrite.
  if (order.every((old, i) => old === i)) return palette;
  const remap = new Uint8Array(n);
  const sorted = new Uint8Array(palette.length);
  order.forEach((old, i) => {
    remap[old] = i;
    sorted.set(palette.subarray(old * 4, old * 4 + 4), i * 4);
  });
  for (let i = 0; i < indices.length; i++) indices[i] = remap[indices[i]];
  return sorted;
}
