import { readFileSync } from 'node:fs';
import { costToFunded } from './cost.js';
import { DEFAULT_FORM, formValuesOf, readSimulatorForm, SIMULATOR_MESSAGES, STATS_DAYS } from './form.js';
import { TOO_FEW_DAYS_MESSAGE } from './series.js';
import type { DailyPnl } from './types.js';
import {
  cheapestFactor, FAN_PATHS, formatProbability, mainFailReason, rankResults, RISK_FACTORS, simulatorView, type CatalogueProgram,
} from './view.js';

const YEAR = readFileSync(new URL('./fixtures/year-of-days.csv', import.meta.url), 'utf8');
const program = (over: Partial<CatalogueProgram> & { rules?: Partial<CatalogueProgram['rules']> } = {}): CatalogueProgram => ({
  programId: 1, companySlug: 'alpha', companyName: 'Alpha', programName: 'Alpha Classic', size: 100_000, price: 500, priceAfterCode: 450,
  discountCode: 'A10', discountSlug: 'alpha-a10', resetPrice: 100, activationFee: null, ...over,
  rules: {
    profitTargets: [8], dailyLoss: 5, maxLoss: 10, drawdownType: 'static', minTradingDays: 0, timeLimitDays: null, consistency: null,
    trailingStopsAtStart: false, ...over.rules,
  },
});
const days = (pnls: number[]): DailyPnl[] => pnls.map((pnl, i) => ({ date: `2025-02-${String((i % 28) + 1).padStart(2, '0')}`, pnl }));

describe('rankResults', () => {
  it('joins each result to its row with the site price function, cheapest expected cost first, never-passed last', () => {
    const priced = [200, 100, 300].map((fee, i) => ({ row: { id: i }, rules: {} as never, cost: { feeAfterCode: fee, resetPrice: null, activationFee: null } }));
    const result = (p: number) => ({ passProbability: p, ci95: [p, p] as [number, number], failReasons: { dailyLoss: 0, maxLoss: 1 - p, timeLimit: 0, consistency: 0 }, medianDaysToPass: 5, expectedAttempts: p ? 1 / p : null });
    const ranked = rankResults(priced, [result(0.5), result(0), result(1)]);
    expect(ranked.map((r) => r.id)).toEqual([2, 0, 1]);
    expect(ranked[1]!.expectedCostToFunded).toBe(costToFunded({ feeAfterCode: 200, resetPrice: null, activationFee: null }, 0.5));
    expect(ranked[2]!.expectedCostToFunded).toBeNull();
  });
});

describe('mainFailReason, cheapestFactor, formatProbability', () => {
  it('names the reason most failing paths failed for, none when none failed', () => {
    expect(mainFailReason({ dailyLoss: 0.1, maxLoss: 0.3, timeLimit: 0.05, consistency: 0 })).toBe('maxLoss');
    expect(mainFailReason({ dailyLoss: 0, maxLoss: 0, timeLimit: 0, consistency: 0 })).toBeNull();
  });
  it('picks the factor with the lowest expected cost, the smaller risk on a tie, none when none passes', () => {
    expect(cheapestFactor([{ factor: 0.5, passProbability: 0.2, expectedCostToFunded: 300 }, { factor: 1, passProbability: 0.4, expectedCostToFunded: 200 }, { factor: 2, passProbability: 0.4, expectedCostToFunded: 200 }])).toBe(1);
    expect(cheapestFactor([{ factor: 1, passProbability: 0, expectedCostToFunded: null }])).toBeNull();
  });
  it('shows a probability to a tenth of a percent, the sign kept with its number', () => {
    expect(formatProbability(0.4251)).toBe('42.5\u00a0%');
    expect(formatProbability(1)).toBe('100.0\u00a0%');
  });
});

