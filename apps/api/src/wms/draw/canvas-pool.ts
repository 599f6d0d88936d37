import type { Canvas } from '@napi-rs/canvas';
import { createMapCanvas } from './map-canvas';

/**
 * Canvases kept between maps, per size. A fresh Skia canvas costs more than its allocation: its
 * first drawing and its first read of the pixels set up the surface, and the memory it leaves
 * behind is collected later; one canvas `reset()` (pixels transparent, every state as new) draws
 * the next map of its size with the same pixels for less than half the CPU of a new one
 * (apps/api/src/wms/draw/README.md). A canvas is taken for one map only (a thread draws several
 * at once, each awaiting its rows) and given back once that map is encoded.
 */
export class CanvasPool {
  /** Free canvases, the most recently given back last. */
  private readonly free: Canvas[] = [];
  private freePixels = 0;

  /** `maxPixels`: what the free canvases may hold together (a 256 × 256 map is 65,536 pixels). */
  constructor(private readonly maxPixels = 512 * 1024) {}

  /** A canvas of this size, as new: a free one reset, else a new one. */
  take(width: number, height: number): Canvas {
    for (let i = this.free.length - 1; i >= 0; i--) {
      const canvas = this.free[i];
      if (canvas.width !== width || canvas.height !== height) continue;
      this.free.splice(i, 1);
      this.freePixels -= width * height;
      canvas.getContext('2d').reset();
      return canvas;
    }
    return createMapCanvas(width, height);
  }

  /** Gives back a canvas no longer read; the oldest free ones go beyond the pixel budget. */
  give(canvas: Canvas): void {
    const pixels = canvas.width * canvas.height;
    if (pixels > this.maxPixels) return;
    this.free.push(canvas);
    this.freePixels += pixels;
    while (this.freePixels > this.maxPixels) {
      const oldest = this.free.shift()!;
      this.freePixels -= oldest.width * oldest.height;
    }
  }
}
