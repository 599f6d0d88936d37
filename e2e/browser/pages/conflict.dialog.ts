import type { Locator, Page } from 'playwright-core';

/** The "changed since you opened it" dialog of an edit form: what changed, Reload or Overwrite. */
export class ConflictDialog {
  readonly dialog: Locator;
  readonly diffTable: Locator;
  readonly reloadButton: Locator;
  readonly overwriteButton: Locator;

  constructor(
    private readonly page: Page,
    what: string,
  ) {
    this.dialog = page.getByRole('dialog', { name: `The ${what} changed since you opened it` });
    this.diffTable = this.dialog.getByRole('table');
    this.reloadButton = this.dialog.getByRole('button', { name: 'Reload', exact: true });
    this.overwriteButton = this.dialog.getByRole('button', { name: 'Overwrite', exact: true });
  }

  /** Waits for the dialog and the diff of the opened version against the current one. */
  async waitUntilShown(): Promise<void> {
    await this.dialog.waitFor();
    await this.diffTable.waitFor();
  }

  /** The diff row of a field (`connectionParameters.host`): its cells' texts. */
  async field(path: string): Promise<string[]> {
    const row = this.diffTable.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: path, exact: true }) });
    return (await row.locator('th, td').allInnerTexts()).map((text) => text.trim());
  }
}
