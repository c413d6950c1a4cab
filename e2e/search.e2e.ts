import type { Browser, BrowserContext } from 'playwright-core';
import { SEARCH_TEXT } from '../common/search.js';
import { launchBrowser, openPage, VIEWPORTS, waitForHydration } from './support/browser.js';
import { startSite, type Site } from './support/site.js';

/** Issue #29 as a visitor uses it, on the built site with the demo firms, codes and posts. */
describe('search in Chromium', () => {
  let site: Site;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`the header box suggests as you type and opens a suggestion by keyboard (${name}, ${viewport.width} px)`, async () => {
      const { page, errors } = await openPage(browser, { viewport, contexts });
      await page.goto(`${site.baseUrl}/blog`);
      await waitForHydration(page);
      const box = page.getByRole('combobox', { name: SEARCH_TEXT.label });
      expect(await box.isVisible()).toBe(true);
      await box.click();
      await box.pressSequentially('topstpe coupon', { delay: 20 });
      const list = page.getByRole('listbox', { name: SEARCH_TEXT.label });
      await list.getByRole('option').first().waitFor();
      expect(await list.getByRole('option').first().textContent()).toContain('$50 Off Your First Trading Combine');
      await box.press('ArrowDown');
      expect(await list.getByRole('option').first().getAttribute('aria-selected')).toBe('true');
      expect(await box.getAttribute('aria-activedescendant')).toBe(await list.getByRole('option').first().getAttribute('id'));
      await box.press('Enter');
      await page.waitForURL(/\/discounts\/topstep/);
      await page.getByRole('heading', { level: 1, name: /\$50 Off Your First Trading Combine/ }).waitFor();
      expect(errors).toEqual([]);
    });
  }

  it('Escape closes the suggestions; Enter without a choice opens the results page', async () => {
    const { page, errors } = await openPage(browser, { contexts });
    await page.goto(`${site.baseUrl}/`);
    await waitForHydration(page);
    const box = page.getByRole('combobox', { name: SEARCH_TEXT.label });
    await box.click();
    await box.pressSequentially('ftmo', { delay: 20 });
    await page.getByRole('listbox', { name: SEARCH_TEXT.label }).getByRole('option').first().waitFor();
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.press('Enter');
    await page.waitForURL(/\/search\?q=ftmo$/);
    await page.getByRole('heading', { level: 2, name: /Firms/ }).waitFor();
    expect(await page.locator('.search-result').first().getByRole('link').getAttribute('href')).toBe('/firms/ftmo');
    expect(errors).toEqual([]);
  });

  it('/search works without JavaScript: the header form, results by kind, tabs, did you mean', async () => {
    const { page } = await openPage(browser, { contexts, javaScriptEnabled: false });
    await page.goto(`${site.baseUrl}/about`);
    const box = page.getByRole('combobox', { name: SEARCH_TEXT.label });
    await box.fill('ftmoo');
    await box.press('Enter');
    await page.waitForURL(/\/search\?q=ftmoo/);
    await page.getByText(SEARCH_TEXT.didYouMean).waitFor();
    expect(await page.locator('.search-result').first().getByRole('link').getAttribute('href')).toBe('/firms/ftmo');
    const tabs = page.getByRole('navigation', { name: 'Kinds of result' });
    await tabs.getByRole('link', { name: /Codes/ }).click();
    await page.waitForURL(/type=discount/);
    expect(await page.locator('.search-result[data-type="discount"]').count()).toBeGreaterThan(0);
    expect(await page.locator('.search-result:not([data-type="discount"])').count()).toBe(0);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, follow');
  });

  it('"payout" reads the articles about payouts, the words marked', async () => {
    const { page } = await openPage(browser, { contexts, javaScriptEnabled: false });
    await page.goto(`${site.baseUrl}/search?q=payouts&type=post`);
    const first = page.locator('.search-result').first();
    await first.waitFor();
    expect(await first.getByRole('link').getAttribute('href')).toMatch(/^\/blog\//);
    expect((await first.locator('mark').first().textContent())?.toLowerCase()).toMatch(/^payout/);
  });
});
