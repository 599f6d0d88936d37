import { createCanvas } from '@napi-rs/canvas';
import { decodeDataUri, installCanvasGlobals } from './node-canvas-globals';

interface ShimImage {
  src: unknown;
  width: number;
  addEventListener(type: string, listener: () => void): void;
}

/** Sets an image's src through the installed global Image and answers 'load' or 'error'. */
function load(src: string): Promise<{ outcome: string; image: ShimImage }> {
  installCanvasGlobals();
  const image = new (globalThis as unknown as { Image: new () => ShimImage }).Image();
  return new Promise((resolve) => {
    image.addEventListener('load', () => resolve({ outcome: 'load', image }));
    image.addEventListener('error', () => resolve({ outcome: 'error', image }));
    image.src = src;
  });
}

describe('the Node globals for OpenLayers', () => {
  it('decodes data: URIs, base64 or percent-encoded', async () => {
    const png = createCanvas(3, 2).toBuffer('image/png');
    const loaded = await load(`data:image/png;base64,${png.toString('base64')}`);
    expect(loaded.outcome).toBe('load');
    expect(loaded.image.width).toBe(3);
    const svg = await load(
      `data:image/svg+xml;utf8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="5" height="4"><rect width="5" height="4"/></svg>')}`,
    );
    expect(svg.outcome).toBe('load');
    expect(svg.image.width).toBe(5);
    expect(decodeDataUri('data:,a%20b')).toEqual(Buffer.from('a b'));
    expect(decodeDataUri('/etc/passwd')).toBeNull();
  });

  it('never reads a file or fetches a URL, whatever an image is given', async () => {
    expect((await load('/etc/hostname')).outcome).toBe('error');
    expect((await load('file:///etc/hostname')).outcome).toBe('error');
    expect((await load('http://127.0.0.1:9/x.png')).outcome).toBe('error');
    // Bytes that are no image fail as well (and never hang a map).
    expect((await load('data:image/png;base64,AAAA')).outcome).toBe('error');
  });

  it('gives OpenLayers a canvas with a style, and a DOMParser for SVG', () => {
    installCanvasGlobals();
    const g = globalThis as unknown as {
      document: { createElement(tag: string): { width: number; style: object } };
      DOMParser: new () => {
        parseFromString(text: string, type: string): { querySelector(name: string): { getAttribute(name: string): string | null } | null };
      };
    };
    const canvas = g.document.createElement('canvas');
    expect(canvas.width).toBe(300);
    expect(canvas.style).toEqual({});
    const svg = new g.DOMParser().parseFromString('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle r="2"/></svg>', 'image/svg+xml');
    expect(svg.querySelector('svg')?.getAttribute('viewBox')).toBe('0 0 8 8');
    expect(svg.querySelector('circle')?.getAttribute('r')).toBe('2');
  });
});
