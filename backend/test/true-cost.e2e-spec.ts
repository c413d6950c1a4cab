import type TestAgent from 'supertest/lib/agent.js';
import type { FirmRowDto } from '../../common/firm-api-types.js';
import { usd } from '../../common/firm-compare.js';
import { FIRMS_QUERY_MESSAGES } from '../../common/firms.js';
import { ASSUMED_PASS_RATE, trueCost } from '../../common/true-cost.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const COMPANIES = '/_api/admin/companies';
const program = (over: Record<string, unknown> = {}) => ({
  name: 'Classic', type: 'two-step', profitTargets: [8, 5], dailyLoss: 5, maxLoss: 10, drawdownType: 'static',
  minTradingDays: 3, timeLimitDays: null, profitSplit: 80, firstPayoutDays: 14, payoutFrequency: 'Bi-weekly',
  refundableFee: false, activationFee: null, resetPrice: null, sizes: [{ size: 100000, price: 500 }],
  ...over,
});

describe('the true cost of getting funded (issue #19)', () => {
  let t: TestApp;
  let admin: TestAgent;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signedIn();
    // A: cheap sticker, no reset, assumed rate. B: dearer, published 25 %, cheap reset. C: published 5 %, activation fee.
    const a = (await admin.post(COMPANIES).send({ name: 'Alpha', programs: [program({ sizes: [{ size: 100000, price: 300 }] })] }).expect(201)).body;
    await admin.post('/_api/admin/discounts').send({ companyId: a.id, title: 'Deal', status: 'active', discountCode: 'A10', discountPercentage: 10 }).expect(201);
    await admin.post(COMPANIES).send({
      name: 'Bravo', passRate: 25, passRateSourceUrl: 'https://bravo.example/stats', passRateDate: '2026-11-01',
      programs: [program({ resetPrice: 100, sizes: [{ size: 100000, price: 600 }] })],
    }).expect(201);
    await admin.post(COMPANIES).send({
      name: 'Charlie', passRate: 5, programs: [program({ activationFee: 150, sizes: [{ size: 100000, price: 200 }, { size: 50000, price: 100 }] })],
    }).expect(201);
  });
  afterAll(() => t.close());

  // Worked by hand: Alpha 270 after 10 % off, 10 % assumed → 270 + 9 × 270 = 2,700.
  // Bravo 600, 25 % published, reset 100 → 600 + 3 × 100 = 900. Charlie 200, 5 % → 200 + 19 × 200 + 150 = 4,150.
  const expected = { alpha: 2700, bravo: 900, charlie: 4150 };

  it('carries trueCost per row, sorts by it in both directions, and the figures are the pure function\'s', async () => {
    const asc = (await t.http().get('/_api/firms?size=100000&sort=trueCost&order=asc').expect(200)).body;
    expect(asc.rows.map((r: FirmRowDto) => [r.firm.slug, r.trueCost])).toEqual([
      ['bravo', { passRate: 25, passRateSource: 'published', attempts: 4, expectedCost: expected.bravo }],
      ['alpha', { passRate: ASSUMED_PASS_RATE, passRateSource: 'assumed', attempts: 10, expectedCost: expected.alpha }],
      ['charlie', { passRate: 5, passRateSource: 'published', attempts: 20, expectedCost: expected.charlie }],
    ]);
    for (const r of asc.rows as FirmRowDto[]) {
      expect(r.trueCost.expectedCost).toBe(trueCost({
        feeAfterCode: r.priceAfterCode, resetPrice: r.program.resetPrice, activationFee: r.program.activationFee,
        publishedPassRate: r.trueCost.passRateSource === 'published' ? r.trueCost.passRate : null,
      }).expectedCost);
    }
    const desc = (await t.http().get('/_api/firms?size=100000&sort=trueCost&order=desc').expect(200)).body;
    expect(desc.rows.map((r: FirmRowDto) => r.firm.slug)).toEqual(['charlie', 'alpha', 'bravo']);
  });

  it('takes the reader\'s pass rate for firms that publish none (and only for them)', async () => {
    // Alpha at 50 %: 270 + 1 × 270 = 540, now the cheapest.
    const body = (await t.http().get('/_api/firms?size=100000&sort=trueCost&order=asc&passRate=50').expect(200)).body;
    expect(body.query).toBe('size=100000&sort=trueCost&passRate=50');
    expect(body.rows.map((r: FirmRowDto) => [r.firm.slug, r.trueCost.expectedCost, r.trueCost.passRateSource])).toEqual([
      ['alpha', 540, 'assumed'], ['bravo', expected.bravo, 'published'], ['charlie', expected.charlie, 'published'],
    ]);
  });

  it('refuses a wrong pass rate with the error shape', async () => {
    const res = await t.http().get('/_api/firms?passRate=0').expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, message: FIRMS_QUERY_MESSAGES.passRate, errors: { passRate: FIRMS_QUERY_MESSAGES.passRate } });
    await t.http().get('/_api/firms?passRate=abc').expect(400);
  });

  it('the admin\'s pass rate is checked: out of range is a 400 naming the field, and nothing changes', async () => {
    const [bravo] = (await t.sql<{ id: number }>(`select id from companies where slug = 'bravo'`));
    const res = await admin.post(`${COMPANIES}/update`).send({ id: bravo!.id, passRate: 120 }).expect(400);
    expect(res.body.errors).toHaveProperty('passRate');
    expect((await t.http().get('/_api/firms/bravo').expect(200)).body.firm).toMatchObject({
      passRate: 25, passRateSourceUrl: 'https://bravo.example/stats', passRateDate: '2026-11-01',
    });
  });

  describe('pages (server-rendered, no JavaScript)', () => {
    it('/firms?size=100000&sort=trueCost shows the True cost column sorted, and takes the pass rate from the GET form', async () => {
      const html = (await t.http().get('/firms?size=100000&sort=trueCost').expect(200)).text;
      const order = ['bravo', 'alpha', 'charlie'].map((slug) => html.indexOf(`data-firm="${slug}"`));
      expect(order.every((i) => i > 0)).toBe(true);
      expect([...order].sort((x, y) => x - y)).toEqual(order);
      for (const cost of Object.values(expected)) expect(html).toContain(usd(cost));
      expect(html).toContain('name="passRate"');
      const chosen = (await t.http().get('/firms?size=100000&sort=trueCost&passRate=50').expect(200)).text;
      expect(chosen.indexOf('data-firm="alpha"')).toBeLessThan(chosen.indexOf('data-firm="bravo"'));
      expect(chosen).toContain(usd(540));
    });

    it('a profile shows the true cost per program and size with its formula and the pass rate\'s source', async () => {
      const bravo = (await t.http().get('/firms/bravo').expect(200)).text;
      expect(bravo).toContain(usd(expected.bravo));
      expect(bravo).toContain('$600 + (4 \u2212 1) \u00d7 $100 reset + $0 activation = $900');
      expect(bravo).toContain('https://bravo.example/stats');
      const charlie = (await t.http().get('/firms/charlie').expect(200)).text;
      expect(charlie).toContain(usd(expected.charlie));
      // $50k: 100 + 19 × 100 + 150 = 2,150.
      expect(charlie).toContain(usd(2150));
      // React marks text joins with empty comments; a reader sees the text without them.
      const alpha = (await t.http().get('/firms/alpha?passRate=50').expect(200)).text.replaceAll('<!-- -->', '');
      expect(alpha).toContain('$270 + (2 \u2212 1) \u00d7 $270 new account + $0 activation = $540');
      expect(alpha).toContain('we assume 50 %');
    });

    it('the comparison page shows it for the firms compared', async () => {
      const html = (await t.http().get('/firms/compare?firms=alpha,bravo,charlie').expect(200)).text;
      expect(html).toContain('True cost to get funded, $100,000 account');
      expect(html).toContain(`${usd(expected.alpha)} (10 attempts at 10 % assumed)`);
      expect(html).toContain(`${usd(expected.bravo)} (4 attempts at 25 % published)`);
    });
  });
});
