import { chooseBlockLength } from './block-length.js';
import { checkPaths, PATHS_MESSAGE, riskSweep, samplePaths, simulate } from './engine.js';
import { SimulatorInputError } from './errors.js';
import { Sfc32 } from './random.js';
import { checkPath, compileRules } from './rules.js';
import type { DailyPnl, RuleSet } from './types.js';

const SIZE = 100_000;
const rule = (r: Partial<RuleSet> = {}): RuleSet => ({
  name: 'Test', profitTargets: [6], dailyLoss: null, maxLoss: 3.5, drawdownType: 'static', minTradingDays: 0,
  timeLimitDays: null, size: SIZE, ...r,
});
const days = (pnls: number[]): DailyPnl[] => pnls.map((pnl, i) => ({ date: `2025-01-${String((i % 28) + 1).padStart(2, '0')}`, pnl }));
/** ±1 % of the account, alternately: with block length 1 the bootstrap draws independent fair ±1 % days. */
const coinFlips = days(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 1000 : -1000)));
/** A path of daily % checked by the reference walk. */
const walk = (path: number[], r: Partial<RuleSet>) => checkPath(path, compileRules(rule(r)));

describe('simulate: deterministic series', () => {
  const everyDayUp = days(Array.from({ length: 30 }, () => 1000));

  it.each([
    [8, 0, 8], [8, 12, 12], [7.5, 3, 8], [10, 4, 10],
  ])('+1 %% every day against a %s %% target with %s minimum days passes surely in exactly max(min days, ⌈target⌉) days', (target, minDays, expected) => {
    const run = simulate(everyDayUp, [rule({ profitTargets: [target], minTradingDays: minDays, maxLoss: 10 })], { tradedOn: SIZE, paths: 500, seed: 1 });
    expect(run.results[0].passProbability).toBe(1);
    expect(run.results[0].medianDaysToPass).toBe(expected);
    expect(run.results[0].expectedAttempts).toBe(1);
    expect(run.results[0].failReasons).toEqual({ dailyLoss: 0, maxLoss: 0, timeLimit: 0, consistency: 0 });
  });

  it('scales the series to every size alike: a $1,000 day on a $100k account is +1 % of a $10k account too', () => {
    const run = simulate(everyDayUp, [rule({ profitTargets: [8], size: 10_000 }), rule({ profitTargets: [8], size: 200_000 })], { tradedOn: SIZE, paths: 100, seed: 1 });
    expect(run.results.map((r) => r.medianDaysToPass)).toEqual([8, 8]);
  });

  it('runs the phases one after the other, each from the account size', () => {
    const run = simulate(everyDayUp, [rule({ profitTargets: [8, 5], maxLoss: 10 })], { tradedOn: SIZE, paths: 100, seed: 1 });
    expect(run.results[0].medianDaysToPass).toBe(13);
  });

  it('counts a program with no evaluation (instant funding) as passed on day 0', () => {
    const run = simulate(coinFlips, [rule({ profitTargets: [] })], { tradedOn: SIZE, paths: 100, seed: 1 });
    expect(run.results[0]).toMatchObject({ passProbability: 1, medianDaysToPass: 0 });
  });

  it('fails a day of −6 % against a 5 % daily loss rule, counted as dailyLoss; a −4 % day only erodes the max loss', () => {
    const [daily] = simulate(days(Array(20).fill(-6000)), [rule({ dailyLoss: 5, maxLoss: 10 })], { tradedOn: SIZE, paths: 200, seed: 3 }).results;
    expect(daily.passProbability).toBe(0);
    expect(daily.failReasons).toEqual({ dailyLoss: 1, maxLoss: 0, timeLimit: 0, consistency: 0 });
    expect(daily.expectedAttempts).toBeNull();
    expect(daily.medianDaysToPass).toBeNull();
    const [slow] = simulate(days(Array(20).fill(-4000)), [rule({ dailyLoss: 5, maxLoss: 10 })], { tradedOn: SIZE, paths: 200, seed: 3 }).results;
    expect(slow.failReasons).toEqual({ dailyLoss: 0, maxLoss: 1, timeLimit: 0, consistency: 0 });
  });

  it('counts a path that never reaches the target as out of time: the phase limit, or 365 days when none', () => {
    const flat = days(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 100 : -100)));
    const [limited] = simulate(flat, [rule({ timeLimitDays: 30 })], { tradedOn: SIZE, paths: 100, seed: 5 }).results;
    expect(limited.failReasons.timeLimit).toBe(1);
    const verdict = walk(Array(400).fill(0.001), { profitTargets: [6] });
    expect(verdict).toMatchObject({ outcome: 4, days: 365 });
  });
});

