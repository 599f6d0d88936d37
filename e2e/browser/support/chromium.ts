/**
 * Debian's Chromium driven by playwright-core. Playwright's own browser download does not work on
 * these machines, so the browser tests need `/usr/bin/chromium` (apt-get install -y chromium).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Where the browser tests expect Chromium. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Screenshots of the browser tests (gitignored). */
export const ARTIFACTS_DIR = resolve(__dirname, '..', '..', 'artifacts');

/**
 * Throws, at load time of a spec, when Chromium is missing: the suite then fails with this one
 * line instead of a launch stack trace, and is never skipped silently.
 */
export function requireChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  const error = new Error(`BROWSER TESTS CANNOT RUN: Chromium is missing at ${CHROMIUM_PATH} (install it with: apt-get install -y chromium)`);
  error.stack = error.message;
  throw error;
}

/** Headless Chromium with networking extras off (no network but the service under test). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Saves a full-page screenshot as `e2e/artifacts/<name>.png` and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** What {@link useConsolePage} gives a spec: read inside tests (set by its hooks). */
export interface ConsolePageFixture {
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
}

/**
 * One Chromium for the spec file and a fresh 1280×860 context and page for each test, with
 * `timeoutMs` as the page's default wait; a test fails when the page threw an uncaught error.
 */
export function useConsolePage(timeoutMs = 10_000): ConsolePageFixture {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    context = await browser!.newContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
    page.setDefaultTimeout(timeoutMs);
    pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterEach(async () => {
    await context?.close();
    expect(pageErrors).toEqual([]);
  });

  return {
    get browser() {
      return browser!;
    },
    get context() {
      return context!;
    },
    get page() {
      return page!;
    },
  };
}
