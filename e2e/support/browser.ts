/** Debian's Chromium driven by playwright-core (no browser download is possible or wanted). */
import { chromium, type Browser } from 'playwright-core';

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
