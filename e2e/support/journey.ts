/**
 * The one setup of a browser journey: the built site on a fresh database and one Chromium for the suite, started
 * side by side before it; every page's context closed after its test; both stopped after the suite. Call it at the
 * top of a `describe`, where jest hooks may be registered.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage, type OpenOptions } from './browser.js';
import { E2E_ADMIN, startSite, type Site, type StartOptions } from './site.js';

export interface Journey {
  /** The running site (set once the suite's beforeAll has run). */
  readonly site: Site;
  readonly browser: Browser;
  /** `openPage` in the suite's browser, relative URLs resolved against the site, closed after the test. */
  open(options?: OpenOptions): Promise<{ page: Page; errors: string[]; context: BrowserContext }>;
}

export function browserJourney(env: Record<string, string> = {}, options: StartOptions = {}): Journey {
  let site: Site | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(env, options), launchBrowser()]);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });
  return {
    get site() {
      return site!;
    },
    get browser() {
      return browser!;
    },
    open: (openOptions = {}) => openPage(browser!, { baseURL: site!.baseUrl, contexts, ...openOptions }),
  };
}

/**
 * Signs the admin (or `credentials`) in through the sign-in form, as a person would, in `page`'s browser session
 * (`baseUrl` '' when the page's context has a baseURL); it ends on the page the form goes to after success.
 */
export async function signInThroughForm(page: Page, baseUrl = '', credentials = E2E_ADMIN): Promise<void> {
  await page.goto(baseUrl + '/login');
  await page.fill('#email', credentials.email);
  await page.fill('#password', credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

export interface AdminJourney extends Journey {
  /** One page for the whole suite, the admin signed in (set once the suite's beforeAll has run). */
  readonly page: Page;
  /** The page's uncaught script errors so far. */
  readonly errors: string[];
}

/**
 * A journey whose tests walk one admin page in turn: `browserJourney` plus a page (with `options`) signed in through
 * the form before the suite; the browser's stop closes it.
 */
export function adminJourney(options: OpenOptions = {}, env: Record<string, string> = {}): AdminJourney {
  const journey = browserJourney(env);
  let opened: { page: Page; errors: string[] } | undefined;
  beforeAll(async () => {
    opened = await openPage(journey.browser, { baseURL: journey.site.baseUrl, ...options });
    await signInThroughForm(opened.page);
  });
  return {
    get site() {
      return journey.site;
    },
    get browser() {
      return journey.browser;
    },
    open: journey.open,
    get page() {
      return opened!.page;
    },
    get errors() {
      return opened!.errors;
    },
  };
}
