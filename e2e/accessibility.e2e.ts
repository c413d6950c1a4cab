import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './support/axe.js';
import { launchBrowser, openPage, VIEWPORTS } from './support/browser.js';
import { firstPostPath, publicPages } from './support/public-pages.js';
import { startSite, type Site } from './support/site.js';

/**
 * axe-core in every public page, at phone and desktop widths: no violation of any impact
 * (WCAG 2.x A/AA rules and axe's best practices), with the page's content loaded.
 */
describe('accessibility of the public pages (axe-core) in Chromium', () => {
  let site: Site;
  let browser: Browser;
  let postPath: string;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    postPath = await firstPostPath(site.baseUrl);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  const pages = () => publicPages(postPath);

  async function open(viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
    // The boot splash covers the home page for its first 3 s; the page under it is what stays.
    const { page, errors } = await openPage(browser, { viewport, contexts });
    return { page, errors };
  }

  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    it(`finds no violation on any public page at ${viewport.width} px (${width})`, async () => {
      const { page, errors } = await open(viewport);
      const found: Record<string, string[]> = {};
      for (const [name, path, ready] of pages()) {
        await page.goto(site.baseUrl + path);
        await page.locator(ready).first().waitFor();
        // Down to the footer and back, so what loads or appears on scroll (newsletter forms, trust bar,
        // floating buttons) is in the page too.
        await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
        await page.waitForLoadState('networkidle');
        await page.locator('.newsletter-form button[type="submit"]').last().waitFor({ timeout: 2_000 }).catch(() => undefined); // not every page has one
        await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight / 2, behavior: 'instant' }));
        await page.waitForTimeout(300);
        found[`${name} (${path})`] = await axeViolations(page);
      }
      expect(found).toEqual(Object.fromEntries(pages().map(([name, path]) => [`${name} (${path})`, []])));
      expect(errors).toEqual([]);
    });
  }
});
