import type { Canvas } from '@napi-rs/canvas';
import { encodeIndexedPng, encodeRgbaPng } from './png-encoder';
import { quantize } from './quantize';

/** The image formats GetMap answers (contract §10). */
export const MAP_FORMATS = ['image/png', 'image/png8', 'image/jpeg', 'image/webp'] as const;
export type MapFormat = (typeof MAP_FORMATS)[number];

export interface EncodeOptions {
  /** TRANSPARENT=true keeps what was not drawn transparent (PNG, PNG8, WebP); JPEG is always opaque. */
  transparent: boolean;
  /** BGCOLOR as a CSS colour (`#RRGGBB`); white when absent, as GeoServer. */
  bgcolor?: string;
}

/** GeoServer's default JPEG quality is 0.75 of its encoder's scale; Skia's 85 looks alike at a similar size. */
const JPEG_QUALITY = 85;
const WEBP_QUALITY = 80;

/**
 * Encodes a drawn map. An opaque image (TRANSPARENT=false, or JPEG) is first laid on BGCOLOR,
 * under what was drawn. PNG and PNG8 go through this folder's fast encoder; JPEG and WebP through
 * Skia's.
 */
export async function encodeImage(canvas: Canvas, format: MapFormat, options: EncodeOptions): Promise<Buffer> {
  const opaque = format === 'image/jpeg' || !options.transparent;
  if (opaque) fillUnder(canvas, options.bgcolor ?? '#FFFFFF');
  switch (format) {
    case 'image/jpeg':
      return canvas.encode('jpeg', JPEG_QUALITY);
    case 'image/webp':
      return canvas.encode('webp', WEBP_QUALITY);
    case 'image/png8': {
      const { indices, palette } = quantize(pixelsOf(canvas));
      return encodeIndexedPng(indices, palette, canvas.width, canvas.height);
    }
    case 'image/png':
      return encodeRgbaPng(pixelsOf(canvas), canvas.width, canvas.height, opaque);
  }
}

/** Straight RGBA pixels (the canvas keeps them premultiplied; getImageData gives them straight). */
function pixelsOf(canvas: Canvas): Uint8ClampedArray {
  return canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
}

/** Paints `colour` under everything drawn (destination-over), so antialiased edges blend into it. */
function fillUnder(canvas: Canvas, colour: string): void {
  const context = canvas.getContext('2d');
  context.save();
  context.globalCompositeOperation = 'destination-over';
  context.fillStyle = colour;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.restore();
}
