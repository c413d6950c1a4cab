import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PublicDiscountDto } from '../common/api-types.js';
import {
  BADGE_TEXT, RECORD_TEXT, codeBadge, codeSizePrices, lastWorkedText, successFigureText, type CodePageDto, type ExpiredPageDto,
} from '../common/code-record.js';
import { proofTexts } from '../common/proof.js';
import { usdLabel } from '../common/price-rule.js';
import { launchBrowser, openPage, VIEWPORTS, waitForHydration } from './support/browser.js';
import { startSite, type Site } from './support/site.js';
import { siteSql } from './support/sql.js';

/** Screenshots for a person to look at (not compared), where the other journeys put theirs. */
const SHOTS = 'reports/screenshots';

/**
 * Issue #30 in Chromium against the built site: a visitor opens a code from /discounts and sees its badge, when it last
 * worked, its prices after code and its dated record — with and without JavaScript, at 390 and 1280 px; every figure the
 * code page shows is the one function's answer (common/code-record.ts, common/price-rule.ts); an expired code leaves
 * /discounts for the archive and its page carries no Offer.
 */
describe('code pages in Chromium', () => {
  let site: Site;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  const api = async <T,>(path: string): Promise<T> => (await (await fetch(`${site.baseUrl}${path}`)).json()) as T;

  /** What the code page must show for this code, from the same functions the page uses. */
  async function expectFigures(page: Page, slug: string): Promise<CodePageDto> {
    const data = await api<CodePageDto>(`/_api/discounts/by-slug/${slug}`);
    const now = new Date();
    await expect(page.locator('h1').textContent()).resolves.toBe(data.discount.title);
    expect(await page.locator('.code-status [data-testid="code-badge"]').first().textContent()).toContain(BADGE_TEXT[codeBadge(data.discount, now)]);
    expect(await page.locator('.code-status [data-testid="code-badge"]').first().getAttribute('href')).toBe(RECORD_TEXT.howWeTestPath);
    expect(await page.getByTestId('last-worked').textContent()).toBe(lastWorkedText(data.record.lastWorkedAt, now));
    expect(await page.getByTestId('used-today').textContent()).toBe(RECORD_TEXT.usedToday(data.record.usedToday));
    expect(await page.getByTestId('success-figure').textContent()).toBe(successFigureText(data.record));
    const prices = codeSizePrices(data.listed, data.discount, now);
    const shown = await page.locator('[data-testid="code-prices"] tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)));
    expect(shown.map((cells) => [cells[0], cells[3]])).toEqual(prices.map((p) => [p.program, usdLabel(p.priceAfterCode)]));
    for (const p of prices) expect(p.priceAfterCode).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="code-record"] li').count()).toBe(data.record.items.length);
    return data;
  }

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`opens a code from /discounts and shows its badge, figures, prices and record at ${viewport.width} px (${name})`, async () => {
      const list = await api<PublicDiscountDto[]>('/_api/discounts');
      // A code with a rate, so the card and the page both show the 30-day figure.
      const d = list.find((x) => x.status === 'active' && x.reportsCount >= 10 && x.discountCode) ?? list[0]!;
      const { page, errors } = await openPage(browser, { viewport, contexts });
      await page.goto(`${site.baseUrl}/discounts`);
      await waitForHydration(page);
      const card = page.locator(`[data-discount-id="${d.id}"]`).first();
      const cardSuccess = await card.locator('.deal-success').textContent().catch(() => null);
      expect(await card.locator('[data-testid="code-badge"]').textContent()).toContain(BADGE_TEXT[codeBadge(d, new Date())]);
      await card.locator('.deal-title a').click();
      await page.waitForURL(`**/discounts/${d.slug}`);
      await page.locator('[data-testid="code-record"], .code-section p').first().waitFor();
      const data = await expectFigures(page, d.slug);
      // The card's "87% success (31 reports)" and the page's figure are the same words from the same numbers.
      const cardText = proofTexts(d, new Date()).success;
      if (cardText) {
        expect(cardSuccess).toBe(cardText);
        expect(await page.getByTestId('success-figure').textContent()).toBe(cardText);
      }
      expect(data.record.items.length).toBeGreaterThan(0);
      await page.screenshot({ path: `${SHOTS}/code-page-${viewport.width}.png`, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    });

    it(`renders the code page without JavaScript at ${viewport.width} px (${name})`, async () => {
      const list = await api<PublicDiscountDto[]>('/_api/discounts');
      const d = list.find((x) => x.status === 'active' && x.reportsCount >= 10) ?? list[0]!;
      const { page } = await openPage(browser, { viewport, contexts, javaScriptEnabled: false });
      const res = await page.goto(`${site.baseUrl}/discounts/${d.slug}`);
      expect(res?.status()).toBe(200);
      await expectFigures(page, d.slug);
      const html = await res!.text();
      expect(html).toContain('"@type":"Offer"');
      expect(html).toContain('"validFrom"');
      await page.screenshot({ path: `${SHOTS}/code-page-nojs-${viewport.width}.png`, fullPage: true });
    });
  }

  it('moves an expired code from /discounts to the archive, where its page has no Offer', async () => {
    const list = await api<PublicDiscountDto[]>('/_api/discounts');
    const d = list.find((x) => x.status === 'active' && x.discountCode)!;
    await siteSql(site, `update discounts set status = 'expired', updated_at = now() where id = $1`, [d.id]);
    const { page, errors } = await openPage(browser, { viewport: VIEWPORTS.mobile, contexts });
    // The cache drops the list on the discounts NOTIFY; give it a moment.
    for (let i = 0; i < 50 && (await api<PublicDiscountDto[]>('/_api/discounts')).some((x) => x.id === d.id); i++) await new Promise((r) => setTimeout(r, 100));
    await page.goto(`${site.baseUrl}/discounts`);
    await waitForHydration(page);
    expect(await page.locator(`[data-discount-id="${d.id}"]`).count()).toBe(0);
    await page.getByRole('link', { name: 'Expired codes' }).first().click();
    await page.waitForURL('**/discounts/expired');
    const archive = await api<ExpiredPageDto>('/_api/discounts/expired');
    expect(archive.items[0]!.discount.id).toBe(d.id);
    const item = page.locator(`.expired-item[data-discount-id="${d.id}"]`);
    await item.waitFor();
    expect(await page.locator('.expired-item').first().getAttribute('data-discount-id')).toBe(String(d.id));
    await page.screenshot({ path: `${SHOTS}/discounts-expired-390.png`, fullPage: true });
    await item.getByRole('link', { name: d.title }).click();
    await page.waitForURL(`**/discounts/${d.slug}`);
    await page.locator('.code-ended').waitFor();
    expect(await page.locator('.deal-copy, .deal-link').count()).toBe(0);
    const html = await (await fetch(`${site.baseUrl}/discounts/${d.slug}`)).text();
    expect(html).not.toContain('"@type":"Offer"');
    expect(html).toContain('Expired');
    const sitemap = await (await fetch(`${site.baseUrl}/sitemaps/pages.xml`)).text();
    expect(sitemap).not.toContain(`/discounts/${d.slug}<`);
    expect(sitemap).toContain(`/discounts/${list.find((x) => x.id !== d.id && x.status === 'active')!.slug}<`);
    expect(errors).toEqual([]);
  });

  it('explains how codes are tested, linked from the footer and every badge', async () => {
    const { page, errors } = await openPage(browser, { viewport: VIEWPORTS.desktop, contexts });
    await page.goto(`${site.baseUrl}/discounts`);
    await waitForHydration(page);
    await page.locator('[data-testid="code-badge"]').first().click();
    await page.waitForURL('**/how-we-test-codes');
    await page.getByRole('heading', { name: 'When a code is demoted' }).waitFor();
    expect(await page.locator('footer').getByRole('link', { name: 'How we test codes' }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/how-we-test-codes-1280.png`, fullPage: true });
    expect(errors).toEqual([]);
  });
});
