import * as argon2 from 'argon2';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { SPLASH_SESSION_KEY } from '../common/boot-splash.js';
import { describeChangeIn } from '../common/rule-changes.js';
import { startSmtpSink, type SmtpSink } from '../backend/test/support/smtp-sink.js';
import { launchBrowser, VIEWPORTS, waitForHydration } from './support/browser.js';
import { E2E_ADMIN, startSite, type Site } from './support/site.js';
import { siteSql } from './support/sql.js';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/follow-shots';
const TRADER = { email: 'trader@e2e.example', password: 'trader-password-1' };

/**
 * Issue #19 in Chromium: follow a firm from its profile and hear of its rule change; follow from a /firms row while
 * signed out, sign in, come back followed, see it on /account; the true-cost column.
 */
describe('follow a firm and the true cost, in Chromium', () => {
  let site: Site;
  let smtp: SmtpSink;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    smtp = await startSmtpSink();
    // The alert window shortened and the fan-out every second: the same pipeline in test time.
    [site, browser] = await Promise.all([
      startSite({ SMTP_URL: smtp.url, ALERT_TICK_SECONDS: '1', ALERT_WINDOW_SECONDS: '5' }),
      launchBrowser(),
    ]);
    await siteSql(site, `insert into users (email, display_name, role, password_hash) values ($1, 'Trader', 'user', $2)`,
      [TRADER.email, await argon2.hash(TRADER.password, { type: argon2.argon2id })]);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await smtp?.close();
  });

  async function open(viewport: { width: number; height: number } = VIEWPORTS.desktop, javaScriptEnabled = true) {
    const context = await browser.newContext({ viewport, baseURL: site.baseUrl, javaScriptEnabled });
    contexts.push(context);
    await context.addInitScript((key) => sessionStorage.setItem(key, '1'), SPLASH_SESSION_KEY);
    return { context, page: await context.newPage() };
  }

  it('a trader follows a firm from its profile; the admin changes its max loss; the email names the change and links to the timeline', async () => {
    const [firm] = await siteSql<{ id: number; slug: string; name: string; max_loss: string; program: string }>(site,
      `select c.id, c.slug, c.name, p.max_loss, p.name as program from companies c join firm_programs p on p.company_id = c.id
       where c.status = 'active' order by c.id, p.position limit 1`);
    const { context, page } = await open();
    await page.goto('/login');
    await waitForHydration(page);
    await page.getByLabel('Email').fill(TRADER.email);
    await page.getByLabel('Password').fill(TRADER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/');

    await page.goto(`/firms/${firm!.slug}`);
    await waitForHydration(page);
    await page.getByText('0 traders follow').waitFor();
    await page.getByRole('button', { name: `Follow ${firm!.name}` }).click();
    await page.getByRole('button', { name: `Following ${firm!.name}` }).waitFor();
    await page.screenshot({ path: `${SHOTS}/profile-following-1280.png` });
    expect(await siteSql(site, 'select 1 from follows f join users u on u.id = f.user_id where u.email = $1', [TRADER.email])).toHaveLength(1);

    // The admin changes the firm's max loss in the admin API (the same save as the profile form).
    const admin = await browser.newContext({ baseURL: site.baseUrl });
    contexts.push(admin);
    await admin.request.post('/_api/auth/login_with_password', { data: E2E_ADMIN });
    const record = await (await admin.request.get(`/_api/admin/companies/${firm!.id}`)).json();
    const before = Number(firm!.max_loss);
    const after = before - 1;
    const programs = record.programs.map((p: { maxLoss: number }, i: number) => (i === 0 ? { ...p, maxLoss: after } : p));
    const saved = await admin.request.put(`/_api/admin/companies/${firm!.id}`, { data: { ...record, programs } });
    expect(saved.status()).toBe(200);

    const [mail] = await smtp.waitFor(1, { filter: (m) => m.envelope.to.includes(TRADER.email), timeoutMs: 30_000 });
    expect(mail!.parsed.text).toContain(`${firm!.program}: Max loss ${before} % \u2192 ${after} %`);
    const link = /href="([^"]+#change-e\d+)"/.exec(String(mail!.parsed.html))![1]!;
    // Opened from the mail in a new tab (the profile tab would only scroll to the anchor).
    const reader = await context.newPage();
    await reader.goto(new URL(link).pathname + new URL(link).hash);
    await reader.locator(new URL(link).hash).getByText(`Max loss ${before} % \u2192 ${after} %`).waitFor();
    await reader.screenshot({ path: `${SHOTS}/timeline-1280.png`, fullPage: false });
    await context.close();
  }, 90_000);

  it('a signed-out visitor follows from a /firms row, signs in, comes back followed, and /account lists the firm', async () => {
    const trader = { email: 'row.trader@e2e.example', password: 'row-trader-password-1' };
    await siteSql(site, `insert into users (email, display_name, role, password_hash) values ($1, 'Row trader', 'user', $2)`,
      [trader.email, await argon2.hash(trader.password, { type: argon2.argon2id })]);
    const { page } = await open();
    await page.goto('/firms?size=100000');
    await waitForHydration(page);
    const row = page.locator('tbody tr').filter({ has: page.locator('.firm-follow') }).first();
    const name = (await row.locator('.firm-follow').textContent())!.replace(/^Follow /, '');
    await row.getByRole('button', { name: `Follow ${name}` }).click();

    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toMatch(/^\/firms\?size=100000&follow=\d+$/);
    await page.getByTestId('follow-intent').waitFor();
    await waitForHydration(page);
    await page.getByLabel('Email', { exact: true }).fill(trader.email);
    await page.getByLabel('Password').fill(trader.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Back on the table as it was, the intent gone from the URL, the follow done and said.
    await page.waitForURL((u) => u.pathname === '/firms' && u.search === '?size=100000');
    await page.getByRole('status').filter({ hasText: `You now follow ${name}` }).waitFor();
    await page.getByRole('button', { name: `Following ${name}` }).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/firms-row-followed-1280.png` });
    const [followed] = await siteSql<{ company_id: number }>(site,
      'select f.company_id from follows f join users u on u.id = f.user_id join companies c on c.id = f.company_id where u.email = $1 and c.name = $2',
      [trader.email, name]);
    expect(followed).toBeDefined();

    // /account lists it with its latest recorded change (or says there is none yet), and unfollows.
    const [latest] = await siteSql<{ program: string | null; field: string; before: never; after: never }>(site,
      'select program, field, before, after from firm_events where company_id = $1 order by created_at desc, id desc limit 1', [followed!.company_id]);
    await page.goto('/account');
    const item = page.locator(`[data-follow-id="${followed!.company_id}"]`);
    await item.getByRole('link', { name, exact: true }).waitFor();
    expect(await item.getByTestId('latest-change').textContent()).toContain(latest ? describeChangeIn(latest) : 'No change recorded yet');
    await page.screenshot({ path: `${SHOTS}/account-follows-1280.png`, fullPage: true });
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.screenshot({ path: `${SHOTS}/account-follows-390.png`, fullPage: true });
    await item.getByRole('button', { name: `Unfollow ${name}` }).click();
    await item.waitFor({ state: 'detached' });
    expect(await siteSql(site, 'select 1 from follows f join users u on u.id = f.user_id where u.email = $1', [trader.email])).toEqual([]);
  }, 90_000);

  it('without JavaScript: a trader follows from the profile (signing in on the way), sees it on /account, unfollows there and on the profile; a card follows too', async () => {
    const trader = { email: 'nojs.trader@e2e.example', password: 'nojs-trader-password-1' };
    await siteSql(site, `insert into users (email, display_name, role, password_hash) values ($1, 'No-script trader', 'user', $2)`,
      [trader.email, await argon2.hash(trader.password, { type: argon2.argon2id })]);
    const [firm] = await siteSql<{ id: number; slug: string; name: string }>(site,
      `select c.id, c.slug, c.name from companies c where c.status = 'active' and exists (select 1 from discounts d where d.company_id = c.id)
       order by c.id limit 1`);
    const follows = () => siteSql<{ company_id: number }>(site,
      'select f.company_id from follows f join users u on u.id = f.user_id where u.email = $1', [trader.email]);
    const { page } = await open(VIEWPORTS.mobile, false);

    await page.goto(`/firms/${firm!.slug}`);
    await page.getByRole('button', { name: `Follow ${firm!.name}` }).click();
    // Not signed in: the sign-in page, which says why and comes back to the follow.
    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/firms/${firm!.slug}?follow=${firm!.id}`);
    await page.getByTestId('follow-intent').waitFor();
    await page.getByLabel('Email', { exact: true }).fill(trader.email);
    await page.getByLabel('Password').fill(trader.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Back on the profile, following (done by the sign-in, no script ran), and told so.
    await page.waitForURL((u) => u.pathname === `/firms/${firm!.slug}` && u.search === `?followed=${firm!.id}`);
    await page.getByRole('status').filter({ hasText: `You now follow ${firm!.name}` }).waitFor();
    await page.getByRole('button', { name: `Unfollow ${firm!.name}` }).waitFor();
    expect(await follows()).toEqual([{ company_id: firm!.id }]);
    await page.screenshot({ path: `${SHOTS}/nojs-profile-followed-390.png` });
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.screenshot({ path: `${SHOTS}/nojs-profile-followed-1280.png` });

    // /account lists it, rendered by the server, and unfollows with a plain form.
    await page.goto('/account');
    const item = page.locator(`[data-follow-id="${firm!.id}"]`);
    await item.getByRole('link', { name: firm!.name, exact: true }).waitFor();
    // The alert-emails choice is a plain form too.
    await page.getByLabel('Alert emails').selectOption('weekly');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await siteSql(site, 'select s.frequency from alert_settings s join users u on u.id = s.user_id where u.email = $1', [trader.email]))
      .toEqual([{ frequency: 'weekly' }]);
    await page.screenshot({ path: `${SHOTS}/nojs-account-1280.png`, fullPage: true });
    await item.getByRole('button', { name: `Unfollow ${firm!.name}` }).click();
    await page.waitForURL((u) => u.pathname === '/account');
    await page.getByText('You follow no firm yet.').waitFor();
    expect(await follows()).toEqual([]);

    // Signed in now: the profile's form follows at once, and its Unfollow undoes it.
    await page.goto(`/firms/${firm!.slug}`);
    await page.getByRole('button', { name: `Follow ${firm!.name}` }).click();
    await page.getByRole('button', { name: `Unfollow ${firm!.name}` }).waitFor();
    expect(await follows()).toEqual([{ company_id: firm!.id }]);
    await page.getByRole('button', { name: `Unfollow ${firm!.name}` }).click();
    await page.getByRole('status').filter({ hasText: `You no longer follow ${firm!.name}` }).waitFor();
    expect(await follows()).toEqual([]);

    // A discount card's Follow, and a /firms row's, without script too.
    await page.goto('/discounts');
    await page.getByRole('button', { name: `Follow ${firm!.name}` }).first().click();
    await page.waitForURL((u) => u.pathname === '/discounts' && u.search === `?followed=${firm!.id}`);
    await page.getByRole('status').filter({ hasText: `You now follow ${firm!.name}` }).waitFor();
    await page.screenshot({ path: `${SHOTS}/nojs-discounts-followed-1280.png` });
    const row = page.locator(`tr[data-firm="${firm!.slug}"]`).filter({ has: page.locator('.firm-follow') });
    await page.goto('/firms');
    await row.getByRole('button', { name: `Follow ${firm!.name}` }).click();
    await page.waitForURL((u) => u.pathname === '/firms' && u.search === `?followed=${firm!.id}`);
    await row.getByRole('button', { name: `Unfollow ${firm!.name}` }).click();
    await page.waitForURL((u) => u.pathname === '/firms' && u.search === `?unfollowed=${firm!.id}`);
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.screenshot({ path: `${SHOTS}/nojs-firms-unfollowed-390.png` });
    expect(await follows()).toEqual([]);
  }, 90_000);

  it('the True cost column sorts, with JavaScript and without', async () => {
    const costs = async (page: import('playwright-core').Page) =>
      (await page.locator('[data-testid="true-cost"] > span').allTextContents()).map((t) => Number(t.split(' ')[0]!.replace(/[^0-9.]/g, '')));
    const { page } = await open();
    await page.goto('/firms?size=100000&sort=trueCost');
    await waitForHydration(page);
    const asc = await costs(page);
    expect(asc.length).toBeGreaterThan(1);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    await page.getByRole('link', { name: 'True cost: sort' }).click();
    await page.waitForURL((u) => u.search.includes('order=desc'));
    await page.locator('[aria-sort="descending"]').getByText('True cost').waitFor();
    // The previous rows stay until the new ones arrive (no flash of an empty table): wait for the dearest first.
    const dearest = Math.max(...asc);
    for (let i = 0; i < 50 && (await costs(page))[0] !== dearest; i++) await page.waitForTimeout(200);
    const desc = await costs(page);
    expect(desc).toEqual([...asc].sort((a, b) => b - a));
    await page.screenshot({ path: `${SHOTS}/firms-true-cost-1280.png` });

    const mobile = await open(VIEWPORTS.mobile, false);
    await mobile.page.goto('/firms?size=100000&sort=trueCost');
    expect(await costs(mobile.page)).toEqual(asc);
    await mobile.page.screenshot({ path: `${SHOTS}/firms-true-cost-390-nojs.png` });
  }, 60_000);
});
