import type { Locator, Page } from 'playwright-core';

/** What every signed-in page has: the main navigation, the page heading and notes (toasts). */
export class ConsolePage {
  constructor(protected readonly page: Page) {}

  /** Follows a link of the main navigation ("Data stores", "Layers", …). */
  async navigate(section: string): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: section, exact: true }).click();
  }

  heading(name: string | RegExp): Locator {
    return this.page.getByRole('heading', { level: 1, name });
  }

  /** A success or failure note containing `text`. */
  toast(text: string | RegExp): Locator {
    return this.page.locator('.toast').filter({ hasText: text });
  }

  /** The path of the page, without the console base. */
  path(): string {
    return new URL(this.page.url()).pathname.replace(/^\/geoserver\/web/, '');
  }

  /** The query parameters of the page's URL. */
  query(): URLSearchParams {
    return new URL(this.page.url()).searchParams;
  }
}
