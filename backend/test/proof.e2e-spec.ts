import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type TestAgent from 'supertest/lib/agent.js';
import type { AdminDiscountDto, CompanyDto, PublicDiscountDto } from '../../common/api-types.js';
import type { DiscountCheckDto } from '../../common/proof-api-types.js';
import { PROOF_MSG } from '../../common/proof-messages.js';
import { proofTexts, REPORT_LIMITS } from '../../common/proof.js';
import { PublicCacheService } from '../src/cache/public-cache.service.js';
import { seedDemoContent } from '../src/seeders/demo.seeder.js';
import { ProofFiguresService } from '../src/proof/proof-figures.service.js';
import { DEMO_CODES_WITH_RATE } from '../src/seeders/discount-reports.seed.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const OTHER_BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const CHECKS = '/_api/admin/discount-checks';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let admin: TestAgent;
let firm: CompanyDto;

beforeAll(async () => {
  // Trust the loopback proxy, so a test speaks for several client addresses with X-Forwarded-For.
  t = await startTestApp({ trustProxy: 'loopback' });
  admin = await t.signedIn();
  firm = (await admin.post('/_api/admin/companies').send({ name: 'Prooffirm', websiteUrl: 'https://prooffirm.example' }).expect(201)).body;
});
afterAll(() => t.close());

const createDiscount = async (title: string, extra: Record<string, unknown> = {}): Promise<AdminDiscountDto> =>
  (await admin.post('/_api/admin/discounts').send({ companyId: firm.id, title, discountCode: 'CODE10', ...extra }).expect(201)).body;

const HOME = '198.51.100.7';
const report = (id: number, worked: unknown, agent: string | null = BROWSER, from = HOME) => {
  const req = t.http().post(`/_api/discounts/${id}/reports`).set('X-Forwarded-For', from);
  if (agent !== null) req.set('User-Agent', agent);
  return req.send({ worked });
};

const rows = async (id: number) =>
  (await t.sql<{ n: number }>('select count(*)::int as n from discount_reports where discount_id = $1', [id]))[0]!.n;

/** The public list once this instance has handled every NOTIFY sent so far. */
const publicList = async (): Promise<PublicDiscountDto[]> => {
  await t.app.get(PublicCacheService).sync();
  return (await t.http().get('/_api/discounts').expect(200)).body;
};

/** `n` reports of which `worked` said yes, written directly, `daysAgo` back. */
const generateReports = (id: number, n: number, worked: number, daysAgo = 1) =>
  t.sql(
    `insert into discount_reports (discount_id, worked, created_at)
     select $1, g <= $3, now() - $4 * interval '1 day' from generate_series(1, $2) g`,
    [id, n, worked, daysAgo],
  );

beforeEach(() => t.sql(`delete from rate_limits where key like 'report%'`));

