/**
 * The payout guarantee's page and figures (issue #17): the page shows the API's numbers, both are in the public
 * cache, and the 12-month stats and the 180-day payout figures change when an entry leaves its window — with no
 * write at all (the cached answers carry that moment as their expiry).
 */
import { jest } from '@jest/globals';
import { GUARANTEE_STATS_DAYS, PAYOUT_WINDOW_DAYS, usdAmount, type GuaranteeStats } from '../../common/payouts.js';
import type { FirmProfileDto } from '../../common/firm-api-types.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const DAY_MS = 86_400_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The text a reader sees: React marks where text parts meet with empty comments. */
const text = (html: string) => html.replace(/<!-- -->/g, '');
/** The page's figures, by their key: `<dd data-stat="received">3</dd>`. */
const pageFigures = (html: string) =>
  Object.fromEntries([...text(html).matchAll(/<dd data-stat="(\w+)"[^>]*>([^<]*)<\/dd>/g)].map((m) => [m[1], m[2]]));
/** What the page writes for each of the API's figures. */
const written = (s: GuaranteeStats) => ({
  received: String(s.received), approved: String(s.approved), paid: String(s.paid), paidTotal: usdAmount(s.paidTotal),
  medianDaysToDecision: s.medianDaysToDecision === null ? 'No decision yet' : `${s.medianDaysToDecision} days`,
});

describe('the payout guarantee page and its figures', () => {
  let t: TestApp;
  let companyId: number;
  beforeAll(async () => {
    t = await startTestApp();
    const admin = await t.signedIn();
    companyId = (await admin.post('/_api/admin/companies').send({ name: 'Window Funding' }).expect(201)).body.id;
  });
  afterAll(() => t.close());
  beforeEach(() => t.sql('delete from payout_claims; delete from payout_reports'));

  /** A denied report and its claim, filed `createdAt`; an approved/paid one is decided a few days later. */
  const claim = async (createdAt: Date, status = 'submitted', paidAmount: number | null = null) => {
    const day = createdAt.toISOString().slice(0, 10);
    const [report] = await t.sql<{ id: number }>(
      `insert into payout_reports (company_id, amount, requested_on, outcome, resolved_on, status, created_at)
       values ($1, 1000, $2, 'denied', $2, 'approved', $3) returning id`, [companyId, day, createdAt],
    );
    const decided = ['approved', 'paid', 'rejected'].includes(status) ? new Date(createdAt.getTime() + 4 * DAY_MS) : null;
    await t.sql(
      `insert into payout_claims (report_id, status, paid_amount, decided_at, created_at) values ($1, $2, $3, $4, $5)`,
      [report!.id, status, paidAmount, decided, createdAt],
    );
  };
  const apiStats = async (): Promise<GuaranteeStats> => (await t.http().get('/_api/payout-guarantee/stats').expect(200)).body;
  const page = async () => (await t.http().get('/payout-guarantee').expect(200)).text;

  it('shows the terms, how to claim and the same figures as GET /_api/payout-guarantee/stats; it is in the sitemap and linked from the footer', async () => {
    const now = Date.now();
    await claim(new Date(now - 20 * DAY_MS), 'paid', 1200.5);
    await claim(new Date(now - 10 * DAY_MS), 'approved');
    await claim(new Date(now - 2 * DAY_MS), 'submitted');
    const stats = await apiStats();
    expect(stats).toEqual({ received: 3, approved: 2, paid: 1, paidTotal: 1200.5, medianDaysToDecision: 4 });
    const html = await page();
    expect(pageFigures(html)).toEqual(written(stats));
    expect(text(html)).toContain('You claim within 30 days of the firm denying your payout.');
    expect(text(html)).toContain('up to $5,000 per claim');
    expect(html).toContain('href="/login"');
    expect(html).toContain('href="/account"');
    expect(html).toContain('<link rel="canonical" href="http://localhost:0/payout-guarantee">');
    expect((await t.http().get('/about').expect(200)).text).toContain('href="/payout-guarantee"');
    expect((await t.http().get('/sitemaps/pages.xml').expect(200)).text).toContain('/payout-guarantee</loc>');

    // A claim write drops both cached answers at once: the page and the API move together.
    await t.sql(`update payout_claims set status = 'rejected', decided_at = now() where status = 'submitted'`);
    const after = await apiStats();
    expect(after.medianDaysToDecision).not.toBeNull();
    expect(pageFigures(await page())).toEqual(written(after));
  });

  it('the 12-month figures drop a claim the moment it is older than 12 months, with no write', async () => {
    // Filed 12 months ago less 2 s: counted now, not in 2 s. The insert comes before any read.
    await claim(new Date(Date.now() - GUARANTEE_STATS_DAYS * DAY_MS + 2000));
    await claim(new Date(Date.now() - 30 * DAY_MS));
    expect((await apiStats()).received).toBe(2);
    expect(pageFigures(await page()).received).toBe('2');
    await sleep(2100);
    // The answers were cached (60 s at most otherwise): only their expiry at the claim's exit brings the new count.
    expect((await apiStats()).received).toBe(1);
    expect(pageFigures(await page()).received).toBe('1');
  });

  describe('the 180-day payout figures', () => {
    afterEach(() => jest.useRealTimers());

    it('drop a report the moment it leaves the window, with no write (the clock moved across the boundary)', async () => {
      // Requested 170 days ago: it leaves the window in 10 days, just after that day's UTC midnight + 180 days.
      const requested = new Date(Date.now() - 170 * DAY_MS).toISOString().slice(0, 10);
      const exit = Date.parse(`${requested}T00:00:00Z`) + PAYOUT_WINDOW_DAYS * DAY_MS + 1;
      const [firm] = await t.sql<{ slug: string }>('select slug from companies where id = $1', [companyId]);
      await t.sql(
        `insert into payout_reports (company_id, amount, requested_on, outcome, resolved_on, status) values ($1, 900, $2, 'paid', $2, 'approved')`,
        [companyId, requested],
      );
      const profile = async (): Promise<FirmProfileDto> => (await t.http().get(`/_api/firms/${firm!.slug}`).expect(200)).body;
      const profilePage = async () => text((await t.http().get(`/firms/${firm!.slug}`).expect(200)).text);
      // Only Date moves; timers, sockets and the database run as they are.
      const doNotFake = ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame',
        'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] as const;
      jest.useFakeTimers({ now: exit - 5000, advanceTimers: true, doNotFake: [...doNotFake] });
      expect((await profile()).payouts.approvedReports).toBe(1);
      expect(await profilePage()).toContain('1 verified payout report');
      // 10 s later by the clock, nothing written: both cached answers (60 s at most otherwise) expired at the exit.
      jest.setSystemTime(exit + 5000);
      expect((await profile()).payouts.approvedReports).toBe(0);
      expect(await profilePage()).not.toContain('1 verified payout report');
    });
  });
});
