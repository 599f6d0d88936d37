import type { Locator, Page } from 'playwright-core';

/** The console's sign-in page, found by roles and labels as a person would. */
export class SignInPage {
  readonly heading: Locator;
  readonly userName: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  /** The form's error message (`role="alert"`). */
  readonly error: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Sign in' });
    this.userName = page.getByLabel('User name');
    this.password = page.getByLabel('Password');
    this.submit = page.getByRole('button', { name: 'Sign in' });
    this.error = page.getByRole('alert');
  }

  /** Opens a console URL and waits until the sign-in page shows (signed-out visitors land here). */
  async open(consoleUrl: string): Promise<this> {
    await this.page.goto(consoleUrl);
    await this.waitUntilShown();
    return this;
  }

  async waitUntilShown(): Promise<void> {
    await this.heading.waitFor();
  }

  /** Types the credentials and submits with Enter, as a keyboard user would. */
  async signIn(userName: string, password: string): Promise<void> {
    await this.userName.fill(userName);
    await this.password.fill(password);
    await this.password.press('Enter');
  }

  /** The text of the error message, once it shows. */
  async errorText(): Promise<string> {
    await this.error.waitFor();
    return (await this.error.innerText()).trim();
  }

  /** A message of the page outside the form (e.g. "You have signed out."). */
  notice(text: string): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }
}
