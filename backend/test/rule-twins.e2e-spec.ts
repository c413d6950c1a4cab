/**
 * Every rule that also exists in SQL (for speed) against its TypeScript twin, over generated cases, on the
 * real PostgreSQL: the price after code and the best code (common/price-rule.ts ↔ discounts/discount-rules.sql.ts,
 * firms/firms.service.ts), which discount is usable, public or reportable, and the proof rules
 * (common/proof.ts ↔ proof/proof-rules.sql.ts).
 */
import fc from 'fast-check';
import { applyCode, bestCode, isUsableCode, type CodeTerms, type PriceTarget } from '../../common/price-rule.js';
import { isPublicDiscount, isReportable } from '../../common/discount-rules.js';
import { isReportedNotWorking, needsCheck, type CheckResult } from '../../common/proof.js';
import { priceAfterCodeSql, publicDiscountSql, reportableSql, usableCodeSql } from '../src/discounts/discount-rules.sql.js';
import { bestCodeLateralSql } from '../src/firms/firms.service.js';
import { needsCheckSql, notWorkingSql } from '../src/discounts/proof-rules.sql.js';
import { FirmPricesService } from '../src/firms/firm-prices.service.js';
import type { FirmsListDto } from '../../common/firm-api-types.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const RUNS = Number(process.env.TWIN_RUNS ?? 150);
const NOW = new Date('2026-11-25T12:00:00.000Z');
const PROGRAMS = ['Alpha', 'beta', 'Gamma Two'];
const SIZES = [5000, 10000, 50000, 100000];

/** Cents up to `max`, often one of a few shared values, so amounts, minimum prices and prices meet at their edges. */
const EDGES = [0.01, 49, 50, 99.99, 100, 590];
const cents = (max: number) => fc.oneof(fc.integer({ min: 0, max }).map((c) => c / 100), fc.constantFrom(...EDGES));
const nameVariant = fc.constantFrom(...PROGRAMS).chain((n) => fc.constantFrom(n, n.toUpperCase(), ` ${n.toLowerCase()} `));
const instant = fc.option(fc.integer({ min: -5 * 86_400, max: 5 * 86_400 }).map((s) => new Date(NOW.getTime() + s * 1000)));

const codeArb: fc.Arbitrary<Omit<CodeTerms, 'id'>> = fc.record({
  // Mostly usable codes, so the cases reach the fine print and the arithmetic.
  status: fc.constantFrom('active', 'active', 'active', 'active', 'coming_soon', 'expired'),
  discountCode: fc.constantFrom('VTF10', 'VTF10', 'VTF10', 'VTF10', null, '', '  '),
  discountPercentage: fc.option(fc.oneof(fc.integer({ min: 0, max: 10_000 }).map((c) => c / 100), fc.constantFrom(100, 99.99, 50))),
  discountAmount: fc.option(cents(60_000)),
  validUntil: instant,
  eligiblePrograms: fc.oneof(fc.constant([]), fc.uniqueArray(nameVariant, { maxLength: 2 })),
  eligibleSizes: fc.oneof(fc.constant([]), fc.uniqueArray(fc.constantFrom(...SIZES), { maxLength: 3 })),
  minPrice: fc.option(cents(50_000)),
  newAccountsOnly: fc.boolean(),
  appliesToResets: fc.boolean(),
  stacks: fc.boolean(),
});
const targetArb: fc.Arbitrary<PriceTarget> = fc.record({
  program: fc.constantFrom(...PROGRAMS),
  size: fc.constantFrom(...SIZES),
  price: fc.oneof(cents(100_000), cents(2_000)).filter((p) => p > 0),
  purchase: fc.constantFrom('new' as const, 'reset' as const),
  on: fc.constant(NOW),
});

const OPEN: Omit<CodeTerms, 'id'> = {
  status: 'active', discountCode: 'VTF10', discountPercentage: null, discountAmount: null, validUntil: null, eligiblePrograms: [],
  eligibleSizes: [], minPrice: null, newAccountsOnly: false, appliesToResets: false, stacks: false,
};
/** One active 10 % code of the firm, no fine print. */
const insert10 = (companyId: number, sql: () => TestApp) => sql().sql<{ id: number }>(
  `insert into discounts (company_id, title, status, discount_code, discount_percentage) values ($1, 'Ten', 'active', 'TEN', 10) returning id`, [companyId],
);
const EDGE_TARGET: PriceTarget = { program: 'Alpha', size: 5000, price: 50, purchase: 'new', on: NOW };