describe('simulate: gambler\'s ruin with independent ±1 % days (block length 1, 10,000 paths)', () => {
  const run = (r: Partial<RuleSet>) => simulate(coinFlips, [rule(r)], { tradedOn: SIZE, paths: 10_000, seed: 20251129, blockLength: 1 }).results[0];

  it('passes a +6 % target before a −3.5 % static floor with probability 4 ÷ (6 + 4) = 0.40', () => {
    const result = run({ profitTargets: [6], maxLoss: 3.5 });
    expect(Math.abs(result.passProbability - 0.4)).toBeLessThanOrEqual(0.015);
    expect(result.failReasons.maxLoss + result.passProbability).toBeCloseTo(1, 10);
    expect(result.ci95[0]).toBeLessThan(result.passProbability);
    expect(result.ci95[1]).toBeGreaterThan(result.passProbability);
  });

  it('passes +10 % before −9.5 % with probability 0.50 (a few walks of ~100 days outlast the 365-day stop)', () => {
    const result = run({ profitTargets: [10], maxLoss: 9.5 });
    expect(Math.abs(result.passProbability - 0.5)).toBeLessThanOrEqual(0.015);
    // The walks still going on day 365 (about 1.3 %: an interval 20 steps wide is crossed in ~100 days on average)
    // are counted as out of time; among the walks that ended, the share is the gambler's ruin's 0.5.
    expect(result.failReasons.timeLimit).toBeGreaterThan(0);
    expect(result.failReasons.timeLimit).toBeLessThan(0.03);
    expect(Math.abs(result.passProbability / (result.passProbability + result.failReasons.maxLoss) - 0.5)).toBeLessThanOrEqual(0.015);
  });

  it('passes two phases of +5 % / −4.5 % with probability 0.5² = 0.25', () => {
    const result = run({ profitTargets: [5, 5], maxLoss: 4.5 });
    expect(Math.abs(result.passProbability - 0.25)).toBeLessThanOrEqual(0.015);
  });
});

describe('rules on hand-made paths', () => {
  const path = [3, 3, -4, -1.5, 2];

  it('static: the floor stays at start − max loss', () => {
    expect(walk(path, { profitTargets: [10], maxLoss: 5 })).toMatchObject({ outcome: 4, days: 5 });
  });

  it.each(['trailing', 'eod-trailing'] as const)('%s: the floor follows the highest end-of-day balance', (drawdownType) => {
    // Peak +6 % after day 2, floor +1 %; day 4 closes at +0.5 %.
    const verdict = walk(path, { profitTargets: [10], maxLoss: 5, drawdownType });
    expect(verdict).toMatchObject({ outcome: 3, days: 4 });
    expect(verdict.floors).toEqual([-2, 1, 1, 1]);
  });

  it('trailingStopsAtStart: the floor rises to the starting balance and no further', () => {
    const stopped = walk(path, { profitTargets: [10], maxLoss: 5, drawdownType: 'trailing', trailingStopsAtStart: true });
    expect(stopped).toMatchObject({ outcome: 4, days: 5 });
    expect(stopped.floors).toEqual([-2, 0, 0, 0, 0]);
    // Touching the stopped floor (balance back at the start) fails.
    expect(walk([3, 3, -6], { profitTargets: [10], maxLoss: 5, drawdownType: 'trailing', trailingStopsAtStart: true })).toMatchObject({ outcome: 3, days: 3 });
  });

  it('minimum trading days: a target met early keeps the path trading and exposed to the loss rules', () => {
    expect(walk([7, 0.1, 0.1, 0.1], { profitTargets: [6], minTradingDays: 4 })).toMatchObject({ outcome: 1, days: 4 });
    // Back below the target on day 4: not passed yet.
    expect(walk([7, 0.1, 0.1, -2, 1.5], { profitTargets: [6], minTradingDays: 4 })).toMatchObject({ outcome: 1, days: 5 });
    expect(walk([7, 0.1, 0.1, -13], { profitTargets: [6], minTradingDays: 4, maxLoss: 5 })).toMatchObject({ outcome: 3, days: 4 });
  });

  it('consistency: the best day must be at most N % of the phase profit when passing, else the path trades on', () => {
    const lucky = [8, 1, 1, ...Array(20).fill(1)];
    expect(walk(lucky, { profitTargets: [10], maxLoss: 10 })).toMatchObject({ outcome: 1, days: 3 });
    // 8 ≤ 40 % of the profit once the profit reaches 20 %: day 13.
    expect(walk(lucky, { profitTargets: [10], maxLoss: 10, consistency: 40 })).toMatchObject({ outcome: 1, days: 13 });
    // Out of time while only the consistency rule stood in the way.
    expect(walk(lucky, { profitTargets: [10], maxLoss: 10, consistency: 40, timeLimitDays: 10 })).toMatchObject({ outcome: 5, days: 10 });
    // Blocked, then failed otherwise: the other reason counts.
    expect(walk([8, 1, 1, -25], { profitTargets: [10], maxLoss: 10, consistency: 40 })).toMatchObject({ outcome: 3, days: 4 });
  });

  it('counts consistency in simulate\'s fail reasons', () => {
    const lumpy = days([8000, ...Array(19).fill(100)]);
    const [result] = simulate(lumpy, [rule({ profitTargets: [10], maxLoss: 10, consistency: 30, timeLimitDays: 20 })], { tradedOn: SIZE, paths: 2000, seed: 9 }).results;
    expect(result.failReasons.consistency).toBeGreaterThan(0);
    expect(result.passProbability + result.failReasons.consistency + result.failReasons.timeLimit + result.failReasons.maxLoss).toBeCloseTo(1, 10);
  });
});

