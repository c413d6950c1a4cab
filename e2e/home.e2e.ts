import type { Browser } from 'playwright-core';
import { launchBrowser, VIEWPORTS } from './support/browser.js';
import { startSite, type Site } from './support/site.js';

describe('home page in Chromium', () => {
  let site: Site;
  let browser: Browser;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it.each(Object.entries(VIEWPORTS))('shows the seeded firms, the featured one first, at %s width', async (name, viewport) => {
    const page = await browser.newPage({ viewport });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(site.baseUrl + '/');
    const names = page.locator('.company-card h3');
    await names.first().waitFor();
    expect(await names.count()).toBe(8);
    expect(await names.first().textContent()).toBe('FundedNext');
    await expect(page.locator('.company-card').first().getByText('#1 CHOICE').isVisible()).resolves.toBe(true);
    await page.screenshot({ path: `reports/screenshots/home-${name}.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});
