/**
 * What the /simulator page shows (issue #28), computed by one function wherever it runs: in the browser's Web
 * Worker (the trader's results never leave the device) and on the server for the form posted without JavaScript.
 * The API's ranked rows come from the same `rankResults`, so the page, the no-JS answer and POST /_api/simulations
 * cannot disagree on a pass probability or a cost.
 */
import type { ProgramDto } from '../firm-api-types.js';
import { costToFunded, type CostInput } from './cost.js';
import { riskSweep, samplePaths, simulate } from './engine.js';
import type { DailyPnl, FailReasons, RuleSet, RuleSetResult } from './types.js';

/** One program at one account size as the catalogue lists it (GET /_api/simulations/catalogue). */
export interface CatalogueProgram {
  programId: number;
  companySlug: string;
  companyName: string;
  /** The firm's name and the program's. */
  programName: string;
  /** The program's rules, as its profile shows them. */
  rules: Pick<ProgramDto,
    'profitTargets' | 'dailyLoss' | 'maxLoss' | 'drawdownType' | 'minTradingDays' | 'timeLimitDays' | 'consistency' | 'trailingStopsAtStart'>;
  size: number;
  price: number;
  priceAfterCode: number;
  discountCode: string | null;
  /** The code's page (/discounts/<slug>), when there is a code. */
  discountSlug: string | null;
  resetPrice: number | null;
  activationFee: number | null;
}

export interface SimulationResultRow {
  programId?: number;
  companySlug?: string;
  programName: string;
  size: number;
  price: number;
  priceAfterCode: number;
  discountCode?: string | null;
  passProbability: number;
  ci95: [number, number];
  failReasons: FailReasons;
  medianDaysToPass: number | null;
  expectedAttempts: number | null;
  expectedCostToFunded: number | null;
}

/** A rule set with what the result row shows of it and what its cost is made of. */
export interface PricedRuleSet<Row> {
  row: Row;
  rules: RuleSet;
  cost: CostInput;
}

export const catalogueRuleSet = (p: CatalogueProgram): RuleSet => ({ name: p.programName, ...p.rules, size: p.size });
export const catalogueCost = (p: CatalogueProgram): CostInput => ({ feeAfterCode: p.priceAfterCode, resetPrice: p.resetPrice, activationFee: p.activationFee });

/**
 * The engine's results joined to their rows, with the expected cost to funded, cheapest first; programs never
 * passed last (a stable sort: the given order otherwise).
 */
export function rankResults<Row extends object>(
  priced: readonly PricedRuleSet<Row>[], results: readonly RuleSetResult[],
): Array<Row & RuleSetResult & { expectedCostToFunded: number | null }> {
  const rows = priced.map((p, i) => {
    const r = results[i]!;
    return { ...p.row, ...r, expectedCostToFunded: costToFunded(p.cost, r.passProbability) };
  });
  return rows.sort((a, b) => (a.expectedCostToFunded ?? Infinity) - (b.expectedCostToFunded ?? Infinity));
}

export type FailReason = keyof FailReasons;
export const FAIL_REASON_LABELS: Record<FailReason, string> = {
  dailyLoss: 'Daily loss limit',
  maxLoss: 'Max loss',
  timeLimit: 'Ran out of time',
  consistency: 'Consistency rule',
};

/** The reason most failing paths failed for; null when none failed. */
export function mainFailReason(reasons: FailReasons): FailReason | null {
  let best: FailReason | null = null;
  for (const key of Object.keys(FAIL_REASON_LABELS) as FailReason[]) {
    if (reasons[key] > 0 && (best === null || reasons[key] > reasons[best])) best = key;
  }
  return best;
}

export type SimulatorRow = SimulationResultRow & {
  programId: number;
  companySlug: string;
  companyName: string;
  discountSlug: string | null;
  mainFailReason: FailReason | null;
};

/** Risk per trade × these factors, for the "what if" control (1: as traded). */
export const RISK_FACTORS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2] as const;
/** Equity paths drawn in the fan chart. */
export const FAN_PATHS = 100;

export interface FanChart {
  programId: number;
  size: number;
  programName: string;
  /** Balance ($) at which each phase passes (each phase starts again from the size). */
  targets: number[];
  /** The loss floor ($) on the first day: where the max loss rule starts. */
  startFloor: number;
  /** Each path's end-of-day balances (whole dollars) and how it ended. */
  paths: Array<{ balances: number[]; outcome: FailReason | 'pass' }>;
}

export interface RiskPoint {
  factor: number;
  passProbability: number;
  expectedCostToFunded: number | null;
}

export interface SimulatorView {
  paths: number;
  seed: number;
  blockLength: number;
  tradingDays: number;
  rows: SimulatorRow[];
  /** The program the chart and the "what if" are for: the chosen one, else the firm's best, else the best. */
  chosen: { programId: number; size: number } | null;
  fan: FanChart | null;
  sweep: RiskPoint[];
  /** The factor with the lowest expected cost (null when no factor ever passes). */
  bestFactor: number | null;
}

