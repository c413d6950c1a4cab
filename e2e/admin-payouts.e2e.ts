import type { Page } from 'playwright-core';
import { VIEWPORTS } from './support/browser.js';
import { adminJourney } from './support/journey.js';
import { siteSql } from './support/sql.js';

/**
 * Payout report moderation (issue #18): "Select all" takes every report matching the list's filter, not the page's
 * ticked rows, and one Approve on the server approves exactly them after a confirmation naming the count.
 */
describe('admin payout reports in Chromium', () => {
  const journey = adminJourney();
  let page: Page;
  let errors: string[];
  beforeAll(() => {
    ({ page, errors } = journey);
  });

  const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

  it('"Select all" → Approve approves every awaiting report of the filter and nothing else', async () => {
    // 60 reports awaiting review on one firm, every fifth flagged; the filter takes the 48 unflagged ones.
    const [firm] = await siteSql<{ id: number }>(journey.site,
      `INSERT INTO companies (name, slug) VALUES ('Approve Journey Firm', 'approve-journey-firm') RETURNING id`);
    await siteSql(journey.site, `
      INSERT INTO payout_reports (company_id, amount, requested_on, outcome, status, flagged, flag_reason)
      SELECT $1, 500 + i, current_date - i, 'paid', 'awaiting-review', i % 5 = 0, CASE WHEN i % 5 = 0 THEN 'Young account' END
      FROM generate_series(1, 60) AS i`, [firm!.id]);
    const others = () => siteSql<{ id: number; status: string }>(journey.site,
      `SELECT id, status FROM payout_reports WHERE NOT (company_id = $1 AND NOT flagged) ORDER BY id`, [firm!.id]);
    const before = await others();
    const filter = { status: 'awaiting-review', companyId: firm!.id, flagged: false };

    const url = `/admin/payout-reports?filter=${encodeURIComponent(JSON.stringify(filter))}&perPage=10&page=1`;
    const toolbar = page.locator('[data-test="bulk-actions-toolbar"]');
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

    // A phone: one block per report, a ticked page fits the screen with its Approve. Each visit waits for what the
    // admin waits for, the rows, not for the load event (once not seen within 30 s in CI, rows or not).
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.getByTestId('payout-report-row').first().waitFor();
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await toolbar.getByRole('button', { name: 'Approve' }).waitFor();
    await page.screenshot({ path: 'reports/screenshots/admin-payouts-selected-mobile.png' });
    expect(await overflow()).toBeLessThanOrEqual(0);
    await toolbar.getByRole('button', { name: 'Unselect' }).click();

    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.getByText('1-10 of 48').waitFor();
    await page.locator('thead').getByRole('checkbox').check();
    await toolbar.getByText('10 payout reports selected').waitFor();
    await toolbar.getByRole('button', { name: 'Select all 48 payout reports' }).click();
    await toolbar.getByText('All 48 payout reports matching the filter selected').waitFor();
    await page.screenshot({ path: 'reports/screenshots/admin-payouts-select-all-desktop.png' });
    expect(await overflow()).toBeLessThanOrEqual(0);

    await page.locator('[data-test="bulk-actions-toolbar"]').getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Approve 48 payout reports?').waitFor();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await toast('48 payout reports approved.').waitFor();

    const [done] = await siteSql<{ approved: number; reviewed: number }>(journey.site,
      `SELECT count(*) FILTER (WHERE status = 'approved')::int AS approved, count(reviewed_at)::int AS reviewed
       FROM payout_reports WHERE company_id = $1 AND NOT flagged`, [firm!.id]);
    expect(done).toEqual({ approved: 48, reviewed: 48 });
    // Nothing outside the filter changed: the flagged twelve, the demo reports.
    expect(await others()).toEqual(before);
    // On a phone the emptied filter says so, as the table does.
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.getByText('No payout reports found').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.setViewportSize(VIEWPORTS.desktop);
    expect(errors).toEqual([]);
  });
});
