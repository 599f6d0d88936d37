import type { Locator, Page } from 'playwright-core';
import { ConsolePage } from './console.page';

/** The layer groups list and the page that creates or edits one. */
export class LayerGroupsPage extends ConsolePage {
  constructor(page: Page) {
    super(page);
  }

  async waitUntilShown(): Promise<void> {
    await this.heading('Layer groups').waitFor();
  }

  /** The list's row of a group (its name cell is the row header). */
  row(name: string): Locator {
    return this.page
      .getByRole('table', { name: 'Layer groups' })
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }

  /** The header's action; an empty list repeats it in its empty state, so take the first. */
  async openNew(): Promise<void> {
    await this.page.getByRole('link', { name: 'New layer group' }).first().click();
    await this.heading('New layer group').waitFor();
  }

  async fill(fields: { name: string; workspace: string; title: string }): Promise<void> {
    await this.page.getByLabel('Name', { exact: true }).fill(fields.name);
    await this.page.getByLabel('Workspace', { exact: true }).selectOption(fields.workspace);
    await this.page.getByLabel('Title', { exact: true }).fill(fields.title);
  }

  /** Adds a member by its option value (`layer ws:name`, `layerGroup ws:name`). */
  async addMember(value: string): Promise<void> {
    await this.page.locator(`option[value="${value}"]`).waitFor({ state: 'attached' });
    await this.page.getByLabel('Add a member').selectOption(value);
    await this.page.getByRole('button', { name: 'Add member' }).click();
  }

  memberNames(): Promise<string[]> {
    return this.page.getByRole('list', { name: 'Members' }).locator('.group-members__name').allInnerTexts();
  }

  async moveUp(member: string): Promise<void> {
    await this.page.getByRole('button', { name: `Move ${member} up` }).click();
  }

  async chooseStyle(position: number, style: string): Promise<void> {
    const select = this.page.getByLabel(`Style of member ${position}`);
    await select.locator(`option[value="${style}"]`).waitFor({ state: 'attached' });
    await select.selectOption(style);
  }

  async create(): Promise<void> {
    await this.page.getByRole('button', { name: 'Create layer group' }).click();
  }
}
