import type { Locator, Page } from 'playwright-core';
import { ConsolePage } from './console.page';

/** "Publish layers": a store's unpublished tables with geometry, ticked and published together. */
export class PublishPage extends ConsolePage {
  readonly progress: Locator;

  constructor(page: Page) {
    super(page);
    this.progress = page.getByRole('region', { name: 'Publishing' });
  }

  async waitUntilShown(): Promise<void> {
    await this.heading('Publish layers').waitFor();
  }

  /** The tables offered, once listed. */
  async tables(): Promise<string[]> {
    const list = this.page.locator('.publish-page__table code');
    await list.first().waitFor();
    return list.allInnerTexts();
  }

  async tick(table: string): Promise<void> {
    await this.page.locator('.publish-page__table').filter({ hasText: table }).getByRole('checkbox').check();
  }

  async setTitle(table: string, title: string): Promise<void> {
    await this.page.getByLabel(`Title of ${table}`).fill(title);
  }

  async publish(): Promise<void> {
    await this.page.getByRole('button', { name: /^Publish( \d+ tables)?$/ }).click();
  }

  /** The progress line of a published layer. */
  published(qualified: string): Locator {
    return this.progress.locator('.publish-page__status--done').filter({ hasText: `Published ${qualified}` });
  }
}
