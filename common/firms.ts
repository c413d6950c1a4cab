/**
 * Firm profiles (issue #10): the enumerations, the published methodology and the pure rules that
 * the API, the admin and the pages share — the score from criteria, the price after a code and the
 * parser of the /firms filters. Enumeration values are URL-safe, so the same word travels from a
 * link to the database.
 */

import { PASS_RATE_MESSAGE, parsePassRate } from './true-cost.js';

export {
  DEFAULT_FIRM_STATUSES, FIRM_STATUSES, FIRM_STATUS_LABELS, FIRM_STATUS_MEANINGS, STATUS_REASON_MAX,
  isPromoted, isStatusReason, isTopChoice, type FirmStatus,
} from './firm-status.js';
import { DEFAULT_FIRM_STATUSES, FIRM_STATUSES, STATUS_REASON_MAX, type FirmStatus } from './firm-status.js';

export const AFFILIATE_STATUSES = ['partner', 'no-program', 'ended'] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];
export const AFFILIATE_STATUS_LABELS: Record<AffiliateStatus, string> = {
  partner: 'Affiliate partner',
  'no-program': 'No affiliate program',
  ended: 'Affiliate partnership ended',
};

export const PLATFORMS = [
  'MT4', 'MT5', 'cTrader', 'DXtrade', 'Match-Trader', 'TradingView', 'NinjaTrader', 'Rithmic', 'Tradovate', 'other',
] as const;
export type Platform = (typeof PLATFORMS)[number];

export const ASSET_CLASSES = ['forex', 'futures', 'indices', 'commodities', 'crypto', 'stocks'] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

export const PROGRAM_TYPES = ['one-step', 'two-step', 'three-step', 'instant', 'other'] as const;
export type ProgramType = (typeof PROGRAM_TYPES)[number];
export const PROGRAM_TYPE_LABELS: Record<ProgramType, string> = {
  'one-step': 'One-step',
  'two-step': 'Two-step',
  'three-step': 'Three-step',
  instant: 'Instant funding',
  other: 'Other',
};

export const DRAWDOWN_TYPES = ['static', 'trailing', 'eod-trailing'] as const;
export type DrawdownType = (typeof DRAWDOWN_TYPES)[number];
export const DRAWDOWN_TYPE_LABELS: Record<DrawdownType, string> = {
  static: 'Static',
  trailing: 'Trailing',
  'eod-trailing': 'End-of-day trailing',
};

/** How many evaluation phases (one profit target each) a program type has; null: any number up to the max. */
export const PHASES_BY_TYPE: Record<ProgramType, number | null> = {
  'one-step': 1, 'two-step': 2, 'three-step': 3, instant: 0, other: null,
};
export const MAX_PHASES = 5;

/** Limits the admin forms and the API both check. */
export const FIRM_LIMITS = {
  programsPerFirm: 20,
  sizesPerProgram: 20,
  maxAccountSize: 10_000_000,
  maxPrice: 100_000,
  maxDays: 3650,
  minFoundedYear: 1900,
  restrictedCountries: 300,
  countryLength: 100,
  programNameLength: 200,
  payoutFrequencyLength: 100,
  noteLength: 2000,
  changeLength: 2000,
} as const;

/** Rows per page of GET /_api/firms and /firms: a phone scrolls one page of cards to the footer in a few swipes (issue 22). */
export const FIRMS_PAGE_SIZE = 25;

// ---------------------------------------------------------------------------------------------
// Methodology and score
// ---------------------------------------------------------------------------------------------

export interface Criterion {
  key: string;
  label: string;
  /** Percent of the score; the weights add up to 100. */
  weight: number;
  description: string;
}

/** The published method: payout reliability weighs most. The affiliate status is not a criterion. */
export const CRITERIA = [
  {
    key: 'payout-reliability',
    label: 'Payout reliability',
    weight: 30,
    description: 'Whether requested payouts arrive in full and on time: our own test payouts and verified trader reports.',
  },
  {
    key: 'rules-clarity',
    label: 'Rules clarity',
    weight: 20,
    description: 'Whether every rule that can fail an account is written down before purchase, and applied as written.',
  },
  {
    key: 'cost',
    label: 'Cost',
    weight: 15,
    description: 'What an account costs against its size and rules, including reset, activation and monthly fees.',
  },
  {
    key: 'support',
    label: 'Support',
    weight: 10,
    description: 'How fast and how usefully support answers our test questions, before and after purchase.',
  },
  {
    key: 'platform-execution',
    label: 'Platform and execution',
    weight: 15,
    description: 'Platform choice, spreads, commissions and slippage measured on our test accounts.',
  },
  {
    key: 'longevity',
    label: 'Longevity',
    weight: 10,
    description: 'Years in business, ownership transparency and a record of keeping rules stable.',
  },
] as const satisfies readonly Criterion[];

