/**
 * Debian's Chromium driven by playwright-core. Playwright's own browser download does not work on
 * these machines, so the browser tests need `/usr/bin/chromium` (apt-get install -y chromium).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

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
