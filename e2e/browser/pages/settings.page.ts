import type { Locator } from 'playwright-core';
import { ConsolePage } from './console.page';

/** The Settings page: a card per kind of settings (a region named by its heading), each with its form. */
export class SettingsPage extends ConsolePage {
  async waitUntilShown(): Promise<void> {
    await this.heading('Settings').waitFor();
    // The cards' forms show once their settings are read.
    await this.card('Global settings').getByLabel('Proxy base URL').waitFor();
  }

  card(title: string): Locator {
    return this.page.getByRole('region', { name: title });
  }

  field(card: string, label: string): Locator {
    return this.card(card).getByLabel(label, { exact: true });
  }

  async fill(card: string, label: string, value: string): Promise<void> {
    await this.field(card, label).fill(value);
  }

  save(card: string, name = 'Save'): Locator {
    return this.card(card).getByRole('button', { name });
  }

  /** The problem shown under a field. */
  problem(card: string, label: string): Locator {
    return this.card(card)
      .locator('.field')
      .filter({ has: this.page.getByLabel(label, { exact: true }) })
      .locator('.field__error');
  }

  /** Chooses whose WMS settings the WMS card shows: '' for the global ones, else a workspace. */
  async wmsScope(workspace: string | null): Promise<void> {
    await this.card('WMS settings')
      .getByLabel('Settings of')
      .selectOption(workspace ?? '');
  }
}
