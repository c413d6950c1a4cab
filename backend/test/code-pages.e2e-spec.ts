import type TestAgent from 'supertest/lib/agent.js';
import type { AdminDiscountDto, CompanyDto, PublicDiscountDto } from '../../common/api-types.js';
import { codeBadge, isDemoted, RECORD_PAGE_SIZE, type CodeRecordDto } from '../../common/code-record.js';
import { PublicCacheService } from '../src/cache/public-cache.service.js';
import { ProofFiguresService } from '../src/proof/proof-figures.service.js';
import type { CodePageDto, ExpiredPageDto } from '../src/discounts/code-pages.service.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;
let admin: TestAgent;
let firm: CompanyDto;

beforeAll(async () => {
  // Trust the loopback proxy, so a test speaks for several networks with X-Forwarded-For.
  t = await startTestApp({ trustProxy: 'loopback' });
  admin = await t.signedIn();
  firm = (await admin.post('/_api/admin/companies').send({ name: 'Recordfirm', websiteUrl: 'https://recordfirm.example' }).expect(201)).body;
});
afterAll(() => t.close());
beforeEach(() => t.sql(`delete from rate_limits where key like 'report%'`));

const createDiscount = async (title: string, extra: Record<string, unknown> = {}): Promise<AdminDiscountDto> =>
  (await admin.post('/_api/admin/discounts').send({ companyId: firm.id, title, discountCode: 'CODE10', discountPercentage: 10, ...extra }).expect(201)).body;

const report = (id: number, worked: boolean, from: string) =>
  t.http().post(`/_api/discounts/${id}/reports`).set('X-Forwarded-For', from).set('User-Agent', BROWSER).send({ worked }).expect(200);

const synced = async () => t.app.get(PublicCacheService).sync();
const record = async (id: number, page = 1): Promise<CodeRecordDto> => {
  await synced();
  return (await t.http().get(`/_api/discounts/${id}/record?page=${page}`).expect(200)).body;
};
const publicList = async (): Promise<PublicDiscountDto[]> => {
  await synced();
  return (await t.http().get('/_api/discounts').expect(200)).body;
};
const check = (discountId: number, result: string, extra: Record<string, unknown> = {}) =>
  admin.post('/_api/admin/discount-checks').send({ discountId, result, ...extra }).expect(201);

describe('slugs', () => {
  it('gives every discount a slug from its firm and title, in public and admin answers, unique', async () => {
    const a = await createDiscount('Summer Sale 20%');
    const b = await createDiscount('Summer Sale 20%');
    expect(a.slug).toBe('recordfirm-summer-sale-20');
    expect(b.slug).toBe('recordfirm-summer-sale-20-2');
    expect((await admin.get(`/_api/admin/discounts/${a.id}`).expect(200)).body.slug).toBe(a.slug);
    expect((await publicList()).find((d) => d.id === a.id)?.slug).toBe(a.slug);
    const page: CodePageDto = (await t.http().get(`/_api/discounts/by-slug/${a.slug}`).expect(200)).body;
    expect(page.discount.id).toBe(a.id);
    await t.http().get('/_api/discounts/by-slug/no-such-code').expect(404);
  });

  it('answers 301 from the old slug after a rename, the API and the page alike', async () => {
    const d = await createDiscount('Spring Deal');
    const renamed: AdminDiscountDto = (await admin.post('/_api/admin/discounts/update').send({ id: d.id, title: 'Autumn Deal' }).expect(200)).body;
    expect(renamed.slug).toBe('recordfirm-autumn-deal');
    await synced();
    const api = await t.http().get(`/_api/discounts/by-slug/${d.slug}`).redirects(0).expect(301);
    expect(api.headers.location).toBe(`/_api/discounts/by-slug/${renamed.slug}`);
    const page = await t.http().get(`/discounts/${d.slug}`).redirects(0).expect(301);
    expect(page.headers.location).toBe(`/discounts/${renamed.slug}`);
    await t.http().get(`/_api/discounts/by-slug/${renamed.slug}`).expect(200);
    // A new code may not take the old address: it still leads to the renamed one.
    expect((await createDiscount('Spring Deal')).slug).toBe('recordfirm-spring-deal-2');
  });
});

