import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { startApi, type ApiServer } from '../../support/api-server';
import { launchChromium } from './chromium';

/** Upper bound for one browser step; well under Jest's test timeout so failures say which step. */
export const STEP_TIMEOUT_MS = 10_000;

/** What a console spec drives: the api, and per test a fresh browser context and page. */
export interface ConsoleHarness {
  readonly api: ApiServer;
  readonly page: Page;
  /** Every request the page sent in this test. */
  readonly sentRequests: Request[];
  /** Uncaught errors of the page in this test. */
  readonly pageErrors: string[];
}

/**
 * Starts an api and Chromium for the enclosing describe (beforeAll) and gives each test a fresh
 * context (beforeEach), recording the page's requests and errors; closes all afterwards.
 */
export function useConsoleHarness(): ConsoleHarness {
  let api: ApiServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let sentRequests: Request[] = [];
  let pageErrors: string[] = [];

  beforeAll(async () => {
    [api, browser] = await Promise.all([startApi(), launchChromium()]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  }, 30_000);

  beforeEach(async () => {
    context = await browser!.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    sentRequests = [];
    pageErrors = [];
    page.on('request', (request) => sentRequests.push(request));
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterEach(async () => {
    await context?.close();
  });

  return {
    get api() {
      return api!;
    },
    get page() {
      return page!;
    },
    get sentRequests() {
      return sentRequests;
    },
    get pageErrors() {
      return pageErrors;
    },
  };
}
