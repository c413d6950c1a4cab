import { bestIndexes, compareRows, NO_VALUE } from './firm-compare.js';
import type { FirmProfileDto } from './firm-api-types.js';
import { CRITERIA } from './firms.js';

type Profile = Pick<FirmProfileDto, 'firm' | 'criteria' | 'programs'>;

const program = (over: Partial<Profile['programs'][number]> = {}): Profile['programs'][number] => ({
  id: 1, name: 'Classic', type: 'two-step', profitTargets: [8, 5], dailyLoss: 5, maxLoss: 10, drawdownType: 'static',
  minTradingDays: 4, timeLimitDays: null, consistency: null, trailingStopsAtStart: false, profitSplit: 80, firstPayoutDays: 14, payoutFrequency: 'Bi-weekly',
  refundableFee: true, activationFee: null, resetPrice: null,
  sizes: [
    { id: 1, size: 10000, price: 100, priceAfterCode: 90, code: null, trueCost: { passRate: 10, passRateSource: 'assumed', attempts: 10, expectedCost: 900 } },
    { id: 2, size: 100000, price: 500, priceAfterCode: 450, code: null, trueCost: { passRate: 10, passRateSource: 'assumed', attempts: 10, expectedCost: 4500 } },
  ],
  ...over,
});

const profile = (name: string, over: Partial<Profile['firm']> = {}, programs = [program()], score = 4): Profile => ({
  firm: {
    id: 1, name, aliases: [], description: null, logoUrl: null, logoBackground: null, websiteUrl: null, rating: score, whyChooseUs: null, slug: name.toLowerCase(),
    status: 'active', foundedYear: 2015, headquarters: 'Cyprus', platforms: ['MT5'], assetClasses: ['forex'], restrictedCountries: [],
    affiliateStatus: 'partner', lastTestedAt: '2026-10-01', passRate: null, passRateSourceUrl: null, passRateDate: null, statusSince: null, statusReason: null, statusSource: null,
    ratingSource: 'criteria', ...over,
  },
  criteria: CRITERIA.map((c) => ({ criterion: c.key, label: c.label, weight: c.weight, score, note: null })),
  programs,
});

const rowOf = (rows: ReturnType<typeof compareRows>, key: string) => rows.find((r) => r.key === key)!;

describe('bestIndexes', () => {
  it('marks the lowest or the highest value, every firm tied for it', () => {
    expect(bestIndexes([3, 1, 2], 'lower')).toEqual([1]);
    expect(bestIndexes([3, 1, 3], 'higher')).toEqual([0, 2]);
  });
  it('marks nobody when all are equal, fewer than two have a value, or the fact has no better side', () => {
    expect(bestIndexes([2, 2, 2], 'lower')).toEqual([]);
    expect(bestIndexes([2, null, undefined], 'lower')).toEqual([]);
    expect(bestIndexes([1, 2], null)).toEqual([]);
  });
  it('ignores firms without a value when the others differ', () => {
    expect(bestIndexes([null, 5, 4], 'higher')).toEqual([1]);
  });
});

describe('compareRows', () => {
  it('puts every fact on one row per firm and marks the cheaper and better values', () => {
    const cheap = program({ profitSplit: 90, minTradingDays: 0, sizes: [{
      id: 3, size: 100000, price: 400, priceAfterCode: 320, code: null, trueCost: { passRate: 8, passRateSource: 'published', attempts: 12.5, expectedCost: 4000 },
    }] });
    const rows = compareRows([
      profile('A', { foundedYear: 2010 }, [program()], 4.5),
      profile('B', { restrictedCountries: ['Iran', 'Cuba'], lastTestedAt: '2026-11-01' }, [cheap], 3.9),
    ]);
    expect(rowOf(rows, 'score')).toEqual({ key: 'score', label: 'Score (of 5)', values: ['4.5', '3.9'], best: [0] });
    expect(rowOf(rows, 'founded').best).toEqual([0]);
    expect(rowOf(rows, 'restricted')).toMatchObject({ values: ['None listed', 'Iran, Cuba'], best: [0] });
    expect(rowOf(rows, 'cheapest')).toMatchObject({ values: ['$90 ($10,000 account)', '$320 ($100,000 account)'], best: [0] });
    // Both sell $100,000: the fair price comparison is that size.
    expect(rowOf(rows, 'price-100000')).toMatchObject({ label: '$100,000 account after our code (cheapest program)', values: ['$450', '$320'], best: [1] });
    expect(rowOf(rows, 'true-cost-100000')).toMatchObject({
      label: 'True cost to get funded, $100,000 account',
      values: ['$4,500 (10 attempts at 10 % assumed)', '$4,000 (12.5 attempts at 8 % published)'],
      best: [1],
    });
    expect(rowOf(rows, 'split')).toMatchObject({ values: ['80%', '90%'], best: [1] });
    expect(rowOf(rows, 'min-days')).toMatchObject({ values: ['4 days', '0 days'], best: [1] });
    expect(rowOf(rows, 'last-tested')).toMatchObject({ values: ['2026-10-01', '2026-11-01'], best: [1] });
    expect(rowOf(rows, 'platforms').best).toEqual([]);
    for (const c of CRITERIA) expect(rowOf(rows, `criterion:${c.key}`).values).toEqual(['4.5', '3.9']);
  });

  it('shows a dash for a missing value, leaves out the shared-size row when no size is shared, and marks nobody on equal rows', () => {
    const rows = compareRows([
      profile('A', { foundedYear: null, lastTestedAt: null }, [program({ firstPayoutDays: null })]),
      profile('B', {}, [program({ sizes: [{
        id: 9, size: 5000, price: 50, priceAfterCode: 50, code: null, trueCost: { passRate: 10, passRateSource: 'assumed', attempts: 10, expectedCost: 500 },
      }] })]),
      profile('C', {}, []),
    ]);
    expect(rowOf(rows, 'founded')).toMatchObject({ values: [NO_VALUE, '2015', '2015'], best: [] });
    expect(rowOf(rows, 'first-payout')).toMatchObject({ values: [NO_VALUE, 'after 14 days', NO_VALUE], best: [] });
    expect(rowOf(rows, 'cheapest')).toMatchObject({ values: ['$90 ($10,000 account)', '$50 ($5,000 account)', NO_VALUE], best: [1] });
    expect(rows.some((r) => r.key.startsWith('price-') || r.key.startsWith('true-cost-'))).toBe(false);
    expect(rowOf(rows, 'score').best).toEqual([]);
  });
});
