import type { Locator, Page } from 'playwright-core';
import { ConsolePage } from './console.page';
import { MapView } from './map-view';

/** The layer preview: map, style switcher, legend, feature info, share link. */
export class PreviewPage extends ConsolePage {
  readonly map: MapView;
  readonly status: Locator;
  readonly legend: Locator;
  readonly featureInfo: Locator;
  readonly shareLink: Locator;
  readonly styleSwitcher: Locator;

  constructor(page: Page) {
    super(page);
    this.map = new MapView(page, page.getByRole('application', { name: /^Map of / }));
    this.status = page.locator('.map-status');
    this.legend = page.getByRole('list', { name: 'Legend' });
    this.featureInfo = page.locator('.identify');
    this.shareLink = page.getByLabel('Link to this preview');
    this.styleSwitcher = page.getByLabel('Draw with');
  }

  async waitUntilShown(qualifiedLayer: string): Promise<void> {
    await this.heading(qualifiedLayer).waitFor();
    await this.map.element.waitFor();
  }

  /** Waits for "N features drawn" and returns N. */
  async featuresDrawn(): Promise<number> {
    const line = this.page.locator('.map-status').filter({ hasText: /features? drawn|could not be loaded/ });
    await line.waitFor();
    const text = await line.innerText();
    const match = /(\d+) features? drawn/.exec(text);
    if (!match) throw new Error(`the preview says: ${text}`);
    return Number(match[1]);
  }
}
