import type { Locator, Page } from 'playwright-core';
import { ConsolePage } from './console.page';

/** The styles list and its create form. */
export class StylesPage extends ConsolePage {
  readonly createForm: Locator;

  constructor(page: Page) {
    super(page);
    this.createForm = page.getByRole('region', { name: 'Create style' });
  }

  async waitUntilShown(): Promise<void> {
    await this.heading('Styles').waitFor();
  }

  async create(name: string, workspace: string, template: RegExp): Promise<void> {
    await this.createForm.getByLabel('Name').fill(name);
    await this.createForm.getByLabel('Workspace').selectOption(workspace);
    await this.createForm.getByLabel('Start from').selectOption({ label: await this.optionLabel(template) });
    await this.createForm.getByRole('button', { name: 'Create and edit' }).click();
  }

  private async optionLabel(pattern: RegExp): Promise<string> {
    const labels = await this.createForm.getByLabel('Start from').locator('option').allInnerTexts();
    const found = labels.find((l) => pattern.test(l));
    if (!found) throw new Error(`no template option matches ${pattern}: ${labels.join(', ')}`);
    return found;
  }
}
