import type { Locator, Page } from 'playwright-core';
import { ConsolePage } from './console.page';

/** The Import / Export page: the import form, the plan table, the export link. */
export class ImportExportPage extends ConsolePage {
  readonly zipInput: Locator;
  readonly prune: Locator;
  readonly planButton: Locator;
  readonly applyButton: Locator;
  readonly summary: Locator;
  readonly exportPicker: Locator;

  constructor(page: Page) {
    super(page);
    this.zipInput = page.getByLabel('Data directory (.zip)');
    this.prune = page.getByRole('checkbox', { name: /Prune/ });
    this.planButton = page.getByRole('button', { name: 'Plan', exact: true });
    this.applyButton = page.getByRole('button', { name: 'Apply', exact: true });
    this.summary = page.getByRole('list', { name: 'Entries per action' });
    this.exportPicker = page.getByLabel('What to export');
  }

  async waitUntilShown(): Promise<void> {
    await this.heading('Import / Export').waitFor();
  }

  /** Picks a zip from memory, as the file chooser would. */
  async chooseZip(name: string, zip: Buffer): Promise<void> {
    await this.zipInput.setInputFiles({ name, mimeType: 'application/zip', buffer: zip });
  }

  /** The plan (or, after applying, the imported records) table. */
  table(caption: 'Import plan' | 'Imported records'): Locator {
    return this.page.getByRole('table', { name: caption });
  }

  /** The rows of a plan table as `action kind resource` lines, in table order. */
  async planLines(caption: 'Import plan' | 'Imported records'): Promise<string[]> {
    const table = this.table(caption);
    await table.waitFor();
    const rows = await table.locator('tbody tr').all();
    return Promise.all(
      rows.map(async (row) => {
        const cells = await row.locator('th, td').allInnerTexts();
        // The action cell shows a glyph before the word; the word is what counts.
        const action = (cells[0] ?? '').replace(/^\W+/u, '').trim();
        return `${action} ${cells[1]?.trim()} ${cells[2]?.trim()}`;
      }),
    );
  }

  /** A message box of the form, by its title. */
  message(title: string): Locator {
    return this.page.locator('.alert').filter({ has: this.page.locator('.alert__title', { hasText: title }) });
  }

  /** The export download link. */
  exportLink(): Locator {
    return this.page.getByRole('link', { name: /^Download geocatalog-.*\.zip$/ });
  }
}
