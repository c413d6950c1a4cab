import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { CompanyDto } from '../common/api-types.js';
import type { FirmsListDto } from '../common/firm-api-types.js';
import { launchBrowser, openPage, VIEWPORTS, waitForHydration } from './support/browser.js';
import { startSite, type Site } from './support/site.js';
import { signInThroughForm } from './support/journey.js';

/** Where the journeys leave their screenshots (390 and 1280 px of every firm page), to be looked at. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/firms-shots';

/** The firm pages (issue #10) in Chromium, against the built site and its demo firms. */
describe('firm pages in Chromium', () => {
  let site: Site;
  let browser: Browser;
  let slugs: string[];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    // Every page of the table (25 rows a page), best score first: the firms in table order.
    const rows: FirmsListDto['rows'] = [];
    for (let page = 1, pages = 1; page <= pages; page++) {
      const list = (await (await fetch(`${site.baseUrl}/_api/firms?page=${page}`)).json()) as FirmsListDto;
      rows.push(...list.rows);
      pages = list.totalPages;
    }
    slugs = [...new Set(rows.map((r) => r.firm.slug))];
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  async function open(viewport: { width: number; height: number } = VIEWPORTS.desktop, javaScriptEnabled = true) {
    const { page, errors } = await openPage(browser, {
      viewport, baseURL: site.baseUrl, javaScriptEnabled, permissions: ['clipboard-read', 'clipboard-write'], contexts,
    });
    return { page, errors };
  }
  const rows = (page: Page) => page.locator('.firms-table tbody tr');
  const money = (text: string) => Number(text.replace(/[^0-9.]/g, ''));
  const afterCodes = async (page: Page) =>
    (await page.locator('[data-testid="price-after-code"] .firm-after > strong, [data-testid="price-after-code"] .firm-after-none').allTextContents())
      .map((t) => money(t.split(' ')[0]!));
  const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  it('filters and sorts the table through the form; the URL keeps it, a reload shows the same table', async () => {
    const { page, errors } = await open();
    await page.goto('/firms');
    await rows(page).first().waitFor();
    expect(await rows(page).count()).toBeGreaterThan(8);
    await page.getByText(/^Disclosure: some links on this page are affiliate links/).waitFor();

    await page.getByLabel('Platform').selectOption('MT5');
    await page.getByLabel('Account size').selectOption('100000');
    await page.getByLabel('Sort by').selectOption('priceAfterCode');
    await page.getByLabel('Order').selectOption('asc');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((u) => u.search === '?size=100000&platform=MT5&sort=priceAfterCode');
    await page.locator('.firms-results[aria-busy="false"]').waitFor();
    // The new URL can be committed a moment before the new rows are: wait for the table to show the filter.
    await page.waitForFunction(() => {
      const cells = [...document.querySelectorAll('.firms-table tbody td[data-label="Size"]')];
      return cells.length > 0 && cells.every((c) => c.textContent === '$100,000');
    });

    const check = async () => {
      const sizes = await page.locator('.firms-table tbody td[data-label="Size"]').allTextContents();
      expect(sizes.length).toBeGreaterThan(0);
      expect(new Set(sizes)).toEqual(new Set(['$100,000']));
      const platforms = await page.locator('.firms-table tbody td[data-label="Platforms"]').allTextContents();
      expect(platforms.every((p) => p.split(', ').includes('MT5'))).toBe(true);
      const prices = await afterCodes(page);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(await page.getByLabel('Platform').inputValue()).toBe('MT5');
      expect(await page.getByLabel('Sort by').inputValue()).toBe('priceAfterCode');
    };
    await check();
    const api = (await (await fetch(`${site.baseUrl}/_api/firms?size=100000&platform=MT5&sort=priceAfterCode`)).json()) as FirmsListDto;
    expect(await rows(page).count()).toBe(api.rows.length);

    await page.reload();
    await rows(page).first().waitFor();
    await check();
    // The headers below sort in the app: a click before hydration would be a page load racing the next click.
    await waitForHydration(page);

    // A column header sorts too; its second click turns the order round.
    await page.getByRole('link', { name: 'Split: sort' }).click();
    await page.waitForURL((u) => u.searchParams.get('sort') === 'profitSplit');
    await page.getByRole('link', { name: 'Split: sort' }).click();
    await page.waitForURL((u) => u.searchParams.get('order') === 'asc');
    // The previous rows stay until the new ones arrive (no blank table while sorting).
    await page.locator('.firms-results[aria-busy="false"]').waitFor();
    // As above: the URL can commit a moment before the re-sorted rows.
    await page.waitForFunction(() => {
      const splits = [...document.querySelectorAll('.firms-table tbody td[data-label="Split"]')].map((c) => Number((c.textContent ?? '').replace(/[^0-9.]/g, '')));
      return splits.length > 1 && splits.every((v, i) => i === 0 || splits[i - 1]! <= v);
    }, undefined, { timeout: 5000 }).catch(() => undefined);
    const splits = (await page.locator('.firms-table tbody td[data-label="Split"]').allTextContents()).map(money);
    expect(splits).toEqual([...splits].sort((a, b) => a - b));
    expect(errors).toEqual([]);
  });

  it('works with JavaScript off: the server renders the filtered, sorted table and answers a bad filter with 400 and a message', async () => {
    const { page } = await open(VIEWPORTS.desktop, false);
    const res = await page.goto('/firms?platform=MT5&size=100000&sort=priceAfterCode');
    expect(res?.status()).toBe(200);
    const prices = await afterCodes(page);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // The plain form sends every field (empty ones too); the page reads them the same.
    await page.getByLabel('Sort by').selectOption('price');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((u) => u.searchParams.get('sort') === 'price');
    expect(new URL(page.url()).searchParams.get('size')).toBe('100000');
    const plain = (await page.locator('.firms-table tbody td[data-label="Price"]').allTextContents()).map(money);
    expect(plain).toEqual([...plain].sort((a, b) => a - b));

    const bad = await page.goto('/firms?size=big&drawdown=sideways');
    expect(bad?.status()).toBe(400);
    await page.getByText('size must be a whole number of US dollars, e.g. 100000').waitFor();
    await page.getByText('drawdown must be one of: static, trailing, eod-trailing').waitFor();
  });

  it('shows closed and paused firms only when asked, clearly marked; their profiles and cards say why', async () => {
    const { page, errors } = await open();
    // The table pages by 25 rows: ask for the statuses that are not active, as a visitor filtering by status would.
    await page.goto('/firms?status=under-watch,paused,closed');
    await rows(page).first().waitFor();
    const all = (await (await fetch(`${site.baseUrl}/_api/firms?status=under-watch,paused,closed`)).json()) as FirmsListDto;
    // The demo data has one firm under watch, one paused and one closed: each is listed with its status written out.
    const marked = new Map(all.rows.map((r) => [r.firm.name, r.firm.status]));
    expect([...new Set(marked.values())].sort()).toEqual(['closed', 'paused', 'under-watch']);
    const LABELS: Record<string, string> = { 'under-watch': 'Under watch', paused: 'Payouts paused', closed: 'Closed' };
    for (const [name, status] of marked) {
      const row = rows(page).filter({ hasText: name }).first();
      await expect(row.locator('.firm-status').textContent()).resolves.toBe(LABELS[status]);
    }
    // The default list is the firms that still sell: the one under watch stays, marked; paused and closed ones are left out.
    // The table pages by 25 rows (one per account size): find the page each firm is on by the API, as the table shows it.
    const pageOf = new Map<string, number>();
    for (let p = 1, pages = 1; p <= pages; p++) {
      const list = (await (await fetch(`${site.baseUrl}/_api/firms?page=${p}`)).json()) as FirmsListDto;
      for (const r of list.rows) if (!pageOf.has(r.firm.name)) pageOf.set(r.firm.name, p);
      pages = list.totalPages;
    }
    for (const [name, status] of marked) expect(pageOf.has(name)).toBe(status === 'under-watch');
    const watched = [...marked].find(([, status]) => status === 'under-watch')![0];
    await page.goto(`/firms?page=${pageOf.get(watched)}`);
    await rows(page).first().waitFor();
    expect(new Set(await page.locator('.firm-status').allTextContents())).toEqual(new Set(['Under watch']));
    await expect(rows(page).filter({ hasText: watched }).first().locator('.firm-status').textContent()).resolves.toBe('Under watch');

    // Each profile says what the status means, since when, why, and links the source; the closed one stays online.
    const companies = (await (await fetch(`${site.baseUrl}/_api/companies`)).json()) as CompanyDto[];
    const notActive = companies.filter((c) => c.status !== 'active');
    expect(notActive.map((c) => c.status).sort()).toEqual(['closed', 'paused', 'under-watch']);
    for (const firm of notActive) {
      for (const [label, viewport] of [['mobile', VIEWPORTS.mobile], ['desktop', VIEWPORTS.desktop]] as const) {
        await page.setViewportSize(viewport);
        const res = await page.goto(`/firms/${firm.slug}`);
        expect(res?.status()).toBe(200);
        const banner = page.locator('.firm-status-note-banner');
        await expect(banner.textContent()).resolves.toContain(`Why: ${firm.statusReason}`);
        expect(await banner.getByRole('link', { name: /^Source/ }).getAttribute('href')).toBe(firm.statusSource);
        await page.screenshot({ path: `${SHOTS}/status-${firm.status}-profile-${label}.png`, fullPage: false });
      }
    }

    // On /discounts the cards of those firms carry the warning with the reason; the closed firm's codes come last,
    // marked 'Not promoted', never '#1 CHOICE'.
    const closed = notActive.find((c) => c.status === 'closed')!;
    for (const [label, viewport] of [['mobile', VIEWPORTS.mobile], ['desktop', VIEWPORTS.desktop]] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/discounts');
      const cards = page.locator('.deal-card');
      await cards.first().waitFor();
      const companiesInOrder = await cards.locator('.deal-company').allTextContents();
      const firstClosed = companiesInOrder.indexOf(closed.name);
      expect(firstClosed).toBeGreaterThan(0);
      expect(companiesInOrder.slice(firstClosed).every((name) => name === closed.name)).toBe(true);
      const closedCard = cards.filter({ hasText: closed.name }).first();
      await expect(closedCard.locator('.firm-status-note').textContent()).resolves.toContain(`Not promoted: ${closed.name} is closed`);
      expect(await closedCard.getByText('#1 CHOICE').count()).toBe(0);
      for (const firm of notActive) {
        await expect(cards.filter({ hasText: firm.name }).first().locator('.firm-status-note').textContent()).resolves.toContain(firm.statusReason!);
      }
      for (const firm of notActive) {
        await cards.filter({ hasText: firm.name }).first().scrollIntoViewIfNeeded();
        await cards.filter({ hasText: firm.name }).first().screenshot({ path: `${SHOTS}/status-${firm.status}-card-${label}.png` });
      }
    }
    expect(errors).toEqual([]);
  });

  it('opens a profile from the table: score with criteria, programs with price after code, codes, changelog; an unknown firm is a 404', async () => {
    const { page, errors } = await open();
    await page.goto('/firms');
    const first = rows(page).first().locator('.firms-firm a[href^="/firms/"]');
    const name = (await first.textContent())!;
    await first.click();
    await page.getByRole('heading', { level: 1, name: new RegExp(`^${name}`) }).waitFor();
    await page.getByRole('heading', { name: /^Score: / }).waitFor();
    expect(await page.locator('#score-title + p + div table tbody tr, section[aria-labelledby="score-title"] tbody tr').count()).toBe(6);
    await page.getByRole('heading', { name: 'Programs and prices' }).waitFor();
    expect(await page.locator('.firm-program').count()).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'Rule history' }).waitFor();
    expect(await page.locator('.firm-changelog li').count()).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'Active codes' }).waitFor();
    // The score links to the method.
    await page.locator('.firm-summary .firm-score').click();
    await page.waitForURL('**/methodology');
    await page.getByRole('heading', { name: 'Affiliate disclosure' }).waitFor();
    expect(errors).toEqual([]);

    const missing = await page.goto('/firms/no-such-firm');
    expect(missing?.status()).toBe(404);
  });

  it('compares three firms side by side, every fact on one row, the better value marked', async () => {
    const { page, errors } = await open();
    const three = slugs.slice(0, 3);
    const res = await page.goto(`/firms/compare?firms=${three.join(',')}`);
    expect(res?.status()).toBe(200);
    await page.locator('.compare-table').waitFor();
    expect(await page.locator('.compare-table thead th').count()).toBe(3);
    for (const row of await page.locator('.compare-table tbody tr').all()) expect(await row.locator('td').count()).toBe(3);
    expect(await page.locator('.compare-table td.compare-best').count()).toBeGreaterThan(0);
    expect(await page.locator('tr[data-row="score"] td').count()).toBe(3);

    // The chooser: pick two, compare.
    await page.getByLabel('Firm 3 (optional)').selectOption('');
    await page.getByRole('button', { name: 'Compare' }).click();
    await page.waitForURL((u) => u.searchParams.get('firms') === three.slice(0, 2).join(','));
    await page.waitForFunction(() => document.querySelectorAll('.compare-table thead th').length === 2);
    expect(errors).toEqual([]);
    expect((await page.goto('/firms/compare?firms=one'))?.status()).toBe(400);
  });

  it('at 390 px nothing scrolls sideways; screenshots of every firm page at 390 and 1280 px', async () => {
    const paths: Array<[string, string, string]> = [
      ['firms', '/firms', '.firms-table tbody tr'],
      ['firms-filtered', '/firms?platform=MT5&size=100000&sort=priceAfterCode', '.firms-table tbody tr'],
      ['profile', `/firms/${slugs[0]}`, '.firm-program'],
      ['compare', `/firms/compare?firms=${slugs.slice(0, 3).join(',')}`, '.compare-table'],
      ['methodology', '/methodology', '.method-table'],
    ];
    for (const [label, viewport] of [['390', VIEWPORTS.mobile], ['1280', VIEWPORTS.desktop]] as const) {
      const { page } = await open(viewport);
      for (const [name, path, ready] of paths) {
        await page.goto(path);
        await page.locator(ready).first().waitFor();
        if (label === '390') expect({ path, fits: await noSidewaysScroll(page) }).toEqual({ path, fits: true });
        await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: name !== 'firms' });
      }
    }
  });

  it('an admin edits a program price and the table shows it at once', async () => {
    const { page } = await open();
    await signInThroughForm(page);

    const list = (await (await fetch(`${site.baseUrl}/_api/firms?sort=price&order=desc`)).json()) as FirmsListDto;
    const top = list.rows[0]!.price;
    const firm = list.rows.at(-1)!.firm;
    await page.goto(`/admin/companies/${firm.id}/profile`);
    const price = page.getByLabel('Price ($)', { exact: true }).first();
    await price.waitFor();
    const newPrice = Math.floor(top) + 1234;
    await price.fill(String(newPrice));
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Company updated' }).first().waitFor();

    await page.goto('/firms?sort=price&order=desc');
    await rows(page).first().waitFor();
    expect(await rows(page).first().locator('td[data-label="Price"]').textContent()).toBe(`$${newPrice.toLocaleString('en-US')}`);
    expect(await rows(page).first().locator('.firms-firm a[href^="/firms/"]').textContent()).toBe(firm.name);
  });
});