describe('simulate: the hot loop judges as the reference walk does', () => {
  const rng = new Sfc32(77);
  // Mostly ±1.5 % days, one in ten up to ±4.5 %: every rule gets to bite.
  const noisy = days(Array.from({ length: 250 }, () => Math.round((rng.next() - 0.46) * (rng.next() < 0.1 ? 9000 : 3000))));
  const programs: RuleSet[] = [
    rule({ profitTargets: [8, 5], dailyLoss: 5, maxLoss: 10, minTradingDays: 4 }),
    rule({ profitTargets: [10], dailyLoss: 3, maxLoss: 6, drawdownType: 'trailing', consistency: 40 }),
    rule({ profitTargets: [6], maxLoss: 4, drawdownType: 'eod-trailing', trailingStopsAtStart: true, timeLimitDays: 30 }),
    rule({ profitTargets: [6, 6, 6], maxLoss: 5, minTradingDays: 3 }),
  ];

  it.each(programs.map((p, i) => [i, p] as const))('program %s: the same outcomes as samplePaths over the same paths', (_, program) => {
    const options = { tradedOn: SIZE, seed: 42, blockLength: 4 };
    const [result] = simulate(noisy, [program], { ...options, paths: 300 }).results;
    const sample = samplePaths(noisy, program, { ...options, count: 300 });
    const share = (outcome: string) => sample.paths.filter((p) => p.outcome === outcome).length / 300;
    expect(result.passProbability).toBe(share('pass'));
    expect(result.failReasons).toEqual({ dailyLoss: share('dailyLoss'), maxLoss: share('maxLoss'), timeLimit: share('timeLimit'), consistency: share('consistency') });
  });

  it('judges 40 random rule sets as the reference walk does, all in one run', () => {
    const pick = new Sfc32(4040);
    const choose = <T,>(xs: T[]) => xs[pick.below(xs.length)];
    const random: RuleSet[] = Array.from({ length: 40 }, (_, i) => rule({
      name: `R${i}`,
      profitTargets: Array.from({ length: 1 + pick.below(3) }, () => choose([2, 4, 5, 6, 8, 10])),
      dailyLoss: choose([null, 2, 3, 5]),
      maxLoss: choose([3, 4, 5, 6, 10]),
      drawdownType: choose(['static', 'trailing', 'eod-trailing'] as const),
      trailingStopsAtStart: choose([false, true]),
      minTradingDays: choose([0, 1, 3, 5, 10]),
      timeLimitDays: choose([null, 10, 30, 60]),
      consistency: choose([null, null, 30, 50]),
    }));
    const options = { tradedOn: SIZE, seed: 99, blockLength: 3 };
    const together = simulate(noisy, random, { ...options, paths: 200 });
    const seen = { pass: 0, dailyLoss: 0, maxLoss: 0, timeLimit: 0, consistency: 0 };
    random.forEach((program, i) => {
      const sample = samplePaths(noisy, program, { ...options, count: 200 });
      const share = (outcome: string) => sample.paths.filter((p) => p.outcome === outcome).length / 200;
      expect([i, together.results[i].passProbability]).toEqual([i, share('pass')]);
      for (const key of Object.keys(seen) as (keyof typeof seen)[]) seen[key] += share(key);
      expect(together.results[i].failReasons).toEqual({
        dailyLoss: share('dailyLoss'), maxLoss: share('maxLoss'), timeLimit: share('timeLimit'), consistency: share('consistency'),
      });
    });
    // Every outcome occurs somewhere, so the comparison covers every branch of the hot loop.
    for (const share of Object.values(seen)) expect(share).toBeGreaterThan(0.05);
  });

  it('gives every program the same result alone or among the others (the paths are shared)', () => {
    const together = simulate(noisy, programs, { tradedOn: SIZE, paths: 300, seed: 42, blockLength: 4 });
    expect(together.results[1]).toEqual(simulate(noisy, [programs[1]], { tradedOn: SIZE, paths: 300, seed: 42, blockLength: 4 }).results[0]);
  });

  it('gives the same result for the same seed, and reports the seed and block length', () => {
    const a = simulate(noisy, programs, { tradedOn: SIZE, paths: 1000, seed: 7 });
    const b = simulate(noisy, programs, { tradedOn: SIZE, paths: 1000, seed: 7 });
    expect(b).toEqual(a);
    expect(a).toMatchObject({ seed: 7, paths: 1000, tradingDays: 250 });
    expect(a.blockLength).toBe(chooseBlockLength(noisy));
    expect(simulate(noisy, programs, { tradedOn: SIZE, paths: 1000, seed: 8 }).results).not.toEqual(a.results);
    expect(Number.isInteger(simulate(noisy, programs, { tradedOn: SIZE, paths: 10 }).seed)).toBe(true);
  });

  it('draws fan-chart paths in dollars, each phase from the account size', () => {
    const sample = samplePaths(noisy, programs[0], { tradedOn: SIZE, seed: 1, count: 100 });
    expect(sample.paths).toHaveLength(100);
    expect(sample.targets).toEqual([108_000, 105_000]);
    for (const p of sample.paths) expect(p.balances.length).toBe(p.floors.length);
    expect(sample.paths.every((p) => p.floors[0] === 90_000)).toBe(true);
  });

  it('sweeps the risk per trade on the same paths: factor 1 is the plain run, and a tight loss limit punishes more risk', () => {
    const program = rule({ profitTargets: [8], dailyLoss: 3, maxLoss: 6 });
    const sweep = riskSweep(noisy, [program], [0.5, 1, 3], { tradedOn: SIZE, paths: 1000, seed: 12 });
    expect(sweep.points.map((p) => p.factor)).toEqual([0.5, 1, 3]);
    expect(sweep.points[1].results).toEqual(simulate(noisy, [program], { tradedOn: SIZE, paths: 1000, seed: 12 }).results);
    const [half, , triple] = sweep.points.map((p) => p.results[0]);
    expect(triple.failReasons.dailyLoss + triple.failReasons.maxLoss).toBeGreaterThan(half.failReasons.dailyLoss + half.failReasons.maxLoss);
    expect(() => riskSweep(noisy, [program], [0], { tradedOn: SIZE })).toThrow('Risk factors must be 1 to 50 numbers above 0');
  });

  it('reports progress up to 1', () => {
    const seen: number[] = [];
    simulate(noisy, programs, { tradedOn: SIZE, paths: 1000, seed: 1, onProgress: (d) => seen.push(d) });
    expect(seen.at(-1)).toBe(1);
    expect(seen.length).toBeGreaterThan(10);
  });
});