export type CriterionKey = (typeof CRITERIA)[number]['key'];
export const CRITERION_KEYS = CRITERIA.map((c) => c.key) as CriterionKey[];

export const SCORE_MIN = 0;
export const SCORE_MAX = 5;

export interface CriterionScore {
  criterion: string;
  score: number;
}

/** Where a firm's rating comes from: the weighted criteria, or the rating an admin typed in. */
export type RatingSource = 'criteria' | 'entered';

/**
 * The weighted score of SPEC's 0–5 rating, rounded to the rating's step of 0.1. Only a firm scored on
 * every criterion gets one (null otherwise): a score built from half the method would not be the
 * published method, so until then the entered rating stands.
 */
export function weightedScore(scores: readonly CriterionScore[]): number | null {
  let total = 0;
  for (const criterion of CRITERIA) {
    const entry = scores.find((s) => s.criterion === criterion.key);
    if (!entry || !Number.isFinite(entry.score)) return null;
    total += clamp(entry.score, SCORE_MIN, SCORE_MAX) * criterion.weight;
  }
  const weights = CRITERIA.reduce((sum, c) => sum + c.weight, 0);
  return Math.round((total / weights) * 10) / 10;
}

/** The rating a visitor sees and where it comes from. */
export function effectiveRating(score: number | null, entered: number | null): { rating: number | null; ratingSource: RatingSource } {
  return score === null ? { rating: entered, ratingSource: 'entered' } : { rating: score, ratingSource: 'criteria' };
}

// ---------------------------------------------------------------------------------------------
// Price after code: the one rule lives in common/price-rule.ts (issue #18)
// ---------------------------------------------------------------------------------------------

export { bestCode, codeKind, priceAfterCode, type CodeKind, type CodeTerms, type PriceTarget } from './price-rule.js';

// ---------------------------------------------------------------------------------------------
// The /firms filters and sort
// ---------------------------------------------------------------------------------------------

