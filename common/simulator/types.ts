/**
 * The challenge simulator's contract (issue #28): what the engine takes and gives. The engine
 * (common/simulator/engine.ts and friends) is pure and runs unchanged in the browser's Web Worker
 * and on the server; the API and the page only read these shapes.
 */
import type { DrawdownType } from '../firms.js';

/** One trading day's result in US dollars, on the account size it was traded on. */
export interface DailyPnl {
  /** YYYY-MM-DD. */
  date: string;
  pnl: number;
}

/** One closed trade; trades are summed per calendar day (UTC date of closedAt). */
export interface ClosedTrade {
  /** ISO date or date-time. */
  closedAt: string;
  pnl: number;
}

/** One program's rules at one account size, as the engine checks them. Percentages are of the account size. */
export interface RuleSet {
  name: string;
  /** One target (%) per evaluation phase; each phase starts again from the account size. Empty: instant funding. */
  profitTargets: number[];
  /** Daily loss limit (%), measured from the day's starting balance; null: none. */
  dailyLoss: number | null;
  /** Maximum loss (%). */
  maxLoss: number;
  /** 'static': floor at start − maxLoss; 'trailing': floor follows the highest balance (intraday = end of day here,
   * since the input is daily); 'eod-trailing': floor follows the highest end-of-day balance. */
  drawdownType: DrawdownType;
  /** The trailing floor stops rising once it reaches the starting balance (the firm says so). */
  trailingStopsAtStart?: boolean;
  minTradingDays: number;
  /** null: no limit; the engine stops at MAX_SIMULATED_DAYS and counts that as "ran out of time". */
  timeLimitDays: number | null;
  /** Best day ≤ this % of the phase's total profit; null/undefined: no consistency rule. */
  consistency?: number | null;
  /** Account size in US dollars; the series is scaled by size / tradedOn. */
  size: number;
}

export interface FailReasons {
  /** Shares of all paths (0..1) that failed for each reason; they sum to 1 − passProbability. */
  dailyLoss: number;
  maxLoss: number;
  timeLimit: number;
  consistency: number;
}

export interface RuleSetResult {
  passProbability: number;
  /** 95 % Wilson score interval of passProbability. */
  ci95: [number, number];
  failReasons: FailReasons;
  /** Median trading days to pass (all phases), over passing paths; null when none pass. */
  medianDaysToPass: number | null;
  /** 1 ÷ passProbability; null when it is 0. */
  expectedAttempts: number | null;
}

export interface SimulationOptions {
  /** The account size (USD) the series was traded on. */
  tradedOn: number;
  /** Default DEFAULT_PATHS (10,000). */
  paths?: number;
  /** Makes a run reproducible; default: a random seed, reported back. */
  seed?: number;
  /** Fixed mean block length; default: chosen by Politis–White (with the Patton–Politis–White correction). */
  blockLength?: number;
  /** Called now and then with the share done (0..1), for a progress bar. */
  onProgress?: (done: number) => void;
}

export interface SimulationRun {
  paths: number;
  seed: number;
  blockLength: number;
  /** Days in the input series. */
  tradingDays: number;
  /** One result per rule set, in the order given. */
  results: RuleSetResult[];
  /** Path-days the rules were checked on (rule sets that differ only in size counted once): the bench's work measure. */
  pathDaysChecked?: number;
}

export const DEFAULT_PATHS = 10_000;
export const MIN_PATHS = 1_000;
export const MAX_PATHS = 20_000;
export const MIN_TRADING_DAYS = 20;
/** A program with no time limit is simulated up to this many trading days, then counted as "ran out of time". */
export const MAX_SIMULATED_DAYS = 365;
