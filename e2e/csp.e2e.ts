import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, openPage, VIEWPORTS } from './support/browser.js';
import { firstPostPath, publicPages } from './support/public-pages.js';
import { startSite, type Site } from './support/site.js';

/**
 * The Content-Security-Policy holds on every public page (issue #34): nothing the page runs or loads is blocked
 * by it. A blocked script, style, eval probe or connection shows in the browser's console and in Lighthouse's Best
 * Practices; here each `securitypolicyviolation` event and each console report of the policy fails the run, by page.
 */
describe('the Content-Security-Policy on every public page in Chromium', () => {
  let site: Site;
  let browser: Browser;
  let postPath: string;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    postPath = await firstPostPath(site.baseUrl);
  });
  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    await browser?.close();
    await site?.stop();
  });

  for (const viewport of Object.values(VIEWPORTS)) {
    it(`reports no violation on any public page at ${viewport.width} px`, async () => {
      const { page, context } = await openPage(browser, { viewport, contexts });
      // Registered before any of the page's own scripts, so a violation during start-up is seen too.
      await context.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (e) =>
          seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`));
      });
      let consoleReports: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) consoleReports.push(m.text());
      });
      const found: Record<string, string[]> = {};
      for (const [name, path, ready] of publicPages(postPath)) {
        consoleReports = [];
        await page.goto(site.baseUrl + path);
        await page.locator(ready).first().waitFor();
        // Down to the footer, so what loads on scroll (forms, lazy chunks with their rules) runs too.
        await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
        await page.waitForLoadState('networkidle');
        const events = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
        found[`${name} (${path})`] = [...events, ...consoleReports];
      }
      expect(found).toEqual(Object.fromEntries(publicPages(postPath).map(([name, path]) => [`${name} (${path})`, []])));
    });
  }
});