export const FIRM_SORTS = ['price', 'priceAfterCode', 'profitSplit', 'score', 'maxLoss', 'payouts', 'trueCost'] as const;
export type FirmSort = (typeof FIRM_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

/**
 * The natural direction of each sort: cheapest and smallest loss limit first, highest split and score first,
 * most approved payout reports (180 days) first, lowest true cost first.
 */
export const DEFAULT_ORDER: Record<FirmSort, SortOrder> = {
  price: 'asc', priceAfterCode: 'asc', profitSplit: 'desc', score: 'desc', maxLoss: 'asc', payouts: 'desc', trueCost: 'asc',
};
export const DEFAULT_SORT: FirmSort = 'score';

export interface FirmsQuery {
  size: number | null;
  type: ProgramType | null;
  platform: Platform | null;
  asset: AssetClass | null;
  drawdown: DrawdownType | null;
  /** Compared with the price after our best code: what the trader pays. */
  maxPrice: number | null;
  /** Never empty; DEFAULT_FIRM_STATUSES unless the URL asks for others. */
  status: FirmStatus[];
  sort: FirmSort;
  order: SortOrder;
  page: number;
  /** The reader's pass rate (percent) for firms that publish none; null: our stated assumption (true-cost.ts). */
  passRate: number | null;
}

export const FIRMS_QUERY_PARAMS = ['size', 'type', 'platform', 'asset', 'drawdown', 'maxPrice', 'status', 'sort', 'order', 'page', 'passRate'] as const;

export type FirmsQueryResult = { ok: true; query: FirmsQuery } | { ok: false; message: string; errors: Record<string, string> };

export const FIRMS_QUERY_MESSAGES = {
  size: 'size must be a whole number of US dollars, e.g. 100000',
  maxPrice: 'maxPrice must be a number of US dollars of 0 or more',
  page: 'page must be a whole number of 1 or more',
  passRate: PASS_RATE_MESSAGE,
  oneOf: (name: string, values: readonly string[]) => `${name} must be one of: ${values.join(', ')}`,
  once: (name: string) => `${name} must be given once`,
  unknown: (names: string[]) => `Unknown parameter${names.length > 1 ? 's' : ''}: ${names.join(', ')}`,
};

type RawParams = Record<string, string | string[] | undefined> | URLSearchParams;

/**
 * Reads the /firms URL. An empty value counts as absent (a form sent without JavaScript sends
 * `size=` for "any size"); enumerations match without regard to case and come back in their
 * canonical spelling; anything else wrong is an error naming the parameter — never silently
 * dropped, so a shared link never shows a different table than the one its sender saw.
 * `status` takes one status, a comma list, or `all`. Unknown parameter names are errors too,
 * unless `ignoreUnknown` (a page URL may carry utm_… tags).
 */
export function parseFirmsQuery(input: RawParams, options: { ignoreUnknown?: boolean } = {}): FirmsQueryResult {
  const entries = toEntries(input);
  const errors: Record<string, string> = {};
  const unknown = [...entries.keys()].filter((k) => !(FIRMS_QUERY_PARAMS as readonly string[]).includes(k));
  if (unknown.length && !options.ignoreUnknown) for (const name of unknown) errors[name] = FIRMS_QUERY_MESSAGES.unknown([name]);

  const single = (name: string): string | null => {
    const values = (entries.get(name) ?? []).map((v) => v.trim()).filter((v) => v !== '');
    if (values.length > 1) {
      errors[name] = FIRMS_QUERY_MESSAGES.once(name);
      return null;
    }
    return values[0] ?? null;
  };
  const oneOf = <T extends string>(name: string, values: readonly T[]): T | null => {
    const raw = single(name);
    if (raw === null) return null;
    const found = values.find((v) => v.toLowerCase() === raw.toLowerCase());
    if (!found) errors[name] = FIRMS_QUERY_MESSAGES.oneOf(name, values);
    return found ?? null;
  };
  const integer = (name: 'size' | 'page', min: number, max: number): number | null => {
    const raw = single(name);
    if (raw === null) return null;
    const n = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      errors[name] = FIRMS_QUERY_MESSAGES[name];
      return null;
    }
    return n;
  };

  const size = integer('size', 1, FIRM_LIMITS.maxAccountSize);
  const type = oneOf('type', PROGRAM_TYPES);
  const platform = oneOf('platform', PLATFORMS);
  const asset = oneOf('asset', ASSET_CLASSES);
  const drawdown = oneOf('drawdown', DRAWDOWN_TYPES);

  let maxPrice: number | null = null;
  const rawMax = single('maxPrice');
  if (rawMax !== null) {
    const n = /^\d{1,7}(\.\d{1,2})?$/.test(rawMax) ? Number(rawMax) : NaN;
    if (Number.isFinite(n) && n <= FIRM_LIMITS.maxPrice) maxPrice = n;
    else errors.maxPrice = FIRMS_QUERY_MESSAGES.maxPrice;
  }

  let status: FirmStatus[] = [...DEFAULT_FIRM_STATUSES];
  const rawStatus = single('status');
  if (rawStatus !== null) {
    const statusValues = [...FIRM_STATUSES, 'all'] as const;
    const parts = rawStatus.toLowerCase().split(',').map((s) => s.trim()).filter(Boolean);
    if (!parts.length || parts.some((p) => !(statusValues as readonly string[]).includes(p))) {
      errors.status = FIRMS_QUERY_MESSAGES.oneOf('status', statusValues);
    } else {
      status = parts.includes('all') ? [...FIRM_STATUSES] : FIRM_STATUSES.filter((s) => parts.includes(s));
    }
  }

  const sort = oneOf('sort', FIRM_SORTS) ?? DEFAULT_SORT;
  const order = oneOf('order', ['asc', 'desc'] as const) ?? DEFAULT_ORDER[sort];
  const page = integer('page', 1, 100_000) ?? 1;
  let passRate: number | null = null;
  const rawPassRate = single('passRate');
  if (rawPassRate !== null) {
    passRate = parsePassRate(rawPassRate);
    if (passRate === null) errors.passRate = FIRMS_QUERY_MESSAGES.passRate;
  }

  const names = Object.keys(errors);
  if (names.length) {
    const unknownNames = names.filter((n) => unknown.includes(n));
    const message = unknownNames.length ? FIRMS_QUERY_MESSAGES.unknown(unknownNames) : errors[names[0]!]!;
    return { ok: false, message, errors };
  }
  return { ok: true, query: { size, type, platform, asset, drawdown, maxPrice, status, sort, order, page, passRate } };
}

/**
 * The canonical URL query of a FirmsQuery: defaults left out, fixed parameter order. The page
 * builds its links with it, and the API keys its cache by it, so equal tables share one entry.
 */
