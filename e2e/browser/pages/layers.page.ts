import type { Locator, Page } from 'playwright-core';
import { ConsolePage } from './console.page';

/** The layers list: names, titles, CRS, boxes, enabled switches, filter, selection. */
export class LayersPage extends ConsolePage {
  readonly table: Locator;
  readonly filter: Locator;

  constructor(page: Page) {
    super(page);
    this.table = page.getByRole('table', { name: 'Layers' });
    this.filter = page.getByLabel('Filter layers');
  }

  async waitUntilShown(): Promise<void> {
    await this.heading('Layers').waitFor();
  }

  /** A layer's row, by workspace and name. */
  row(workspace: string, name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('checkbox', { name: `Select ${workspace}:${name}` }) });
  }

  /** The row's cells as text, by column header. */
  async cells(row: Locator): Promise<Record<string, string>> {
    const headers = await this.table.locator('thead th').allInnerTexts();
    const cells = await row.locator('th, td').allInnerTexts();
    return Object.fromEntries(headers.map((h, i) => [h.trim().toLowerCase(), (cells[i] ?? '').trim()]));
  }

  enabledSwitch(workspace: string, name: string): Locator {
    return this.page.getByRole('switch', { name: `${workspace}:${name} enabled` });
  }

  /** Row header names in table order. */
  async names(): Promise<string[]> {
    return this.table.getByRole('rowheader').allInnerTexts();
  }
}
