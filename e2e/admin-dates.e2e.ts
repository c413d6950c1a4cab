import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser.js';
import { E2E_ADMIN, startSite, type Site } from './support/site.js';
import { siteSql } from './support/sql.js';

/**
 * Issue #18: "saving a form without a change never changes a date". Every admin form with a date or date-time field
 * is opened and saved unchanged in a browser whose zone is not UTC (New York), and the API must answer every date as
 * before: to the minute for date-times, exactly for calendar dates. The instants are chosen where New York's calendar
 * day differs from UTC's (early UTC morning), so a field read or written in the wrong zone moves a day.
 *
 * (react-admin's own forms keep Save disabled until something changed: there a text field that is no date is edited.)
 * The forms: the blog post (Published date and time), the discount dialog (Valid Until), the firm profile (Last tested,
 * pass rate Read on), a firm changelog entry (Date), a campaign (Send at). The payout report and claim forms send no
 * date (their transforms send status, reason, note and amount only).
 */
describe('admin forms keep their dates when saved unchanged (browser in America/New_York)', () => {
  let site: Site;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    // No splash flag: its init script would also run in the campaign preview's sandboxed frame, which has no storage.
    ({ page, errors, context } = await openPage(browser, { timezoneId: 'America/New_York', locale: 'en-US', seenSplash: false }));
    await page.goto(site.baseUrl + '/login');
    await page.fill('#email', E2E_ADMIN.email);
    await page.fill('#password', E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(site.baseUrl + '/');
    // The browser really is in New York: early UTC on Jan 15 is the evening of Jan 14 there.
    await expect(page.evaluate(() => new Date('2027-01-15T03:30:17Z').getDate())).resolves.toBe(14);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await site?.stop();
  });

  const api = async <T>(path: string): Promise<T> => {
    const res = await page.request.get(site.baseUrl + path);
    expect([path, res.status()]).toEqual([path, 200]);
    return (await res.json()) as T;
  };
  /** An instant to the minute, as the API's ISO text (seconds and milliseconds are not shown by any form). */
  const minute = (iso: string | null) => (iso === null ? null : new Date(iso).toISOString().slice(0, 16));

  /**
   * Clicks the form's save button and waits for its PUT to answer 200. react-admin's SimpleForm keeps Save disabled
   * until something changed, so those forms get `touch`: an edit of a text field that is no date, the way an editor
   * saves a record whose dates they never looked at.
   */
  async function saveUnchanged(resource: string, id: number, button: string, touch?: () => Promise<void>): Promise<void> {
    await touch?.();
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/_api/admin/${resource}/${id}`);
    await page.getByRole('button', { name: button, exact: true }).click();
    const res = await saved;
    expect([resource, res.status(), res.status() === 200 ? '' : await res.text()]).toEqual([resource, 200, '']);
  }

  it('blog post: a scheduled Published date and time (with seconds) stays at its minute', async () => {
    const [post] = await siteSql<{ id: number }>(site, `select id from blog_posts order by id limit 1`);
    await siteSql(site, `update blog_posts set status = 'published', published_at = '2027-01-15T03:30:17Z' where id = $1`, [post!.id]);
    await page.goto(`${site.baseUrl}/admin/blog-posts/${post!.id}/edit`);
    // Shown in the editor's zone: 22:30 on the 14th in New York.
    await page.getByRole('button', { name: /January 14th, 2027, 22:30$/ }).waitFor();
    await saveUnchanged('blog-posts', post!.id, 'Update Post');
    const after = await api<{ publishedAt: string; status: string }>(`/_api/admin/blog-posts/${post!.id}`);
    expect([after.status, after.publishedAt]).toEqual(['published', '2027-01-15T03:30:17.000Z']);
  });

  it('discount: Valid Until stays at its minute', async () => {
    const [discount] = await siteSql<{ id: number }>(site, `select id from discounts order by id limit 1`);
    await siteSql(site, `update discounts set valid_until = '2027-02-01T04:15:42Z' where id = $1`, [discount!.id]);
    await page.goto(`${site.baseUrl}/admin/discounts/${discount!.id}`);
    const dialog = page.getByRole('dialog', { name: 'Edit Discount' });
    await dialog.waitFor();
    await expect(dialog.locator('#discount-valid-until').inputValue()).resolves.toBe('2027-01-31T23:15');
    await saveUnchanged('discounts', discount!.id, 'Update Discount');
    const after = await api<{ validUntil: string | null }>(`/_api/admin/discounts/${discount!.id}`);
    expect(minute(after.validUntil)).toBe('2027-02-01T04:15');
  });

  it('firm profile: Last tested and the pass rate Read on stay the same calendar days', async () => {
    const [firm] = await siteSql<{ id: number }>(site, `select id from companies order by id limit 1`);
    await siteSql(site, `update companies set last_tested_at = '2026-11-01', pass_rate = coalesce(pass_rate, 12.5),
      pass_rate_source_url = coalesce(pass_rate_source_url, 'https://firm.example/stats'), pass_rate_date = '2026-10-31' where id = $1`, [firm!.id]);
    await page.goto(`${site.baseUrl}/admin/companies/${firm!.id}/profile`);
    await page.getByLabel('Last tested').waitFor();
    await expect(page.getByLabel('Last tested').inputValue()).resolves.toBe('2026-11-01');
    await expect(page.getByLabel('Read on').inputValue()).resolves.toBe('2026-10-31');
    await saveUnchanged('companies', firm!.id, 'Save profile', () => page.getByLabel('Headquarters (country)').fill('Czechia (checked)'));
    const after = await api<{ lastTestedAt: string | null; passRateDate: string | null }>(`/_api/admin/companies/${firm!.id}`);
    expect([after.lastTestedAt, after.passRateDate]).toEqual(['2026-11-01', '2026-10-31']);
  });

  it('firm changelog entry: its Date stays the same calendar day', async () => {
    const [change] = await siteSql<{ id: number }>(site, `select id from firm_changes order by id limit 1`);
    await siteSql(site, `update firm_changes set date = '2026-11-01' where id = $1`, [change!.id]);
    await page.goto(`${site.baseUrl}/admin/firm-changes/${change!.id}`);
    await page.getByLabel('Date').waitFor();
    await expect(page.getByLabel('Date').inputValue()).resolves.toBe('2026-11-01');
    await saveUnchanged('firm-changes', change!.id, 'Save', () => page.getByLabel('Source URL').fill('https://firm.example/news'));
    const after = await api<{ date: string }>(`/_api/admin/firm-changes/${change!.id}`);
    expect(after.date).toBe('2026-11-01');
  });

  it('campaign: Send at stays at its minute', async () => {
    const created = await page.request.post(`${site.baseUrl}/_api/admin/campaigns`, {
      data: { subject: 'Dates stay', html: '<p>Hello</p>', scheduledAt: '2027-03-10T02:45:00.000Z' },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await page.goto(`${site.baseUrl}/admin/campaigns/${id}`);
    const sendAt = page.getByLabel('Send at (empty: a draft)');
    await sendAt.waitFor();
    // 21:45 on March 9th in New York.
    await expect(sendAt.inputValue()).resolves.toBe('2027-03-09T21:45');
    await saveUnchanged('campaigns', id, 'Save', () => page.getByLabel('Subject').fill('Dates stay (checked)'));
    const after = await api<{ scheduledAt: string | null; status: string }>(`/_api/admin/campaigns/${id}`);
    expect([after.status, minute(after.scheduledAt)]).toEqual(['scheduled', '2027-03-10T02:45']);
    expect(errors).toEqual([]);
  });
});
