import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { installCanvasGlobals } from './node-canvas-globals';

/** A Skia canvas for libs/map-render's drawMap, with the browser globals OpenLayers needs installed. */
export function createMapCanvas(width: number, height: number): Canvas {
  installCanvasGlobals();
  return createCanvas(width, height);
}
