import { createCanvas, Image } from '@napi-rs/canvas';
import { encodeImage, MAP_FORMATS } from './encode-image';
import { createMapCanvas } from './map-canvas';

/** Decodes an encoded image with Skia and answers its RGBA pixels. */
function decode(bytes: Buffer): { width: number; height: number; at: (x: number, y: number) => number[] } {
  const image = new Image();
  image.src = bytes;
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  const data = canvas.getContext('2d').getImageData(0, 0, image.width, image.height).data;
  return { width: image.width, height: image.height, at: (x, y) => [...data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4)] };
}

/** A 64×48 map: a red square, a half-transparent blue one, a green antialiased circle, the rest empty. */
function drawn() {
  const canvas = createMapCanvas(64, 48);
  const context = canvas.getContext('2d');
  context.fillStyle = '#FF0000';
  context.fillRect(0, 0, 16, 16);
  context.fillStyle = 'rgba(0, 0, 255, 0.5)';
  context.fillRect(16, 0, 16, 16);
  context.fillStyle = '#00AA00';
  context.beginPath();
  context.arc(40, 30, 12, 0, Math.PI * 2);
  context.fill();
  return canvas;
}

describe('encodeImage', () => {
  it('writes a PNG that decodes to the drawn pixels, transparency kept', async () => {
    const png = await encodeImage(drawn(), 'image/png', { transparent: true });
    expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    const image = decode(png);
    expect([image.width, image.height]).toEqual([64, 48]);
    expect(image.at(8, 8)).toEqual([255, 0, 0, 255]);
    expect(image.at(24, 8)).toEqual([0, 0, 255, 128]);
    expect(image.at(40, 30)).toEqual([0, 170, 0, 255]);
    expect(image.at(60, 2)).toEqual([0, 0, 0, 0]);
  });

  it('lays an opaque PNG on BGCOLOR, under what was drawn', async () => {
    const image = decode(await encodeImage(drawn(), 'image/png', { transparent: false, bgcolor: '#FFFF00' }));
    expect(image.at(60, 2)).toEqual([255, 255, 0, 255]);
    expect(image.at(8, 8)).toEqual([255, 0, 0, 255]);
    // Half-transparent blue over yellow.
    const [r, g, b, a] = image.at(24, 8);
    expect(a).toBe(255);
    expect(Math.abs(r - 127)).toBeLessThanOrEqual(1);
    expect(Math.abs(g - 127)).toBeLessThanOrEqual(1);
    expect(Math.abs(b - 128)).toBeLessThanOrEqual(1);
  });

  it('writes an opaque PNG as RGB that decodes to every pixel drawn', async () => {
    // A gradient (4,096 colours) under an antialiased circle: rows that repeat, rows that differ.
    const canvas = createMapCanvas(64, 64);
    const context = canvas.getContext('2d');
    for (let x = 0; x < 64; x++) {
      for (let y = 0; y < 64; y++) {
        context.fillStyle = `rgb(${x * 4}, ${y * 4}, ${255 - x * 2})`;
        context.fillRect(x, y, 1, 1);
      }
    }
    context.fillStyle = 'rgba(255, 255, 0, 0.6)';
    context.fillRect(0, 40, 64, 24);
    context.beginPath();
    context.arc(30, 20, 12.5, 0, Math.PI * 2);
    context.fill();
    const png = await encodeImage(canvas, 'image/png', { transparent: false });
    expect(png[25]).toBe(2); // IHDR colour type: RGB
    const drawnPixels = canvas.getContext('2d').getImageData(0, 0, 64, 64).data;
    const image = decode(png);
    let differing = 0;
    for (let y = 0; y < 64; y++) {
      for (let x = 0; x < 64; x++) {
        const at = (y * 64 + x) * 4;
        if (image.at(x, y).join() !== [...drawnPixels.subarray(at, at + 4)].join()) differing++;
      }
    }
    expect(differing).toBe(0);
  });

  it('writes PNG8 of 256 colours or fewer with its exact palette: every pixel as drawn', async () => {
    // Antialiased black outlines on grey and white: only greys, so 256 colours at most.
    const canvas = createMapCanvas(64, 64);
    const g = canvas.getContext('2d');
    g.fillStyle = '#AAAAAA';
    g.strokeStyle = '#000000';
    g.beginPath();
    g.arc(30, 30, 20.3, 0, Math.PI * 2);
    g.moveTo(5, 60);
    g.lineTo(60, 3.7);
    g.fill();
    g.stroke();
    const png8 = await encodeImage(canvas, 'image/png8', { transparent: false });
    expect(png8[25]).toBe(3); // IHDR colour type: indexed
    // Opaque, so Skia's decoding is exact: the decoded pixels are the canvas's (laid on white).
    const drawnPixels = canvas.getContext('2d').getImageData(0, 0, 64, 64).data;
    const image = decode(png8);
    let differing = 0;
    const colours = new Set<string>();
    for (let y = 0; y < 64; y++) {
      for (let x = 0; x < 64; x++) {
        const at = (y * 64 + x) * 4;
        const drawn = [...drawnPixels.subarray(at, at + 4)].join();
        colours.add(drawn);
        if (image.at(x, y).join() !== drawn) differing++;
      }
    }
    // The antialiased blends are there, each kept exact.
    expect(colours.size).toBeGreaterThan(20);
    expect(differing).toBe(0);
  });

  it('writes PNG8 as an indexed PNG with at most 256 colours, flat colours exact', async () => {
    const png8 = await encodeImage(drawn(), 'image/png8', { transparent: true });
    expect(png8[25]).toBe(3); // IHDR colour type: indexed
    const image = decode(png8);
    expect(image.at(8, 8)).toEqual([255, 0, 0, 255]);
    expect(image.at(40, 30)).toEqual([0, 170, 0, 255]);
    expect(image.at(60, 2)).toEqual([0, 0, 0, 0]);
  });

  it('reduces an image of more than 256 colours to the nearest of 256', async () => {
    const canvas = createMapCanvas(64, 64);
    const context = canvas.getContext('2d');
    for (let x = 0; x < 64; x++) {
      for (let y = 0; y < 64; y++) {
        context.fillStyle = `rgb(${x * 4}, ${y * 4}, 128)`;
        context.fillRect(x, y, 1, 1);
      }
    }
    const png8 = await encodeImage(canvas, 'image/png8', { transparent: true });
    expect(png8[25]).toBe(3);
    const image = decode(png8);
    for (const [x, y] of [
      [0, 0],
      [10, 50],
      [63, 63],
    ]) {
      const [r, g, b, a] = image.at(x, y);
      expect(Math.abs(r - x * 4)).toBeLessThanOrEqual(16);
      expect(Math.abs(g - y * 4)).toBeLessThanOrEqual(16);
      expect(Math.abs(b - 128)).toBeLessThanOrEqual(16);
      expect(a).toBe(255);
    }
  });

  it('writes JPEG on white by default and WebP with transparency', async () => {
    const jpeg = await encodeImage(drawn(), 'image/jpeg', { transparent: true });
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const white = decode(jpeg).at(60, 2);
    expect(Math.min(...white.slice(0, 3))).toBeGreaterThan(245);
    const webp = await encodeImage(drawn(), 'image/webp', { transparent: true });
    expect(webp.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(decode(webp).at(60, 2)[3]).toBe(0);
    expect(decode(webp).at(8, 8)[3]).toBe(255);
  });

  it('knows the four GetMap formats', () => {
    expect(MAP_FORMATS).toEqual(['image/png', 'image/png8', 'image/jpeg', 'image/webp']);
  });
});