describe('POST /_api/discounts/:id/reports', () => {
  it('counts a visitor\'s report, keeping only the discount, the result and the time', async () => {
    const d = await createDiscount('Report once');
    expect((await report(d.id, true).expect(200)).body).toEqual({ counted: true, held: false });
    const stored = await t.sql('select * from discount_reports where discount_id = $1', [d.id]);
    expect(stored).toHaveLength(1);
    expect(Object.keys(stored[0]!).sort()).toEqual(['created_at', 'discount_id', 'id', 'worked']);
    expect(stored[0]!.worked).toBe(true);
  });

  it('answers a repeat from the same visitor with 200 and changes nothing, even with the other answer', async () => {
    const d = await createDiscount('Report twice');
    await report(d.id, true).expect(200);
    expect((await report(d.id, false).expect(200)).body).toEqual({ counted: false, held: false });
    expect(await rows(d.id)).toBe(1);
    expect((await t.sql('select worked from discount_reports where discount_id = $1', [d.id]))[0]!.worked).toBe(true);
  });

  it('keeps one row of 20 concurrent reports from one visitor', async () => {
    const d = await createDiscount('Report concurrently');
    const answers = await Promise.all(Array.from({ length: 20 }, () => report(d.id, true)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.body.counted)).toHaveLength(1);
    expect(await rows(d.id)).toBe(1);
  });

  it('counts another network, not another user agent', async () => {
    const d = await createDiscount('Two visitors');
    await report(d.id, true, BROWSER).expect(200);
    expect((await report(d.id, false, OTHER_BROWSER).expect(200)).body).toEqual({ counted: false, held: false });
    expect((await report(d.id, false, OTHER_BROWSER, '203.0.113.9').expect(200)).body).toEqual({ counted: true, held: false });
    expect(await rows(d.id)).toBe(2);
  });

  it('counts 27 reports from one address, each with another user agent, once', async () => {
    const d = await createDiscount('One address, many agents');
    const answers = [];
    for (let i = 0; i < 27; i++) answers.push((await report(d.id, false, `${BROWSER} variant/${i}`).expect(200)).body);
    expect(answers.filter((a) => a.counted)).toHaveLength(1);
    expect(await rows(d.id)).toBe(1);
  });

  it('counts one report per IPv6 /64, however the addresses inside it differ', async () => {
    const d = await createDiscount('One /64');
    await report(d.id, false, BROWSER, '2001:db8:1:2::1').expect(200);
    await report(d.id, false, OTHER_BROWSER, '2001:db8:1:2:ffff:ffff:ffff:fffe').expect(200);
    expect(await rows(d.id)).toBe(1);
    await report(d.id, false, BROWSER, '2001:db8:1:3::1').expect(200);
    expect(await rows(d.id)).toBe(2);
    // No address, nor any part of one, is kept: only hashes in rate_limits.
    const keys = (await t.sql<{ key: string }>(`select key from rate_limits where key like 'report%'`)).map((r) => r.key).join(' ');
    expect(keys).not.toMatch(/2001|db8|198\.51|203\.0/);
  });

  it('does not count bots, command-line clients or a missing user agent', async () => {
    const d = await createDiscount('Bots');
    for (const agent of ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'curl/8.5.0', 'python-requests/2.32', null]) {
      expect((await report(d.id, true, agent).expect(200)).body).toEqual({ counted: false, held: false });
    }
    expect(await rows(d.id)).toBe(0);
  });

  it('refuses a bad body, an unknown discount and a code not on the public list, changing nothing', async () => {
    const d = await createDiscount('Validation');
    for (const body of [{ worked: 'yes' }, {}, { worked: 1 }]) {
      const res = await report(d.id, body.worked).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, message: PROOF_MSG.workedRequired });
    }
    await t.http().post(`/_api/discounts/${d.id}/reports`).set('User-Agent', BROWSER).send({ worked: true, extra: 1 }).expect(400);
    await report(999_999, true).expect(404);
    await report(0, true).expect(400);
    const soon = await createDiscount('Coming soon', { status: 'coming_soon' });
    const expired = await createDiscount('Expired', { status: 'expired' });
    await report(soon.id, true).expect(404);
    await report(expired.id, true).expect(404);
    expect(await rows(d.id)).toBe(0);
  });

  it('rate-limits reports per address with 429 and Retry-After', async () => {
    const d = await createDiscount('Limit');
    for (let i = 0; i < REPORT_LIMITS.perIp; i++) await report(d.id, true, `${BROWSER} n${i}`).expect(200);
    const res = await report(d.id, true, `${BROWSER} over`).expect(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.body).toMatchObject({ statusCode: 429, message: PROOF_MSG.tooManyReports });
    // One network: one counted report however many calls.
    expect(await rows(d.id)).toBe(1);
  });

  it('holds a burst (more than 5 in 10 minutes), says so, keeps the stable figure until an admin accepts it', async () => {
    const d = await createDiscount('Burst');
    await generateReports(d.id, 20, 19); // a stable 95 % from yesterday
    await t.app.get(ProofFiguresService).refreshFigures();
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push((await report(d.id, false, BROWSER, `192.0.2.${i + 1}`).expect(200)).body);
    expect(answers.slice(0, 5)).toEqual(Array(5).fill({ counted: true, held: false }));
    expect(answers.slice(5)).toEqual(Array(3).fill({ counted: true, held: true }));
    await t.app.get(ProofFiguresService).refreshFigures();
    let card = (await publicList()).find((x) => x.id === d.id)!;
    expect(proofTexts(card, new Date())).toMatchObject({ success: '95% success (20 reports)', notWorking: false });
    let record = (await admin.get(`/_api/admin/discounts/${d.id}`).expect(200)).body as AdminDiscountDto;
    expect(record).toMatchObject({ reportsCount: 20, heldReports: 8 });
    // The dashboard's card lists it.
    const held = (await admin.get(`/_api/admin/discounts?filter=${encodeURIComponent('{"held":true}')}`).expect(200)).body as AdminDiscountDto[];
    expect(held.map((x) => x.id)).toEqual([d.id]);

    // More answers after the burst are held with it.
    expect((await report(d.id, false, BROWSER, '192.0.2.99').expect(200)).body).toEqual({ counted: true, held: true });
    await t.app.get(ProofFiguresService).refreshFigures();
    expect(((await admin.get(`/_api/admin/discounts/${d.id}`).expect(200)).body as AdminDiscountDto).heldReports).toBe(9);

    await t.http().post(`/_api/admin/discounts/${d.id}/held-reports/accept`).expect(401);
    expect((await admin.post(`/_api/admin/discounts/${d.id}/held-reports/accept`).expect(200)).body).toEqual({ accepted: 2 });
    record = (await admin.get(`/_api/admin/discounts/${d.id}`).expect(200)).body;
    expect(record).toMatchObject({ reportsCount: 29, workedCount: 19, heldReports: 0 });
    card = (await publicList()).find((x) => x.id === d.id)!;
    expect(proofTexts(card, new Date()).success).toBe('66% success (29 reports)');
  });

  it('holds a swing of more than 30 points within an hour, even spread below the burst rate', async () => {
    const d = await createDiscount('Swing');
    await generateReports(d.id, 10, 10);
    await t.app.get(ProofFiguresService).refreshFigures();
    // Five answers, each from another network; back-dated inside the hour so no 10 minutes hold more than one.
    await t.sql(
      `insert into discount_reports (discount_id, worked, created_at) select $1, false, now() - make_interval(mins => g * 11) from generate_series(0, 4) g`,
      [d.id],
    );
    await t.app.get(ProofFiguresService).refreshFigures();
    const record = (await admin.get(`/_api/admin/discounts/${d.id}`).expect(200)).body as AdminDiscountDto;
    expect(record).toMatchObject({ reportsCount: 10, workedCount: 10, heldReports: 5 });
  });

  it("does not demote a code an admin verified within 7 days on reports alone, and does after", async () => {
    const d = await createDiscount('Verified');
    await admin.post(CHECKS).send({ discountId: d.id, result: 'worked', checkedAt: new Date(Date.now() - 60_000).toISOString() }).expect(201);
    await generateReports(d.id, 27, 0, 0.1);
    await t.app.get(ProofFiguresService).refreshFigures();
    let card = (await publicList()).find((x) => x.id === d.id)!;
    expect(card.failingSince).not.toBeNull();
    expect(proofTexts(card, new Date()).notWorking).toBe(false);
    // The same reports against a check 8 days old: reports win.
    await t.sql(`update discount_checks set checked_at = now() - interval '8 days' where discount_id = $1`, [d.id]);
    await t.sql(`update discounts set last_verified_at = now() - interval '8 days' where id = $1`, [d.id]);
    card = (await publicList()).find((x) => x.id === d.id)!;
    expect(proofTexts(card, new Date()).notWorking).toBe(true);
  });
});

