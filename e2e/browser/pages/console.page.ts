import type { Locator, Page } from 'playwright-core';
import { SignInPage } from './sign-in.page';

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

/** Signs in at the console of the api at `baseUrl` and waits for the first page (Workspaces). */
export async function signInToConsole(page: Page, baseUrl: string, user: string, password: string): Promise<ConsolePage> {
  const form = await new SignInPage(page).open(`${baseUrl}/web/`);
  await form.signIn(user, password);
  const console = new ConsolePage(page);
  await console.heading('Workspaces').waitFor();
  return console;
}

/** A card of a page, by its title (a region named by its heading). */
export function card(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title });
}