export interface SimulatorViewOptions {
  tradedOn: number;
  paths?: number;
  seed?: number;
  /** Chart and sweep this firm's best program (?firm=<slug>), unless `chosen` names one. */
  firm?: string | null;
  chosen?: { programId: number; size: number } | null;
  onProgress?: (done: number) => void;
}

/** The whole page's answer: every catalogue program ranked, then the chart and the sweep for the chosen one. */
export function simulatorView(series: readonly DailyPnl[], catalogue: readonly CatalogueProgram[], options: SimulatorViewOptions): SimulatorView {
  const priced = catalogue.map((p) => ({ row: p, rules: catalogueRuleSet(p), cost: catalogueCost(p) }));
  // The ranking is most of the work; the chart and the sweep of one program are the last few percent.
  const progress = options.onProgress;
  const run = simulate(series, priced.map((p) => p.rules), {
    tradedOn: options.tradedOn, paths: options.paths, seed: options.seed, onProgress: progress && ((done) => progress(done * 0.9)),
  });
  const rows: SimulatorRow[] = rankResults(priced, run.results).map((r) => ({
    programId: r.programId, companySlug: r.companySlug, companyName: r.companyName, programName: r.programName,
    size: r.size, price: r.price, priceAfterCode: r.priceAfterCode, discountCode: r.discountCode, discountSlug: r.discountSlug,
    passProbability: r.passProbability, ci95: r.ci95, failReasons: r.failReasons, medianDaysToPass: r.medianDaysToPass,
    expectedAttempts: r.expectedAttempts, expectedCostToFunded: r.expectedCostToFunded, mainFailReason: mainFailReason(r.failReasons),
  }));
  const chosenRow = pickRow(rows, options);
  const base = { paths: run.paths, seed: run.seed, blockLength: run.blockLength, tradingDays: run.tradingDays, rows };
  const program = chosenRow && catalogue.find((p) => p.programId === chosenRow.programId && p.size === chosenRow.size);
  if (!program) return { ...base, chosen: null, fan: null, sweep: [], bestFactor: null };
  const focus = programFocus(series, program, { tradedOn: options.tradedOn, seed: run.seed, blockLength: run.blockLength, paths: run.paths });
  progress?.(1);
  return { ...base, ...focus };
}

export type ProgramFocus = Pick<SimulatorView, 'chosen' | 'fan' | 'sweep' | 'bestFactor'>;

/**
 * The chart and the "what if" of one program, drawn with the run's seed and block length: path i of the chart is
 * path i of the ranking, and the sweep's factor 1 is the ranked row itself.
 */
export function programFocus(
  series: readonly DailyPnl[], program: CatalogueProgram, run: { tradedOn: number; seed: number; blockLength: number; paths: number },
): ProgramFocus {
  const fan = fanChart(series, program, run);
  const sweep = riskSweep(series, [catalogueRuleSet(program)], RISK_FACTORS, run).points.map(({ factor, results: [r] }) => ({
    factor, passProbability: r!.passProbability, expectedCostToFunded: costToFunded(catalogueCost(program), r!.passProbability),
  }));
  return { chosen: { programId: program.programId, size: program.size }, fan, sweep, bestFactor: cheapestFactor(sweep) };
}

function pickRow(rows: readonly SimulatorRow[], options: SimulatorViewOptions): SimulatorRow | undefined {
  const { chosen, firm } = options;
  return (chosen && rows.find((r) => r.programId === chosen.programId && r.size === chosen.size))
    ?? (firm ? rows.find((r) => r.companySlug === firm) : undefined)
    ?? rows[0];
}

function fanChart(series: readonly DailyPnl[], program: CatalogueProgram, options: { tradedOn: number; seed: number; blockLength: number }): FanChart {
  const sample = samplePaths(series, catalogueRuleSet(program), { ...options, count: FAN_PATHS });
  return {
    programId: program.programId,
    size: program.size,
    programName: program.programName,
    targets: sample.targets.map(Math.round),
    startFloor: Math.round(program.size * (1 - program.rules.maxLoss / 100)),
    paths: sample.paths.map((p) => ({ balances: Array.from(p.balances, Math.round), outcome: p.outcome })),
  };
}

/** A probability as the page shows it: 42.5 %. */
export const formatProbability = (p: number): string => `${(Math.round(p * 1000) / 10).toFixed(1)}\u00a0%`;

/** The factor with the lowest expected cost; ties go to the smaller risk. */
export function cheapestFactor(points: readonly RiskPoint[]): number | null {
  let best: RiskPoint | null = null;
  for (const p of points) {
    if (p.expectedCostToFunded === null) continue;
    if (!best || p.expectedCostToFunded < best.expectedCostToFunded!) best = p;
  }
  return best?.factor ?? null;
}
