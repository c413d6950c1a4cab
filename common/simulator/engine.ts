/**
 * The challenge simulator's engine (issue #28): a stationary block bootstrap of the trader's daily P&L, each path
 * judged by every rule set at once. Pure and synchronous, so the browser's Web Worker and the server run the same code.
 *
 * Cost: one bootstrap index per path-day, shared by all rule sets (programs are compared on the same paths), and a
 * few typed-array reads and compares per rule set per day. Rule sets that differ only in size judge every path
 * alike (the P&L is scaled to the size), so they are simulated once and their result is shared.
 */
import { chooseBlockLength } from './block-length.js';
import { SimulatorInputError } from './errors.js';
import { randomSeed, Sfc32, StationaryIndices } from './random.js';
import {
  checkPath, compileRules, CONSISTENCY, DAILY_LOSS, EPSILON, MAX_LOSS, OUTCOME_NAMES, PASS, rulesKey, TIME_LIMIT, type CompiledRules,
} from './rules.js';
import { histogramMedian, wilson95 } from './stats.js';
import {
  DEFAULT_PATHS, MAX_PATHS, MAX_SIMULATED_DAYS, MIN_PATHS, type DailyPnl, type RuleSet, type RuleSetResult, type SimulationOptions,
  type SimulationRun,
} from './types.js';

const OUTCOMES = 6;

/** The series as a Float64Array of dollars. */
export function seriesValues(series: readonly DailyPnl[] | Float64Array): Float64Array {
  if (series instanceof Float64Array) return series;
  const values = new Float64Array(series.length);
  for (let i = 0; i < series.length; i++) values[i] = series[i].pnl;
  return values;
}

/** Each day's P&L as a percentage of the account it was traded on (the unit every rule is checked in). */
export function percentOfAccount(values: Float64Array, tradedOn: number): Float64Array {
  const out = new Float64Array(values.length);
  // pnl × 100 / tradedOn rather than pnl / tradedOn × 100: whole-percent days stay exact (1000 × 100 / 100000 = 1).
  for (let i = 0; i < values.length; i++) out[i] = (values[i] * 100) / tradedOn;
  return out;
}

export const PATHS_MESSAGE = `paths must be a whole number from ${MIN_PATHS} to ${MAX_PATHS}`;

/** The public range of paths (the API's and the page's): simulate() itself also runs fewer, for tests and previews. */
export function checkPaths(paths: number): void {
  if (!Number.isInteger(paths) || paths < MIN_PATHS || paths > MAX_PATHS) throw new SimulatorInputError(PATHS_MESSAGE);
}

export interface ResolvedOptions {
  paths: number;
  seed: number;
  blockLength: number;
  percent: Float64Array;
}

/** Checks the options and fills in the defaults (paths, a random seed, the automatic block length). */
export function resolveOptions(series: readonly DailyPnl[] | Float64Array, options: SimulationOptions): ResolvedOptions {
  const values = seriesValues(series);
  if (values.length === 0) throw new SimulatorInputError('The series is empty');
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) throw new SimulatorInputError(`Day ${i + 1} has no valid P&L`);
  }
  if (!(Number.isFinite(options.tradedOn) && options.tradedOn > 0)) {
    throw new SimulatorInputError('tradedOn must be the account size (in $) the results were traded on, above 0');
  }
  const paths = options.paths ?? DEFAULT_PATHS;
  if (!Number.isInteger(paths) || paths < 1 || paths > MAX_PATHS) {
    throw new SimulatorInputError(`paths must be a whole number from 1 to ${MAX_PATHS}`);
  }
  if (options.seed !== undefined && !Number.isInteger(options.seed)) throw new SimulatorInputError('seed must be a whole number');
  if (options.blockLength !== undefined && !(Number.isInteger(options.blockLength) && options.blockLength >= 1)) {
    throw new SimulatorInputError('blockLength must be a whole number of at least 1');
  }
  return {
    paths,
    seed: options.seed ?? randomSeed(),
    blockLength: options.blockLength ?? chooseBlockLength(values),
    percent: percentOfAccount(values, options.tradedOn),
  };
}