describe('simulatorView', () => {
  const catalogue = [
    program(),
    program({ programId: 2, companySlug: 'bravo', companyName: 'Bravo', programName: 'Bravo Rapid', price: 90, priceAfterCode: 90, discountCode: null, discountSlug: null, resetPrice: null }),
    program({ programId: 1, size: 50_000, price: 300, priceAfterCode: 270 }),
  ];
  const series = days(Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? -700 : 800)));

  it('ranks every program and size, then charts the best with 100 paths and sweeps its risk; the same seed gives the same view', () => {
    const view = simulatorView(series, catalogue, { tradedOn: 100_000, paths: 2000, seed: 9 });
    expect(view.rows).toHaveLength(3);
    const costs = view.rows.map((r) => r.expectedCostToFunded ?? Infinity);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    expect(view.chosen).toEqual({ programId: view.rows[0]!.programId, size: view.rows[0]!.size });
    expect(view.fan!.paths).toHaveLength(FAN_PATHS);
    expect(view.fan!.targets).toEqual([view.rows[0]!.size * 1.08]);
    expect(view.sweep.map((p) => p.factor)).toEqual([...RISK_FACTORS]);
    // Factor 1 is the ranked row itself: the same seed and block length.
    expect(view.sweep.find((p) => p.factor === 1)!.passProbability).toBe(view.rows[0]!.passProbability);
    expect(simulatorView(series, catalogue, { tradedOn: 100_000, paths: 2000, seed: 9 })).toEqual(view);
  });

  it('charts the firm the trader came from, or the program they chose', () => {
    const forBravo = simulatorView(series, catalogue, { tradedOn: 100_000, paths: 1000, seed: 1, firm: 'bravo' });
    expect(forBravo.chosen).toEqual({ programId: 2, size: 100_000 });
    const chosen = simulatorView(series, catalogue, { tradedOn: 100_000, paths: 1000, seed: 1, firm: 'bravo', chosen: { programId: 1, size: 50_000 } });
    expect(chosen.fan).toMatchObject({ programId: 1, size: 50_000, startFloor: 45_000 });
  });

  it('has nothing to chart with an empty catalogue', () => {
    expect(simulatorView(series, [], { tradedOn: 100_000, paths: 1000, seed: 1 })).toMatchObject({ rows: [], chosen: null, fan: null, sweep: [] });
  });
});

describe('the /simulator form', () => {
  const values = (over: Record<string, string>) => formValuesOf({ ...DEFAULT_FORM, ...over });

  it('reads a pasted CSV or a chosen file (the file wins), the account size and the firm', () => {
    const read = readSimulatorForm(values({ csv: 'not used', tradedOn: '$50,000', firm: 'ftmo' }));
    expect(read).toMatchObject({ ok: false, field: 'csv' });
    const fromFile = readSimulatorForm(formValuesOf({ tradedOn: '50,000', firm: ' ftmo ', program: '3:100000' }, YEAR));
    expect(fromFile).toMatchObject({ ok: true, input: { tradedOn: 50_000, firm: 'ftmo', chosen: { programId: 3, size: 100_000 } } });
    expect(fromFile.ok && fromFile.input.series).toHaveLength(250);
  });

  it('makes a year of days from simple statistics, the same for the same statistics, R scaled by the risk per trade', () => {
    const stats = { mode: 'stats', winRate: '50', avgWinR: '2', avgLossR: '1', tradesPerDay: '1', riskPercent: '1', tradedOn: '100000' };
    const a = readSimulatorForm(values(stats));
    const b = readSimulatorForm(values(stats));
    expect(a.ok && a.input.series).toHaveLength(STATS_DAYS);
    expect(a).toEqual(b);
    const doubled = readSimulatorForm(values({ ...stats, riskPercent: '2' }));
    expect(doubled.ok && a.ok && doubled.input.series[0]!.pnl).toBeCloseTo(a.ok ? a.input.series[0]!.pnl * 2 : NaN, 1);
  });

  it.each([
    [{ csv: '' }, 'csv', SIMULATOR_MESSAGES.noCsv],
    [{ csv: 'date,pnl\n2025-01-02,5\n2025-01-03,x\n' }, 'csv', /^Line 3: /],
    [{ csv: 'date,pnl\n2025-01-02,5\n2025-01-03,7\n' }, 'csv', TOO_FEW_DAYS_MESSAGE],
    [{ csv: 'PNG\u0000\u0000' }, 'csv', SIMULATOR_MESSAGES.notText],
    [{ csv: YEAR, tradedOn: '0' }, 'tradedOn', SIMULATOR_MESSAGES.tradedOn],
    [{ mode: 'stats', winRate: 'half' }, 'winRate', SIMULATOR_MESSAGES.number('Win rate (%)')],
    [{ mode: 'stats', riskPercent: '25' }, 'riskPercent', SIMULATOR_MESSAGES.riskPercent],
  ])('refuses %j on the field to correct, with a message a trader can act on', (over, field, message) => {
    const read = readSimulatorForm(values(over as Record<string, string>));
    expect(read).toMatchObject({ ok: false, field });
    if (!read.ok) expect(read.message).toMatch(message);
  });
});
