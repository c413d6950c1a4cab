import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { NewsletterStatsDto, NewsletterSubscriberDto } from '../common/api-types.js';
import { ADMIN_NEWSLETTER as T } from '../common/messages.js';
import { NEWSLETTER_CSV_COLUMNS, newsletterExportFileName } from '../common/newsletter.js';
import { VIEWPORTS } from './support/browser.js';
import { adminJourney } from './support/journey.js';

/** /admin/newsletter: an admin reads the stats, pages, sorts, filters, searches, exports and manages subscribers. */
describe('admin newsletter subscribers in Chromium', () => {
  const journey = adminJourney({ acceptDownloads: true });
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ({ page, errors } = journey);
    await page.goto(journey.site.baseUrl + '/admin/newsletter');
    await page.getByRole('heading', { name: T.title, level: 1 }).waitFor();
  });
  afterEach(() => expect(errors.splice(0)).toEqual([]));

  /** The admin API with the signed-in browser's cookie. */
  async function api<R>(path: string): Promise<R> {
    const res = await page.context().request.get(journey.site.baseUrl + '/_api/admin/newsletter-subscribers' + path);
    expect(res.status()).toBe(200);
    return (await res.json()) as R;
  }
  const stats = () => api<NewsletterStatsDto>('/stats');
  const listEmails = async (params: { sort?: [string, string]; filter?: Record<string, string>; range?: [number, number] } = {}) => {
    const query = new URLSearchParams({
      range: JSON.stringify(params.range ?? [0, 19]),
      sort: JSON.stringify(params.sort ?? ['subscribedAt', 'DESC']),
      filter: JSON.stringify(params.filter ?? {}),
    });
    return (await api<NewsletterSubscriberDto[]>(`?${query}`)).map((s) => s.email);
  };

  /** Table rows on a desktop, compact-list rows on a phone. */
  const rows = () => page.locator('tbody tr, [data-testid="subscriber-row"]');
  const emailOf = (row: ReturnType<typeof rows>) => row.getByTestId('subscriber-email').textContent();
  const shownEmails = () => page.getByTestId('subscriber-email').allTextContents();
  /** Clicks a column header until the list is sorted by it in that direction (the address says so). */
  async function sortBy(label: string, field: string, order: 'ASC' | 'DESC') {
    for (let i = 0; i < 2; i++) {
      const url = new URL(page.url());
      if (url.searchParams.get('sort') === field && url.searchParams.get('order') === order) return;
      const before = page.url();
      await page.locator('thead').getByText(label, { exact: true }).click();
      await page.waitForURL((u) => u.href !== before);
    }
    await page.waitForURL((u) => u.searchParams.get('sort') === field && u.searchParams.get('order') === order);
  }
  /** Waits until the table shows exactly these emails, in this order. */
  async function waitForEmails(expected: string[]): Promise<void> {
    await page.waitForFunction(
      (want) => {
        const got = [...document.querySelectorAll('[data-testid="subscriber-email"]')].map((el) => el.textContent ?? '');
        return got.join('\n') === want.join('\n');
      },
      expected,
    );
  }
  const statText = (id: string) => page.getByTestId(id).textContent();
  async function waitForStats(s: NewsletterStatsDto): Promise<void> {
    await page.waitForFunction(
      (want) => want.every(([id, text]) => document.querySelector(`[data-testid="${id}"]`)?.textContent === text),
      [['stat-total', String(s.total)], ['stat-new', `+${s.newLast7Days}`], ['stat-active', `${s.active}/${s.unsubscribed}`]],
    );
  }

  it('shows the seeded stats, 20 rows newest first and a link per page', async () => {
    const s = await stats();
    expect(s.total).toBe(50);
    await expect(page.getByText(T.subtitle).isVisible()).resolves.toBe(true);
    expect(await page.getByRole('link', { name: T.backToDashboard }).getAttribute('href')).toBe('/admin');
    await waitForStats(s);
    expect(await statText('stat-new')).toBe(`+${s.newLast7Days}`);
    expect(await statText('stat-active')).toBe(`${s.active}/${s.unsubscribed}`);
    for (const label of [T.statTotal, T.statNew, T.statActive]) await expect(page.getByText(label, { exact: true }).isVisible()).resolves.toBe(true);

    await waitForEmails(await listEmails());
    expect(await rows().count()).toBe(20);
    const pager = page.getByRole('navigation', { name: T.pagination });
    for (const n of [1, 2, 3]) await expect(pager.getByRole('button', { name: `Page ${n}`, exact: true }).isVisible()).resolves.toBe(true);
    expect(await pager.getByRole('button', { name: 'Page 4', exact: true }).count()).toBe(0);
    expect(await pager.getByRole('button', { name: 'Page 1', exact: true }).getAttribute('aria-current')).toBe('page');
    await expect(page.getByText(T.showing(1, 20, 50)).isVisible()).resolves.toBe(true);

    await pager.getByRole('button', { name: 'Page 3', exact: true }).click();
    await waitForEmails(await listEmails({ range: [40, 59] }));
    expect(await rows().count()).toBe(10);
    await expect(page.getByText(T.showing(41, 50, 50)).isVisible()).resolves.toBe(true);
    await pager.getByRole('button', { name: 'Page 1', exact: true }).click();
    await waitForEmails(await listEmails());
    // A null source reads 'Direct' (docs/spec.md §3); the seed has some on page 1.
    expect(await rows().getByRole('cell', { name: 'Direct', exact: true }).count()).toBeGreaterThan(0);
    await page.screenshot({ path: 'reports/screenshots/admin-newsletter-desktop.png', fullPage: true });
  });

  it('sorts by email both ways', async () => {
    const before = await shownEmails();
    const ascending = await listEmails({ sort: ['email', 'ASC'] });
    await sortBy(T.columnEmail, 'email', 'ASC');
    await waitForEmails(ascending);
    expect(ascending).not.toEqual(before);
    await sortBy(T.columnEmail, 'email', 'DESC');
    await waitForEmails(await listEmails({ sort: ['email', 'DESC'] }));
    // The sort is in the address: a reload keeps it.
    await page.reload();
    await waitForEmails(await listEmails({ sort: ['email', 'DESC'] }));
    // Back to SPEC's default order for the next steps.
    await sortBy(T.columnSubscribedAt, 'subscribedAt', 'DESC');
    await waitForEmails(await listEmails());
  });

  it('narrows the rows with the status filter and the search', async () => {
    const s = await stats();
    await page.getByRole('button', { name: T.filterUnsubscribed, exact: true }).click();
    await waitForEmails(await listEmails({ filter: { status: 'unsubscribed' } }));
    expect(await rows().count()).toBe(s.unsubscribed);
    expect(await rows().getByText(T.statusLabel.subscribed, { exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: T.filterSubscribed, exact: true }).click();
    await waitForEmails(await listEmails({ filter: { status: 'subscribed' } }));
    await page.getByText(T.showing(1, 20, s.active)).waitFor();
    // The filter and the page are in the address: page 2 of the subscribed, after a reload too.
    await page.getByRole('navigation', { name: T.pagination }).getByRole('button', { name: 'Page 2', exact: true }).click();
    await page.getByText(T.showing(21, Math.min(40, s.active), s.active)).waitFor();
    await page.reload();
    await waitForEmails(await listEmails({ filter: { status: 'subscribed' }, range: [20, 39] }));
    await expect(page.getByRole('button', { name: T.filterSubscribed, exact: true }).getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByRole('navigation', { name: T.pagination }).getByRole('button', { name: 'Page 1', exact: true }).click();
    expect(await rows().getByText(T.statusLabel.unsubscribed, { exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: T.filterAll, exact: true }).click();
    await page.getByPlaceholder(T.searchPlaceholder).fill('walker');
    const found = await listEmails({ filter: { q: 'walker' } });
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(20);
    await waitForEmails(found);
    for (const email of await shownEmails()) expect(email).toContain('walker');

    await page.getByPlaceholder(T.searchPlaceholder).fill('nobody-has-this-address');
    await page.getByText(T.empty).waitFor();
    // docs/spec.md §8: exporting nothing only logs a warning (no download, the page stays).
    const warning = page.waitForEvent('console', (m) => m.type() === 'warning');
    let downloaded = false;
    const onDownload = () => (downloaded = true);
    page.on('download', onDownload);
    await page.getByRole('link', { name: T.exportCsv }).click();
    expect((await warning).text()).toBe(T.exportEmpty);
    page.off('download', onDownload);
    expect(downloaded).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/admin/newsletter');
    await page.getByPlaceholder(T.searchPlaceholder).fill('');
    await waitForEmails(await listEmails());
  });

  it('exports the filtered list as newsletter_subscribers_YYYY-MM-DD.csv', async () => {
    const s = await stats();
    await page.getByRole('button', { name: T.filterUnsubscribed, exact: true }).click();
    await waitForEmails(await listEmails({ filter: { status: 'unsubscribed' } }));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: T.exportCsv }).click()]);
    expect(download.suggestedFilename()).toBe(newsletterExportFileName());
    expect(download.suggestedFilename()).toMatch(/^newsletter_subscribers_\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe(NEWSLETTER_CSV_COLUMNS.join(','));
    expect(lines[0]).toBe('email,subscribed_at,status,source');
    expect(lines).toHaveLength(s.unsubscribed + 1);
    // csv-stringify quotes the values; none of the seeded ones holds a comma.
    for (const line of lines.slice(1)) expect(line.split(',')[2].replace(/^"|"$/g, '')).toBe('unsubscribed');
    await page.getByRole('button', { name: T.filterAll, exact: true }).click();
    await waitForEmails(await listEmails());
  });

  it('changes a status and deletes a subscriber, with toasts, and the row and stats follow', async () => {
    const s = await stats();
    const first = rows().first();
    const email = (await emailOf(first))!;
    const wasSubscribed = (await first.getByText(T.statusLabel.subscribed, { exact: true }).count()) === 1;
    const next = wasSubscribed ? 'unsubscribed' : 'subscribed';

    await page.getByRole('button', { name: T.actionsFor(email) }).click();
    await page.getByRole('menuitem', { name: wasSubscribed ? T.markUnsubscribed : T.markSubscribed }).click();
    await page.getByText(T.updated(email, next)).waitFor();
    await first.getByText(T.statusLabel[next], { exact: true }).waitFor();
    const delta = wasSubscribed ? 1 : -1;
    await waitForStats({ ...s, active: s.active - delta, unsubscribed: s.unsubscribed + delta });

    await page.getByRole('button', { name: T.actionsFor(email) }).click();
    await page.getByRole('menuitem', { name: T.delete }).click();
    const dialog = page.getByRole('dialog', { name: T.deleteTitle });
    await dialog.getByText(T.deleteText(email)).waitFor();
    await dialog.getByRole('button', { name: T.delete, exact: true }).click();
    await page.getByText(T.deleted).waitFor();
    await waitForStats({ ...s, total: s.total - 1, active: s.active - (wasSubscribed ? 1 : 0), unsubscribed: s.unsubscribed - (wasSubscribed ? 0 : 1), newLast7Days: (await stats()).newLast7Days });
    await waitForEmails(await listEmails());
    expect(await shownEmails()).not.toContain(email);
  });

  it('unsubscribes, then deletes the selected subscribers, each after one confirmation, and the stats follow', async () => {
    await waitForEmails(await listEmails());
    const picked = (await shownEmails()).slice(0, 2);
    const toolbar = page.locator('[data-test="bulk-actions-toolbar"]');
    const select = async () => {
      for (const email of picked) await rows().filter({ hasText: email }).getByRole('checkbox').check();
      await toolbar.getByText('2 subscribers selected').waitFor();
    };
    await select();
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await page.screenshot({ path: 'reports/screenshots/admin-newsletter-bulk-desktop.png' });
    // Applied by the server in one request (POST /_api/admin/newsletter-subscribers/bulk), after a confirmation naming the count.
    await toolbar.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    // The server counts what it changed: a picked subscriber who had already left is not counted again.
    const stillSubscribed = (await Promise.all(picked.map(async (email) => {
      const res = await page.request.get(`${journey.site.baseUrl}/_api/admin/newsletter-subscribers?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`);
      return ((await res.json()) as Array<{ email: string; status: string }>).find((r) => r.email === email)!.status;
    }))).filter((status) => status === 'subscribed').length;
    const confirm = page.getByRole('dialog', { name: 'Unsubscribe 2 subscribers?' });
    await confirm.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText(`${stillSubscribed} subscriber${stillSubscribed === 1 ? '' : 's'} unsubscribed.`).waitFor();
    for (const email of picked) await rows().filter({ hasText: email }).getByText(T.statusLabel.unsubscribed, { exact: true }).waitFor();
    await waitForStats(await stats());
    expect((await stats()).unsubscribed).toBeGreaterThanOrEqual(2);

    const before = await stats();
    await select();
    await toolbar.getByRole('button', { name: 'Delete', exact: true }).click();
    const del = page.getByRole('dialog', { name: 'Delete 2 subscribers?' });
    await del.getByText('This action cannot be undone.').waitFor();
    await del.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('2 subscribers deleted.').waitFor();
    await waitForStats({ ...before, total: before.total - 2, unsubscribed: before.unsubscribed - 2, newLast7Days: (await stats()).newLast7Days });
    for (const email of picked) expect(await shownEmails()).not.toContain(email);
  });

  it('fits a 390 px screen', async () => {
    // A long address (newest, so first): too wide for one line at 390 px.
    const long = 'alexandra.konstantinopoulou-whitfield@verified-trading-partners-international.example.com';
    const signup = await page.context().request.post(journey.site.baseUrl + '/_api/newsletter/subscribe', { data: { email: long }, headers: { Origin: journey.site.baseUrl } });
    expect(signup.ok()).toBe(true);
    // A fresh load at phone width, as a phone opens it (react-admin's menu starts closed there).
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.reload();
    await page.getByRole('heading', { name: T.title, level: 1 }).waitFor();
    await page.getByTestId('subscriber-row').first().waitFor();
    // The compact list: no table, nothing to scroll sideways.
    expect(await page.locator('table').count()).toBe(0);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await page.screenshot({ path: 'reports/screenshots/admin-newsletter-mobile.png', fullPage: true });
    // A long address wraps between its parts ('@', '.'), never inside one: each part sits on one line.
    const emails = page.getByTestId('subscriber-email');
    expect(await emails.count()).toBe(20);
    const brokenParts = await emails.evaluateAll((els) =>
      els.flatMap((el) =>
        [...el.childNodes]
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .filter((n) => {
            const range = document.createRange();
            range.selectNodeContents(n);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
          })
          .map((n) => n.textContent),
      ),
    );
    expect(brokenParts).toEqual([]);
    const longEmail = emails.filter({ hasText: long });
    expect((await longEmail.boundingBox())!.height).toBeGreaterThan(30); // it did wrap, between its parts
    // Selection and the row menu work there too.
    const first = rows().first();
    await first.getByRole('checkbox').check();
    await page.locator('[data-test="bulk-actions-toolbar"]').getByText('1 item selected').waitFor();
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await page.screenshot({ path: 'reports/screenshots/admin-newsletter-mobile-selected.png' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await page.locator('[data-test="bulk-actions-toolbar"]').getByRole('button', { name: 'Unselect' }).click();
    await expect(first.getByRole('button', { name: T.actionsFor((await emailOf(first))!) }).isVisible()).resolves.toBe(true);
  });
});
