import type { Locator, Page } from 'playwright-core';

/** The attribute table under the layer preview's map: filter box, sortable headers, rows, pager. */
export class AttributeTable {
  readonly root: Locator;
  readonly filter: Locator;
  readonly apply: Locator;
  readonly error: Locator;
  readonly rows: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByRole('region', { name: 'Attributes' });
    this.filter = this.root.getByLabel('Filter (ECQL or CQL2)');
    this.apply = this.root.getByRole('button', { name: 'Apply' });
    this.error = this.root.locator('.cql-field__error');
    this.rows = this.root.locator('tbody tr');
  }

  /** Sorts by a column (each click toggles ascending / descending). */
  async sortBy(column: string): Promise<void> {
    await this.root.getByRole('button', { name: column, exact: true }).click();
  }

  /** The text of column `column` (0-based, the feature id being 0) of every row shown. */
  async column(column: number): Promise<string[]> {
    return this.rows.evaluateAll((rows, i) => rows.map((r) => (r.children[i] as HTMLElement).innerText.trim()), column);
  }

  /** Types a filter (replacing the box's text) and applies it with Enter. */
  async applyFilter(text: string): Promise<void> {
    await this.filter.fill(text);
    await this.filter.press('Enter');
  }
}
