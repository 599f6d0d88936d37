import type { Locator, Page } from 'playwright-core';

/** An RGB colour, e.g. `[65, 105, 225]` for #4169E1. */
export type Rgb = [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * An OpenLayers map in the page, read through its canvases' pixels: what is really drawn, not
 * what the DOM says.
 */
export class MapView {
  constructor(
    private readonly page: Page,
    readonly element: Locator,
  ) {}

  /** Pixels of the map's canvases within `tolerance` of `rgb` (per channel), fully opaque. */
  async countPixels(rgb: Rgb, tolerance = 3): Promise<number> {
    const handle = await this.element.elementHandle();
    if (!handle) throw new Error('map element not found');
    return handle.evaluate(
      (element, [color, tol]) => {
        let count = 0;
        for (const canvas of Array.from(element.querySelectorAll('canvas'))) {
          const context = canvas.getContext('2d');
          if (!context || canvas.width === 0 || canvas.height === 0) continue;
          const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
          for (let i = 0; i < data.length; i += 4) {
            if (
              data[i + 3] === 255 &&
              Math.abs(data[i] - color[0]) <= tol &&
              Math.abs(data[i + 1] - color[1]) <= tol &&
              Math.abs(data[i + 2] - color[2]) <= tol
            ) {
              count++;
            }
          }
        }
        return count;
      },
      [rgb, tolerance] as const,
    );
  }

  /** Waits until at least `min` pixels of `rgb` are drawn; returns the count. */
  async waitForPixels(rgb: Rgb, min: number, timeoutMs = 10_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const count = await this.countPixels(rgb);
      if (count >= min || Date.now() > deadline) return count;
      await this.page.waitForTimeout(100);
    }
  }

  /**
   * Page coordinates of a pixel of colour `rgb` deep inside a drawn area (its 9×9 neighbourhood
   * has the same colour), so a click there hits the feature, not its outline.
   */
  async interiorPoint(rgb: Rgb, tolerance = 3): Promise<{ x: number; y: number } | null> {
    const handle = await this.element.elementHandle();
    if (!handle) throw new Error('map element not found');
    return handle.evaluate(
      (element, [color, tol]) => {
        const near = (data: Uint8ClampedArray, i: number) =>
          data[i + 3] === 255 && Math.abs(data[i] - color[0]) <= tol && Math.abs(data[i + 1] - color[1]) <= tol && Math.abs(data[i + 2] - color[2]) <= tol;
        for (const canvas of Array.from(element.querySelectorAll('canvas'))) {
          const context = canvas.getContext('2d');
          if (!context || canvas.width === 0) continue;
          const { width, height } = canvas;
          const data = context.getImageData(0, 0, width, height).data;
          const rect = canvas.getBoundingClientRect();
          // Scan from the centre outwards in rings, so the point is well inside the view.
          const cx = Math.floor(width / 2);
          const cy = Math.floor(height / 2);
          for (let r = 0; r < Math.max(width, height) / 2; r += 3) {
            for (let dy = -r; dy <= r; dy += 3) {
              for (const dx of [-r, r]) {
                const x = cx + dx;
                const y = cy + dy;
                if (x < 5 || y < 5 || x >= width - 5 || y >= height - 5) continue;
                let inside = true;
                for (let oy = -4; oy <= 4 && inside; oy += 2) {
                  for (let ox = -4; ox <= 4 && inside; ox += 2) inside = near(data, ((y + oy) * width + (x + ox)) * 4);
                }
                if (inside) return { x: rect.left + (x * rect.width) / width, y: rect.top + (y * rect.height) / height };
              }
            }
          }
        }
        return null;
      },
      [rgb, tolerance] as const,
    );
  }
}