describe('GET /go/:id counts one click per network per day', () => {
  it('counts 50 follows from one address with 50 user agents once, and another address again', async () => {
    const d = await createDiscount('Clicks', { affiliateLink: 'https://prooffirm.example/?ref=vtf' });
    await t.sql(`delete from rate_limits where key like 'click%'`);
    for (let i = 0; i < 50; i++) {
      await t.http().get(`/go/${d.id}`).set('User-Agent', `${BROWSER} n${i}`).set('X-Forwarded-For', HOME).expect(302);
    }
    await t.http().get(`/go/${d.id}`).set('User-Agent', BROWSER).set('X-Forwarded-For', '203.0.113.50').expect(302);
    expect(((await admin.get(`/_api/admin/discounts/${d.id}`).expect(200)).body as AdminDiscountDto).clicks).toBe(2);
  });
});

describe('success rate and the public list', () => {
  it('shows the 30-day figure only after the job refreshes it, and never drops the cache per report', async () => {
    const d = await createDiscount('Figures');
    await generateReports(d.id, 9, 8);
    await generateReports(d.id, 5, 0, 40); // outside the 30-day window
    await t.app.get(ProofFiguresService).refreshFigures();
    let card = (await publicList()).find((x) => x.id === d.id)!;
    expect([card.reportsCount, card.workedCount]).toEqual([9, 8]);
    expect(proofTexts(card, new Date()).success).toBeNull();

    // A visitor's report reaches the row at once but the (cached) list only with the next refresh.
    await report(d.id, true).expect(200);
    card = (await publicList()).find((x) => x.id === d.id)!;
    expect(card.reportsCount).toBe(9);
    expect(await t.app.get(ProofFiguresService).refreshFigures()).toBeGreaterThanOrEqual(1);
    card = (await publicList()).find((x) => x.id === d.id)!;
    expect([card.reportsCount, card.workedCount]).toEqual([10, 9]);
    expect(proofTexts(card, new Date()).success).toBe('90% success (10 reports)');
    expect(await t.app.get(ProofFiguresService).refreshFigures()).toBe(0);
  });

  it('sorts codes reported not working after working ones, shown, until an admin checks them again', async () => {
    await t.sql('delete from discounts');
    const failingByReports = await createDiscount('A failing by reports');
    const failedCheck = await createDiscount('B failed check');
    const working = await createDiscount('C working');
    await generateReports(failingByReports.id, 10, 2);
    await t.app.get(ProofFiguresService).refreshFigures();
    await admin.post(CHECKS).send({ discountId: failedCheck.id, result: 'failed', note: 'Code refused at checkout' }).expect(201);

    let list = await publicList();
    expect(list.map((x) => x.title)).toEqual(['C working', 'A failing by reports', 'B failed check']);
    expect(list.map((x) => proofTexts(x, new Date()).notWorking)).toEqual([false, true, true]);
    expect(proofTexts(list[1]!, new Date()).success).toBe('20% success (10 reports)');

    await admin.post(`${CHECKS}/bulk`).send({ ids: [failingByReports.id, failedCheck.id], result: 'worked' }).expect(201);
    list = await publicList();
    expect(list.map((x) => proofTexts(x, new Date()).notWorking)).toEqual([false, false, false]);
    expect(list.map((x) => x.id)).toEqual([failingByReports.id, failedCheck.id, working.id]);
  });
});

