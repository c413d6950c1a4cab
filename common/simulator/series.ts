/** Building and checking the daily P&L series the simulator bootstraps (issue #28). */
import { SimulatorInputError } from './errors.js';
import { Sfc32 } from './random.js';
import { MIN_TRADING_DAYS, type ClosedTrade, type DailyPnl } from './types.js';

export const TOO_FEW_DAYS_MESSAGE = 'We need at least 20 trading days of results to simulate';
export const ALL_ZERO_MESSAGE = 'Every day in these results is a P&L of 0, so there is nothing to simulate: check that the P&L column holds your profits and losses';

/** The UTC calendar date (YYYY-MM-DD) of an ISO date or date-time; null when it is not one. */
export function utcDay(value: string): string | null {
  const plain = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const time = plain ? Date.parse(`${value}T00:00:00Z`) : Date.parse(value);
  if (Number.isNaN(time)) return null;
  const day = new Date(time).toISOString().slice(0, 10);
  // Date.parse rolls 2025-02-30 over to March; a date that does not round-trip is not a date.
  if (plain && day !== value) return null;
  return day;
}

/** Trades summed per UTC calendar date of closedAt, in date order. */
export function dailySeriesFromTrades(trades: readonly ClosedTrade[]): DailyPnl[] {
  const byDay = new Map<string, number>();
  trades.forEach((t, i) => {
    const day = utcDay(t.closedAt);
    if (day === null) throw new SimulatorInputError(`Trade ${i + 1}: "${t.closedAt}" is not a date we can read (use e.g. 2025-03-14 or 2025-03-14T16:05:00Z)`);
    if (!Number.isFinite(t.pnl)) throw new SimulatorInputError(`Trade ${i + 1}: the P&L is not a number`);
    byDay.set(day, (byDay.get(day) ?? 0) + t.pnl);
  });
  return sortedDays(byDay);
}

/** Days given as {date, pnl}: the same date given twice is summed, then sorted. */
export function normaliseDailyPnl(days: readonly DailyPnl[]): DailyPnl[] {
  return dailySeriesFromTrades(days.map((d) => ({ closedAt: d.date, pnl: d.pnl })));
}

export function sortedDays(byDay: Map<string, number>): DailyPnl[] {
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    // Sums of cents drift (0.1 + 0.2); a day's P&L is kept to the cent.
    .map(([date, pnl]) => ({ date, pnl: Math.round(pnl * 100) / 100 }));
}

/** Throws the message a trader can act on when the series cannot be simulated. */
export function validateSeries(days: readonly DailyPnl[]): void {
  if (days.length < MIN_TRADING_DAYS) throw new SimulatorInputError(TOO_FEW_DAYS_MESSAGE);
  for (let i = 0; i < days.length; i++) {
    if (!Number.isFinite(days[i].pnl)) throw new SimulatorInputError(`Day ${days[i].date}: the P&L is not a number`);
  }
  if (days.every((d) => d.pnl === 0)) throw new SimulatorInputError(ALL_ZERO_MESSAGE);
}

/** The series with every day's P&L multiplied by factor: the "what if I risked more (or less) per trade" control. */
export function scaleSeries(series: readonly DailyPnl[], factor: number): DailyPnl[] {
  if (!(Number.isFinite(factor) && factor > 0)) throw new SimulatorInputError('The risk factor must be a number above 0');
  return series.map((d) => ({ date: d.date, pnl: d.pnl * factor }));
}

export interface ParametricInput {
  /** Share of winning trades, 0..1 (a percentage above 1 is read as percent). */
  winRate: number;
  /** Average winning trade, $ (positive). */
  avgWin: number;
  /** Average losing trade, $ (given positive or negative; a loss either way). */
  avgLoss: number;
  tradesPerDay: number;
  days: number;
  seed: number;
}

/**
 * The "simple statistics" mode: a daily series generated from a win rate and average win / loss. Each day has
 * Poisson(tradesPerDay) trades (at least one, since a day in the series is a day traded); each trade wins with the
 * win rate. A win or loss is drawn around its average (exponential, so sizes vary as they do in real trading but
 * the averages hold). Days are weekdays counting back from 2025-01-01 — dates only label the series.
 */
export function parametricSeries(input: ParametricInput): DailyPnl[] {
  const winRate = input.winRate > 1 ? input.winRate / 100 : input.winRate;
  const avgLoss = Math.abs(input.avgLoss);
  if (!(winRate >= 0 && winRate <= 1)) throw new SimulatorInputError('The win rate must be a percentage from 0 to 100');
  if (!(Number.isFinite(input.avgWin) && input.avgWin > 0)) throw new SimulatorInputError('The average win must be an amount above 0');
  if (!(Number.isFinite(avgLoss) && avgLoss > 0)) throw new SimulatorInputError('The average loss must be an amount above 0');
  if (!(Number.isFinite(input.tradesPerDay) && input.tradesPerDay > 0 && input.tradesPerDay <= 1000)) {
    throw new SimulatorInputError('Trades per day must be a number above 0 and at most 1000');
  }
  if (!(Number.isInteger(input.days) && input.days >= 1 && input.days <= 5000)) throw new SimulatorInputError('Days must be a whole number from 1 to 5000');
  const rng = new Sfc32(input.seed);
  const out: DailyPnl[] = [];
  const dates = weekdaysBefore('2025-01-01', input.days);
  for (let d = 0; d < input.days; d++) {
    const trades = Math.max(1, poisson(rng, input.tradesPerDay));
    let pnl = 0;
    for (let t = 0; t < trades; t++) {
      const size = -Math.log(1 - rng.next());
      pnl += rng.next() < winRate ? input.avgWin * size : -avgLoss * size;
    }
    out.push({ date: dates[d], pnl: Math.round(pnl * 100) / 100 });
  }
  return out;
}

function poisson(rng: Sfc32, mean: number): number {
  if (mean > 30) {
    // Normal approximation: Knuth's product method underflows for large means.
    const u = 1 - rng.next();
    const v = rng.next();
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    return Math.max(0, Math.round(mean + Math.sqrt(mean) * z));
  }
  const limit = Math.exp(-mean);
  let k = 0;
  let product = rng.next();
  while (product > limit) {
    k++;
    product *= rng.next();
  }
  return k;
}

function weekdaysBefore(end: string, count: number): string[] {
  const dates: string[] = [];
  let t = Date.parse(`${end}T00:00:00Z`);
  while (dates.length < count) {
    t -= 86_400_000;
    const weekday = new Date(t).getUTCDay();
    if (weekday !== 0 && weekday !== 6) dates.push(new Date(t).toISOString().slice(0, 10));
  }
  return dates.reverse();
}
