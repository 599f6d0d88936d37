import type { Locator, Page } from 'playwright-core';
import { ConsolePage } from './console.page';
import { type Rgb } from './map-view';

/** The Layer Preview list: every layer and group with its map, PNG, GeoJSON and legend links. */
export class LayerPreviewPage extends ConsolePage {
  readonly table: Locator;

  constructor(page: Page) {
    super(page);
    this.table = page.getByRole('table', { name: 'Layers and layer groups' });
  }

  row(qualified: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link', { name: `Open map of ${qualified}`, exact: true }) });
  }

  async openMap(qualified: string): Promise<void> {
    await this.page.getByRole('link', { name: `Open map of ${qualified}`, exact: true }).click();
  }

  link(kind: 'PNG' | 'GeoJSON' | 'Legend', qualified: string): Locator {
    return this.page.getByRole('link', { name: `${kind} of ${qualified}`, exact: true });
  }
}

/**
 * Which pixels of a map element's canvases are `rgb` (within `tolerance`, opaque), as a string of
 * 0/1 over the largest canvas's pixels (every canvas of that size OR-ed): the map's drawing as a mask.
 */
export async function colourMask(element: Locator, rgb: Rgb, tolerance = 6): Promise<string> {
  return element.evaluate(
    (el, [color, tol]) => {
      const canvases = Array.from(el.querySelectorAll('canvas')).filter((c) => c.width > 0 && c.height > 0);
      const width = Math.max(...canvases.map((c) => c.width));
      const height = Math.max(...canvases.map((c) => c.height));
      const mask = new Uint8Array(width * height);
      for (const canvas of canvases) {
        if (canvas.width !== width || canvas.height !== height) continue;
        const data = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
        for (let p = 0, i = 0; p < mask.length; p++, i += 4) {
          if (data[i + 3] === 255 && Math.abs(data[i] - color[0]) <= tol && Math.abs(data[i + 1] - color[1]) <= tol && Math.abs(data[i + 2] - color[2]) <= tol)
            mask[p] = 1;
        }
      }
      return Array.from(mask).join('');
    },
    [rgb, tolerance] as const,
  );
}