export function firmsQueryString(q: FirmsQuery): string {
  const params = new URLSearchParams();
  if (q.size !== null) params.set('size', String(q.size));
  if (q.type) params.set('type', q.type);
  if (q.platform) params.set('platform', q.platform);
  if (q.asset) params.set('asset', q.asset);
  if (q.drawdown) params.set('drawdown', q.drawdown);
  if (q.maxPrice !== null) params.set('maxPrice', String(q.maxPrice));
  if (!sameStatuses(q.status, DEFAULT_FIRM_STATUSES)) {
    params.set('status', q.status.length === FIRM_STATUSES.length ? 'all' : q.status.join(','));
  }
  if (q.sort !== DEFAULT_SORT) params.set('sort', q.sort);
  if (q.order !== DEFAULT_ORDER[q.sort]) params.set('order', q.order);
  if (q.page !== 1) params.set('page', String(q.page));
  if (q.passRate !== null) params.set('passRate', String(q.passRate));
  return params.toString();
}

function sameStatuses(a: readonly FirmStatus[], b: readonly FirmStatus[]): boolean {
  return a.length === b.length && a.every((s) => b.includes(s));
}

/** The slugs of /firms/compare?firms=a,b,c: two or three distinct ones. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 3;
export const COMPARE_MESSAGE = 'firms must name 2 or 3 different firms by slug, e.g. firms=ftmo,the5ers';

export function parseCompareFirms(value: unknown): string[] | null {
  if (typeof value !== 'string') return null;
  const slugs = [...new Set(value.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean))];
  if (slugs.length < COMPARE_MIN || slugs.length > COMPARE_MAX || !slugs.every((s) => /^[a-z0-9-]{1,200}$/.test(s))) return null;
  return slugs;
}

// ---------------------------------------------------------------------------------------------
// Slugs of firms
// ---------------------------------------------------------------------------------------------

/** The pattern a firm's slug must match: the /firms/:slug route answers only these (issue #18). */
export const FIRM_SLUG_PATTERN = /^[a-z0-9-]{1,200}$/;

/**
 * The slug of a firm's name: one that the /firms/:slug route answers, whatever the name — accents
 * folded (Société → societe), every run of anything but a-z and 0-9 (underscores, dots, ampersands,
 * other scripts) one hyphen, no hyphen at either end, at most 80 characters. `Under_Score Capital` →
 * `under-score-capital`. Empty when nothing is left (uniqueSlug then gives the fallback).
 */
export function firmSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** A firm whose name has no letter or digit left after firmSlug gets this slug (then -2, -3…). */
export const FALLBACK_FIRM_SLUG = 'firm';