describe('simulate: input it refuses, with a message to act on', () => {
  const ok = days(Array.from({ length: 20 }, (_, i) => (i % 2 ? 100 : -50)));
  const refused = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(SimulatorInputError);
      return (e as Error).message;
    }
    throw new Error('accepted');
  };

  it('refuses options out of range', () => {
    expect(refused(() => simulate(ok, [rule()], { tradedOn: 0 }))).toBe('tradedOn must be the account size (in $) the results were traded on, above 0');
    expect(refused(() => simulate(ok, [rule()], { tradedOn: SIZE, paths: 20_001 }))).toBe('paths must be a whole number from 1 to 20000');
    expect(refused(() => simulate(ok, [rule()], { tradedOn: SIZE, blockLength: 0 }))).toBe('blockLength must be a whole number of at least 1');
    expect(refused(() => simulate(ok, [rule()], { tradedOn: SIZE, seed: 1.5 }))).toBe('seed must be a whole number');
    expect(refused(() => simulate([], [rule()], { tradedOn: SIZE }))).toBe('The series is empty');
    expect(refused(() => simulate(days([1, Number.NaN]), [rule()], { tradedOn: SIZE }))).toBe('Day 2 has no valid P&L');
  });

  it('checks the public range of paths for the API (checkPaths)', () => {
    expect(refused(() => checkPaths(999))).toBe(PATHS_MESSAGE);
    expect(refused(() => checkPaths(20_001))).toBe(PATHS_MESSAGE);
    expect(refused(() => checkPaths(1500.5))).toBe(PATHS_MESSAGE);
    expect(() => checkPaths(1000)).not.toThrow();
    expect(PATHS_MESSAGE).toBe('paths must be a whole number from 1000 to 20000');
  });

  it('refuses a rule set it cannot judge, naming the program', () => {
    expect(refused(() => simulate(ok, [rule({ name: 'X', maxLoss: 0 })], { tradedOn: SIZE }))).toBe('Program "X": the maximum loss must be a percentage above 0');
    expect(refused(() => simulate(ok, [rule({ name: 'X', profitTargets: [8, -1] })], { tradedOn: SIZE }))).toBe('Program "X": every profit target must be a percentage above 0');
    expect(refused(() => simulate(ok, [rule({ name: 'X', consistency: 120 })], { tradedOn: SIZE }))).toBe('Program "X": the consistency rule must be a percentage above 0 and at most 100, or none');
    expect(refused(() => simulate(ok, [rule({ name: 'X', timeLimitDays: 0 })], { tradedOn: SIZE }))).toBe('Program "X": the time limit must be a whole number of days, at least 1, or none');
  });

  it('takes the series as a Float64Array of dollars too', () => {
    const options = { tradedOn: SIZE, paths: 500, seed: 3 };
    const values = Float64Array.from(ok, (d) => d.pnl);
    expect(simulate(values, [rule()], options)).toEqual(simulate(ok, [rule()], options));
  });
});

