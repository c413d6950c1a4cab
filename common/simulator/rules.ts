/**
 * How one rule set judges one path of daily results (issue #28), in percent of the account size: with the P&L
 * scaled by size / tradedOn, a day of pnl dollars moves a balance by pnl × 100 / tradedOn % of any size, so the
 * verdict depends on the rules, not the size. Readings for daily data (docs/decisions/simulator-daily-readings.md):
 * - A day is checked in this order: daily loss, then max loss, then the target. A loss rule reached on a day is the
 *   reason even if the balance is also above the target (it cannot be both for a static floor).
 * - Ties: a limit touched counts as breached (day P&L ≤ −daily loss; balance ≤ floor), a target touched counts as
 *   met (profit ≥ target); EPSILON absorbs float noise so that e.g. 6 × 1 % is exactly the 6 % target.
 * - 'trailing' and 'eod-trailing' both trail the highest end-of-day balance: daily data has no intraday high.
 * - trailingStopsAtStart: the floor rises to the starting balance and no further.
 * - A phase passes on the first day the target is met with at least minTradingDays days traded in the phase (and
 *   the consistency rule satisfied); a target met earlier keeps the path trading, still exposed to every loss rule.
 * - Consistency: best day ≤ N % of the phase's profit on the day it would pass; if not, the path trades on. A path
 *   that runs out of time after the consistency rule alone once blocked its pass counts as `consistency`.
 * - Time: each phase has its own limit (timeLimitDays); all phases together stop at MAX_SIMULATED_DAYS, counted
 *   as a time-limit failure.
 */
import { SimulatorInputError } from './errors.js';
import { MAX_SIMULATED_DAYS, type RuleSet } from './types.js';

export const EPSILON = 1e-9;

/** Outcome codes of one path under one rule set. */
export const PASS = 1;
export const DAILY_LOSS = 2;
export const MAX_LOSS = 3;
export const TIME_LIMIT = 4;
export const CONSISTENCY = 5;
export type Outcome = typeof PASS | typeof DAILY_LOSS | typeof MAX_LOSS | typeof TIME_LIMIT | typeof CONSISTENCY;
export const OUTCOME_NAMES = { [PASS]: 'pass', [DAILY_LOSS]: 'dailyLoss', [MAX_LOSS]: 'maxLoss', [TIME_LIMIT]: 'timeLimit', [CONSISTENCY]: 'consistency' } as const;

/** A rule set in the engine's terms (percent of size; Infinity / −Infinity where a rule is absent). */
export interface CompiledRules {
  targets: number[];
  /** A day whose P&L (%) is ≤ this fails the daily loss rule; −Infinity: no rule. */
  dailyLossAt: number;
  maxLoss: number;
  trailing: boolean;
  /** Highest the trailing floor goes: 0 (the starting balance) when it stops at start, else Infinity. */
  floorCap: number;
  minDays: number;
  /** Days allowed per phase. */
  phaseLimit: number;
  /** Best day ≤ this × the phase's profit; Infinity: no rule. */
  consistency: number;
}

export function compileRules(rule: RuleSet): CompiledRules {
  const bad = (what: string) => new SimulatorInputError(`Program "${rule.name}": ${what}`);
  if (!rule.profitTargets.every((t) => Number.isFinite(t) && t > 0)) throw bad('every profit target must be a percentage above 0');
  if (!(Number.isFinite(rule.maxLoss) && rule.maxLoss > 0)) throw bad('the maximum loss must be a percentage above 0');
  if (rule.dailyLoss !== null && !(Number.isFinite(rule.dailyLoss) && rule.dailyLoss > 0)) throw bad('the daily loss must be a percentage above 0, or none');
  if (!(Number.isInteger(rule.minTradingDays) && rule.minTradingDays >= 0)) throw bad('minimum trading days must be a whole number of 0 or more');
  if (rule.timeLimitDays !== null && !(Number.isInteger(rule.timeLimitDays) && rule.timeLimitDays >= 1)) throw bad('the time limit must be a whole number of days, at least 1, or none');
  if (rule.consistency != null && !(Number.isFinite(rule.consistency) && rule.consistency > 0 && rule.consistency <= 100)) throw bad('the consistency rule must be a percentage above 0 and at most 100, or none');
  if (!(Number.isFinite(rule.size) && rule.size > 0)) throw bad('the account size must be above 0');
  return {
    targets: [...rule.profitTargets],
    dailyLossAt: rule.dailyLoss === null ? -Infinity : -rule.dailyLoss + EPSILON,
    maxLoss: rule.maxLoss,
    trailing: rule.drawdownType !== 'static',
    floorCap: rule.trailingStopsAtStart ? 0 : Infinity,
    minDays: rule.minTradingDays,
    phaseLimit: Math.min(rule.timeLimitDays ?? MAX_SIMULATED_DAYS, MAX_SIMULATED_DAYS),
    consistency: rule.consistency == null ? Infinity : rule.consistency / 100,
  };
}

