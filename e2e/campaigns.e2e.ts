/**
 * The campaign journey in Chromium (issue #16): an admin writes a campaign for one signup source, previews it at
 * desktop and phone widths, sends a test (it lands in the Outbox: no SMTP_URL), schedules it, and once it has gone
 * out reads it in the Outbox; then changes the newsletter settings, exports and erases one reader's data, and
 * sends a dead job back to work.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { CampaignDto, NewsletterSettingsDto } from '../common/campaigns.js';
import type { OutboxItemDto, OutboxMessageDto } from '../common/mail-api-types.js';
import { launchBrowser, VIEWPORTS } from './support/browser.js';
import { E2E_ADMIN, startSite, type Site } from './support/site.js';
import { siteSql } from './support/sql.js';

const SUBJECT = 'Journey deals of the week';
const READER = 'reader@journey.example';
const OTHER = 'other@journey.example';

describe('campaigns, settings, privacy and failed jobs in the admin', () => {
  let site: Site;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), launchBrowser()]);
    context = await browser.newContext({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(site.baseUrl + '/login');
    await page.fill('#email', E2E_ADMIN.email);
    await page.fill('#password', E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(site.baseUrl + '/');
    await siteSql(site, `insert into newsletter_subscribers (email, status, source, confirmed_at) values
      ($1, 'subscribed', 'journey-source', now()), ($2, 'subscribed', 'other-source', now())`, [READER, OTHER]);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await site?.stop();
  });
  afterEach(() => expect(errors.splice(0)).toEqual([]));

  const get = async <T>(path: string): Promise<T> => {
    const res = await context.request.get(site.baseUrl + path);
    expect(res.status()).toBe(200);
    return (await res.json()) as T;
  };
  const outbox = () => get<OutboxItemDto[]>('/_api/admin/outbox?range=[0,99]');
  const notice = (text: string | RegExp) => page.getByText(text).first().waitFor();

  it('writes a campaign for one source, previews it, tests it, schedules it and reads it in the Outbox', async () => {
    await page.goto(site.baseUrl + '/admin/campaigns/create');
    await page.getByRole('textbox', { name: 'Subject' }).fill(SUBJECT);
    await page.getByRole('textbox', { name: 'Content' }).fill('<p>Fresh codes this week.</p><p><a href="https://example.com/deal">See the deal</a></p>');
    // The audience by signup source: the choices are the subscribers' own sources.
    await page.getByRole('combobox', { name: 'Audience' }).click();
    await page.getByRole('option', { name: 'Subscribers from chosen signup sources' }).click();
    await page.getByLabel('Signup sources').click();
    await page.getByRole('option', { name: 'other-source (1)' }).waitFor();
    await page.getByRole('option', { name: 'journey-source (1)' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/campaigns\/\d+$/);
    const id = Number(/\/campaigns\/(\d+)$/.exec(page.url())![1]);
    expect((await get<CampaignDto>(`/_api/admin/campaigns/${id}`)).audience).toEqual({ kind: 'sources', sources: ['journey-source'] });

    // The preview as a recipient sees it, at desktop then phone width.
    const preview = page.getByTestId('campaign-preview');
    await preview.waitFor();
    await expect(page.frameLocator('[data-testid="campaign-preview"]').getByText('Fresh codes this week.').waitFor()).resolves.toBeUndefined();
    expect(Math.round((await preview.boundingBox())!.width)).toBe(600);
    await page.getByRole('button', { name: 'Phone' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="campaign-preview"]')?.getBoundingClientRect().width === 375);
    await expect(page.frameLocator('[data-testid="campaign-preview"]').getByText('Unsubscribe').first().waitFor()).resolves.toBeUndefined();

    // A test copy to one address: it is in the Outbox, subject prefixed.
    await page.getByLabel('Test address').fill('tester@journey.example');
    await page.getByRole('button', { name: 'Send test' }).click();
    for (let i = 0; !(await outbox()).some((m) => m.subject === `[Test] ${SUBJECT}` && m.to === 'tester@journey.example'); i++) {
      if (i > 100) throw new Error('the test message never reached the Outbox');
      await page.waitForTimeout(200);
    }

    // Scheduled for the first whole minute at least 15 s ahead (the input takes minutes; the browser's local time).
    const local = await page.evaluate(() => {
      const d = new Date(Math.ceil((Date.now() + 15_000) / 60_000) * 60_000);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
    });
    await page.getByLabel('Send at (empty: a draft)').fill(local);
    await page.getByRole('button', { name: 'Save' }).click();
    await notice('Campaign saved.');
    await page.getByTestId('campaign-status').getByText(/Status: scheduled/).waitFor();
    for (let i = 0; (await get<CampaignDto>(`/_api/admin/campaigns/${id}`)).status !== 'sent'; i++) {
      if (i > 500) throw new Error('the scheduled campaign was never sent');
      await page.waitForTimeout(200);
    }

    // The Outbox lists what went out: only the chosen source's reader got it.
    await page.goto(site.baseUrl + '/admin/outbox');
    const row = page.locator('tbody tr', { hasText: READER }).filter({ hasText: SUBJECT }).filter({ hasNotText: '[Test]' });
    await row.waitFor();
    expect(await page.locator('tbody tr', { hasText: OTHER }).count()).toBe(0);
    await row.click();
    await page.getByRole('heading', { name: SUBJECT, level: 1 }).waitFor();
    const outboxId = /\/outbox\/([^/]+)\/show/.exec(page.url())![1]!;
    const message = await get<OutboxMessageDto>(`/_api/admin/outbox/${outboxId}`);
    expect(message.html).toContain('Fresh codes this week.');
    await page.frameLocator('iframe[title="HTML part of the message"]').getByText('Fresh codes this week.').waitFor();
    expect(message.headers.map((h) => h.name)).toEqual(expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post']));
    await page.getByRole('tab', { name: 'Plain text' }).click();
    await page.getByTestId('outbox-text').getByText('Fresh codes this week.', { exact: false }).waitFor();
    // The message's exact bytes, as a file a mail client opens.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download .eml' }).click()]);
    expect(download.suggestedFilename()).toBe(`${outboxId}.eml`);
    const eml = readFileSync((await download.path())!, 'utf8');
    expect(eml).toMatch(new RegExp(`^To: ${READER}\\r$`, 'm'));
    expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    // (Up to a minute of it is the wait for the scheduled minute.)
  }, 180_000);

  it('changes the newsletter settings in their form', async () => {
    await page.goto(site.baseUrl + '/admin/campaigns');
    await page.getByRole('menuitem', { name: 'Newsletter settings' }).click();
    await page.getByRole('heading', { name: 'Newsletter settings', level: 1 }).waitFor();
    const auto = page.getByLabel('Send the Monday digest automatically');
    await auto.waitFor();
    expect(await auto.isChecked()).toBe(false);
    await auto.check();
    await page.getByLabel('Send rate (messages per second)').fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    // Out of range: the form says so and nothing is saved.
    await page.getByText(/Must be 1 or more|at least 1/i).first().waitFor();
    expect((await get<NewsletterSettingsDto>('/_api/admin/campaigns/settings')).digestAutoSend).toBe(false);
    await page.getByLabel('Send rate (messages per second)').fill('25');
    await page.getByRole('button', { name: 'Save' }).click();
    await notice('Newsletter settings saved.');
    expect(await get<NewsletterSettingsDto>('/_api/admin/campaigns/settings')).toEqual({ digestAutoSend: true, sendRatePerSecond: 25 });
    await page.goto(site.baseUrl + '/admin/campaigns');
    await page.getByTestId('digest-next').waitFor();
    expect(await page.getByTestId('digest-next').textContent()).toContain('(sent automatically)');
  });

  it('exports one reader’s data as a download, then erases it after a confirmation', async () => {
    await page.getByRole('menuitem', { name: 'Subscriber privacy' }).click();
    await page.getByLabel('Email address').fill(OTHER);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export data (JSON)' }).click()]);
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { email: string; subscriber: { source: string } };
    expect(exported.email).toBe(OTHER);
    expect(exported.subscriber.source).toBe('other-source');

    await page.getByRole('button', { name: 'Erase this address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase this address' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await context.request.get(`${site.baseUrl}/_api/admin/newsletter-privacy?email=${OTHER}`)).status()).toBe(200);
    await page.getByRole('button', { name: 'Erase this address' }).click();
    await dialog.getByRole('button', { name: 'Erase' }).click();
    await notice(`Everything held about ${OTHER} was deleted.`);
    expect((await context.request.get(`${site.baseUrl}/_api/admin/newsletter-privacy?email=${OTHER}`)).status()).toBe(404);
  });

  it('lists a dead mail job with its queue and error, and retry sends it', async () => {
    await siteSql(site, `insert into pgboss.job (name, data, state, output) values ('send-mail__dead', $1::jsonb, 'created', $2::jsonb)`, [
      JSON.stringify({ to: 'revived@journey.example', subject: 'Revived message', html: '<p>Back</p>', text: 'Back' }),
      JSON.stringify({ message: 'connect ECONNREFUSED 127.0.0.1:25' }),
    ]);
    await page.getByRole('menuitem', { name: 'Failed jobs' }).click();
    const row = page.locator('tbody tr', { hasText: 'ECONNREFUSED' });
    await row.waitFor();
    expect(await row.textContent()).toContain('send-mail');
    await row.getByRole('button', { name: /^Retry job/ }).click();
    await notice('Job sent back to its queue.');
    await row.waitFor({ state: 'detached' });
    for (let i = 0; !(await outbox()).some((m) => m.subject === 'Revived message' && m.to === 'revived@journey.example'); i++) {
      if (i > 100) throw new Error('the retried job never sent its message');
      await page.waitForTimeout(200);
    }
  });
});
