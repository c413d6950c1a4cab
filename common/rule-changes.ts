/**
 * Rule history that writes itself (issue #19): the pure rules that turn two versions of a firm's
 * programs (or its status) into changelog entries, and that write an entry as a trader reads it
 * ("Max loss 10 % → 8 %"). The admin save, the profile timeline, the Atom feed and the alert mails
 * all go through these, so a change reads the same everywhere.
 */
import { DRAWDOWN_TYPE_LABELS, FIRM_STATUS_LABELS, PROGRAM_TYPE_LABELS, type DrawdownType, type FirmStatus, type ProgramType } from './firms.js';

/** What an event of the outbox is about. */
export const FIRM_EVENT_KINDS = ['rule', 'status', 'code'] as const;
export type FirmEventKind = (typeof FIRM_EVENT_KINDS)[number];

/** A value before or after a change, as the outbox stores it (JSON). null: none, or the thing did not exist. */
export type RuleValue = string | number | boolean | number[] | null;

/** One field of one program (or of the firm) that changed. */
export interface RuleChange {
  kind: FirmEventKind;
  /** The program's name; null for firm-wide fields (status). */
  program: string | null;
  /** A key of RULE_FIELDS, `price:<size>` for a size's price, `program` for a program added or removed, or `status`. */
  field: string;
  before: RuleValue;
  after: RuleValue;
}

type Format = 'percent' | 'percents' | 'days' | 'usd' | 'text' | 'drawdown' | 'yesno' | 'type';

/** The rule fields of a program that the history follows, in the order a profile lists them. */
export const RULE_FIELDS = {
  type: { label: 'Program type', format: 'type' },
  profitTargets: { label: 'Profit targets', format: 'percents' },
  dailyLoss: { label: 'Daily loss', format: 'percent' },
  maxLoss: { label: 'Max loss', format: 'percent' },
  drawdownType: { label: 'Drawdown type', format: 'drawdown' },
  minTradingDays: { label: 'Minimum trading days', format: 'days' },
  timeLimitDays: { label: 'Time limit', format: 'days' },
  profitSplit: { label: 'Profit split', format: 'percent' },
  firstPayoutDays: { label: 'First payout', format: 'days' },
  payoutFrequency: { label: 'Payout frequency', format: 'text' },
  refundableFee: { label: 'Refundable fee', format: 'yesno' },
  activationFee: { label: 'Activation fee', format: 'usd' },
  resetPrice: { label: 'Reset price', format: 'usd' },
} as const satisfies Record<string, { label: string; format: Format }>;
export type RuleField = keyof typeof RULE_FIELDS;
export const RULE_FIELD_KEYS = Object.keys(RULE_FIELDS) as RuleField[];

/** A program as the diff sees it: its rule fields and its prices per account size. */
export type ProgramVersion = { id?: unknown; name: string; sizes: ReadonlyArray<{ size: number; price: number }> } & {
  [K in RuleField]?: RuleValue;
};

/**
 * The entries between two versions of one program, field by field in RULE_FIELDS order, then each
 * account size's price (a size added or dropped is a price from or to none). Numbers compare by
 * value, so 10 and "10.00" (PostgreSQL's numeric text) are the same.
 */
export function diffProgram(before: ProgramVersion, after: ProgramVersion): RuleChange[] {
  const changes: RuleChange[] = [];
  for (const field of RULE_FIELD_KEYS) {
    const a = normalise(before[field]);
    const b = normalise(after[field]);
    if (!sameValue(a, b)) changes.push({ kind: 'rule', program: after.name, field, before: a, after: b });
  }
  const oldPrices = new Map(before.sizes.map((s) => [s.size, Number(s.price)]));
  const newPrices = new Map(after.sizes.map((s) => [s.size, Number(s.price)]));
  const sizes = [...new Set([...oldPrices.keys(), ...newPrices.keys()])].sort((x, y) => x - y);
  for (const size of sizes) {
    const a = oldPrices.get(size) ?? null;
    const b = newPrices.get(size) ?? null;
    if (a !== b) changes.push({ kind: 'rule', program: after.name, field: `price:${size}`, before: a, after: b });
  }
  return changes;
}