/** Rule sets that judge every path alike (only name and size differ) share one key, and are simulated once. */
export function rulesKey(r: CompiledRules): string {
  return JSON.stringify([r.targets, r.dailyLossAt, r.maxLoss, r.trailing, r.floorCap, r.minDays, r.phaseLimit, r.consistency]);
}

export interface PathVerdict {
  outcome: Outcome;
  /** Days traded, all phases together, when the path ended (passed or failed). */
  days: number;
  /** Day (1-based, all phases together) on which each phase passed. */
  phaseEnds: number[];
  /** Balance (% of size, relative to the phase's start) at the end of each day traded. */
  balances: number[];
  /** The loss floor (% of size) in force on each day traded, for drawing. */
  floors: number[];
}

/**
 * The reference walk: one rule set over one given sequence of daily P&L (% of size). The engine's hot loop
 * (engine.ts) does the same over typed arrays for many rule sets at once; tests hold the two equal. Days beyond
 * the sequence end the walk as a time-limit failure, as MAX_SIMULATED_DAYS does.
 */
export function checkPath(dailyPercent: ArrayLike<number> | (() => number), rules: CompiledRules, maxDays = MAX_SIMULATED_DAYS): PathVerdict {
  const nextDay = typeof dailyPercent === 'function' ? dailyPercent : null;
  const limitDays = nextDay ? maxDays : Math.min(maxDays, (dailyPercent as ArrayLike<number>).length);
  const phaseEnds: number[] = [];
  const balances: number[] = [];
  const floors: number[] = [];
  if (rules.targets.length === 0) return { outcome: PASS, days: 0, phaseEnds, balances, floors };
  let phase = 0;
  let balance = 0;
  let peak = 0;
  let phaseDays = 0;
  let best = -Infinity;
  let blocked = false;
  for (let day = 1; day <= limitDays; day++) {
    const x = nextDay ? nextDay() : (dailyPercent as ArrayLike<number>)[day - 1];
    if (x <= rules.dailyLossAt) {
      balances.push(balance + x);
      floors.push(floorOf(rules, peak));
      return { outcome: DAILY_LOSS, days: day, phaseEnds, balances, floors };
    }
    balance += x;
    if (balance > peak) peak = balance;
    const floor = floorOf(rules, peak);
    balances.push(balance);
    floors.push(floor);
    if (balance <= floor + EPSILON) return { outcome: MAX_LOSS, days: day, phaseEnds, balances, floors };
    phaseDays++;
    if (x > best) best = x;
    if (balance >= rules.targets[phase] - EPSILON && phaseDays >= rules.minDays) {
      if (best <= rules.consistency * balance + EPSILON) {
        phaseEnds.push(day);
        if (++phase === rules.targets.length) return { outcome: PASS, days: day, phaseEnds, balances, floors };
        balance = 0;
        peak = 0;
        phaseDays = 0;
        best = -Infinity;
        blocked = false;
        continue;
      }
      blocked = true;
    }
    if (phaseDays >= rules.phaseLimit) return { outcome: blocked ? CONSISTENCY : TIME_LIMIT, days: day, phaseEnds, balances, floors };
  }
  return { outcome: blocked ? CONSISTENCY : TIME_LIMIT, days: limitDays, phaseEnds, balances, floors };
}

function floorOf(rules: CompiledRules, peak: number): number {
  if (!rules.trailing) return -rules.maxLoss;
  const floor = peak - rules.maxLoss;
  return floor < rules.floorCap ? floor : rules.floorCap;
}
