import type { Locator, Page } from 'playwright-core';

/** The console's workspaces page, found by roles and labels. */
export class WorkspacesPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly emptyState: Locator;
  readonly signedInAs: Locator;
  readonly signOutButton: Locator;
  readonly createForm: Locator;
  readonly nameField: Locator;
  readonly createButton: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Workspaces' });
    this.table = page.getByRole('table', { name: 'Workspaces' });
    this.emptyState = page.getByText('No workspaces yet');
    this.signedInAs = page.getByText(/^Signed in as /);
    this.signOutButton = page.getByRole('button', { name: 'Sign out' });
    this.createForm = page.getByRole('region', { name: 'Create workspace' });
    this.nameField = this.createForm.getByLabel('Name');
    this.createButton = this.createForm.getByRole('button', { name: 'Create workspace' });
  }

  async waitUntilShown(): Promise<void> {
    await this.heading.waitFor();
  }

  /** The row of a workspace, by its name (the row header). */
  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }

  /** Names in the table, in order, once the table shows. */
  async names(): Promise<string[]> {
    await this.table.waitFor();
    return this.table.getByRole('rowheader').allInnerTexts();
  }

  /** Types a name and submits with Enter. */
  async create(name: string): Promise<void> {
    await this.nameField.fill(name);
    await this.nameField.press('Enter');
  }

  /**
   * The name field's accessible description (its error, then its hint: the texts that
   * `aria-describedby` points to), once the field is marked invalid.
   */
  async nameFieldProblem(): Promise<string> {
    await this.createForm.locator('input[aria-invalid="true"]').waitFor();
    const ids = ((await this.nameField.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
    const texts = await Promise.all(ids.map((id) => this.page.locator(`[id="${id}"]`).innerText()));
    return texts.join(' ').trim();
  }

  /** The form's success message, e.g. "Workspace acme created.". */
  createdMessage(name: string): Locator {
    return this.createForm.getByRole('status').filter({ hasText: `Workspace ${name} created` });
  }

  async signOut(): Promise<void> {
    await this.signOutButton.click();
  }
}