/** The first of `base`, `base-2`, `base-3`… that is not taken. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  const root = base || FALLBACK_FIRM_SLUG;
  if (!taken.has(root)) return root;
  for (let n = 2; ; n++) {
    const candidate = `${root}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

function toEntries(input: RawParams): Map<string, string[]> {
  const map = new Map<string, string[]>();
  const add = (k: string, v: string) => map.set(k, [...(map.get(k) ?? []), v]);
  if (input instanceof URLSearchParams) {
    for (const [k, v] of input) add(k, v);
  } else {
    for (const [k, v] of Object.entries(input)) {
      if (v === undefined) continue;
      // Express parses `a[b]=c` into objects; such a value is not a text, so it is wrong, not absent.
      for (const item of Array.isArray(v) ? v : [v]) add(k, typeof item === 'string' ? item : '\u0000');
    }
  }
  return map;
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

// ---------------------------------------------------------------------------------------------
// Messages of the admin calls (the admin forms show the same words)
// ---------------------------------------------------------------------------------------------

export const FIRM_MSG = {
  status: `Status must be one of: ${FIRM_STATUSES.join(', ')}`,
  affiliateStatus: `Affiliate status must be one of: ${AFFILIATE_STATUSES.join(', ')}`,
  foundedYear: (max: number) => `Founded year must be a whole year from ${FIRM_LIMITS.minFoundedYear} to ${max}`,
  platforms: `Platforms must be a list of: ${PLATFORMS.join(', ')}`,
  assetClasses: `Asset classes must be a list of: ${ASSET_CLASSES.join(', ')}`,
  restrictedCountries: `Restricted countries must be a list of country names (at most ${FIRM_LIMITS.restrictedCountries})`,
  lastTestedAt: 'Last tested must be a date (YYYY-MM-DD)',
  slugTaken: (slug: string) => `Another firm already has the slug "${slug}". Choose another slug.`,
  programs: `Programs must be a list of at most ${FIRM_LIMITS.programsPerFirm} programs`,
  programName: 'Program name is required',
  programType: `Program type must be one of: ${PROGRAM_TYPES.join(', ')}`,
  profitTargets: 'Profit targets must be a list of percentages from 0 to 100, one per phase',
  profitTargetsPerPhase: (type: string, phases: number) =>
    phases === 0 ? `An ${type} program has no evaluation phase, so no profit target` : `A ${type} program needs ${phases} profit target${phases > 1 ? 's' : ''}, one per phase`,
  percent: (label: string) => `${label} must be a percentage from 0 to 100`,
  drawdownType: `Drawdown type must be one of: ${DRAWDOWN_TYPES.join(', ')}`,
  days: (label: string) => `${label} must be a whole number of days from 0 to ${FIRM_LIMITS.maxDays}`,
  consistency: 'Consistency must be a percentage above 0 and at most 100 (the best day\'s share of the total profit), or empty for none',
  trailingStopsAtStart: 'Trailing floor stops at the starting balance must be true or false',
  timeLimitDays: `Time limit must be a whole number of days from 1 to ${FIRM_LIMITS.maxDays}, or empty for none`,
  payoutFrequency: `Payout frequency must be text of at most ${FIRM_LIMITS.payoutFrequencyLength} characters`,
  refundableFee: 'Refundable fee must be true or false',
  money: (label: string) => `${label} must be an amount in US dollars from 0 to ${FIRM_LIMITS.maxPrice}, with at most 2 decimals`,
  sizes: `A program needs 1 to ${FIRM_LIMITS.sizesPerProgram} account sizes`,
  size: `Account size must be a whole number of US dollars from 1 to ${FIRM_LIMITS.maxAccountSize}`,
  sizesUnique: 'Each account size may appear once per program',
  scores: `Scores must list each criterion at most once: ${CRITERION_KEYS.join(', ')}`,
  criterion: `Criterion must be one of: ${CRITERION_KEYS.join(', ')}`,
  score: `Score must be a number from ${SCORE_MIN} to ${SCORE_MAX} in steps of 0.1`,
  companyId: 'Company is required',
  changeDate: 'Date is required (YYYY-MM-DD)',
  changeText: 'What changed is required',
  sourceUrl: 'Source URL must be a valid URL',
  statusReason: `Status reason must be one line of at most ${STATUS_REASON_MAX} characters`,
  statusSince: 'Status since must be a date (YYYY-MM-DD)',
  passRate: 'Pass rate must be a percentage above 0 and at most 100, with at most 2 decimals',
  passRateDate: 'Pass rate date must be a date (YYYY-MM-DD)',
};

/** A calendar date written YYYY-MM-DD that exists (no 2025-02-30). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * The rules across fields of programs and scores that field checks cannot see: one profit target
 * per phase, each size once per program, each criterion once. Field paths as the API reports them.
 */
export function profileErrors(input: {
  programs?: ReadonlyArray<{ type: string; profitTargets?: readonly number[]; sizes?: ReadonlyArray<{ size: number }> }>;
  scores?: ReadonlyArray<{ criterion: string }>;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  input.programs?.forEach((p, i) => {
    const phases = PHASES_BY_TYPE[p.type as ProgramType];
    if (phases !== null && phases !== undefined && (p.profitTargets ?? []).length !== phases) {
      errors[`programs.${i}.profitTargets`] = FIRM_MSG.profitTargetsPerPhase(PROGRAM_TYPE_LABELS[p.type as ProgramType].toLowerCase(), phases);
    }
    const sizes = (p.sizes ?? []).map((s) => s.size);
    if (new Set(sizes).size !== sizes.length) errors[`programs.${i}.sizes`] = FIRM_MSG.sizesUnique;
  });
  const criteria = (input.scores ?? []).map((s) => s.criterion);
  if (new Set(criteria).size !== criteria.length) errors.scores = FIRM_MSG.scores;
  return errors;
}

/** The admin dashboard flags a firm whose last test is older than this (or that was never tested). */
export const RETEST_AFTER_DAYS = 90;

/** Whether a firm is due for a new test on `now` (calendar days, UTC, as lastTestedAt is a date). */
export function isTestOverdue(lastTestedAt: string | null, now: Date): boolean {
  if (!lastTestedAt || !isCalendarDate(lastTestedAt)) return true;
  const tested = Date.parse(`${lastTestedAt}T00:00:00Z`);
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  return (today - tested) / 86_400_000 > RETEST_AFTER_DAYS;
}
