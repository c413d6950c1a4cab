import type { Page } from 'playwright-core';
import * as argon2 from 'argon2';
import type { CampaignDto } from '../common/campaigns.js';
import { VIEWPORTS } from './support/browser.js';
import { browserJourney, signInThroughForm } from './support/journey.js';
import { E2E_ADMIN } from './support/site.js';
import { siteSql } from './support/sql.js';

/**
 * Issue #20 in Chromium, one journey: the dashboard's "Scheduled next" shows a scheduled post and campaign; a
 * campaign's revision is compared and restored; an editor's campaign screen offers no send, test, schedule or delete.
 */
describe('scheduled publishing and campaign drafts, in Chromium', () => {
  const journey = browserJourney();
  const errors: string[] = [];

  async function signedIn(user: { email: string; password: string }, viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> {
    const { page } = await journey.open({ viewport });
    page.on('pageerror', (e) => errors.push(e.message));
    await signInThroughForm(page, journey.site.baseUrl, user);
    return page;
  }

  async function post<T>(page: Page, path: string, data: unknown, status = 201): Promise<T> {
    const res = await page.request.post(journey.site.baseUrl + path, { data, headers: { Origin: journey.site.baseUrl } });
    expect(res.status()).toBe(status);
    return (await res.json()) as T;
  }

  const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]', { hasText: text });

  it('shows what is scheduled next, restores a campaign revision, and keeps sending from editors', async () => {
    const admin = await signedIn(E2E_ADMIN);
    const at = new Date(Date.now() + 3 * 3600_000);
    await post(admin, '/_api/admin/blog-posts', {
      title: 'Tomorrow morning review', slug: 'tomorrow-morning-review', content: '<p>Soon.</p>', status: 'published', publishedAt: at.toISOString(),
    });
    await post(admin, '/_api/admin/campaigns', { subject: 'Weekend deals', html: '<p>Deals.</p>', scheduledAt: new Date(at.getTime() + 3600_000).toISOString() });

    await admin.goto(journey.site.baseUrl + '/admin');
    const items = admin.getByTestId('scheduled-item');
    await items.first().waitFor();
    // Soonest first (the demo content schedules a post days ahead, after these).
    await expect(items.allTextContents().then((t) => t.slice(0, 2))).resolves.toEqual([
      expect.stringMatching(/^PostTomorrow morning review.+\d{1,2}:\d{2}/),
      expect.stringMatching(/^CampaignWeekend deals/),
    ]);
    await admin.getByTestId('schedule-card').screenshot({ path: 'reports/screenshots/admin-schedule-desktop.png' });
    await admin.setViewportSize(VIEWPORTS.mobile);
    await admin.getByTestId('schedule-card').screenshot({ path: 'reports/screenshots/admin-schedule-mobile.png' });
    await admin.setViewportSize(VIEWPORTS.desktop);
    await admin.getByRole('link', { name: 'Tomorrow morning review' }).click();
    await admin.waitForURL(/\/admin\/blog-posts\/\d+\/edit$/);

    // A campaign draft: edit it, then compare with and restore the first revision.
    const draft = await post<CampaignDto>(admin, '/_api/admin/campaigns', { subject: 'First subject', html: '<p>First words.</p>' });
    await admin.goto(`${journey.site.baseUrl}/admin/campaigns/${draft.id}`);
    const subject = admin.getByLabel('Subject');
    await subject.waitFor();
    await subject.fill('Second subject');
    await admin.getByRole('button', { name: 'Save' }).click();
    await toast(admin, 'Campaign saved.').waitFor();
    const revisions = admin.getByTestId('revision');
    // The list follows the saved version (it refetches when the version moves).
    await revisions.first().getByText('Saved (current)', { exact: true }).waitFor();
    await revisions.nth(1).getByRole('button', { name: /Compare/ }).click();
    const diff = admin.getByTestId('revision-diff');
    await expect(diff.locator('del').allTextContents()).resolves.toContain('First');
    await expect(diff.locator('ins').allTextContents()).resolves.toContain('Second');
    await admin.getByRole('button', { name: 'Restore this revision' }).click();
    await toast(admin, /Restored the version of/).waitFor();
    await revisions.first().getByText('Restored (current)', { exact: true }).waitFor();
    await admin.waitForFunction(() => (document.querySelector('input[name="subject"]') as HTMLInputElement | null)?.value === 'First subject');

    // Someone saves meanwhile (another tab, a script): this form's save is refused with the 409, its text kept.
    await siteSql(journey.site, `update campaigns set subject = 'Saved elsewhere', version = version + 1, updated_at = now() where id = $1`, [draft.id]);
    await subject.fill('Typed here');
    await admin.getByRole('button', { name: 'Save' }).click();
    const conflict = admin.getByTestId('edit-conflict');
    await conflict.waitFor();
    await expect(conflict.textContent()).resolves.toMatch(/This campaign was changed by .+ at .+ UTC\. Reload to see their changes\./);
    await expect(subject.inputValue()).resolves.toBe('Typed here');
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await conflict.waitFor({ state: 'detached' });

    // An editor drafts: the same screen without sending, testing, scheduling or deleting.
    const editor = { email: 'campaign-editor@e2e.example', password: 'editor-password-1' };
    await siteSql(journey.site, `insert into users (display_name, email, role, password_hash) values ('Eddie Editor', $1, 'editor', $2)`, [
      editor.email, await argon2.hash(editor.password, { type: argon2.argon2id }),
    ]);
    const page = await signedIn(editor, VIEWPORTS.mobile);
    await page.goto(`${journey.site.baseUrl}/admin`);
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    await expect(page.getByTestId('schedule-card').count()).resolves.toBe(0);
    await page.goto(`${journey.site.baseUrl}/admin/campaigns/${draft.id}`);
    await page.getByLabel('Subject').waitFor();
    await page.getByTestId('campaign-editor-note').waitFor();
    for (const name of ['Send now', 'Send test', 'Delete']) await expect(page.getByRole('button', { name }).count()).resolves.toBe(0);
    await expect(page.getByLabel(/Send at/).count()).resolves.toBe(0);
    await page.screenshot({ path: 'reports/screenshots/admin-campaign-editor-mobile.png', fullPage: true });
    expect(errors).toEqual([]);
  }, 120_000);
});
