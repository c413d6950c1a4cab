import type { Browser, Page } from 'playwright-core';
import type { PublicDiscountDto } from '../common/api-types.js';
import type { FirmCompareDto, FirmProfileDto, FirmsListDto } from '../common/firm-api-types.js';
import { usd } from '../common/firm-compare.js';
import { SPLASH_SESSION_KEY } from '../common/boot-splash.js';
import { sizeLabel } from '../common/price-rule.js';
import { launchBrowser, VIEWPORTS, waitForHydration } from './support/browser.js';
import { startSite, type Site } from './support/site.js';

/**
 * Issue #18 "one price rule, everywhere": every price a trader sees on /discounts, /firms, every firm profile and a
 * comparison is the API's answer (which common/price-rule.ts computes; the API tests hold SQL and TypeScript equal),
 * and no price after code is $0 or above the listed price.
 */
describe('every price shown agrees with the API', () => {
  let site: Site;
  let browser: Browser;
  const money = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  const api = async <T,>(path: string): Promise<T> => (await (await fetch(`${site.baseUrl}${path}`)).json()) as T;

  async function open(path: string): Promise<Page> {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: site.baseUrl });
    await context.addInitScript((key) => sessionStorage.setItem(key, '1'), SPLASH_SESSION_KEY);
    const page = await context.newPage();
    await page.goto(path);
    await waitForHydration(page);
    return page;
  }

  it('/discounts: each card\'s "Was … now …" is its priceExample, a real listed size named on the card', async () => {
    const discounts = await api<PublicDiscountDto[]>('/_api/discounts');
    const page = await open('/discounts');
    let shown = 0;
    for (const d of discounts) {
      const card = page.locator(`[data-discount-id="${d.id}"]`).first();
      const prices = card.locator('[data-testid="deal-prices"]');
      const ex = d.status === 'active' ? d.priceExample : null;
      if (!ex || ex.priceAfterCode >= ex.price) {
        expect({ id: d.id, count: await prices.count() }).toEqual({ id: d.id, count: 0 });
        continue;
      }
      shown++;
      expect(ex.priceAfterCode).toBeGreaterThan(0);
      const [was, now] = [money(await prices.locator('s').textContent() ?? ''), money(await prices.locator('strong').textContent() ?? '')];
      expect({ id: d.id, was, now }).toEqual({ id: d.id, was: ex.price, now: ex.priceAfterCode });
      expect(await prices.locator('.deal-price-size').textContent()).toBe(`${ex.program}, ${sizeLabel(ex.size)} account`);
      // The "was" price is one the firm lists for that program and size.
      const profile = await api<FirmProfileDto>(`/_api/firms/${d.company.slug}`);
      const listed = profile.programs.find((p) => p.name === ex.program)?.sizes.find((s) => s.size === ex.size);
      expect(listed?.price).toBe(ex.price);
      if (d.discountCode) expect(await card.locator('[data-testid="fine-print"] li').count()).toBeGreaterThan(3);
    }
    expect(shown).toBeGreaterThanOrEqual(5);
    await page.context().close();
  });

  it('/firms: every row\'s price after code is the API\'s, never $0, never above the price', async () => {
    const list = await api<FirmsListDto>('/_api/firms?status=all');
    const page = await open('/firms?status=all');
    const cells = await page.locator('[data-testid="price-after-code"] .firm-after > strong, [data-testid="price-after-code"] .firm-after-none').allTextContents();
    expect(cells.map((t) => money(t.split(' ')[0]!))).toEqual(list.rows.map((r) => r.priceAfterCode));
    for (const r of list.rows) {
      expect(r.priceAfterCode).toBeGreaterThan(0);
      expect(r.priceAfterCode).toBeLessThanOrEqual(r.price);
    }
    await page.context().close();
  });

  it('every firm profile: each size\'s price and price after code are the API\'s', async () => {
    const list = await api<FirmsListDto>('/_api/firms?status=all');
    for (const slug of new Set(list.rows.map((r) => r.firm.slug))) {
      const profile = await api<FirmProfileDto>(`/_api/firms/${slug}`);
      const page = await open(`/firms/${slug}`);
      const shown = await page.locator('.firm-sizes tbody tr').evaluateAll((trs) =>
        trs.map((tr) => [tr.querySelector('td[data-label="Price"]')!.textContent!, tr.querySelector('td[data-label="After our code"] .firm-after > strong, td[data-label="After our code"] .firm-after-none')!.textContent!]));
      const expected = profile.programs.flatMap((p) => p.sizes.map((s) => [s.price, s.priceAfterCode]));
      expect({ slug, prices: shown.map(([p, a]) => [money(p!), money(a!.split(' ')[0]!)]) }).toEqual({ slug, prices: expected });
      for (const [price, after] of expected) {
        expect(after).toBeGreaterThan(0);
        expect(after).toBeLessThanOrEqual(price!);
      }
      // The table and the profile agree on every size they share.
      for (const r of list.rows.filter((x) => x.firm.slug === slug)) {
        const size = profile.programs.find((p) => p.id === r.program.id)!.sizes.find((s) => s.size === r.size)!;
        expect([size.priceAfterCode, size.code?.discountId ?? null]).toEqual([r.priceAfterCode, r.code?.discountId ?? null]);
      }
      await page.context().close();
    }
  });

  it('/firms/compare: the cheapest account after our code is the profiles\' cheapest', async () => {
    const slugs = ['ftmo', 'topstep', 'fundednext'];
    const compare = await api<FirmCompareDto>(`/_api/firms/compare?firms=${slugs.join(',')}`);
    const page = await open(`/firms/compare?firms=${slugs.join(',')}`);
    const cells = await page.locator('tr[data-row="cheapest"] td').allTextContents();
    const expected = compare.firms.map((f) => {
      const sizes = f.programs.flatMap((p) => p.sizes);
      const cheapest = sizes.reduce((a, b) => (b.priceAfterCode < a.priceAfterCode ? b : a));
      return `${usd(cheapest.priceAfterCode)} (${usd(cheapest.size)} account)`;
    });
    expect(cells.map((c) => c.replace(/Best$/, ''))).toEqual(expected);
    await page.context().close();
  });
});
