import type { Locator, Page } from 'playwright-core';
import { ConsolePage } from './console.page';

/** The History page (or a record's History section): changes, their details, Revert. */
export class HistoryPage extends ConsolePage {
  readonly table: Locator;
  readonly resourceFilter: Locator;
  readonly userFilter: Locator;
  readonly revertDialog: Locator;

  constructor(page: Page) {
    super(page);
    this.table = page.getByRole('table', { name: 'Changes' });
    this.resourceFilter = page.getByRole('form', { name: 'Filter the history' }).getByLabel('Resource');
    this.userFilter = page.getByRole('form', { name: 'Filter the history' }).getByLabel('User');
    this.revertDialog = page.getByRole('dialog', { name: /^Revert change \d+\?$/ });
  }

  async waitUntilShown(): Promise<void> {
    await this.heading('History').waitFor();
  }

  /** Types the resource filter and applies it with Enter. */
  async filterByResource(prefix: string): Promise<void> {
    await this.resourceFilter.fill(prefix);
    await this.resourceFilter.press('Enter');
  }

  /** The rows of the change table (without the header row). */
  rows(): Locator {
    return this.table.locator('tbody tr');
  }

  /** The row of the newest change of `resource` with the given operation word ("deleted", …). */
  row(resource: string, operation: 'created' | 'updated' | 'deleted'): Locator {
    return this.rows()
      .filter({ has: this.page.getByRole('rowheader', { name: resource, exact: true }) })
      .filter({ hasText: operation })
      .first();
  }

  /** Opens the details of a row and returns the details section. */
  async openDetails(row: Locator): Promise<Locator> {
    await row.getByRole('button', { name: /^Details of change \d+$/ }).click();
    const details = this.page.locator('.change-history__details');
    await details.waitFor();
    return details;
  }

  /** Clicks Revert in the details, then the dialog's confirm button (`Revert` or `Revert anyway`). */
  async revert(details: Locator): Promise<void> {
    await details.getByRole('button', { name: 'Revert', exact: true }).click();
    await this.revertDialog.waitFor();
    await this.revertDialog.getByRole('button', { name: 'Revert', exact: true }).click();
  }
}
