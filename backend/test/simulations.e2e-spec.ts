import { readFileSync } from 'node:fs';
import type TestAgent from 'supertest/lib/agent.js';
import type { FirmRowDto } from '../../common/firm-api-types.js';
import { FIRM_MSG } from '../../common/firms.js';
import { ALL_ZERO_MESSAGE, costToFunded, PATHS_MESSAGE, TOO_FEW_DAYS_MESSAGE } from '../../common/simulator/index.js';
import { SIMULATION_LIMITS } from '../../common/simulator/request.js';
import { SIMULATOR_MESSAGES } from '../../common/simulator/form.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const COMPANIES = '/_api/admin/companies';
const SIMULATIONS = '/_api/simulations';
const YEAR = readFileSync(new URL('../../common/simulator/fixtures/year-of-days.csv', import.meta.url), 'utf8');
const program = (over: Record<string, unknown> = {}) => ({
  name: 'Classic', type: 'two-step', profitTargets: [8, 5], dailyLoss: 5, maxLoss: 10, drawdownType: 'static',
  minTradingDays: 3, timeLimitDays: null, profitSplit: 80, firstPayoutDays: 14, payoutFrequency: 'Bi-weekly',
  refundableFee: false, activationFee: null, resetPrice: null, sizes: [{ size: 100000, price: 500 }],
  ...over,
});
const days = (n: number, pnl: (i: number) => number) =>
  Array.from({ length: n }, (_, i) => ({ date: new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10), pnl: pnl(i) }));

