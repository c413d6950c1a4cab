import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type TestAgent from 'supertest/lib/agent.js';
import { CRITERIA, FIRMS_PAGE_SIZE, FIRM_MSG, bestCode, priceAfterCode, type FirmSort } from '../../common/firms.js';
import type { FirmProfileDto, FirmRowDto } from '../../common/firm-api-types.js';
import type { AdminDiscountDto } from '../../common/api-types.js';
import { MSG } from '../../common/messages.js';
import { ormConfig } from '../src/database/mikro-orm.config.js';
import { PublicCacheService } from '../src/cache/public-cache.service.js';
import { seedDemoContent } from '../src/seeders/demo.seeder.js';
import { createDatabase, startTestApp, type TestApp } from './support/test-app.js';

const COMPANIES = '/_api/admin/companies';
const CHANGES = '/_api/admin/firm-changes';

const size = (s: number, price: number) => ({ size: s, price });
const program = (over: Record<string, unknown> = {}) => ({
  name: 'Classic',
  type: 'two-step',
  profitTargets: [8, 5],
  dailyLoss: 5,
  maxLoss: 10,
  drawdownType: 'static',
  minTradingDays: 3,
  timeLimitDays: null,
  profitSplit: 80,
  firstPayoutDays: 14,
  payoutFrequency: 'Bi-weekly',
  refundableFee: true,
  activationFee: null,
  resetPrice: 99,
  sizes: [size(10000, 100), size(100000, 500)],
  ...over,
});
const allScores = (score: number) => CRITERIA.map((c) => ({ criterion: c.key, score, note: `${c.label} note` }));

