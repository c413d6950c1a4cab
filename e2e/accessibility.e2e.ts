import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './support/axe.js';
import { launchBrowser, openPage, VIEWPORTS } from './support/browser.js';
import { firstCodePath, firstPostPath, publicPages } from './support/public-pages.js';
import { startSite, type Site } from './support/site.js';

/**
 * axe-core on every public page, at phone and desktop widths: no violation of any impact
 * (WCAG 2.x A/AA rules and axe's best practices), with the page's content loaded.
 */
describe('accessibility of the public pages (axe-core) in Chromium', () => {
  let site: Site;
  let browser: Browser;
  let postPath: string;
  let codePath: string;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    [postPath, codePath] = await Promise.all([firstPostPath(site.baseUrl), firstCodePath(site.baseUrl)]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  const pages = () => publicPages(postPath, codePath);
  /** The page names, known before the site starts (the post and code paths are read from it). */
  const names = publicPages('', '').map(([name]) => name);

  // One test per page and width: each has its own time, and a failure names its page.
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    describe(`at ${viewport.width} px (${width})`, () => {
      let page: Page;
      let errors: string[];
      beforeAll(async () => {
        // The boot splash covers the home page for its first 3 s; the page under it is what stays.
        ({ page, errors } = await openPage(browser, { viewport }));
      });
      afterAll(() => page?.context().close());

      names.forEach((name, i) => {
        it(`finds no violation on ${name}`, async () => {
          const [, path, ready] = pages()[i]!;
          await page.goto(site.baseUrl + path);
          await page.locator(ready).first().waitFor();
          // Down to the footer and back, so what loads or appears on scroll (newsletter forms, trust bar,
          // floating buttons) is in the page too.
          await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
          await page.waitForLoadState('networkidle');
          await page.locator('.newsletter-form button[type="submit"]').last().waitFor({ timeout: 2_000 }).catch(() => undefined); // not every page has one
          await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight / 2, behavior: 'instant' }));
          await page.waitForTimeout(300);
          expect({ [path]: await axeViolations(page) }).toEqual({ [path]: [] });
        });
      });

      it('had no script error on any of them', () => {
        expect(errors).toEqual([]);
      });
    });
  }
});
