import type { Page } from 'playwright-core';
import { CLAIMS, NEWSLETTER_BANNER } from '../common/marketing.js';
import { MSG } from '../common/messages.js';
import { waitForHydration } from './support/browser.js';
import { browserJourney } from './support/journey.js';

/** What a visitor reading several pages would notice: the same claims, SPEC's words, one font. */
describe('the site says one thing in one voice (Chromium)', () => {
  const journey = browserJourney();

  async function open(): Promise<Page> {
    return (await journey.open()).page;
  }

  it("the home page and /discounts agree on 'up to 50% off' and '153 codes left this week'", async () => {
    const page = await open();
    const codesLeft = `${NEWSLETTER_BANNER.codesLeft} codes left ${NEWSLETTER_BANNER.codesLeftPeriod}`;
    await page.goto(journey.site.baseUrl + '/');
    await page.locator('.company-card h3').first().waitFor();
    const home = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(home).toContain(`up to ${CLAIMS.maxDiscountPercent}%`);
    expect(home).toContain(codesLeft);

    await page.goto(journey.site.baseUrl + '/discounts');
    expect(await page.locator('.results-max').textContent()).toBe(`Save up to ${CLAIMS.maxDiscountPercent}% OFF`);
    const discounts = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(discounts).toContain(codesLeft);
    expect(discounts).not.toMatch(/this month/);
    // No listed deal promises more than the claim.
    const badges = await page.locator('.deal-card').allInnerTexts();
    const percents = badges.flatMap((t) => [...t.matchAll(/(\d+)% OFF/g)].map((m) => Number(m[1])));
    expect(percents.length).toBeGreaterThan(0);
    expect(Math.max(...percents)).toBe(CLAIMS.maxDiscountPercent);
  });

  it("the blog sidebar form says 'Please enter a valid email.' (docs/spec.md §5's other wording)", async () => {
    const page = await open();
    await page.goto(journey.site.baseUrl + '/blog');
    const sidebar = page.getByRole('complementary', { name: 'Blog sidebar' });
    // The validating form is the enhanced one, which replaces the plain form once its chunk has loaded.
    await waitForHydration(page);
    await sidebar.locator('form[novalidate]').waitFor();
    const field = sidebar.getByLabel('Email address');
    await field.fill('not-an-email');
    await field.blur();
    await sidebar.getByText(MSG.newsletterEmailInvalidShort, { exact: true }).waitFor();
    expect(await sidebar.getByText(MSG.newsletterEmailInvalid).count()).toBe(0);
  });

  it('form fields and buttons use the page font, not the browser default', async () => {
    const page = await open();
    for (const path of ['/login', '/blog']) {
      await page.goto(journey.site.baseUrl + path);
      await page.locator('form button').first().waitFor();
      const fonts = await page.evaluate(() => ({
        body: getComputedStyle(document.body).fontFamily,
        controls: [...document.querySelectorAll('main input, main button')].map((e) => getComputedStyle(e).fontFamily),
      }));
      expect(fonts.body).toMatch(/^system-ui/);
      expect(fonts.controls.length).toBeGreaterThan(0);
      expect(new Set(fonts.controls)).toEqual(new Set([fonts.body]));
    }
  });
});
