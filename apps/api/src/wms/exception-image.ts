/**
 * The image answers to a failure (`EXCEPTIONS=INIMAGE` / `BLANK`): an image of the size and format
 * the request asked for (as far as they could be read), blank, or with the message written on it.
 */
import type { MapFormat } from './getmap-params';
import { parseColor } from './getmap-params';
import type { MapRenderer } from './map-renderer';
import type { WmsParams } from './wms-params';
import { MAX_IMAGE_SIDE } from './wms-service-metadata';

/** Side of the image when the request's own cannot be read. */
const FALLBACK_SIDE = 256;

/** The 2D context drawing needs, where the renderer's canvas has one. */
interface TextContext {
  fillStyle: string;
  font: string;
  fillText(text: string, x: number, y: number): void;
}

export async function exceptionImage(renderer: MapRenderer, params: WmsParams, message: string | null): Promise<{ contentType: string; body: Buffer }> {
  const side = (name: string) => {
    const n = Number(params.get(name));
    return Number.isInteger(n) && n >= 1 && n <= MAX_IMAGE_SIDE ? n : FALLBACK_SIDE;
  };
  const width = side('width');
  const height = side('height');
  const asked = (params.get('format') ?? '').toLowerCase();
  const format: MapFormat =
    asked.includes('jpeg') || asked.includes('jpg')
      ? 'image/jpeg'
      : asked.includes('webp')
        ? 'image/webp'
        : asked.includes('png8')
          ? 'image/png8'
          : 'image/png';
  const transparent = (params.get('transparent') ?? '').toLowerCase() === 'true';
  let bgcolor = '#ffffff';
  try {
    bgcolor = parseColor(params.get('bgcolor'));
  } catch {
    // A bad BGCOLOR may be the very failure being reported: white then.
  }
  const canvas = renderer.createMapCanvas(width, height);
  if (message !== null) writeMessage(canvas, message, width);
  const body = await renderer.encodeImage(canvas, format, { transparent, bgcolor });
  return { contentType: format === 'image/png8' ? 'image/png' : format, body };
}

/** The message in black, wrapped to the image's width, top left. */
function writeMessage(canvas: object, message: string, width: number): void {
  const ctx = (canvas as { getContext?: (kind: string) => TextContext | null }).getContext?.('2d');
  if (!ctx) return;
  ctx.fillStyle = '#000000';
  ctx.font = '12px sans-serif';
  const perLine = Math.max(10, Math.floor((width - 8) / 7));
  const words = message.split(/\s+/);
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if ((line + ' ' + w).trim().length > perLine && line) {
      lines.push(line);
      line = w;
    } else line = (line + ' ' + w).trim();
  }
  if (line) lines.push(line);
  lines.forEach((l, i) => ctx.fillText(l, 4, 16 + i * 14));
}
