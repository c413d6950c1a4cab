/**
 * The /simulator form (issue #28), read the same way by the page (before handing the series to its Web Worker) and
 * by the server (POST /simulator, the form without JavaScript): a CSV of results, or simple statistics that generate
 * a year of days, and the account size the results came from.
 */
import { SimulatorInputError } from './errors.js';
import { readPnlCsv } from './csv.js';
import { parametricSeries, validateSeries } from './series.js';
import type { DailyPnl } from './types.js';
import type { SimulatorView } from './view.js';

export { SIMULATOR_PATH } from './text.js';

/** The form's field names: the page's inputs and the server's reading of the posted form. */
export const SIMULATOR_FIELDS = {
  mode: 'mode',
  file: 'file',
  csv: 'csv',
  tradedOn: 'tradedOn',
  winRate: 'winRate',
  avgWinR: 'avgWinR',
  avgLossR: 'avgLossR',
  tradesPerDay: 'tradesPerDay',
  riskPercent: 'riskPercent',
  firm: 'firm',
  program: 'program',
} as const;

export type SimulatorMode = 'csv' | 'stats';
/** A year of trading days generated from the simple statistics. */
export const STATS_DAYS = 250;
/** The statistics mode's series is the same for the same statistics: a fixed seed, not a random one. */
const STATS_SEED = 28;

export const SIMULATOR_MESSAGES = {
  noCsv: 'Choose a CSV file of your results or paste its text',
  notText: 'This file is not text: export your results from your platform as CSV',
  tooLarge: 'This file is larger than 1 MB: send your daily results, or a shorter period of trades',
  unreadable: 'The form could not be read: choose the file again and resend',
  tradedOn: 'Enter the account size (in $) your results were traded on, above 0',
  number: (label: string) => `Enter a number for ${label.toLowerCase()}`,
  riskPercent: 'Risk per trade must be a percentage of the account above 0 and at most 10',
} as const;

export interface SimulatorFormValues {
  mode: SimulatorMode;
  csv: string;
  tradedOn: string;
  winRate: string;
  avgWinR: string;
  avgLossR: string;
  tradesPerDay: string;
  riskPercent: string;
  firm: string;
  program: string;
}

export const DEFAULT_FORM: SimulatorFormValues = {
  mode: 'csv', csv: '', tradedOn: '100000', winRate: '45', avgWinR: '2', avgLossR: '1', tradesPerDay: '2', riskPercent: '0.5', firm: '', program: '',
};

/** The posted fields (strings, or absent) as the form's values; anything unknown is left out. */
export function formValuesOf(fields: Record<string, unknown>, fileText?: string): SimulatorFormValues {
  const text = (key: keyof SimulatorFormValues) => (typeof fields[key] === 'string' ? (fields[key] as string) : DEFAULT_FORM[key]);
  const csv = fileText && fileText.trim() !== '' ? fileText : text('csv');
  return {
    mode: fields.mode === 'stats' ? 'stats' : 'csv',
    csv, tradedOn: text('tradedOn'), winRate: text('winRate'), avgWinR: text('avgWinR'), avgLossR: text('avgLossR'),
    tradesPerDay: text('tradesPerDay'), riskPercent: text('riskPercent'), firm: text('firm').trim(), program: text('program').trim(),
  };
}

export interface SimulatorInput {
  series: DailyPnl[];
  tradedOn: number;
  firm: string | null;
  chosen: { programId: number; size: number } | null;
}

export type SimulatorFormResult = { ok: true; input: SimulatorInput } | { ok: false; field: keyof SimulatorFormValues; message: string };

const numberOf = (value: string): number => (value.trim() === '' ? NaN : Number(value.replace(/[\s,$%]/g, '')));

/** The series and options the form asks for, or the first field to correct with a message a trader can act on. */
export function readSimulatorForm(values: SimulatorFormValues): SimulatorFormResult {
  const fail = (field: keyof SimulatorFormValues, message: string): SimulatorFormResult => ({ ok: false, field, message });
  const tradedOn = numberOf(values.tradedOn);
  if (!(Number.isFinite(tradedOn) && tradedOn > 0)) return fail('tradedOn', SIMULATOR_MESSAGES.tradedOn);
  let series: DailyPnl[];
  try {
    if (values.mode === 'csv') {
      if (values.csv.trim() === '') return fail('csv', SIMULATOR_MESSAGES.noCsv);
      // A spreadsheet or an image chosen by mistake: its bytes say so before any line is read.
      if (values.csv.includes('\u0000')) return fail('csv', SIMULATOR_MESSAGES.notText);
      series = readPnlCsv(values.csv).days;
    } else {
      const stats = statsOf(values);
      if ('field' in stats) return fail(stats.field, stats.message);
      const risk = (stats.riskPercent / 100) * tradedOn;
      series = parametricSeries({
        winRate: stats.winRate, avgWin: stats.avgWinR * risk, avgLoss: stats.avgLossR * risk,
        tradesPerDay: stats.tradesPerDay, days: STATS_DAYS, seed: STATS_SEED,
      });
    }
    validateSeries(series);
  } catch (error) {
    if (!(error instanceof SimulatorInputError)) throw error;
    const where = error.line !== undefined && values.mode === 'csv' ? `Line ${error.line}: ` : '';
    return fail(values.mode === 'csv' ? 'csv' : 'winRate', where + error.message);
  }
  return { ok: true, input: { series, tradedOn, firm: values.firm || null, chosen: chosenOf(values.program) } };
}

const STAT_LABELS = {
  winRate: 'Win rate (%)', avgWinR: 'Average win (R)', avgLossR: 'Average loss (R)', tradesPerDay: 'Trades per day', riskPercent: 'Risk per trade (%)',
} as const;
export { STAT_LABELS };

function statsOf(values: SimulatorFormValues):
  | { winRate: number; avgWinR: number; avgLossR: number; tradesPerDay: number; riskPercent: number }
  | { field: keyof SimulatorFormValues; message: string } {
  const out: Record<string, number> = {};
  for (const key of Object.keys(STAT_LABELS) as Array<keyof typeof STAT_LABELS>) {
    const n = numberOf(values[key]);
    if (!Number.isFinite(n)) return { field: key, message: SIMULATOR_MESSAGES.number(STAT_LABELS[key]) };
    out[key] = n;
  }
  if (!(out.riskPercent! > 0 && out.riskPercent! <= 10)) return { field: 'riskPercent', message: SIMULATOR_MESSAGES.riskPercent };
  return out as { winRate: number; avgWinR: number; avgLossR: number; tradesPerDay: number; riskPercent: number };
}

/** `<programId>:<size>`, the results table's choice of program for the chart. */
export const programKey = (p: { programId: number; size: number }) => `${p.programId}:${p.size}`;
function chosenOf(value: string): { programId: number; size: number } | null {
  const match = /^(\d{1,9}):(\d{1,9})$/.exec(value);
  return match ? { programId: Number(match[1]), size: Number(match[2]) } : null;
}

/** The no-JavaScript form's answer (POST /simulator), rendered into the page: the values sent back, and the
 * results or the field to correct. */
export interface SimulatorPosted {
  values: SimulatorFormValues;
  view?: SimulatorView;
  error?: { field: keyof SimulatorFormValues; message: string };
}