describe('verification checks (both admin faces)', () => {
  beforeAll(() => t.sql('delete from discounts'));

  it('records a check with every field, and the discount\'s lastVerifiedAt follows the newest worked one', async () => {
    const d = await createDiscount('Checked');
    const checkedAt = new Date(Date.now() - 3 * DAY).toISOString();
    const res = await admin.post(CHECKS).send({ discountId: d.id, result: 'worked', checkedAt, priceSeen: 467.5, note: ' Worked on the $100K ' }).expect(201);
    const check: DiscountCheckDto = res.body;
    expect(check).toMatchObject({ discountId: d.id, result: 'worked', checkedAt, priceSeen: 467.5, screenshotUrl: null });
    expect(check.checkedBy?.id).toEqual(expect.any(Number));
    let card = (await publicList()).find((x) => x.id === d.id)!;
    expect(card.lastVerifiedAt).toBe(checkedAt);
    expect(proofTexts(card, new Date()).verified).toBe('Verified 3 days ago');
    expect(card).not.toHaveProperty('screenshotUrl');

    await admin.post(CHECKS).send({ discountId: d.id, result: 'failed' }).expect(201);
    const got: AdminDiscountDto = (await admin.get(`/_api/admin/discounts/${d.id}`).expect(200)).body;
    expect(got).toMatchObject({ lastVerifiedAt: checkedAt, lastCheckResult: 'failed' });

    // REST face: the discount's log, newest first, with Content-Range; one check; delete.
    const log = await admin.get(`${CHECKS}?filter=${encodeURIComponent(JSON.stringify({ discountId: d.id }))}&range=[0,9]`).expect(200);
    expect(log.headers['content-range']).toBe('discount-checks 0-1/2');
    expect(log.body.map((c: DiscountCheckDto) => c.result)).toEqual(['failed', 'worked']);
    await admin.get(`${CHECKS}/${check.id}`).expect(200);
    await admin.delete(`${CHECKS}/${log.body[0].id}`).expect(200);
    card = (await publicList()).find((x) => x.id === d.id)!;
    expect(card.lastCheckResult).toBe('worked');
    // SPEC face delete.
    await admin.post(`${CHECKS}/delete`).send({ id: check.id }).expect(200);
    card = (await publicList()).find((x) => x.id === d.id)!;
    expect(proofTexts(card, new Date()).verified).toBe('Not yet verified');
  });

  it('stores a screenshot through the image pipeline, for admins only', async () => {
    const d = await createDiscount('Screenshot');
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const res = await admin.post(CHECKS).send({ discountId: d.id, result: 'worked', screenshotUrl: png }).expect(201);
    expect(res.body.screenshotUrl).toMatch(/^\/media\/[\w-]+\.webp$/);
    const bad = await admin.post(CHECKS).send({ discountId: d.id, result: 'worked', screenshotUrl: 'data:image/png;base64,aGVsbG8=' }).expect(400);
    expect(bad.body.errors).toHaveProperty('screenshotUrl');
  });

  it('refuses bad checks field by field and writes nothing', async () => {
    const d = await createDiscount('Validated');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ discountId: d.id, result: 'maybe' }, 'result', PROOF_MSG.resultInvalid],
      [{ result: 'worked' }, 'discountId', PROOF_MSG.discountRequired],
      [{ discountId: d.id, result: 'worked', checkedAt: new Date(Date.now() + DAY).toISOString() }, 'checkedAt', PROOF_MSG.checkedAtFuture],
      [{ discountId: d.id, result: 'worked', checkedAt: 'yesterday' }, 'checkedAt', PROOF_MSG.checkedAtInvalid],
      [{ discountId: d.id, result: 'worked', priceSeen: -1 }, 'priceSeen', PROOF_MSG.priceInvalid],
      [{ discountId: 999_999, result: 'worked' }, 'discountId', PROOF_MSG.discountMissing(999_999)],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post(CHECKS).send(body).expect(400);
      expect(res.body.statusCode).toBe(400);
      expect(res.body.errors[field]).toBe(message);
    }
    const bulk = await admin.post(`${CHECKS}/bulk`).send({ ids: [d.id, 999_998], result: 'worked' }).expect(400);
    expect(bulk.body.errors.ids).toBe(PROOF_MSG.discountMissing(999_998));
    await admin.post(`${CHECKS}/bulk`).send({ ids: [], result: 'worked' }).expect(400);
    expect((await t.sql('select count(*)::int as n from discount_checks where discount_id = $1', [d.id]))[0]!.n).toBe(0);
  });

  it('is for admins only', async () => {
    const d = await createDiscount('Guarded');
    await t.http().post(CHECKS).send({ discountId: d.id, result: 'worked' }).expect(401);
    await t.http().get(CHECKS).expect(401);
    await t.http().post(`${CHECKS}/bulk`).send({ ids: [d.id], result: 'worked' }).expect(401);
    await t.http().get(`/_api/admin/discounts/${d.id}/reports`).expect(401);
  });

  it('marks three codes verified at once, and the public cards say so', async () => {
    await t.sql('delete from discounts');
    const three = await Promise.all(['One', 'Two', 'Three'].map((x) => createDiscount(x)));
    expect((await publicList()).map((x) => proofTexts(x, new Date()).verified)).toEqual(Array(3).fill('Not yet verified'));
    const res = await admin.post(`${CHECKS}/bulk`).send({ ids: three.map((x) => x.id), result: 'worked' }).expect(201);
    expect(res.body).toHaveLength(3);
    expect((await publicList()).map((x) => proofTexts(x, new Date()).verified)).toEqual(Array(3).fill('Verified today'));
  });
});