describe('POST /_api/simulations (issue #28)', () => {
  let t: TestApp;
  let admin: TestAgent;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signedIn();
    const a = (await admin.post(COMPANIES).send({
      name: 'Alpha', programs: [program({ resetPrice: 150, sizes: [{ size: 50000, price: 300 }, { size: 100000, price: 500 }] })],
    }).expect(201)).body;
    await admin.post('/_api/admin/discounts').send({ companyId: a.id, title: 'Deal', status: 'active', discountCode: 'A10', discountPercentage: 10 }).expect(201);
    await admin.post(COMPANIES).send({
      name: 'Bravo', programs: [program({ name: 'One Step', type: 'one-step', profitTargets: [10], drawdownType: 'trailing', activationFee: 100 })],
    }).expect(201);
    for (const [name, status] of [['Paused Firm', 'paused'], ['Closed Firm', 'closed']] as const) {
      const firm = (await admin.post(COMPANIES).send({ name, programs: [program()] }).expect(201)).body;
      await admin.post(`${COMPANIES}/update`).send({ id: firm.id, status }).expect(200);
    }
  });
  afterAll(() => t.close());
  beforeEach(() => t.sql('delete from rate_limits'));

  it('ranks every size of the firms that still sell by expected cost, priced after the same codes as /firms', async () => {
    const res = await t.http().post(SIMULATIONS).send({ csv: YEAR, tradedOn: 100000, paths: 2000, seed: 7 }).expect(200);
    const body = res.body;
    expect(body).toMatchObject({ paths: 2000, seed: 7, tradingDays: 250 });
    expect(body.blockLength).toBeGreaterThanOrEqual(1);
    const slugs = new Set(body.results.map((r: { companySlug: string }) => r.companySlug));
    expect([...slugs].sort()).toEqual(['alpha', 'bravo']);
    expect(body.results).toHaveLength(3);
    const firms = (await t.http().get('/_api/firms?status=all').expect(200)).body.rows as FirmRowDto[];
    for (const r of body.results) {
      const row = firms.find((f) => f.program.id === r.programId && f.size === r.size)!;
      expect(r).toMatchObject({ companySlug: row.firm.slug, price: row.price, priceAfterCode: row.priceAfterCode, discountCode: row.code?.code ?? null });
      expect(r.expectedCostToFunded).toBe(costToFunded({
        feeAfterCode: row.priceAfterCode, resetPrice: row.program.resetPrice, activationFee: row.program.activationFee,
      }, r.passProbability));
      expect(r.ci95[0]).toBeLessThanOrEqual(r.passProbability);
      expect(r.ci95[1]).toBeGreaterThanOrEqual(r.passProbability);
    }
    const alpha = body.results.find((r: { size: number; companySlug: string }) => r.companySlug === 'alpha' && r.size === 50000);
    expect(alpha).toMatchObject({ price: 300, priceAfterCode: 270, discountCode: 'A10' });
    const costs = body.results.map((r: { expectedCostToFunded: number | null }) => r.expectedCostToFunded ?? Infinity);
    expect(costs).toEqual([...costs].sort((x, y) => x - y));
  });

  it('gives the same answer for the same seed', async () => {
    const send = () => t.http().post(SIMULATIONS).send({ dailyPnl: days(60, (i) => (i % 3 === 0 ? -400 : 500)), tradedOn: 100000, paths: 1000, seed: 42 });
    const [a, b] = [(await send().expect(200)).body, (await send().expect(200)).body];
    expect(a).toEqual(b);
  });

  it('runs custom programs alone (no catalogue rows, no firm ids) unless the catalogue is asked for too', async () => {
    const custom = {
      name: 'My rules', profitTargets: [6], dailyLoss: null, maxLoss: 3.5, drawdownType: 'static', minTradingDays: 0,
      timeLimitDays: null, size: 100000, price: 400,
    };
    const alone = (await t.http().post(SIMULATIONS).send({
      trades: days(40, (i) => (i % 2 ? 1000 : -1000)).map((d) => ({ closedAt: `${d.date}T15:00:00Z`, pnl: d.pnl })),
      tradedOn: 100000, paths: 1000, seed: 1, programs: [custom],
    }).expect(200)).body;
    expect(alone.results).toHaveLength(1);
    expect(alone.results[0]).toMatchObject({ programName: 'My rules', size: 100000, price: 400, priceAfterCode: 400 });
    expect(alone.results[0]).not.toHaveProperty('programId');
    expect(alone.results[0]).not.toHaveProperty('companySlug');
    const both = (await t.http().post(SIMULATIONS).send({
      dailyPnl: days(40, (i) => (i % 2 ? 1000 : -1000)), tradedOn: 100000, paths: 1000, seed: 1, programs: [custom], catalogue: true,
    }).expect(200)).body;
    expect(both.results).toHaveLength(4);
  });

  it.each([
    ['fewer than 20 trading days', { dailyPnl: days(19, () => 100), tradedOn: 100000 }, TOO_FEW_DAYS_MESSAGE],
    ['a series of all zeros', { dailyPnl: days(30, () => 0), tradedOn: 100000 }, ALL_ZERO_MESSAGE],
    ['too few paths', { dailyPnl: days(30, (i) => i - 10), tradedOn: 100000, paths: 999 }, PATHS_MESSAGE],
    ['too many paths', { dailyPnl: days(30, (i) => i - 10), tradedOn: 100000, paths: 20001 }, PATHS_MESSAGE],
  ])('refuses %s with the trader\'s message', async (_, body, message) => {
    const res = await t.http().post(SIMULATIONS).send(body).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, message });
  });

  it('names the CSV line it could not read', async () => {
    const csv = ['date,pnl', ...days(25, (i) => i * 10 - 50).map((d) => `${d.date},${d.pnl}`)];
    csv[4] = '2025-01-04,twelve';
    const res = await t.http().post(SIMULATIONS).send({ csv: csv.join('\n'), tradedOn: 100000 }).expect(400);
    expect(res.body.message).toMatch(/line 5/i);
    expect(res.body.errors).toEqual({ line: '5' });
  });

  it('refuses a body with no results, a wrong field, or a wrong account size, never a 500', async () => {
    expect((await t.http().post(SIMULATIONS).send({ tradedOn: 100000 }).expect(400)).body.message).toMatch(/Send your results/);
    await t.http().post(SIMULATIONS).send({ dailyPnl: days(30, () => 1), tradedOn: 0 }).expect(400);
    await t.http().post(SIMULATIONS).send({ dailyPnl: 'lots', tradedOn: 100000 }).expect(400);
    await t.http().post(SIMULATIONS).send({ dailyPnl: days(30, () => 1), tradedOn: 100000, surprise: 1 }).expect(400);
    await t.http().post(SIMULATIONS).set('content-type', 'application/json').send('{"csv": ').expect(400);
  });

  it('answers 413 to a body over 1 MB, and takes one just under it', async () => {
    const big = `date,pnl\n${'2025-01-01,1\n'.repeat(90_000)}`;
    expect(big.length).toBeGreaterThan(1_050_000);
    const res = await t.http().post(SIMULATIONS).send({ csv: big, tradedOn: 100000 }).expect(413);
    expect(res.body.statusCode).toBe(413);
    // ~600 KB of a CSV: read (one day only, so the trader is told about the days, not the size).
    const under = `date,pnl\n${'2025-01-01,1\n'.repeat(50_000)}`;
    expect((await t.http().post(SIMULATIONS).send({ csv: under, tradedOn: 100000 }).expect(400)).body.message).toBe(TOO_FEW_DAYS_MESSAGE);
  });

  it('programs carry a consistency rule and a trailing floor that stops at the start: saved, shown, refused when wrong, simulated', async () => {
    const bad = await admin.post(COMPANIES).send({ name: 'Wrong', programs: [program({ consistency: 0 })] }).expect(400);
    expect(JSON.stringify(bad.body)).toContain(FIRM_MSG.consistency);
    await admin.post(COMPANIES).send({ name: 'Wrong', programs: [program({ trailingStopsAtStart: 'yes' })] }).expect(400);
    await admin.post(COMPANIES).send({
      name: 'Charlie', programs: [program({ name: 'Steady', type: 'one-step', profitTargets: [10], timeLimitDays: 30, consistency: 30, drawdownType: 'eod-trailing', trailingStopsAtStart: true })],
    }).expect(201);
    const profile = (await t.http().get('/_api/firms/charlie').expect(200)).body;
    expect(profile.programs[0]).toMatchObject({ consistency: 30, trailingStopsAtStart: true });
    expect((await t.http().get('/_api/firms/alpha').expect(200)).body.programs[0]).toMatchObject({ consistency: null, trailingStopsAtStart: false });
    // Steady small days and one big one: a path that reaches +10 % largely through the big day is held back by the
    // 30 % rule and, within 30 days, runs out of time because of it.
    const body = (await t.http().post(SIMULATIONS).send({
      dailyPnl: days(40, (i) => (i === 7 ? 4000 : i % 4 === 0 ? -200 : 400)), tradedOn: 100000, paths: 2000, seed: 3,
    }).expect(200)).body;
    const charlie = body.results.find((r: { companySlug: string }) => r.companySlug === 'charlie');
    expect(charlie.failReasons.consistency).toBeGreaterThan(0.05);
    const alpha = body.results.find((r: { companySlug: string }) => r.companySlug === 'alpha');
    expect(alpha.failReasons.consistency).toBe(0);
  });

  it(`counts ${SIMULATION_LIMITS.perIp} calls per network in the window, then answers 429`, async () => {
    for (let i = 0; i < SIMULATION_LIMITS.perIp; i++) {
      await t.http().post(SIMULATIONS).set('user-agent', `agent ${i}`).send({ tradedOn: 100000 }).expect(400);
    }
    const res = await t.http().post(SIMULATIONS).send({ dailyPnl: days(30, (i) => i - 10), tradedOn: 100000 }).expect(429);
    expect(res.body.message).toMatch(/Too many simulations/);
    expect(res.headers['retry-after']).toBeDefined();
  });

  describe('the /simulator page without JavaScript: POST /simulator', () => {
    const origin = () => new URL(t.config.publicSiteUrl).origin;
    const form = () => t.http().post('/simulator').set({ Origin: origin() });
    /** The rendered page's text, markup stripped (React's text separators too). */
    const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');

    it('GET /_api/simulations/catalogue: every size of the firms that sell, at the same prices after code as /firms, kept by the cache', async () => {
      const res = await t.http().get('/_api/simulations/catalogue').expect(200);
      expect(res.headers.etag).toBeDefined();
      const firms = (await t.http().get('/_api/firms?status=all').expect(200)).body.rows as FirmRowDto[];
      expect(new Set(res.body.map((p: { companySlug: string }) => p.companySlug))).toEqual(new Set(['alpha', 'bravo', 'charlie']));
      for (const p of res.body) {
        const row = firms.find((f) => f.program.id === p.programId && f.size === p.size)!;
        expect(p).toMatchObject({ price: row.price, priceAfterCode: row.priceAfterCode, discountCode: row.code?.code ?? null, companyName: row.firm.name });
      }
      await t.http().get('/_api/simulations/catalogue').set('If-None-Match', res.headers.etag).expect(304);
    });

    it('a pasted CSV comes back as the page with every program ranked, the cheapest named with its code, never kept', async () => {
      const res = await form().type('form').send({ mode: 'csv', csv: YEAR, tradedOn: '100000' }).expect(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      const page = text(res.text);
      expect(page).toContain('Your results against every program');
      expect(page).toMatch(/10,000 simulated paths per program from your 250 trading days/);
      // The same ranking the API gives for the same series (the page's seed is in its summary).
      const seed = Number(/seed (\d+)/.exec(page)![1]);
      const api = (await t.http().post(SIMULATIONS).send({ csv: YEAR, tradedOn: 100000, seed }).expect(200)).body;
      const best = api.results[0];
      expect(page).toContain(`Lowest expected cost: ${best.programName}`);
      expect(page).toContain(`$${best.expectedCostToFunded.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(best.expectedCostToFunded) ? 0 : 2 })}`);
      expect(res.text).toContain('<svg');
      expect(page).toContain('What if you changed your risk per trade?');
    });

    it('takes the CSV as a file (multipart) and simple statistics', async () => {
      const file = await form().field('mode', 'csv').field('tradedOn', '100000').attach('file', Buffer.from(YEAR), 'year.csv').expect(200);
      expect(text(file.text)).toContain('Your results against every program');
      const stats = await form().type('form').send({ mode: 'stats', tradedOn: '100000', winRate: '50', avgWinR: '2', avgLossR: '1', tradesPerDay: '2', riskPercent: '0.5' }).expect(200);
      expect(text(stats.text)).toMatch(/from your 250 trading days/);
    });

    it('a line it cannot read, too few days or a file that is not text: 400, the page with the reason on the form', async () => {
      const bad = await form().type('form').send({ mode: 'csv', csv: 'date,pnl\n2025-01-02,12\n2025-01-03,abc\n', tradedOn: '100000' }).expect(400);
      expect(text(bad.text)).toMatch(/Line 3: /);
      expect(bad.text).toContain('role="alert"');
      const few = await form().type('form').send({ mode: 'csv', csv: 'date,pnl\n2025-01-02,12\n2025-01-03,-5\n', tradedOn: '100000' }).expect(400);
      expect(text(few.text)).toContain(TOO_FEW_DAYS_MESSAGE);
      const binary = await form().field('mode', 'csv').field('tradedOn', '1000').attach('file', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), 'chart.png').expect(400);
      expect(text(binary.text)).toContain(SIMULATOR_MESSAGES.notText);
      const size = await form().type('form').send({ mode: 'csv', csv: YEAR, tradedOn: 'lots' }).expect(400);
      expect(text(size.text)).toContain(SIMULATOR_MESSAGES.tradedOn);
      const big = await form().field('mode', 'csv').field('tradedOn', '1000').attach('file', Buffer.alloc(1024 * 1024 + 10, 'a'), 'big.csv').expect(413);
      expect(text(big.text)).toContain(SIMULATOR_MESSAGES.tooLarge);
    });

    it(`shares the API's ${SIMULATION_LIMITS.perIp} simulations per network; past them, the page says so with Retry-After`, async () => {
      for (let i = 0; i < SIMULATION_LIMITS.perIp; i++) await form().type('form').send({ mode: 'csv', csv: '', tradedOn: '1' }).expect(400);
      const limited = await form().type('form').send({ mode: 'csv', csv: YEAR, tradedOn: '100000' }).expect(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect(text(limited.text)).toMatch(/Too many simulations from your network/);
      await t.http().post(SIMULATIONS).send({ csv: YEAR, tradedOn: 100000 }).expect(429);
    });

    it('only from our own origin (a form post without Origin, or from another site, is refused)', async () => {
      await t.http().post('/simulator').type('form').send({ csv: YEAR, tradedOn: '100000' }).expect(403);
      await t.http().post('/simulator').set({ Origin: 'https://evil.example' }).type('form').send({ csv: YEAR, tradedOn: '100000' }).expect(403);
      await t.http().post('/simulator').set({ Origin: origin() }).set('content-type', 'text/plain').send('x').expect(415);
    });
  });
});