/**
 * Runs `paths` bootstrap paths of the series against every rule set. Paths below MIN_PATHS are allowed here (the
 * API enforces the public range) so tests and the "what if" control can run small.
 */
export function simulate(series: readonly DailyPnl[] | Float64Array, rules: readonly RuleSet[], options: SimulationOptions): SimulationRun {
  const { paths, seed, blockLength, percent } = resolveOptions(series, options);
  const compiled = rules.map(compileRules);
  // One slot per distinct rule set (size aside); slotOf maps each given rule set to its slot.
  const slots: CompiledRules[] = [];
  const byKey = new Map<string, number>();
  const slotOf = compiled.map((c) => {
    const key = rulesKey(c);
    let slot = byKey.get(key);
    if (slot === undefined) {
      slot = slots.length;
      slots.push(c);
      byKey.set(key, slot);
    }
    return slot;
  });
  const counts = new Int32Array(slots.length * OUTCOMES);
  const passDays = new Int32Array(slots.length * (MAX_SIMULATED_DAYS + 1));
  const pathDaysChecked = runPaths(percent, slots, paths, seed, blockLength, counts, passDays, options.onProgress);
  const perSlot = slots.map((_, s) => slotResult(counts, passDays, s, paths));
  return {
    paths, seed, blockLength, tradingDays: percent.length, results: slotOf.map((s) => structuredCloneResult(perSlot[s])), pathDaysChecked,
  };
}

function structuredCloneResult(r: RuleSetResult): RuleSetResult {
  return { ...r, ci95: [r.ci95[0], r.ci95[1]], failReasons: { ...r.failReasons } };
}

function slotResult(counts: Int32Array, passDays: Int32Array, s: number, paths: number): RuleSetResult {
  const at = s * OUTCOMES;
  const passed = counts[at + PASS];
  const p = passed / paths;
  return {
    passProbability: p,
    ci95: wilson95(passed, paths),
    failReasons: {
      dailyLoss: counts[at + DAILY_LOSS] / paths,
      maxLoss: counts[at + MAX_LOSS] / paths,
      timeLimit: counts[at + TIME_LIMIT] / paths,
      consistency: counts[at + CONSISTENCY] / paths,
    },
    medianDaysToPass: histogramMedian(passDays, s * (MAX_SIMULATED_DAYS + 1), MAX_SIMULATED_DAYS + 1),
    expectedAttempts: passed === 0 ? null : 1 / p,
  };
}

/**
 * The hot loop: day-major over the rule sets still open on this path, state in typed arrays (struct of arrays),
 * nothing allocated per path or day. Must judge exactly as checkPath (rules.ts); engine.spec.ts holds them equal.
 */
