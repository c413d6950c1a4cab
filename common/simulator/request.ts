/**
 * The body of POST /_api/simulations (issue #28), checked the same way wherever it is read: its shape here, with
 * a message a trader can act on for each field; the series and its own checks stay with the engine.
 */
import { z } from 'zod';
import { DRAWDOWN_TYPES } from '../firms.js';
import { PATHS_MESSAGE } from './engine.js';
import { MAX_SEED } from './random.js';
import { MAX_PATHS, MIN_PATHS } from './types.js';

export const NO_RESULTS_MESSAGE = 'Send your results: dailyPnl ([{date, pnl}]), trades ([{closedAt, pnl}]) or csv (the text of a CSV file)';
export const TRADED_ON_MESSAGE = 'tradedOn must be the account size (in $) your results were traded on, above 0';
/** Per network per window: a person trying risk levels by hand stays far below it. */
export const SIMULATION_LIMITS = { perIp: 60, windowSeconds: 10 * 60 } as const;
export const TOO_MANY_SIMULATIONS = (minutes: number) => `Too many simulations from your network: try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;

const percent = z.number().finite().positive().max(100);
const program = z.object({
  name: z.string().trim().min(1).max(200),
  profitTargets: z.array(percent).max(5),
  dailyLoss: percent.nullable(),
  maxLoss: percent,
  drawdownType: z.enum(DRAWDOWN_TYPES),
  trailingStopsAtStart: z.boolean().optional(),
  minTradingDays: z.number().int().min(0).max(365),
  timeLimitDays: z.number().int().min(1).max(3650).nullable(),
  consistency: percent.nullable().optional(),
  size: z.number().int().positive().max(10_000_000),
  price: z.number().finite().min(0).max(1_000_000),
}).strict();

export const simulationRequestSchema = z.object({
  dailyPnl: z.array(z.object({ date: z.string().max(40), pnl: z.number().finite() }).strict()).max(20_000).optional(),
  trades: z.array(z.object({ closedAt: z.string().max(40), pnl: z.number().finite() }).strict()).max(100_000).optional(),
  csv: z.string().max(1_000_000).optional(),
  tradedOn: z.number({ error: TRADED_ON_MESSAGE }).finite().positive(TRADED_ON_MESSAGE),
  paths: z.number({ error: PATHS_MESSAGE }).int(PATHS_MESSAGE).min(MIN_PATHS, PATHS_MESSAGE).max(MAX_PATHS, PATHS_MESSAGE).optional(),
  seed: z.number().int().min(0).max(MAX_SEED).optional(),
  blockLength: z.number().int().min(1).max(250).optional(),
  programs: z.array(program).max(50).optional(),
  catalogue: z.boolean().optional(),
}).strict();

export type SimulationRequest = z.infer<typeof simulationRequestSchema>;
export type CustomProgram = z.infer<typeof program>;

/** The shape's first problem as one sentence naming the field, or null when the body has the right shape. */
export function simulationRequestProblem(body: unknown): { field: string; message: string } | null {
  const parsed = simulationRequestSchema.safeParse(body ?? {});
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.') || 'body';
  const own = issue.message === PATHS_MESSAGE || issue.message === TRADED_ON_MESSAGE;
  return { field, message: own ? issue.message : `${field}: ${issue.message}` };
}