/**
 * The entries between a firm's programs before and after a save. A program is the same program when
 * the save names its id, else when it keeps its name (react-admin sends the ids it was given; an API
 * client may not); one that matches nothing was added, one left unmatched was removed.
 */
export function diffPrograms(before: readonly ProgramVersion[], after: readonly ProgramVersion[]): RuleChange[] {
  const unmatched = new Set(before);
  const pairs: Array<[ProgramVersion | null, ProgramVersion]> = after.map((next) => {
    const byId = next.id !== undefined && next.id !== null ? before.find((p) => unmatched.has(p) && p.id === next.id) : undefined;
    const match = byId ?? before.find((p) => unmatched.has(p) && p.name === next.name);
    if (match) unmatched.delete(match);
    return [match ?? null, next];
  });
  const changes: RuleChange[] = [];
  for (const [old, next] of pairs) {
    if (old) changes.push(...diffProgram(old, next));
    else changes.push({ kind: 'rule', program: next.name, field: 'program', before: null, after: next.name });
  }
  for (const old of unmatched) changes.push({ kind: 'rule', program: old.name, field: 'program', before: old.name, after: null });
  return changes;
}

/** A firm's status change, or none. */
export function diffStatus(before: FirmStatus, after: FirmStatus): RuleChange[] {
  return before === after ? [] : [{ kind: 'status', program: null, field: 'status', before, after }];
}

/** The label of a field as the timeline writes it. */
export function fieldLabel(field: string): string {
  if (field === 'status') return 'Status';
  if (field === 'program') return 'Program';
  if (field.startsWith('price:')) return `Price of the ${usdText(Number(field.slice(6)))} account`;
  return (RULE_FIELDS as Record<string, { label: string }>)[field]?.label ?? field;
}

/** A value as the timeline writes it: "10 %", "$99", "30 days", "End-of-day trailing", "none". */
export function formatRuleValue(field: string, value: RuleValue): string {
  if (value === null || (Array.isArray(value) && value.length === 0)) return 'none';
  if (field === 'status') return FIRM_STATUS_LABELS[value as FirmStatus] ?? String(value);
  if (field === 'program') return String(value);
  if (field.startsWith('price:')) return usdText(Number(value));
  const format: Format | undefined = (RULE_FIELDS as Record<string, { format: Format }>)[field]?.format;
  switch (format) {
    case 'percent': return `${numberText(Number(value))} %`;
    case 'percents': return (value as number[]).map((v) => `${numberText(Number(v))} %`).join(' / ');
    case 'days': return `${value} day${Number(value) === 1 ? '' : 's'}`;
    case 'usd': return usdText(Number(value));
    case 'drawdown': return DRAWDOWN_TYPE_LABELS[value as DrawdownType] ?? String(value);
    case 'type': return PROGRAM_TYPE_LABELS[value as ProgramType] ?? String(value);
    case 'yesno': return value ? 'yes' : 'no';
    default: return String(value);
  }
}

/** "Max loss 10 % → 8 %", "Program added: Classic", "Status Active → Closed", "New code ACME10". */
export function describeChange(change: Pick<RuleChange, 'field' | 'before' | 'after'>): string {
  if (change.field === 'code-new') return `New code ${String(change.after)}`;
  if (change.field === 'code-renewed') return `Code ${String(change.before)} renewed, now valid until ${String(change.after)}`;
  if (change.field === 'code-ending') return `Code ${String(change.before)} ends on ${String(change.after)}`;
  if (change.field === 'program') {
    return change.before === null ? `Program added: ${String(change.after)}` : `Program removed: ${String(change.before)}`;
  }
  return `${fieldLabel(change.field)} ${formatRuleValue(change.field, change.before)} \u2192 ${formatRuleValue(change.field, change.after)}`;
}

/** The same with the program named first when there is one: "Classic: Max loss 10 % → 8 %". */
export function describeChangeIn(change: Pick<RuleChange, 'field' | 'before' | 'after' | 'program'>): string {
  const text = describeChange(change);
  return change.program && change.field !== 'program' ? `${change.program}: ${text}` : text;
}

function normalise(value: RuleValue | undefined): RuleValue {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}

function sameValue(a: RuleValue, b: RuleValue): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => v === b[i]);
  }
  return a === b;
}

function numberText(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2, minimumFractionDigits: 0 });
function usdText(n: number): string {
  return USD.format(n);
}