describe('admin discounts list: proof columns, sort and the needs-check filter; reports over time', () => {
  it('sorts by last verified, success rate and reports count, and filters codes needing a check', async () => {
    await t.sql('delete from discounts');
    const fresh = await createDiscount('Fresh');
    const stale = await createDiscount('Stale');
    const never = await createDiscount('Never');
    await admin.post(CHECKS).send({ discountId: fresh.id, result: 'worked' }).expect(201);
    await admin.post(CHECKS).send({ discountId: stale.id, result: 'worked', checkedAt: new Date(Date.now() - 8 * DAY).toISOString() }).expect(201);
    await generateReports(stale.id, 12, 12);
    await generateReports(never.id, 2, 1);
    await t.app.get(ProofFiguresService).refreshFigures();

    const titles = async (query: string) =>
      ((await admin.get(`/_api/admin/discounts?${query}`).expect(200)).body as AdminDiscountDto[]).map((x) => x.title);
    const sort = (field: string, order: string) => `sort=${encodeURIComponent(JSON.stringify([field, order]))}`;
    expect(await titles(sort('lastVerifiedAt', 'DESC'))).toEqual(['Fresh', 'Stale', 'Never']);
    expect(await titles(sort('reportsCount', 'DESC'))).toEqual(['Stale', 'Never', 'Fresh']);
    expect(await titles(sort('successRate', 'ASC'))).toEqual(['Never', 'Stale', 'Fresh']);

    const needs = await admin.get(`/_api/admin/discounts?filter=${encodeURIComponent('{"needsCheck":true}')}&range=[0,0]`).expect(200);
    expect(needs.headers['content-range']).toMatch(/\/2$/);
    expect(await titles(`filter=${encodeURIComponent('{"needsCheck":true}')}&${sort('title', 'ASC')}`)).toEqual(['Never', 'Stale']);
    expect(await titles(`filter=${encodeURIComponent('{"needsCheck":false}')}`)).toEqual(['Fresh']);
    const bad = await admin.get(`/_api/admin/discounts?filter=${encodeURIComponent('{"needsCheck":"yes"}')}`).expect(400);
    expect(bad.body.errors).toHaveProperty(['filter.needsCheck']);

    const row = ((await admin.get(`/_api/admin/discounts?${sort('title', 'ASC')}`).expect(200)).body as AdminDiscountDto[])[2]!;
    expect(row).toMatchObject({ title: 'Stale', reportsCount: 12, workedCount: 12, successRate: 100 });

    // A PUT of the whole record (react-admin) with the figures changed leaves them alone.
    await admin.put(`/_api/admin/discounts/${row.id}`).send({ ...row, reportsCount: 0, lastVerifiedAt: null }).expect(200);
    expect((await admin.get(`/_api/admin/discounts/${row.id}`).expect(200)).body).toMatchObject({ reportsCount: 12, lastCheckResult: 'worked' });
  });

  it('answers a discount\'s reports per day over 30 days', async () => {
    const d = await createDiscount('Over time');
    await generateReports(d.id, 3, 2, 2);
    await generateReports(d.id, 1, 0, 0);
    await generateReports(d.id, 4, 4, 31);
    const days = (await admin.get(`/_api/admin/discounts/${d.id}/reports`).expect(200)).body;
    expect(days).toHaveLength(2);
    expect(days.map((x: { worked: number; failed: number }) => [x.worked, x.failed])).toEqual([[2, 1], [0, 1]]);
    await admin.get('/_api/admin/discounts/999999/reports').expect(404);
  });
});

describe('demo content', () => {
  it('gives every seeded code a verification record, so every card shows a date', async () => {
    await t.sql('delete from discounts');
    await t.sql('delete from companies');
    const em = t.app.get(MikroORM).em.fork() as EntityManager;
    await seedDemoContent(em, { log: () => undefined, error: () => undefined, warn: () => undefined });
    const cards = await publicList();
    expect(cards.length).toBeGreaterThan(5);
    for (const card of cards) expect(proofTexts(card, new Date()).verified).toMatch(/^Verified (today|\d+ days? ago)$/);
  });

  it('gives several codes believable report history, so a fresh start shows success rates, none held or failing', async () => {
    await t.app.get(ProofFiguresService).refreshFigures();
    const cards = await publicList();
    const rates = cards.map((c) => proofTexts(c, new Date()).success).filter(Boolean);
    expect(rates.length).toBe(DEMO_CODES_WITH_RATE);
    expect(rates.length).toBeGreaterThanOrEqual(5);
    for (const c of cards) expect(proofTexts(c, new Date()).notWorking).toBe(false);
    const admins = (await admin.get('/_api/admin/discounts').expect(200)).body as AdminDiscountDto[];
    expect(admins.every((d) => d.heldReports === 0)).toBe(true);
  });
});
