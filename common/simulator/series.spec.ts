import { costToFunded } from './cost.js';
import { SimulatorInputError } from './errors.js';
import {
  ALL_ZERO_MESSAGE, dailySeriesFromTrades, normaliseDailyPnl, parametricSeries, scaleSeries, TOO_FEW_DAYS_MESSAGE, validateSeries,
} from './series.js';
import { trueCost } from '../true-cost.js';
import type { DailyPnl } from './types.js';

const series = (n: number, pnl: (i: number) => number = (i) => (i % 3 === 0 ? -50 : 80)): DailyPnl[] =>
  Array.from({ length: n }, (_, i) => ({ date: `2025-01-${String(i + 1).padStart(2, '0')}`, pnl: pnl(i) }));

describe('dailySeriesFromTrades', () => {
  it('sums trades per UTC calendar date and sorts the days', () => {
    expect(dailySeriesFromTrades([
      { closedAt: '2025-03-15T09:00:00Z', pnl: 10 },
      { closedAt: '2025-03-14T23:30:00-02:00', pnl: 0.1 },
      { closedAt: '2025-03-14', pnl: 0.2 },
      { closedAt: '2025-03-14T12:00:00Z', pnl: -5 },
    ])).toEqual([{ date: '2025-03-14', pnl: -4.8 }, { date: '2025-03-15', pnl: 10.1 }]);
  });

  it('refuses a closedAt that is not a date, naming the trade', () => {
    expect(() => dailySeriesFromTrades([{ closedAt: '2025-03-14', pnl: 1 }, { closedAt: 'yesterday', pnl: 1 }])).toThrow(
      'Trade 2: "yesterday" is not a date we can read (use e.g. 2025-03-14 or 2025-03-14T16:05:00Z)',
    );
    expect(() => dailySeriesFromTrades([{ closedAt: '2025-02-30', pnl: 1 }])).toThrow(SimulatorInputError);
  });

  it('merges days given twice (normaliseDailyPnl)', () => {
    expect(normaliseDailyPnl([{ date: '2025-01-02', pnl: 5 }, { date: '2025-01-01', pnl: 1 }, { date: '2025-01-02', pnl: -2 }])).toEqual([
      { date: '2025-01-01', pnl: 1 }, { date: '2025-01-02', pnl: 3 },
    ]);
  });
});

describe('validateSeries', () => {
  it('needs at least 20 trading days', () => {
    expect(() => validateSeries(series(19))).toThrow(TOO_FEW_DAYS_MESSAGE);
    expect(TOO_FEW_DAYS_MESSAGE).toBe('We need at least 20 trading days of results to simulate');
    expect(() => validateSeries(series(20))).not.toThrow();
  });

  it('refuses a series of all zeros', () => {
    expect(() => validateSeries(series(25, () => 0))).toThrow(ALL_ZERO_MESSAGE);
  });
});

describe('scaleSeries and parametricSeries', () => {
  it('scales every day by the factor (the "what if" risk control)', () => {
    expect(scaleSeries([{ date: '2025-01-01', pnl: 100 }, { date: '2025-01-02', pnl: -40 }], 1.5)).toEqual([
      { date: '2025-01-01', pnl: 150 }, { date: '2025-01-02', pnl: -60 },
    ]);
    expect(() => scaleSeries([], 0)).toThrow('The risk factor must be a number above 0');
  });

  it('generates weekdays whose averages follow the statistics, the same for the same seed', () => {
    const input = { winRate: 55, avgWin: 200, avgLoss: -150, tradesPerDay: 3, days: 2000, seed: 11 };
    const days = parametricSeries(input);
    expect(days).toHaveLength(2000);
    expect(days.every((d) => ![0, 6].includes(new Date(`${d.date}T00:00:00Z`).getUTCDay()))).toBe(true);
    expect(new Set(days.map((d) => d.date)).size).toBe(2000);
    // Expected day ≈ E[trades] × (0.55 × 200 − 0.45 × 150) = ~3.15 × 42.5 ≈ 134.
    const mean = days.reduce((s, d) => s + d.pnl, 0) / days.length;
    expect(mean).toBeGreaterThan(100);
    expect(mean).toBeLessThan(170);
    expect(parametricSeries(input)).toEqual(days);
    expect(() => parametricSeries({ ...input, avgWin: 0 })).toThrow('The average win must be an amount above 0');
    expect(() => parametricSeries({ ...input, winRate: 140 })).toThrow('The win rate must be a percentage from 0 to 100');
  });
});

describe('costToFunded', () => {
  it('is the site\'s true cost with the simulated pass rate', () => {
    const input = { feeAfterCode: 90, resetPrice: 79, activationFee: 0 };
    expect(costToFunded(input, 0.25)).toBe(trueCost({ ...input, publishedPassRate: 25 }).expectedCost);
    expect(costToFunded(input, 0.25)).toBe(90 + 3 * 79);
    expect(costToFunded(input, 1)).toBe(90);
    expect(costToFunded(input, 0)).toBeNull();
  });
});