/** A discounts row as a derived table `d`, from parameters $1…$13. */
const ROW = `(select $1::text as status, $2::varchar as discount_code, $3::numeric(5,2) as discount_percentage,
  $4::numeric(10,2) as discount_amount, $5::timestamptz as valid_until, $6::text[] as eligible_programs, $7::int[] as eligible_sizes,
  $8::numeric(10,2) as min_price, $9::boolean as new_accounts_only, $10::boolean as applies_to_resets, $11::boolean as stacks,
  $12::text as affiliate_link, $13::int as id) d`;
const rowParams = (c: Omit<CodeTerms, 'id'>, extra: { affiliateLink?: string | null; id?: number } = {}) => [
  c.status, c.discountCode, c.discountPercentage, c.discountAmount, c.validUntil, c.eligiblePrograms, c.eligibleSizes,
  c.minPrice, c.newAccountsOnly, c.appliesToResets, c.stacks, extra.affiliateLink ?? null, extra.id ?? 1,
];

describe('SQL twins agree with their TypeScript rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('price after code: the same price, and null exactly where the fine print rules the code out', async () => {
    const sql = `select ${priceAfterCodeSql('d', { program: '$14::text', size: '$15::int', price: '$16::numeric', isReset: '$17::boolean', now: '$18::timestamptz' })} as after from ${ROW}`;
    await fc.assert(
      fc.asyncProperty(codeArb, targetArb, async (code, target) => {
        const [row] = await t.sql<{ after: string | null }>(sql, [...rowParams(code), target.program, target.size, target.price, target.purchase === 'reset', NOW]);
        const ts = applyCode(target, { ...code, id: 1 });
        expect(row!.after === null ? null : Number(row!.after)).toBe(ts.applies ? ts.price : null);
      }),
      {
        numRuns: RUNS * 3,
        // The edges a generator may miss: an amount equal to the price, a minimum price equal to it, 100 %.
        examples: [
          [{ ...OPEN, discountAmount: 50 }, { ...EDGE_TARGET, price: 50 }],
          [{ ...OPEN, discountAmount: 50 }, { ...EDGE_TARGET, price: 49 }],
          [{ ...OPEN, discountPercentage: 10, minPrice: 50 }, { ...EDGE_TARGET, price: 50 }],
          [{ ...OPEN, discountPercentage: 100 }, { ...EDGE_TARGET, price: 49 }],
          [{ ...OPEN, discountPercentage: 99.99 }, { ...EDGE_TARGET, price: 0.01 }],
        ],
      },
    );
  });

  it('usable, public and reportable discounts', async () => {
    const sql = `select ${usableCodeSql('d', '$14::timestamptz')} as usable, ${publicDiscountSql('d', '$14::timestamptz')} as public,
      ${reportableSql('d', '$14::timestamptz')} as reportable from ${ROW}`;
    await fc.assert(
      fc.asyncProperty(codeArb, fc.constantFrom(null, 'https://firm.example/a'), async (code, affiliateLink) => {
        const [row] = await t.sql<{ usable: boolean; public: boolean; reportable: boolean }>(sql, [...rowParams(code, { affiliateLink }), NOW]);
        const d = { ...code, affiliateLink, validUntil: code.validUntil };
        expect(row).toEqual({ usable: isUsableCode(d, NOW), public: isPublicDiscount(d, NOW), reportable: isReportable(d, NOW) });
      }),
      { numRuns: RUNS },
    );
  });

  it('best code for a size: the same code and price over generated sets of a firm\'s codes', async () => {
    const [company] = await t.sql<{ id: number }>(`insert into companies (name, slug) values ('Twin Firm', 'twin-firm') returning id`);
    const sql = `select b.b_id, b.b_after from (select $1::int as id) c, (select $2::text as name) p, (select $3::int as size, $4::numeric as price) s
      ${bestCodeLateralSql('$5::timestamptz')}`;
    await fc.assert(
      fc.asyncProperty(fc.array(codeArb, { minLength: 0, maxLength: 5 }), targetArb, async (codes, target) => {
        await t.sql('delete from discounts where company_id = $1', [company!.id]);
        const stored: CodeTerms[] = [];
        for (const c of codes) {
          const [row] = await t.sql<{ id: number }>(
            `insert into discounts (company_id, title, status, discount_code, discount_percentage, discount_amount, valid_until,
               eligible_programs, eligible_sizes, min_price, new_accounts_only, applies_to_resets, stacks)
             values ($1, 'Twin', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
            [company!.id, c.status, c.discountCode, c.discountPercentage, c.discountAmount, c.validUntil, c.eligiblePrograms,
              c.eligibleSizes, c.minPrice, c.newAccountsOnly, c.appliesToResets, c.stacks],
          );
          stored.push({ ...c, id: row!.id });
        }
        const newTarget = { ...target, purchase: 'new' as const };
        const [row] = await t.sql<{ b_id: number | null; b_after: string | null }>(sql, [company!.id, target.program, target.size, target.price, NOW]);
        const ts = bestCode(newTarget, stored);
        expect({ id: row!.b_id, price: row!.b_after === null ? null : Number(row!.b_after) }).toEqual({ id: ts?.code.id ?? null, price: ts?.price ?? null });
      }),
      { numRuns: RUNS },
    );
  });

  it('kept best code on each size row: equal to bestCode at the moment it was kept, through code and program writes, and /firms priced live where it ran out', async () => {
    const [company] = await t.sql<{ id: number }>(`insert into companies (name, slug) values ('Kept Firm', 'kept-firm') returning id`);
    const [program] = await t.sql<{ id: number }>(
      `insert into firm_programs (company_id, name, type, max_loss, drawdown_type, profit_split) values ($1, 'Alpha', 'one-step', 10, 'static', 80) returning id`,
      [company!.id],
    );
    const prices = fc.tuple(...SIZES.map(() => fc.oneof(cents(100_000), cents(2_000)).filter((p) => p > 0)));
    await fc.assert(
      fc.asyncProperty(fc.array(codeArb, { minLength: 0, maxLength: 4 }), prices, nameVariant, fc.option(codeArb), async (codes, sizePrices, rename, edit) => {
        await t.sql('delete from discounts where company_id = $1', [company!.id]);
        await t.sql('delete from firm_program_sizes where program_id = $1', [program!.id]);
        await t.sql(`update firm_programs set name = 'Alpha' where id = $1`, [program!.id]);
        await t.sql('insert into firm_program_sizes (program_id, size, price) select $1, * from unnest($2::int[], $3::numeric[])', [program!.id, SIZES, sizePrices]);
        const insert = (c: Omit<CodeTerms, 'id'>) => t.sql<{ id: number }>(
          `insert into discounts (company_id, title, status, discount_code, discount_percentage, discount_amount, valid_until,
             eligible_programs, eligible_sizes, min_price, new_accounts_only, applies_to_resets, stacks)
           values ($1, 'Kept', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
          [company!.id, c.status, c.discountCode, c.discountPercentage, c.discountAmount, c.validUntil, c.eligiblePrograms,
            c.eligibleSizes, c.minPrice, c.newAccountsOnly, c.appliesToResets, c.stacks],
        );
        // Codes added after the sizes, one of them then edited, the program renamed: every write must reach the kept values.
        const stored: CodeTerms[] = [];
        for (const c of codes) stored.push({ ...c, id: (await insert(c))[0]!.id });
        if (edit && stored.length) {
          await t.sql(
            `update discounts set status = $2, discount_code = $3, discount_percentage = $4, discount_amount = $5, valid_until = $6,
               eligible_programs = $7, eligible_sizes = $8, min_price = $9 where id = $1`,
            [stored[0]!.id, edit.status, edit.discountCode, edit.discountPercentage, edit.discountAmount, edit.validUntil,
              edit.eligiblePrograms, edit.eligibleSizes, edit.minPrice],
          );
          stored[0] = { ...stored[0]!, ...edit, newAccountsOnly: stored[0]!.newAccountsOnly, appliesToResets: stored[0]!.appliesToResets, stacks: stored[0]!.stacks };
        }
        await t.sql('update firm_programs set name = $2 where id = $1', [program!.id, rename]);
        const rows = await t.sql<{ size: number; price: string; best_discount_id: number | null; price_after_code: string; prices_from: Date; prices_until: Date | null }>(
          'select size, price, best_discount_id, price_after_code, prices_from, prices_until from firm_program_sizes where program_id = $1 order by size', [program!.id],
        );
        expect(rows).toHaveLength(SIZES.length);
        for (const r of rows) {
          const on = new Date(r.prices_from);
          const ts = bestCode({ program: rename, size: r.size, price: Number(r.price), purchase: 'new', on }, stored);
          expect({ size: r.size, id: r.best_discount_id, price: Number(r.price_after_code) })
            .toEqual({ size: r.size, id: ts?.code.id ?? null, price: ts?.price ?? Number(r.price) });
          const ends = stored.map((c) => c.validUntil && new Date(c.validUntil)).filter((d): d is Date => !!d && d > on);
          expect(r.prices_until ? new Date(r.prices_until).getTime() : null).toBe(ends.length ? Math.min(...ends.map(Number)) : null);
        }
      }),
      { numRuns: RUNS },
    );

    // A code that ran out since the values were kept: /firms prices those rows live (the code is gone from them)
    // until the refresh job recomputes them, and both answers agree.
    await t.sql('delete from discounts where company_id = $1', [company!.id]);
    await t.sql(`update firm_programs set name = 'Alpha' where id = $1`, [program!.id]);
    await t.sql(`update companies set status = 'active' where id = $1`, [company!.id]);
    const [code] = await insert10(company!.id, () => t);
    await t.sql(`update discounts set valid_until = now() - interval '1 second' where id = $1`, [code!.id]);
    // The discount write above recomputed the rows; put them back to "kept with the code, window ended".
    await t.sql(`update firm_program_sizes set best_discount_id = $2, price_after_code = round(price * 0.9, 2), prices_until = now() - interval '1 second'
                 where program_id = $1`, [program!.id, code!.id]);
    // A different maxPrice for each read: a different cache entry, so each answer is computed.
    const firmRows = async (maxPrice: number) => ((await t.http().get(`/_api/firms?size=10000&maxPrice=${maxPrice}`).expect(200)).body as FirmsListDto).rows
      .filter((r) => r.firm.slug === 'kept-firm').map((r) => ({ size: r.size, price: r.price, after: r.priceAfterCode, code: r.code?.code ?? null }));
    const live = await firmRows(99_999);
    expect(live).toEqual([{ size: 10000, price: expect.any(Number), after: live[0]!.price, code: null }]);
    const [{ n }] = [(await t.sql<{ n: string }>(`select count(*) as n from firm_program_sizes where program_id = $1 and prices_until <= now()`, [program!.id]))[0]!];
    expect(Number(n)).toBe(SIZES.length);
    await t.app.get(FirmPricesService).refreshEnded();
    const [after] = await t.sql<{ best_discount_id: number | null; prices_until: Date | null }>(
      'select best_discount_id, prices_until from firm_program_sizes where program_id = $1 and size = 10000', [program!.id],
    );
    expect(after).toEqual({ best_discount_id: null, prices_until: null });
    expect(await firmRows(99_998)).toEqual(live);
  });

  it('reported not working and needs check', async () => {
    const figures = fc.record({
      status: fc.constantFrom('active', 'coming_soon', 'expired'),
      lastVerifiedAt: instant,
      lastCheckResult: fc.constantFrom<CheckResult | null>(null, 'worked', 'failed', 'expired'),
      failingSince: instant,
      verifiedOverride: fc.option(instant),
    });
    const sql = `select ${notWorkingSql('d', '$6::timestamptz')} as not_working, ${needsCheckSql('d', '$6::timestamptz')} as needs_check from
      (select $1::text as status, $2::timestamptz as last_verified_at, $3::text as last_check_result, $4::timestamptz as failing_since,
              $5::timestamptz as last_verified_at_unused) d`;
    await fc.assert(
      fc.asyncProperty(figures, async (f) => {
        const [row] = await t.sql<{ not_working: boolean; needs_check: boolean }>(sql, [f.status, f.lastVerifiedAt, f.lastCheckResult, f.failingSince, null, NOW]);
        const p = {
          status: f.status, lastVerifiedAt: f.lastVerifiedAt?.toISOString() ?? null, lastCheckResult: f.lastCheckResult,
          failingSince: f.failingSince?.toISOString() ?? null, reportsCount: 0, workedCount: 0,
        };
        expect({ notWorking: row!.not_working, needsCheck: row!.needs_check }).toEqual({ notWorking: isReportedNotWorking(p, NOW), needsCheck: needsCheck(p, NOW) });
      }),
      { numRuns: RUNS },
    );
  });
});