describe('firm profiles', () => {
  let t: TestApp;
  let admin: TestAgent;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signedIn();
  });
  afterAll(() => t.close());
  beforeEach(() => t.sql('delete from discounts; delete from companies'));

  const programCount = async () => (await t.sql<{ n: number }>('select count(*)::int as n from firm_programs'))[0]!.n;
  const createFirm = async (body: Record<string, unknown>) => (await admin.post(COMPANIES).send(body).expect(201)).body;
  const addCode = (companyId: number, d: Record<string, unknown>) =>
    admin.post('/_api/admin/discounts').send({ companyId, title: 'Deal', status: 'active', ...d }).expect(201);

  describe('admin: company records carry the profile (SPEC face)', () => {
    it('creates a firm with every profile field, programs with sizes and scores; the slug comes from the name', async () => {
      const body = await createFirm({
        name: 'Acme Funding!',
        status: 'paused',
        foundedYear: 2019,
        headquarters: ' Cyprus ',
        platforms: ['MT5', 'cTrader', 'MT5'],
        assetClasses: ['forex', 'crypto'],
        restrictedCountries: ['Iran', ' ', 'Cuba'],
        affiliateStatus: 'partner',
        lastTestedAt: '2026-10-01',
        rating: 3.3,
        programs: [program(), program({ name: 'Instant', type: 'instant', profitTargets: [], dailyLoss: null, drawdownType: 'trailing', sizes: [size(5000, 60)] })],
        scores: allScores(4),
      });
      expect(body).toMatchObject({
        name: 'Acme Funding!', slug: 'acme-funding', status: 'paused', foundedYear: 2019, headquarters: 'Cyprus',
        platforms: ['MT5', 'cTrader'], assetClasses: ['forex', 'crypto'], restrictedCountries: ['Iran', 'Cuba'],
        affiliateStatus: 'partner', lastTestedAt: '2026-10-01', rating: 4, ratingSource: 'criteria',
      });
      expect(body.programs).toHaveLength(2);
      expect(body.programs[0]).toMatchObject({ ...program(), sizes: [{ id: expect.any(Number), size: 10000, price: 100 }, { id: expect.any(Number), size: 100000, price: 500 }] });
      expect(body.programs[1]).toMatchObject({ name: 'Instant', type: 'instant', profitTargets: [], dailyLoss: null });
      expect(body.scores).toEqual(allScores(4).map((s) => ({ ...s })));
      // SPEC's public company list shows the weighted score as the rating.
      const [listed] = (await t.http().get('/_api/companies').expect(200)).body;
      expect(listed).toMatchObject({ slug: 'acme-funding', rating: 4, ratingSource: 'criteria' });
    });

    it('keeps SPEC calls as they were: a company without profile fields gets the defaults', async () => {
      const body = await createFirm({ name: 'Plain' });
      expect(body).toMatchObject({ slug: 'plain', status: 'active', affiliateStatus: 'no-program', platforms: [], programs: [], scores: [], ratingSource: 'entered', rating: null });
    });

    it('de-duplicates slugs from equal names with -2, -3 and refuses a taken slug by name', async () => {
      expect((await createFirm({ name: 'Same' })).slug).toBe('same');
      expect((await createFirm({ name: 'SAME ' })).slug).toBe('same-2');
      expect((await createFirm({ name: 'same' })).slug).toBe('same-3');
      const other = await createFirm({ name: 'Other' });
      const res = await admin.post(`${COMPANIES}/update`).send({ id: other.id, slug: 'same' }).expect(409);
      expect(res.body).toEqual({ statusCode: 409, error: FIRM_MSG.slugTaken('same'), message: FIRM_MSG.slugTaken('same'), errors: { slug: FIRM_MSG.slugTaken('same') } });
      expect((await admin.post(`${COMPANIES}/update`).send({ id: other.id, slug: 'other-firm' }).expect(200)).body.slug).toBe('other-firm');
    });

    it('keeps the entered rating, marked so, until every criterion is scored', async () => {
      const firm = await createFirm({ name: 'Partial', rating: 3.7, scores: allScores(5).slice(0, 5) });
      expect(firm).toMatchObject({ rating: 3.7, ratingSource: 'entered' });
      const full = (await admin.post(`${COMPANIES}/update`).send({ id: firm.id, scores: allScores(2) }).expect(200)).body;
      expect(full).toMatchObject({ rating: 2, ratingSource: 'criteria' });
      const cleared = (await admin.post(`${COMPANIES}/update`).send({ id: firm.id, scores: [] }).expect(200)).body;
      expect(cleared).toMatchObject({ rating: 3.7, ratingSource: 'entered', scores: [] });
    });

    it.each([
      [{ status: 'gone' }, 'status', FIRM_MSG.status],
      [{ affiliateStatus: 'maybe' }, 'affiliateStatus', FIRM_MSG.affiliateStatus],
      [{ foundedYear: 1800 }, 'foundedYear', FIRM_MSG.foundedYear(new Date().getUTCFullYear())],
      [{ platforms: ['MT6'] }, 'platforms', FIRM_MSG.platforms],
      [{ assetClasses: 'forex' }, 'assetClasses', FIRM_MSG.assetClasses],
      [{ restrictedCountries: [42] }, 'restrictedCountries', FIRM_MSG.restrictedCountries],
      [{ lastTestedAt: '2026-02-30' }, 'lastTestedAt', FIRM_MSG.lastTestedAt],
      [{ slug: 'Not A Slug' }, 'slug', MSG.slugFormat],
      [{ programs: {} }, 'programs', FIRM_MSG.programs],
      [{ programs: [program({ name: ' ' })] }, 'programs.0.name', FIRM_MSG.programName],
      [{ programs: [program({ type: 'four-step' })] }, 'programs.0.type', FIRM_MSG.programType],
      [{ programs: [program({ profitTargets: [101, 5] })] }, 'programs.0.profitTargets', FIRM_MSG.profitTargets],
      [{ programs: [program({ profitTargets: [8] })] }, 'programs.0.profitTargets', FIRM_MSG.profitTargetsPerPhase('two-step', 2)],
      [{ programs: [program({ maxLoss: '10' })] }, 'programs.0.maxLoss', FIRM_MSG.percent('Max loss')],
      [{ programs: [program({ drawdownType: 'daily' })] }, 'programs.0.drawdownType', FIRM_MSG.drawdownType],
      [{ programs: [program({ timeLimitDays: 0 })] }, 'programs.0.timeLimitDays', FIRM_MSG.timeLimitDays],
      [{ programs: [program({ profitSplit: 120 })] }, 'programs.0.profitSplit', FIRM_MSG.percent('Profit split')],
      [{ programs: [program({ resetPrice: 9.999 })] }, 'programs.0.resetPrice', FIRM_MSG.money('Reset price')],
      [{ programs: [program({ sizes: [] })] }, 'programs.0.sizes', FIRM_MSG.sizes],
      [{ programs: [program({ sizes: [size(10000.5, 10)] })] }, 'programs.0.sizes.0.size', FIRM_MSG.size],
      [{ programs: [program({ sizes: [size(10000, -1)] })] }, 'programs.0.sizes.0.price', FIRM_MSG.money('Price')],
      [{ programs: [program({ sizes: [size(10000, 1), size(10000, 2)] })] }, 'programs.0.sizes', FIRM_MSG.sizesUnique],
      [{ programs: [program({ colour: 'red' })] }, 'programs.0.colour', MSG.unknownProperties(['programs.0.colour'])],
      [{ scores: [{ criterion: 'vibes', score: 3 }] }, 'scores.0.criterion', FIRM_MSG.criterion],
      [{ scores: [{ criterion: 'cost', score: 5.5 }] }, 'scores.0.score', FIRM_MSG.score],
      [{ scores: [{ criterion: 'cost', score: 3 }, { criterion: 'cost', score: 4 }] }, 'scores', FIRM_MSG.scores],
    ])('refuses %j with 400 naming %s, and stores nothing', async (fields, path, message) => {
      const res = await admin.post(COMPANIES).send({ name: 'Bad', ...fields }).expect(400);
      expect(res.body.errors).toMatchObject({ [path]: message });
      expect(res.body.statusCode).toBe(400);
      expect((await t.sql('select id from companies')).length).toBe(0);
      expect(await programCount()).toBe(0);
    });

    it('refuses null for a field that cannot be empty on update, and changes nothing', async () => {
      const firm = await createFirm({ name: 'Keep', status: 'paused', programs: [program()] });
      for (const [field, message] of [['status', FIRM_MSG.status], ['platforms', FIRM_MSG.platforms], ['programs', FIRM_MSG.programs]] as const) {
        const res = await admin.post(`${COMPANIES}/update`).send({ id: firm.id, [field]: null }).expect(400);
        expect(res.body.errors[field]).toBe(message);
      }
      const bad = await admin.post(`${COMPANIES}/update`).send({ id: firm.id, status: 'closed', programs: [program({ sizes: [] })] }).expect(400);
      expect(bad.body.message).toBe(FIRM_MSG.sizes);
      const stored = (await admin.get(`${COMPANIES}/${firm.id}`).expect(200)).body;
      expect(stored).toMatchObject({ status: 'paused', programs: [{ name: 'Classic' }] });
    });
  });

  describe('admin: REST face (ra-data-simple-rest)', () => {
    it('GET /:id gives the record with programs; PUT of that record, edited, replaces programs and the public list shows the new price at once', async () => {
      const firm = await createFirm({ name: 'Rest Firm', programs: [program(), program({ name: 'Second', sizes: [size(25000, 200)] })] });
      const record = (await admin.get(`${COMPANIES}/${firm.id}`).expect(200)).body;
      expect(record.programs.map((p: { name: string }) => p.name)).toEqual(['Classic', 'Second']);

      // Warm the public cache first, so the test sees the write clear it.
      const before = (await t.http().get('/_api/firms?size=10000').expect(200)).body;
      expect(before.rows.map((r: FirmRowDto) => r.price)).toEqual([100]);

      const edited = structuredClone(record);
      edited.programs[0].sizes[0].price = 89.5;
      edited.programs.pop();
      edited.programs[0].name = 'Classic v2';
      const put = (await admin.put(`${COMPANIES}/${firm.id}`).send(edited).expect(200)).body;
      expect(put.programs).toHaveLength(1);
      expect(put.programs[0]).toMatchObject({ name: 'Classic v2', sizes: [{ size: 10000, price: 89.5 }, { size: 100000, price: 500 }] });
      expect(await programCount()).toBe(1);
      expect((await t.sql('select count(*)::int as n from firm_program_sizes'))[0]).toEqual({ n: 2 });

      const after = (await t.http().get('/_api/firms?size=10000').expect(200)).body;
      expect(after.rows.map((r: FirmRowDto) => [r.program.name, r.price])).toEqual([['Classic v2', 89.5]]);
    });

    it('PUT validates like update and names the nested field', async () => {
      const firm = await createFirm({ name: 'Nested', programs: [program()] });
      const record = (await admin.get(`${COMPANIES}/${firm.id}`).expect(200)).body;
      record.programs[0].sizes[1].price = 'free';
      const res = await admin.put(`${COMPANIES}/${firm.id}`).send(record).expect(400);
      expect(res.body).toMatchObject({ message: FIRM_MSG.money('Price'), errors: { 'programs.0.sizes.1.price': FIRM_MSG.money('Price') } });
    });

    it('deleting a company deletes its programs, scores and changelog', async () => {
      const firm = await createFirm({ name: 'Gone', programs: [program()], scores: allScores(3) });
      await admin.post(CHANGES).send({ companyId: firm.id, date: '2026-01-01', change: 'x' }).expect(201);
      await admin.delete(`${COMPANIES}/${firm.id}`).expect(200);
      const [n] = await t.sql('select (select count(*) from firm_programs)::int as p, (select count(*) from firm_scores)::int as s, (select count(*) from firm_changes)::int as c');
      expect(n).toEqual({ p: 0, s: 0, c: 0 });
    });
  });

  describe('admin: changelog entries, both faces', () => {
    it('creates, updates, lists (filtered, sorted, ranged) and deletes', async () => {
      const a = await createFirm({ name: 'Alpha' });
      const b = await createFirm({ name: 'Beta' });
      const created = (await admin.post(CHANGES).send({ companyId: a.id, date: '2026-03-01', change: ' Daily loss now 4% ', sourceUrl: 'https://alpha.example/rules' }).expect(201)).body;
      expect(created).toMatchObject({ companyId: a.id, company: { id: a.id, name: 'Alpha' }, date: '2026-03-01', change: 'Daily loss now 4%', sourceUrl: 'https://alpha.example/rules' });
      await admin.post(CHANGES).send({ companyId: a.id, date: '2026-05-01', change: 'Newer' }).expect(201);
      await admin.post(CHANGES).send({ companyId: b.id, date: '2026-04-01', change: 'Beta change' }).expect(201);

      const all = await admin.get(CHANGES).expect(200);
      expect(all.body.map((c: { change: string }) => c.change)).toEqual(['Newer', 'Beta change', 'Daily loss now 4%']);
      const ranged = await admin.get(CHANGES).query({ filter: JSON.stringify({ companyId: a.id }), sort: JSON.stringify(['date', 'ASC']), range: '[0,0]' }).expect(200);
      expect(ranged.headers['content-range']).toBe('firm-changes 0-0/2');
      expect(ranged.body.map((c: { change: string }) => c.change)).toEqual(['Daily loss now 4%']);

      const updated = (await admin.post(`${CHANGES}/update`).send({ id: created.id, change: 'Daily loss now 3%', sourceUrl: '' }).expect(200)).body;
      expect(updated).toMatchObject({ change: 'Daily loss now 3%', sourceUrl: null, date: '2026-03-01' });
      const one = (await admin.get(`${CHANGES}/${created.id}`).expect(200)).body;
      // The record names itself: another id in the body is refused by name (issue #34), the record as served saves.
      expect((await admin.put(`${CHANGES}/${created.id}`).send({ ...one, id: 999 }).expect(400)).body.message).toBe(MSG.readOnlyChanged(['id']));
      const put = (await admin.put(`${CHANGES}/${created.id}`).send({ ...one, companyId: b.id }).expect(200)).body;
      expect(put).toMatchObject({ id: created.id, companyId: b.id, company: { name: 'Beta' } });

      await admin.post(`${CHANGES}/delete`).send({ id: created.id }).expect(200);
      await admin.get(`${CHANGES}/${created.id}`).expect(404);
      const last = (await admin.get(CHANGES).expect(200)).body;
      await admin.delete(`${CHANGES}/${last[0].id}`).expect(200);
      expect((await admin.get(CHANGES).expect(200)).body).toHaveLength(1);
    });

    it.each([
      [{}, 'companyId', FIRM_MSG.companyId],
      [{ companyId: 1.5 }, 'companyId', FIRM_MSG.companyId],
      [{ companyId: 1, date: '01/02/2026', change: 'x' }, 'date', FIRM_MSG.changeDate],
      [{ companyId: 1, date: '2026-01-01', change: '  ' }, 'change', FIRM_MSG.changeText],
      [{ companyId: 1, date: '2026-01-01', change: 'x', sourceUrl: 'javascript:alert(1)' }, 'sourceUrl', MSG.invalidUrl('Source URL')],
    ])('refuses %j naming %s', async (body, field, message) => {
      const res = await admin.post(CHANGES).send(body).expect(400);
      expect(res.body.errors).toMatchObject({ [field]: message });
      expect(await t.sql('select id from firm_changes')).toEqual([]);
    });

    it('refuses an unknown company, and an update that empties a required field', async () => {
      const res = await admin.post(CHANGES).send({ companyId: 999999, date: '2026-01-01', change: 'x' }).expect(400);
      expect(res.body.message).toBe(MSG.companyMissing(999999));
      const a = await createFirm({ name: 'Alpha' });
      const entry = (await admin.post(CHANGES).send({ companyId: a.id, date: '2026-01-01', change: 'x' }).expect(201)).body;
      expect((await admin.post(`${CHANGES}/update`).send({ id: entry.id, change: '' }).expect(400)).body.message).toBe(FIRM_MSG.changeText);
      expect((await admin.put(`${CHANGES}/${entry.id}`).send({ date: null }).expect(400)).body.message).toBe(FIRM_MSG.changeDate);
      expect((await admin.post(`${CHANGES}/update`).send({ id: 424242, change: 'y' }).expect(404)).body.message).toBe('Changelog entry not found');
    });
  });

  describe('public: GET /_api/firms', () => {
    /** Three firms with known facts: Cheap (MT5, forex), Pricey (MT4+MT5, futures), Shut (closed). */
    async function seedTable() {
      const cheap = await createFirm({
        name: 'Cheap', platforms: ['MT5'], assetClasses: ['forex'], scores: allScores(3),
        programs: [program({ name: 'C2', profitSplit: 80, maxLoss: 10, sizes: [size(10000, 100), size(100000, 500)] }),
          program({ name: 'C1', type: 'one-step', profitTargets: [10], drawdownType: 'trailing', profitSplit: 90, maxLoss: 6, sizes: [size(100000, 450)] })],
      });
      const pricey = await createFirm({
        name: 'Pricey', platforms: ['MT4', 'MT5'], assetClasses: ['futures'], rating: 4.5,
        programs: [program({ name: 'P2', drawdownType: 'eod-trailing', profitSplit: 85, maxLoss: 8, sizes: [size(10000, 150), size(100000, 600)] })],
      });
      const shut = await createFirm({ name: 'Shut', status: 'closed', platforms: ['MT5'], programs: [program({ name: 'S2', sizes: [size(100000, 50)] })] });
      // Pricey: 20% off beats $100 off above $500 only; a code without a value, an expired and a coming-soon one never win.
      await addCode(pricey.id, { discountCode: 'PCT20', discountPercentage: 20 });
      await addCode(pricey.id, { discountCode: 'AMT100', discountAmount: 100 });
      await addCode(pricey.id, { discountCode: 'AMT90', discountAmount: 90 });
      await addCode(pricey.id, { discountCode: 'PAST', discountPercentage: 90, validUntil: new Date(Date.now() - 60_000).toISOString() });
      await addCode(pricey.id, { discountCode: 'SOON', discountPercentage: 90, status: 'coming_soon' });
      await addCode(cheap.id, { discountCode: 'NOVALUE' });
      await addCode(cheap.id, { title: 'No code', discountPercentage: 50 });
      return { cheap, pricey, shut };
    }
    const list = async (query = '') => (await t.http().get(`/_api/firms${query}`).expect(200)).body;
    const keys = (body: { rows: FirmRowDto[] }) => body.rows.map((r) => `${r.program.name}:${r.size}`);

    it('answers one row per program and size with price after the best active code, active firms only, best score first', async () => {
      await seedTable();
      const body = await list();
      expect(body).toMatchObject({ total: 5, page: 1, pageSize: FIRMS_PAGE_SIZE, totalPages: 1, query: '' });
      // Pricey's entered 4.5 beats Cheap's weighted 3; affiliate status plays no part.
      expect(keys(body)).toEqual(['P2:10000', 'P2:100000', 'C2:10000', 'C2:100000', 'C1:100000']);
      const [p10, p100, c10] = body.rows as FirmRowDto[];
      expect(p10).toMatchObject({ price: 150, priceAfterCode: 50, code: { code: 'AMT100', kind: 'amount', discountAmount: 100, discountPercentage: null } });
      expect(p100).toMatchObject({ price: 600, priceAfterCode: 480, code: { code: 'PCT20', kind: 'percentage', discountPercentage: 20 } });
      expect(c10).toMatchObject({ price: 100, priceAfterCode: 100, code: { code: 'NOVALUE', kind: 'none' } });
      expect(c10!.firm).toMatchObject({ slug: 'cheap', name: 'Cheap', status: 'active', affiliateStatus: 'no-program', rating: 3, ratingSource: 'criteria', platforms: ['MT5'] });
      expect(c10!.program).toMatchObject({ profitTargets: [8, 5], dailyLoss: 5, maxLoss: 10, drawdownType: 'static', minTradingDays: 3, profitSplit: 80, payoutFrequency: 'Bi-weekly' });
      // The SQL and the shared rules agree on every row: the price, and which code gives it.
      const all = (await admin.get('/_api/admin/discounts').expect(200)).body as AdminDiscountDto[];
      const now = new Date();
      for (const row of body.rows as FirmRowDto[]) {
        const target = { program: row.program.name, size: row.size, price: row.price, purchase: 'new' as const, on: now };
        expect(row.priceAfterCode).toBe(priceAfterCode(target, row.code ? all.find((d) => d.id === row.code!.discountId) : null));
        const best = bestCode(target, all.filter((d) => d.companyId === row.firm.id));
        expect([row.code?.discountId ?? null, row.priceAfterCode]).toEqual([best?.code.id ?? null, best?.price ?? row.price]);
      }
    });

    it('filters in SQL by size, type, platform, asset, drawdown and the price after code', async () => {
      await seedTable();
      expect(keys(await list('?size=100000'))).toEqual(['P2:100000', 'C2:100000', 'C1:100000']);
      expect(keys(await list('?type=one-step'))).toEqual(['C1:100000']);
      expect(keys(await list('?platform=MT4'))).toEqual(['P2:10000', 'P2:100000']);
      expect(keys(await list('?platform=mt5&size=100000&sort=priceAfterCode'))).toEqual(['C1:100000', 'P2:100000', 'C2:100000']);
      expect(keys(await list('?asset=forex&drawdown=trailing'))).toEqual(['C1:100000']);
      expect(keys(await list('?drawdown=eod-trailing'))).toEqual(['P2:10000', 'P2:100000']);
      expect(keys(await list('?maxPrice=100'))).toEqual(['P2:10000', 'C2:10000']);
      expect((await list('?size=12345')).rows).toEqual([]);
    });

    it.each<[FirmSort, string, string[]]>([
      ['price', 'asc', ['C2:10000', 'P2:10000', 'C1:100000', 'C2:100000', 'P2:100000']],
      ['price', 'desc', ['P2:100000', 'C2:100000', 'C1:100000', 'P2:10000', 'C2:10000']],
      ['priceAfterCode', 'asc', ['P2:10000', 'C2:10000', 'C1:100000', 'P2:100000', 'C2:100000']],
      ['profitSplit', 'desc', ['C1:100000', 'P2:10000', 'P2:100000', 'C2:10000', 'C2:100000']],
      ['maxLoss', 'asc', ['C1:100000', 'P2:10000', 'P2:100000', 'C2:10000', 'C2:100000']],
      ['score', 'asc', ['C2:10000', 'C2:100000', 'C1:100000', 'P2:10000', 'P2:100000']],
    ])('sorts in SQL by %s %s', async (sort, order, expected) => {
      await seedTable();
      expect(keys(await list(`?sort=${sort}&order=${order}`))).toEqual(expected);
    });

    it('hides closed and paused firms unless asked, and marks their status', async () => {
      const { cheap } = await seedTable();
      await admin.post(`${COMPANIES}/update`).send({ id: cheap.id, status: 'paused' }).expect(200);
      expect(keys(await list())).toEqual(['P2:10000', 'P2:100000']);
      const closed = await list('?status=closed');
      expect(closed.rows.map((r: FirmRowDto) => [r.firm.name, r.firm.status])).toEqual([['Shut', 'closed']]);
      expect(closed.query).toBe('status=closed');
      expect(new Set((await list('?status=all')).rows.map((r: FirmRowDto) => r.firm.status))).toEqual(new Set(['active', 'paused', 'closed']));
      expect((await list('?status=paused,closed')).total).toBe(4);
    });

    it('answers a clear 400 naming every wrong parameter, never a silently different table', async () => {
      const res = await t.http().get('/_api/firms?size=big&sort=name&colour=red').expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        error: 'Unknown parameter: colour',
        message: 'Unknown parameter: colour',
        errors: {
          colour: 'Unknown parameter: colour',
          size: 'size must be a whole number of US dollars, e.g. 100000',
          sort: 'sort must be one of: price, priceAfterCode, profitSplit, score, maxLoss, payouts, trueCost',
        },
      });
      expect((await t.http().get('/_api/firms?platform=MT6').expect(400)).body.errors).toEqual({ platform: expect.stringContaining('platform must be one of') });
      expect((await t.http().get('/_api/firms?size[a]=1').expect(400)).body.errors).toHaveProperty(['size[a]']);
      expect((await t.http().get('/_api/firms?type=one-step&type=two-step').expect(400)).body.message).toBe('type must be given once');
      // Empty values are "any", as a form sent without JavaScript sends them.
      expect((await t.http().get('/_api/firms?size=&type=&platform=&sort=').expect(200)).body.query).toBe('');
    });

    it(`pages by ${FIRMS_PAGE_SIZE} rows`, async () => {
      await createFirm({ name: 'Many', programs: Array.from({ length: 6 }, (_, i) => program({ name: `M${i}`, sizes: Array.from({ length: 20 }, (_, j) => size(1000 * (j + 1), 10 + j)) })) });
      const first = await list('?sort=price');
      const pages = Math.ceil(120 / FIRMS_PAGE_SIZE);
      expect(first).toMatchObject({ total: 120, totalPages: pages });
      expect(first.rows).toHaveLength(FIRMS_PAGE_SIZE);
      const all = [...first.rows];
      for (let page = 2; page <= pages; page++) all.push(...(await list(`?sort=price&page=${page}`)).rows);
      expect((await list(`?sort=price&page=${pages}`)).rows).toHaveLength(120 - (pages - 1) * FIRMS_PAGE_SIZE);
      // Sorted by price across the pages: no row twice, none missing.
      expect(new Set(all.map((r: FirmRowDto) => `${r.program.name}:${r.size}`)).size).toBe(120);
      expect((await list(`?page=${pages + 1}`)).rows).toEqual([]);
    });
  });

  describe('public: profile and comparison', () => {
    it('shows a profile: facts, score with criteria and notes, programs with price after code, codes, changelog', async () => {
      const firm = await createFirm({
        name: 'Profiled', foundedYear: 2015, headquarters: 'Czech Republic', affiliateStatus: 'partner', lastTestedAt: '2026-11-01',
        programs: [program()], scores: allScores(4).map((s, i) => (i === 0 ? { ...s, score: 5 } : s)),
      });
      await addCode(firm.id, { discountCode: 'TEN', discountPercentage: 10 });
      await addCode(firm.id, { discountCode: 'SOON', discountPercentage: 50, status: 'coming_soon' });
      await admin.post(CHANGES).send({ companyId: firm.id, date: '2026-01-01', change: 'Older' }).expect(201);
      await admin.post(CHANGES).send({ companyId: firm.id, date: '2026-06-01', change: 'Newer', sourceUrl: 'https://x.example/r' }).expect(201);

      const body = (await t.http().get('/_api/firms/profiled').expect(200)).body;
      expect(body.firm).toMatchObject({ slug: 'profiled', foundedYear: 2015, headquarters: 'Czech Republic', affiliateStatus: 'partner', lastTestedAt: '2026-11-01', status: 'active', rating: 4.3, ratingSource: 'criteria' });
      expect(body.firm).not.toHaveProperty('featured');
      expect(body.criteria).toHaveLength(CRITERIA.length);
      expect(body.criteria[0]).toEqual({ criterion: 'payout-reliability', label: 'Payout reliability', weight: 30, score: 5, note: 'Payout reliability note' });
      expect(body.programs[0].sizes).toEqual([
        // True cost at the assumed 10 %: the $99 reset is dearer than $90, so 90 × 10 = 900; at $100k 450 + 9 × 99 = 1,341.
        {
          id: expect.any(Number), size: 10000, price: 100, priceAfterCode: 90, code: expect.objectContaining({ code: 'TEN', kind: 'percentage' }),
          trueCost: { passRate: 10, passRateSource: 'assumed', attempts: 10, expectedCost: 900 },
        },
        {
          id: expect.any(Number), size: 100000, price: 500, priceAfterCode: 450, code: expect.objectContaining({ code: 'TEN' }),
          trueCost: { passRate: 10, passRateSource: 'assumed', attempts: 10, expectedCost: 1341 },
        },
      ]);
      expect(body.codes.map((c: { discountCode: string }) => c.discountCode)).toEqual(['TEN']);
      expect(body.changelog.map((c: { change: string }) => c.change)).toEqual(['Newer', 'Older']);
    });

    it("lists the firm's published posts: tagged with its slug or name (any case) or linking to its profile, newest first", async () => {
      await t.sql('delete from blog_posts');
      await createFirm({ name: 'Post Firm', programs: [program()] });
      const post = (slug: string, over: Record<string, unknown>) =>
        admin.post('/_api/admin/blog-posts').send({
          title: slug, slug, content: '<p>Text</p>', category: 'review', status: 'published',
          publishedAt: '2026-01-01T00:00:00.000Z', ...over,
        }).expect(201);
      await post('by-slug-tag', { tags: ['post-firm'], publishedAt: '2026-01-01T00:00:00.000Z' });
      await post('by-name-tag', { tags: ['POST FIRM'], publishedAt: '2026-02-01T00:00:00.000Z' });
      await post('by-link', { content: '<p>See <a href="/firms/post-firm">the profile</a></p>', publishedAt: '2026-03-01T00:00:00.000Z' });
      await post('other-firm-link', { content: '<p><a href="/firms/post-firm-2">x</a></p>' });
      await post('draft', { tags: ['post-firm'], status: 'draft' });
      await post('scheduled', { tags: ['post-firm'], publishedAt: '2099-01-01T00:00:00.000Z' });
      await post('unrelated', { tags: ['forex'] });

      const body = (await t.http().get('/_api/firms/post-firm').expect(200)).body;
      expect(body.posts.map((p: { slug: string }) => p.slug)).toEqual(['by-link', 'by-name-tag', 'by-slug-tag']);
      expect(body.posts[0]).toEqual({ slug: 'by-link', title: 'by-link', excerpt: null, category: 'review', publishedAt: '2026-03-01T00:00:00.000Z' });
    });

    it("keeps a firm's posts as posts and firms change: a firm made after its posts, a rename, a post edited, unpublished or deleted", async () => {
      await t.sql('delete from blog_posts');
      const post = async (slug: string, over: Record<string, unknown>) => (await admin.post('/_api/admin/blog-posts').send({
        title: slug, slug, content: '<p>Text</p>', category: 'news', status: 'published', publishedAt: '2026-01-01T00:00:00.000Z', ...over,
      }).expect(201)).body;
      const shown = async () => ((await t.http().get('/_api/firms/late-firm').expect(200)).body.posts as Array<{ slug: string }>).map((p) => p.slug);
      await post('early', { tags: ['Late Firm'] });
      const firm = await createFirm({ name: 'Late Firm', programs: [program()] });
      expect(await shown()).toEqual(['early']);

      const record = (await admin.get(`${COMPANIES}/${firm.id}`).expect(200)).body;
      await admin.put(`${COMPANIES}/${firm.id}`).send({ ...record, name: 'Renamed Firm' }).expect(200);
      const later = await post('later', { tags: ['renamed firm'], publishedAt: '2026-02-01T00:00:00.000Z' });
      expect(await shown()).toEqual(['later']);

      await admin.put(`/_api/admin/blog-posts/${later.id}`)
        .send({ ...later, tags: [], content: '<p><a href="https://example.com/firms/late-firm#codes">Codes</a></p>' }).expect(200);
      expect(await shown()).toEqual(['later']);
      const linked = (await admin.get(`/_api/admin/blog-posts/${later.id}`).expect(200)).body;
      await admin.put(`/_api/admin/blog-posts/${later.id}`).send({ ...linked, status: 'draft' }).expect(200);
      expect(await shown()).toEqual([]);
      const picked = await post('picked', { companyIds: [firm.id] });
      expect(await shown()).toEqual(['picked']);
      await admin.delete(`/_api/admin/blog-posts/${picked.id}`).expect(200);
      expect(await shown()).toEqual([]);
    });

    it('puts each firm profile in the pages sitemap, and a new firm at once', async () => {
      await createFirm({ name: 'Mapped Firm' });
      const xml = (await t.http().get('/sitemaps/pages.xml').expect(200)).text;
      expect(xml).toMatch(/<loc>[^<]*\/firms\/mapped-firm<\/loc><lastmod>/);
      expect(xml).toMatch(/<loc>[^<]*\/firms<\/loc>/);
      await createFirm({ name: 'Second Mapped' });
      expect((await t.http().get('/sitemaps/pages.xml').expect(200)).text).toContain('/firms/second-mapped</loc>');
    });

    it('makes a slug that answers 200 from any company name, and the sitemap lists only URLs that answer', async () => {
      const names: Array<[string, string]> = [
        ['Under_Score Capital', 'under-score-capital'], ['Société Prop', 'societe-prop'], ['A&B Traders, Inc.', 'a-b-traders-inc'],
        ['★★★', 'firm'], ['Under Score Capital', 'under-score-capital-2'],
      ];
      for (const [name, slug] of names) {
        const created = (await admin.post(COMPANIES).send({ name }).expect(201)).body;
        expect({ name, slug: created.slug }).toEqual({ name, slug });
        await t.http().get(`/_api/firms/${slug}`).expect(200);
      }
      // A slug stored by an older rule (with an underscore) is left out of the sitemap rather than listed as a 404.
      await t.sql(`update companies set slug = 'old_style' where slug = 'firm'`);
      await t.app.get(PublicCacheService).sync();
      const xml = (await t.http().get('/sitemaps/pages.xml').expect(200)).text;
      const locs = [...xml.matchAll(/<loc>[^<]*\/firms\/([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(locs).toEqual(expect.arrayContaining(['under-score-capital', 'societe-prop', 'a-b-traders-inc', 'under-score-capital-2']));
      expect(locs).not.toContain('old_style');
      for (const slug of locs) await t.http().get(`/_api/firms/${slug}`).expect(200);
    });

    it('answers 404 for an unknown slug', async () => {
      const res = await t.http().get('/_api/firms/nobody').expect(404);
      expect(res.body).toEqual({ statusCode: 404, error: 'Firm not found', message: 'Firm not found' });
      await t.http().get('/_api/firms/NOT..A..SLUG').expect(404);
    });

    it('compares two or three firms in the order asked', async () => {
      for (const name of ['One', 'Two', 'Three']) await createFirm({ name, programs: [program()] });
      const body = (await t.http().get('/_api/firms/compare?firms=three,one,two').expect(200)).body;
      expect(body.firms.map((f: { firm: { slug: string } }) => f.firm.slug)).toEqual(['three', 'one', 'two']);
      expect(body.firms[0].programs[0].sizes).toHaveLength(2);
      for (const q of ['', '?firms=one', '?firms=one,one', '?firms=one,two,three,four']) {
        const res = await t.http().get(`/_api/firms/compare${q}`).expect(400);
        expect(res.body.message).toBe('firms must name 2 or 3 different firms by slug, e.g. firms=ftmo,the5ers');
      }
      expect((await t.http().get('/_api/firms/compare?firms=one,ghost').expect(404)).body.message).toBe('Firm not found: ghost');
    });
  });

  describe('demo content', () => {
    it('gives the 8 demo firms programs, prices after code, scores and changelog; a second run adds nothing', async () => {
      const em = t.app.get(EntityManager).fork();
      const logger = { log: () => undefined, error: () => undefined, warn: () => undefined };
      await seedDemoContent(em, logger);
      const body = await list('?status=all');
      for (let page = 2; page <= body.totalPages; page++) body.rows.push(...(await list(`?status=all&page=${page}`)).rows);
      const firms = new Set(body.rows.map((r: FirmRowDto) => r.firm.slug));
      expect(firms.size).toBe(8);
      expect(body.rows.some((r: FirmRowDto) => r.priceAfterCode < r.price)).toBe(true);
      const filtered = (await list('?platform=MT5&size=100000&sort=priceAfterCode')).rows as FirmRowDto[];
      expect(filtered.length).toBeGreaterThan(3);
      const prices = filtered.map((r) => r.priceAfterCode);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      const ftmo = (await t.http().get('/_api/firms/ftmo').expect(200)).body;
      expect(ftmo.criteria.every((c: { score: number | null; note: string | null }) => c.score !== null && c.note)).toBe(true);
      expect(ftmo.changelog.length).toBeGreaterThanOrEqual(2);
      const counts = async () => (await t.sql('select (select count(*) from firm_programs)::int as p, (select count(*) from firm_scores)::int as s, (select count(*) from firm_changes)::int as c'))[0];
      const before = await counts();
      await seedDemoContent(t.app.get(EntityManager).fork(), logger);
      expect(await counts()).toEqual(before);
    });

    it('ties the seeded reviews to their firms: the FTMO profile lists the FTMO review, and the review links to the profile', async () => {
      await t.sql('delete from blog_posts');
      await seedDemoContent(t.app.get(EntityManager).fork(), { log: () => undefined, error: () => undefined, warn: () => undefined });
      const ftmo = (await t.http().get('/_api/firms/ftmo').expect(200)).body as FirmProfileDto;
      const review = ftmo.posts.find((p) => p.category === 'review');
      expect(review?.title).toMatch(/^FTMO Review/);
      const post = (await t.http().get(`/_api/blog-posts/by-slug?slug=${review!.slug}`).expect(200)).body;
      const firms = (post.json ?? post).firms as Array<{ slug: string; name: string }>;
      expect(firms.map((f) => f.slug)).toEqual(['ftmo']);
      // Every demo firm has its review on its profile.
      for (const slug of new Set(((await list('?status=all')).rows as FirmRowDto[]).map((r) => r.firm.slug))) {
        const profile = (await t.http().get(`/_api/firms/${slug}`).expect(200)).body as FirmProfileDto;
        expect({ slug, review: profile.posts.some((p) => p.category === 'review') }).toEqual({ slug, review: true });
      }
    });

    it('lets an admin name a post\'s firms, refusing an unknown firm and changing nothing', async () => {
      await t.sql('delete from blog_posts');
      await seedDemoContent(t.app.get(EntityManager).fork(), { log: () => undefined, error: () => undefined, warn: () => undefined });
      const [firm] = await t.sql<{ id: number; slug: string }>(`select id, slug from companies where slug = 'topstep'`);
      const base = { title: 'Topstep rules explained', slug: 'topstep-rules-explained', content: '<p>x</p>', status: 'published', category: 'guide' };
      const bad = await admin.post('/_api/admin/blog-posts').send({ ...base, companyIds: [999_999] }).expect(400);
      expect(Object.keys(bad.body.errors)).toEqual(['companyIds']);
      await admin.post('/_api/admin/blog-posts').send({ ...base, companyIds: ['x'] }).expect(400);
      expect(await t.sql(`select id from blog_posts where slug = 'topstep-rules-explained'`)).toEqual([]);
      const created = (await admin.post('/_api/admin/blog-posts').send({ ...base, companyIds: [firm!.id, firm!.id] }).expect(201)).body;
      expect(created.companyIds).toEqual([firm!.id]);
      const profile = (await t.http().get('/_api/firms/topstep').expect(200)).body as FirmProfileDto;
      expect(profile.posts.map((p) => p.slug)).toContain('topstep-rules-explained');
    });

    async function list(query: string) {
      return (await t.http().get(`/_api/firms${query}`).expect(200)).body;
    }
  });
});

describe('firm profile migration', () => {
  it('keeps existing companies and gives each a unique slug by the SPEC rule, and partners their affiliate status', async () => {
    const db = await createDatabase();
    const orm = await MikroORM.init(ormConfig(db.url, { debug: false }));
    try {
      const migrator = orm.getMigrator();
      await migrator.up({ to: 'Migration20261121213000' });
      const conn = orm.em.getConnection();
      await conn.execute(`insert into companies (name, rating) values ('FTMO', 4.7), ('ftmo', null), ('Café Crème!', 3), ('!!!', null), ('FTMO  ', 1)`);
      await conn.execute(`insert into discounts (company_id, title, affiliate_link) select id, 'x', 'https://ftmo.com/?ref=1' from companies where name = 'FTMO'`);
      await migrator.up();
      const rows = await conn.execute(`select name, slug, rating, status, affiliate_status from companies order by id`);
      expect(rows).toEqual([
        { name: 'FTMO', slug: 'ftmo', rating: '4.7', status: 'active', affiliate_status: 'partner' },
        { name: 'ftmo', slug: 'ftmo-2', rating: null, status: 'active', affiliate_status: 'no-program' },
        { name: 'Café Crème!', slug: 'caf-crme', rating: '3.0', status: 'active', affiliate_status: 'no-program' },
        { name: '!!!', slug: 'firm', rating: null, status: 'active', affiliate_status: 'no-program' },
        { name: 'FTMO  ', slug: 'ftmo-3', rating: '1.0', status: 'active', affiliate_status: 'no-program' },
      ]);
      await expect(conn.execute(`insert into companies (name, slug) values ('Dup', 'ftmo')`)).rejects.toThrow(/unique/i);
    } finally {
      await orm.close();
      await db.drop();
    }
  });
});
