import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PublicDiscountDto } from '../common/api-types.js';
import { discountUrgencyInfo, maxDiscountPercentage } from '../common/discount-page.js';
import { discountBadge } from '../common/discount-rules.js';
import { CLAIMS } from '../common/marketing.js';
import { launchBrowser, VIEWPORTS, waitForHydration } from './support/browser.js';
import { E2E_ADMIN, startSite, type Site } from './support/site.js';

/** The public /discounts page (docs/spec.md §2, §4, §9) in Chromium, against the built site and its demo data. */
describe('discounts page in Chromium', () => {
  let site: Site;
  let browser: Browser;
  /** What the API lists for visitors, in its order. */
  let listed: PublicDiscountDto[];

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    listed = (await (await fetch(`${site.baseUrl}/_api/discounts`)).json()) as PublicDiscountDto[];
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  const cards = (page: Page) => page.locator('.deals-grid article');
  const card = (page: Page, title: string) => cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  const robots = (page: Page) => page.evaluate(() => [...document.querySelectorAll('meta[name="robots"]')].map((m) => m.getAttribute('content')));
  /**
   * The server renders /discounts with its list, so the browser's own loading (skeletons, a failed
   * fetch) is seen when the visitor reaches the page from another one, as in-app navigation.
   */
  const openDiscountsInApp = async (page: Page) => {
    await page.goto(`${site.baseUrl}/about`);
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Discounts' }).click();
  };
  const trackErrors = (page: Page) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    return errors;
  };

  it('shows skeletons, then every visible seeded deal with the featured firm first, badges and urgency', async () => {
    // The seed has 12 deals: 8 active, 2 coming soon, 2 expired. Visitors get the 10 they can use.
    expect(listed).toHaveLength(10);
    expect(listed.every((d) => d.status === 'active' || d.status === 'coming_soon')).toBe(true);

    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const errors = trackErrors(page);

    // Hold the list back for a moment to see the loading state.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_api/discounts', async (route) => {
      await held;
      await route.continue();
    });
    await openDiscountsInApp(page);
    await page.getByRole('heading', { level: 1, name: 'Verified Prop Firm Discount Codes' }).waitFor();
    await page.getByTestId('deal-skeleton').first().waitFor();
    expect(await page.getByTestId('deal-skeleton').count()).toBe(6);
    release();

    await cards(page).first().waitFor();
    expect(await page.getByTestId('deal-skeleton').count()).toBe(0);
    const titles = await cards(page).locator('h3').allTextContents();
    expect(titles).toEqual(listed.map((d) => d.title));
    expect(titles).not.toContain('Summer Sale: 25% Off High Stakes'); // expired
    expect(titles).not.toContain('$85 Off the PA Activation Fee'); // expired

    // The featured firm first, marked '#1 CHOICE'; nobody else is.
    const companies = await cards(page).locator('.deal-company').allTextContents();
    expect(companies.slice(0, 2)).toEqual(['FundedNext', 'FundedNext']);
    expect(await cards(page).nth(0).getByText('#1 CHOICE').isVisible()).toBe(true);
    expect(await cards(page).getByText('#1 CHOICE', { exact: true }).count()).toBe(listed.filter((d) => d.company.featured).length);
    expect(await card(page, 'Free Retry on Alpha Pro Challenges').getByText('#1 CHOICE').count()).toBe(0);

    // Results header: the best percentage among the listed deals (the Apex flash sale), the home page's 'up to 50% off'.
    expect(maxDiscountPercentage(listed)).toBe(CLAIMS.maxDiscountPercent);
    expect(await page.locator('.results-max').textContent()).toBe('Save up to 50% OFF');
    expect(await page.getByRole('heading', { level: 2, name: '10 Verified Opportunities' }).isVisible()).toBe(true);
    await page.getByText('Disclosure: deal links on this page are affiliate links.').waitFor();
    await page.getByText('Beware of fake discount codes.').waitFor();

    // Badges: percentage, else amount, else 'Special Offer'.
    expect(await card(page, '15% Off All Stellar Challenges').locator('.deal-badge').textContent()).toBe('15% OFF');
    expect(await card(page, '$50 Off Your First Trading Combine').locator('.deal-badge').textContent()).toBe('$50 OFF');
    expect(await card(page, 'Free Retry on Alpha Pro Challenges').locator('.deal-badge').textContent()).toBe('Special Offer');
    for (const [i, d] of listed.entries()) {
      expect(await cards(page).nth(i).locator('.deal-badge').textContent()).toBe(discountBadge(d));
    }

    // Urgency: critical within 3 days, warning within 7, nothing otherwise; with a readable label.
    const now = new Date();
    for (const [i, d] of listed.entries()) {
      const expected = discountUrgencyInfo(d.validUntil, now);
      const pill = cards(page).nth(i).locator('[data-urgency]');
      if (expected) {
        expect([await pill.getAttribute('data-urgency'), await pill.textContent()]).toEqual([expected.urgency, expected.label]);
      } else {
        expect(await pill.count()).toBe(0);
      }
    }
    const critical = await page.locator('[data-urgency="critical"]').allTextContents();
    expect(critical).toEqual(expect.arrayContaining(['Ends in 2 days', 'Ends tomorrow']));
    expect(await card(page, '10% Off the FTMO Challenge').locator('[data-urgency="warning"]').textContent()).toBe('Ends in 5 days');

    // Coming soon: said so, and no code to copy yet.
    const soon = card(page, 'Black Friday: 30% Off + 125% Refund');
    expect(await soon.getByText('Coming soon', { exact: true }).isVisible()).toBe(true);
    expect(await soon.getByRole('button', { name: /copy code/i }).count()).toBe(0);
    expect(await soon.getByText('BFVTF30').count()).toBe(0);

    // Traders-used count (400-899) on every card; expiry date; terms fold out.
    const used = await cards(page).locator('.deal-used').allTextContents();
    expect(used).toHaveLength(10);
    for (const text of used) {
      const n = Number(/^(\d+) traders/.exec(text)?.[1]);
      expect(n).toBeGreaterThanOrEqual(400);
      expect(n).toBeLessThanOrEqual(899);
    }
    const trending = await cards(page).evaluateAll((els) => els.map((el) => el.textContent!.includes('Trending')));
    const first = card(page, '15% Off All Stellar Challenges');
    expect(await first.getByText(/^Valid until \w{3} \d{1,2}, \d{4}$/).isVisible()).toBe(true);
    const terms = first.getByText('New challenge purchases only.', { exact: false });
    expect(await terms.isVisible()).toBe(false);
    await first.getByText('Terms and conditions').click();
    await terms.waitFor();

    // The deal link goes through /go/{id}, marked sponsored, in a new tab.
    const link = first.getByRole('link', { name: /Get Deal/ });
    expect(await link.getAttribute('href')).toBe(`/go/${listed[0]!.id}`);
    expect(await link.getAttribute('rel')).toBe('sponsored noopener');
    expect(await link.getAttribute('target')).toBe('_blank');
    const go = await fetch(`${site.baseUrl}/go/${listed[0]!.id}`, { redirect: 'manual' });
    expect([go.status, go.headers.get('location')]).toEqual([302, listed[0]!.affiliateLink]);

    // Copy the code: the toast says so and the clipboard holds it.
    await first.getByRole('button', { name: 'Copy code VTF15' }).click();
    await page.getByText('Discount code copied!').waitFor();
    await page.getByText('VTF15 is ready to paste at checkout.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('VTF15');
    expect(await first.getByRole('button', { name: 'Copy code VTF15' }).textContent()).toBe('Copied!');

    // The newsletter form and social links sit under the list.
    expect(await page.getByRole('heading', { name: 'Get new verified deals first' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /YouTube/ }).getAttribute('target')).toBe('_blank');
    expect(await robots(page)).toEqual(['index, follow']);
    await page.screenshot({ path: 'reports/screenshots/discounts-desktop.png', fullPage: true });

    // Drawn once per visit: leaving and coming back keeps the same counts and trending badges.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(`${site.baseUrl}/`);
    await nav.getByRole('link', { name: 'Discounts' }).click();
    await cards(page).first().waitFor();
    expect(await cards(page).locator('.deal-used').allTextContents()).toEqual(used);
    expect(await cards(page).evaluateAll((els) => els.map((el) => el.textContent!.includes('Trending')))).toEqual(trending);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 390 px phone without sideways scrolling', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
    const errors = trackErrors(page);
    await page.goto(`${site.baseUrl}/discounts`);
    await waitForHydration(page);
    await cards(page).first().waitFor();
    expect(await cards(page).count()).toBe(10);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // One column: every card as wide as the first.
    const widths = await cards(page).evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().width)));
    expect(new Set(widths).size).toBe(1);
    expect(widths[0]).toBeLessThanOrEqual(350);
    await page.screenshot({ path: 'reports/screenshots/discounts-mobile.png', fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says when a code cannot be copied', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    // A browser without the Clipboard API (e.g. a page not served over HTTPS).
    await context.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true }));
    const page = await context.newPage();
    await page.goto(`${site.baseUrl}/discounts`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Copy code VTF15' }).click();
    await page.getByText('Failed to copy code').waitFor();
    await page.getByText('Please try copying manually').waitFor();
    expect(await page.getByText('Discount code copied!').count()).toBe(0);
    await context.close();
  });

  it('shows the load failure and asks search engines not to index it, until the visitor moves on', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const errors = trackErrors(page);
    // The network drops every attempt to fetch the list.
    await page.route('**/_api/discounts', (route) => route.abort('failed'));
    await openDiscountsInApp(page);
    await page.getByRole('heading', { name: 'Unable to Load Verified Opportunities' }).waitFor();
    expect(await robots(page)).toEqual(['noindex']);
    expect(await cards(page).count()).toBe(0);
    expect(await page.locator('.results-max').count()).toBe(0);

    // Another page of the site gets its own robots back.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await page.waitForFunction(() => document.querySelector('meta[name="robots"]')?.getAttribute('content') === 'index, follow');
    expect(await robots(page)).toEqual(['index, follow']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says so when there is no deal to show', async () => {
    // Runs last: an admin removes every deal through the API, as the admin screens would.
    const context: BrowserContext = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const api = context.request;
    const headers = { Origin: site.baseUrl };
    expect((await api.post(`${site.baseUrl}/_api/auth/login_with_password`, { data: E2E_ADMIN, headers })).ok()).toBe(true);
    const all = (await (await api.get(`${site.baseUrl}/_api/admin/discounts`)).json()) as { id: number }[];
    for (const { id } of all) {
      expect((await api.post(`${site.baseUrl}/_api/admin/discounts/delete`, { data: { id }, headers })).ok()).toBe(true);
    }

    const page = await context.newPage();
    await page.goto(`${site.baseUrl}/discounts`);
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'No Verified Opportunities Available' }).waitFor();
    expect(await cards(page).count()).toBe(0);
    expect(await page.locator('.results-max').count()).toBe(0);
    expect(await robots(page)).toEqual(['index, follow']);
    await context.close();
  });
});
