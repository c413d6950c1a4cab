/** Debian's Chromium driven by playwright-core (no browser download is possible or wanted). */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { SPLASH_SESSION_KEY } from '../../common/boot-splash.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

/**
 * Waits until React has taken over the server-rendered page, so a click on a link is an in-app navigation
 * whose data the browser fetches, not a new page the server renders. Hydration runs as a transition
 * (main.tsx), in slices after the root is created: done when the root's current state is no longer
 * dehydrated (React's own flag; a client-rendered root, the admin, never was).
 */
export async function waitForHydration(page: import('playwright-core').Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root') as (HTMLElement & Record<string, unknown>) | null;
    const key = root && Object.keys(root).find((k) => k.startsWith('__reactContainer'));
    if (!root || !key) return false;
    const fiber = root[key] as { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } };
    return fiber.stateNode?.current?.memoizedState?.isDehydrated === false;
  });
}

export interface OpenOptions extends BrowserContextOptions {
  /** Pretend the boot splash already played in this browser session (default true: it covers the page for 3 s). */
  seenSplash?: boolean;
  /** Where the new context is kept, for the suite's afterEach to close. */
  contexts?: BrowserContext[];
}

/**
 * The one `open()` of the browser journeys: a fresh context (its own cookies and sessionStorage) and page, with
 * the page's uncaught script errors collected in `errors` (a journey ends by expecting none).
 */
export async function openPage(browser: Browser, options: OpenOptions = {}): Promise<{ page: Page; errors: string[]; context: BrowserContext }> {
  const { seenSplash = true, contexts, ...contextOptions } = options;
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, ...contextOptions });
  contexts?.push(context);
  if (seenSplash) {
    await context.addInitScript((key) => {
      try {
        sessionStorage.setItem(key, '1');
      } catch {
        // A sandboxed frame (a campaign's preview) has no storage of its own, and no splash.
      }
    }, SPLASH_SESSION_KEY);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors, context };
}
