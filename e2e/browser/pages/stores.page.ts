import type { Locator, Page } from 'playwright-core';
import { ConsolePage } from './console.page';

/** The PostGIS store form's fields, by label. */
export interface StoreFields {
  workspace?: string;
  name?: string;
  host: string;
  port: string;
  database: string;
  schema?: string;
  user: string;
  password: string;
}

/** The data stores list and the new/edit store form. */
export class StoresPage extends ConsolePage {
  readonly table: Locator;
  readonly form: Locator;
  readonly testResult: Locator;

  constructor(page: Page) {
    super(page);
    this.table = page.getByRole('table', { name: 'Data stores' });
    this.form = page.getByRole('form');
    this.testResult = page.locator('.store-form__test');
  }

  async openNewStoreForm(): Promise<void> {
    await this.page.getByRole('link', { name: 'New PostGIS store' }).click();
    await this.heading('New PostGIS data store').waitFor();
  }

  async fill(fields: StoreFields): Promise<void> {
    const form = this.form;
    if (fields.workspace !== undefined) await form.getByLabel('Workspace').selectOption(fields.workspace);
    if (fields.name !== undefined) await form.getByLabel('Name', { exact: true }).fill(fields.name);
    await form.getByLabel('Host').fill(fields.host);
    await form.getByLabel('Port').fill(fields.port);
    await form.getByLabel('Database').fill(fields.database);
    await form.getByLabel('Schema').fill(fields.schema ?? '');
    await form.getByLabel('User').fill(fields.user);
    await form.getByLabel('Password').fill(fields.password);
  }

  /** Clicks "Test connection" and returns the result line once it shows. */
  async testConnection(): Promise<string> {
    await this.form.getByRole('button', { name: 'Test connection' }).click();
    const line = this.testResult.locator('.store-form__test-line--ok, .store-form__test-line--fail');
    await line.waitFor();
    return (await line.innerText()).trim();
  }

  async create(): Promise<void> {
    await this.form.getByRole('button', { name: 'Create data store' }).click();
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }
}