describe('chooseBlockLength (Politis–White with the Patton–Politis–White correction)', () => {
  /** An AR(1) series x_t = φ x_{t−1} + ε_t with standard normal ε. */
  const ar1 = (phi: number, n: number, seed: number) => {
    const rng = new Sfc32(seed);
    const out = new Float64Array(n);
    let x = 0;
    for (let i = 0; i < n; i++) {
      const e = Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
      x = phi * x + e;
      out[i] = x;
    }
    return out;
  };

  it('chooses about 1–2 for independent days and a clearly longer block for φ = 0.7', () => {
    for (const seed of [1, 2, 3]) {
      const iid = chooseBlockLength(ar1(0, 1000, seed));
      const persistent = chooseBlockLength(ar1(0.7, 1000, seed));
      expect(iid).toBeGreaterThanOrEqual(1);
      expect(iid).toBeLessThanOrEqual(2);
      // Theory for AR(1): b = (2φ/(1−φ²))^{2/3} N^{1/3} ≈ 19.6 at N = 1000.
      expect(persistent).toBeGreaterThanOrEqual(12);
      expect(persistent).toBeLessThanOrEqual(30);
    }
  });

  it.each([
    // [φ, N, seed, b_sb of the arch package's _single_optimal_block on the same series (numpy, run once by hand)]
    [0, 1000, 1, 0.739], [0, 250, 1, 1.764], [0.3, 1000, 1, 5.798], [0.3, 1000, 2, 8.496], [0.3, 250, 2, 4.365],
    [0.7, 1000, 1, 13.658], [0.7, 1000, 2, 16.825], [0.7, 250, 1, 9.735], [0.7, 250, 2, 7.326],
    [0.9, 1000, 1, 47.467], [0.9, 1000, 2, 42.803], [0.9, 250, 1, 21.993], [0.9, 250, 2, 13.360],
  ])('agrees with the arch package on AR(1) φ = %s, N = %s (seed %s): %s rounded', (phi, n, seed, arch) => {
    expect(chooseBlockLength(ar1(phi, n, seed))).toBe(Math.max(1, Math.round(arch)));
  });

  it('caps the block at a third of a short series and returns 1 for a constant one', () => {
    expect(chooseBlockLength(ar1(0.99, 30, 4))).toBeLessThanOrEqual(10);
    expect(chooseBlockLength(new Float64Array(50).fill(3))).toBe(1);
  });
});