function runPaths(
  percent: Float64Array, slots: CompiledRules[], paths: number, seed: number, blockLength: number,
  counts: Int32Array, passDays: Int32Array, onProgress?: (done: number) => void,
): number {
  let pathDays = 0;
  const R = slots.length;
  const HIST = MAX_SIMULATED_DAYS + 1;
  // Rules.
  const dailyLossAt = Float64Array.from(slots, (r) => r.dailyLossAt);
  const maxLoss = Float64Array.from(slots, (r) => r.maxLoss);
  const trailing = Uint8Array.from(slots, (r) => (r.trailing ? 1 : 0));
  const floorCap = Float64Array.from(slots, (r) => r.floorCap);
  const minDays = Int32Array.from(slots, (r) => r.minDays);
  const phaseLimit = Int32Array.from(slots, (r) => r.phaseLimit);
  const consistency = Float64Array.from(slots, (r) => r.consistency);
  const phases = Int32Array.from(slots, (r) => r.targets.length);
  const targetAt = new Int32Array(R);
  const targets = new Float64Array(slots.reduce((n, r) => n + r.targets.length, 0));
  for (let s = 0, t = 0; s < R; s++) {
    targetAt[s] = t;
    for (const target of slots[s].targets) targets[t++] = target;
  }
  // Per-path state. floor holds the loss floor plus EPSILON, so a day's check is one compare.
  const balance = new Float64Array(R);
  const peak = new Float64Array(R);
  const floor = new Float64Array(R);
  const best = new Float64Array(R);
  const target = new Float64Array(R);
  const phase = new Int32Array(R);
  const phaseDays = new Int32Array(R);
  const blocked = new Uint8Array(R);
  const open = new Int32Array(R);

  // The stationary bootstrap (StationaryIndices over Sfc32, random.ts) inlined on local state: the draw is the
  // one per-day cost shared by all rule sets. The engine spec holds it equal to samplePaths, which uses the classes.
  const rng = new Sfc32(seed);
  const n = percent.length;
  const jumpBelow = 4294967296 / Math.max(1, blockLength);
  const progressEvery = Math.max(1, Math.floor(paths / 50));

  for (let p = 0; p < paths; p++) {
    let nOpen = 0;
    for (let s = 0; s < R; s++) {
      if (phases[s] === 0) {
        // Instant funding: no evaluation to fail.
        counts[s * OUTCOMES + PASS]++;
        passDays[s * HIST]++;
        continue;
      }
      balance[s] = 0;
      peak[s] = 0;
      floor[s] = -maxLoss[s] + EPSILON;
      best[s] = -Infinity;
      phase[s] = 0;
      target[s] = targets[targetAt[s]] - EPSILON;
      phaseDays[s] = 0;
      blocked[s] = 0;
      open[nOpen++] = s;
    }
    if (nOpen === 0) continue;
    rng.reseed(seed, p);
    let a = rng.a;
    let b = rng.b;
    let c = rng.c;
    let d = rng.d;
    let t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (((c << 21) | (c >>> 11)) + t) | 0;
    let index = Math.floor(((t >>> 0) / 4294967296) * n);
    for (let day = 1; nOpen > 0; day++) {
      if (day > 1) {
        t = (((a + b) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = b ^ (b >>> 9);
        b = (c + (c << 3)) | 0;
        c = (((c << 21) | (c >>> 11)) + t) | 0;
        if (t >>> 0 < jumpBelow) {
          t = (((a + b) | 0) + d) | 0;
          d = (d + 1) | 0;
          a = b ^ (b >>> 9);
          b = (c + (c << 3)) | 0;
          c = (((c << 21) | (c >>> 11)) + t) | 0;
          index = Math.floor(((t >>> 0) / 4294967296) * n);
        } else if (++index === n) {
          index = 0;
        }
      }
      const x = percent[index];
      const lastDay = day >= MAX_SIMULATED_DAYS;
      pathDays += nOpen;
      for (let k = 0; k < nOpen; k++) {
        const s = open[k];
        let outcome = 0;
        if (x <= dailyLossAt[s]) {
          outcome = DAILY_LOSS;
        } else {
          const bal = balance[s] + x;
          balance[s] = bal;
          if (bal > peak[s]) {
            peak[s] = bal;
            if (trailing[s] === 1) {
              const f = bal - maxLoss[s];
              floor[s] = (f < floorCap[s] ? f : floorCap[s]) + EPSILON;
            }
          }
          if (bal <= floor[s]) {
            outcome = MAX_LOSS;
          } else {
            const days = phaseDays[s] + 1;
            phaseDays[s] = days;
            if (x > best[s]) best[s] = x;
            if (bal >= target[s] && days >= minDays[s]) {
              if (best[s] <= consistency[s] * bal + EPSILON) {
                const next = phase[s] + 1;
                if (next === phases[s]) {
                  outcome = PASS;
                  passDays[s * HIST + day]++;
                } else {
                  phase[s] = next;
                  target[s] = targets[targetAt[s] + next] - EPSILON;
                  balance[s] = 0;
                  peak[s] = 0;
                  floor[s] = -maxLoss[s] + EPSILON;
                  best[s] = -Infinity;
                  phaseDays[s] = 0;
                  blocked[s] = 0;
                  if (lastDay) outcome = TIME_LIMIT;
                }
              } else {
                blocked[s] = 1;
              }
            }
            if (outcome === 0 && (lastDay || phaseDays[s] >= phaseLimit[s])) {
              outcome = blocked[s] === 1 ? CONSISTENCY : TIME_LIMIT;
            }
          }
        }
        if (outcome !== 0) {
          counts[s * OUTCOMES + outcome]++;
          open[k] = open[--nOpen];
          k--;
        }
      }
    }
    if (onProgress && (p + 1) % progressEvery === 0) onProgress((p + 1) / paths);
  }
  if (onProgress) onProgress(1);
  return pathDays;
}

export interface RiskSweepPoint {
  /** The series multiplied by this (1: as traded; 2: twice the risk per trade). */
  factor: number;
  results: RuleSetResult[];
}

/**
 * The "what if" control: the same run with the series scaled by each factor (risk per trade × factor). Every factor
 * uses the same seed and block length (the choice is scale-free), so the curves differ by the risk alone, not by
 * noise: common random numbers make the factor with the lowest expected cost a fair pick.
 */
export function riskSweep(
  series: readonly DailyPnl[] | Float64Array, rules: readonly RuleSet[], factors: readonly number[], options: SimulationOptions,
): { seed: number; blockLength: number; points: RiskSweepPoint[] } {
  const values = seriesValues(series);
  const { seed, blockLength } = resolveOptions(values, options);
  if (factors.length === 0 || factors.length > 50 || !factors.every((f) => Number.isFinite(f) && f > 0)) {
    throw new SimulatorInputError('Risk factors must be 1 to 50 numbers above 0');
  }
  const points = factors.map((factor) => {
    const scaled = values.map((v) => v * factor);
    return { factor, results: simulate(scaled, rules, { ...options, seed, blockLength, onProgress: undefined }).results };
  });
  return { seed, blockLength, points };
}

export interface SamplePath {
  /** Balance in dollars at the end of each simulated day, all phases in turn (each phase restarts at the size). */
  balances: Float64Array;
  /** The loss floor in dollars on each of those days. */
  floors: Float64Array;
  /** Day (1-based, all phases together) on which each passed phase ended. */
  phaseEnds: number[];
  outcome: 'pass' | 'dailyLoss' | 'maxLoss' | 'timeLimit' | 'consistency';
}

export interface SamplePathsResult {
  seed: number;
  blockLength: number;
  /** Profit target of each phase, in dollars of balance (size + target). */
  targets: number[];
  paths: SamplePath[];
}

/**
 * Equity paths for the fan chart: `count` bootstrap paths of one rule set, each followed until it passes or fails.
 * With the same seed and block length, path i is the path i that simulate() draws.
 */
export function samplePaths(
  series: readonly DailyPnl[] | Float64Array, rule: RuleSet, options: SimulationOptions & { count: number },
): SamplePathsResult {
  const { seed, blockLength, percent } = resolveOptions(series, { ...options, paths: undefined });
  if (!Number.isInteger(options.count) || options.count < 1 || options.count > 1000) {
    throw new SimulatorInputError('count must be a whole number from 1 to 1000');
  }
  const rules = compileRules(rule);
  const rng = new Sfc32(seed);
  const indices = new StationaryIndices(rng, percent.length, blockLength);
  const dollars = rule.size / 100;
  const paths: SamplePath[] = [];
  for (let p = 0; p < options.count; p++) {
    rng.reseed(seed, p);
    let first = true;
    const verdict = checkPath(() => {
      const index = first ? indices.start() : indices.next();
      first = false;
      return percent[index];
    }, rules);
    paths.push({
      balances: Float64Array.from(verdict.balances, (b) => rule.size + b * dollars),
      floors: Float64Array.from(verdict.floors, (f) => rule.size + f * dollars),
      phaseEnds: verdict.phaseEnds,
      outcome: OUTCOME_NAMES[verdict.outcome],
    });
  }
  return { seed, blockLength, targets: rules.targets.map((t) => rule.size + t * dollars), paths };
}