describe('GET /_api/discounts/:id/record', () => {
  it('answers the record in its exact shape, newest first, 20 a page, answers dated to the hour', async () => {
    const d = await createDiscount('Record paging');
    await t.sql(
      `insert into discount_reports (discount_id, worked, created_at)
       select $1, g % 4 <> 0, now() - g * interval '37 minutes' - interval '3 days' from generate_series(1, 24) g`, [d.id],
    );
    await check(d.id, 'worked', { program: 'Evaluation', size: 50000 });
    await t.app.get(ProofFiguresService).refreshFigures();
    const first = await record(d.id);
    expect(Object.keys(first).sort()).toEqual(['items', 'lastWorkedAt', 'page', 'pages', 'reportsCount', 'successRate', 'usedToday']);
    expect(first.page).toBe(1);
    expect(first.pages).toBe(2);
    expect(first.items).toHaveLength(RECORD_PAGE_SIZE);
    expect(first.items[0]).toEqual({ at: expect.any(String), kind: 'check', worked: true, note: 'Tested on Evaluation, $50,000 account' });
    expect(first.lastWorkedAt).toBe(first.items[0]!.at);
    expect(first.reportsCount).toBe(24);
    expect(first.successRate).toBe(75);
    for (const item of first.items.slice(1)) {
      expect(Object.keys(item).sort()).toEqual(['at', 'kind', 'worked']);
      expect(item.at).toMatch(/T\d\d:00:00\.000Z$/);
    }
    const ats = first.items.map((i) => i.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    const second = await record(d.id, 2);
    expect(second.items).toHaveLength(25 - RECORD_PAGE_SIZE);
    expect((await record(d.id, 3)).items).toEqual([]);
    const bad = await t.http().get(`/_api/discounts/${d.id}/record?page=abc`).expect(400);
    expect(bad.body).toMatchObject({ statusCode: 400, message: 'Invalid page parameter' });
    await t.http().get('/_api/discounts/999999/record').expect(404);
  });

  it('counts /go clicks of today once per network as "used today"', async () => {
    const d = await createDiscount('Clicked', { affiliateLink: 'https://recordfirm.example/buy' });
    for (const ip of ['198.51.100.1', '198.51.100.1', '198.51.100.2', '2001:db8::1', '2001:db8::2']) {
      await t.http().get(`/go/${d.id}`).set('X-Forwarded-For', ip).set('User-Agent', BROWSER).expect(302);
    }
    expect((await record(d.id)).usedToday).toBe(3);
  });

  it('shows a held burst as held and leaves it out of the figures, and the next answer drops the cached record', async () => {
    const d = await createDiscount('Burst');
    expect((await record(d.id)).items).toEqual([]);
    for (let i = 1; i <= 7; i++) await report(d.id, false, `203.0.113.${i}`);
    await t.app.get(ProofFiguresService).refreshFigures();
    const r = await record(d.id);
    expect(r.items).toHaveLength(7);
    expect(r.items.every((i) => i.kind === 'report' && i.held === true && i.worked === false)).toBe(true);
    expect(r.reportsCount).toBe(0);
    expect(r.successRate).toBeNull();
    expect(r.lastWorkedAt).toBeNull();
    const card = (await publicList()).find((x) => x.id === d.id)!;
    expect(isDemoted(card, new Date())).toBe(false);
  });
});

describe('demotion', () => {
  it('demotes a code after 5 failing answers from 5 networks, lists it after the firm\'s other codes, flags it; a check lifts it', async () => {
    const other = await createDiscount('Still fine');
    const d = await createDiscount('Failing code');
    const later = await createDiscount('Listed later');
    for (let i = 1; i <= 5; i++) await report(d.id, false, `192.0.2.${i}`);
    await t.app.get(ProofFiguresService).refreshFigures();
    const now = new Date();
    let list = await publicList();
    const card = list.find((x) => x.id === d.id)!;
    expect(isDemoted(card, now)).toBe(true);
    expect(codeBadge(card, now)).toBe('none');
    const firmCodes = list.filter((x) => x.company.id === firm.id).map((x) => x.id);
    expect(firmCodes.indexOf(d.id)).toBeGreaterThan(firmCodes.indexOf(other.id));
    expect(firmCodes.at(-1)).toBe(d.id);
    const flagged = await admin.get(`/_api/admin/discounts?filter=${encodeURIComponent(JSON.stringify({ needsCheck: true }))}&range=[0,999]`).expect(200);
    expect((flagged.body as AdminDiscountDto[]).map((x) => x.id)).toContain(d.id);
    const demotedFilter = `/_api/admin/discounts?filter=${encodeURIComponent(JSON.stringify({ demoted: true }))}&range=[0,999]`;
    expect(((await admin.get(demotedFilter).expect(200)).body as AdminDiscountDto[]).map((x) => x.id)).toEqual([d.id]);

    await check(d.id, 'worked', { program: 'Evaluation', size: 25000 });
    list = await publicList();
    const lifted = list.find((x) => x.id === d.id)!;
    expect(isDemoted(lifted, new Date())).toBe(false);
    expect(codeBadge(lifted, new Date())).toBe('tested');
    const order = list.filter((x) => x.company.id === firm.id).map((x) => x.id);
    expect(order.indexOf(d.id)).toBeGreaterThan(order.indexOf(other.id));
    expect(order.indexOf(d.id)).toBeLessThan(order.indexOf(later.id));
    expect((await admin.get(demotedFilter).expect(200)).body).toEqual([]);
  });
});

describe('the archive', () => {
  it('takes an expired code off /discounts and into /_api/discounts/expired, newest first, with its final record', async () => {
    const older = await createDiscount('Ended earlier', { validUntil: new Date(Date.now() - 5 * 86_400_000).toISOString() });
    const d = await createDiscount('About to end');
    await report(d.id, true, '198.18.0.1');
    expect((await publicList()).some((x) => x.id === d.id)).toBe(true);
    await admin.post('/_api/admin/discounts/update').send({ id: d.id, status: 'expired' }).expect(200);
    await t.app.get(ProofFiguresService).refreshFigures();
    expect((await publicList()).some((x) => x.id === d.id)).toBe(false);
    await synced();
    const archive: ExpiredPageDto = (await t.http().get('/_api/discounts/expired').expect(200)).body;
    const ids = archive.items.map((i) => i.discount.id);
    expect(ids[0]).toBe(d.id);
    expect(ids).toContain(older.id);
    expect(ids.indexOf(d.id)).toBeLessThan(ids.indexOf(older.id));
    const item = archive.items[0]!;
    expect(item.discount.company).toEqual({ name: 'Recordfirm', slug: firm.slug });
    expect(item.endedAt).not.toBeNull();
    expect(item.reportsCount).toBe(1);
    expect(item.lastWorkedAt).toMatch(/T\d\d:00:00\.000Z$/);
    const page: CodePageDto = (await t.http().get(`/_api/discounts/by-slug/${d.slug}`).expect(200)).body;
    expect(page.ended).toBe(true);
    expect(page.history.map((h) => h.kind)).toEqual(['added', 'expired']);
  });
});
