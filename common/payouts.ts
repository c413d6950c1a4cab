/**
 * Payout evidence (issue #17): traders' payout reports, the figures a firm's profile and the /firms table
 * show from them, and the payout-guarantee claims' state machine. Pure rules shared by the API and the pages:
 * every payout number a trader sees comes from `payoutFigures` / `guaranteeStats`.
 */

export const PAYOUT_OUTCOMES = ['paid', 'denied', 'pending'] as const;
export type PayoutOutcome = (typeof PAYOUT_OUTCOMES)[number];

export const PAYOUT_REPORT_STATUSES = ['awaiting-review', 'approved', 'rejected'] as const;
export type PayoutReportStatus = (typeof PAYOUT_REPORT_STATUSES)[number];

/** The figures count approved reports requested within this many days. */
export const PAYOUT_WINDOW_DAYS = 180;
/** Below this many approved reports in the window no rate or median is shown. */
export const PAYOUT_MIN_REPORTS = 5;
/** At most this many proof images per report. */
export const PAYOUT_PROOF_MAX = 5;
/** Reports per account and per address within the window; past it, the one 429. */
export const PAYOUT_REPORT_LIMITS = { perWindow: 20, windowSeconds: 24 * 60 * 60 } as const;
/** A burst: this many reports on one firm within BURST_HOURS from accounts younger than a day is held and flagged. */
export const PAYOUT_BURST = { reports: 3, hours: 24, accountAgeHours: 24 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a report contributes to the figures. Dates are ISO days (YYYY-MM-DD) or instants. */
export interface PayoutReportFacts {
  outcome: PayoutOutcome;
  requestedOn: string;
  resolvedOn: string | null;
  /** When the report was submitted (ISO instant). */
  createdAt: string;
}

export interface PayoutFigures {
  approvedReports: number;
  paid: number;
  denied: number;
  pending: number;
  /** Median whole days from request to payment over paid reports; null under PAYOUT_MIN_REPORTS reports. */
  medianDaysToPay: number | null;
  /** Denied share of decided (paid + denied) reports, whole percent; null under PAYOUT_MIN_REPORTS reports. */
  denialRate: number | null;
  /** ISO instant of the newest approved report in the window, or null. */
  lastReportAt: string | null;
}

/** Whole days from one ISO date to another (UTC days). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to.slice(0, 10)) - Date.parse(from.slice(0, 10))) / DAY_MS);
}

/** The median of a list of numbers (the mean of the middle two for an even count), rounded to whole days. */
export function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return Math.round(sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2);
}

/** Whether a report requested on `requestedOn` falls in the window ending `now`. */
export function inPayoutWindow(requestedOn: string, now: Date): boolean {
  return Date.parse(requestedOn.slice(0, 10)) >= now.getTime() - PAYOUT_WINDOW_DAYS * DAY_MS;
}

/** The figures of a firm from its approved reports (any reports outside the window are left out here). */
export function payoutFigures(approved: PayoutReportFacts[], now: Date): PayoutFigures {
  const reports = approved.filter((r) => inPayoutWindow(r.requestedOn, now));
  const count = (outcome: PayoutOutcome) => reports.filter((r) => r.outcome === outcome).length;
  const paid = count('paid');
  const denied = count('denied');
  const enough = reports.length >= PAYOUT_MIN_REPORTS;
  const payDays = reports.filter((r) => r.outcome === 'paid' && r.resolvedOn).map((r) => daysBetween(r.requestedOn, r.resolvedOn!));
  const last = reports.reduce<string | null>((max, r) => (max === null || r.createdAt > max ? r.createdAt : max), null);
  return {
    approvedReports: reports.length,
    paid,
    denied,
    pending: count('pending'),
    medianDaysToPay: enough ? median(payDays) : null,
    denialRate: enough && paid + denied > 0 ? Math.round((denied / (paid + denied)) * 100) : null,
    lastReportAt: last,
  };
}

export const NO_PAYOUT_FIGURES: PayoutFigures = {
  approvedReports: 0, paid: 0, denied: 0, pending: 0, medianDaysToPay: null, denialRate: null, lastReportAt: null,
};

/** A public report's amount, never exact: the band it falls in. */
const BANDS = [1_000, 2_500, 5_000, 10_000, 25_000] as const;
const usd = (n: number) => `$${n.toLocaleString('en-US')}`;
export function amountBand(amount: number): string {
  const upper = BANDS.find((b) => amount < b);
  if (upper === undefined) return `${usd(BANDS[BANDS.length - 1])}+`;
  const lower = BANDS[BANDS.indexOf(upper) - 1];
  return lower === undefined ? `Under ${usd(upper)}` : `${usd(lower)}–${usd(upper)}`;
}

export const PAYOUT_TEXT = {
  reports: (n: number) => `${n} verified payout ${n === 1 ? 'report' : 'reports'}`,
  medianDays: (n: number) => `median ${n} ${n === 1 ? 'day' : 'days'} from request to payment`,
  denied: (percent: number) => `${percent} % denied`,
  lastReport: (days: number) => (days === 0 ? 'last report today' : `last report ${days} ${days === 1 ? 'day' : 'days'} ago`),
  notEnough: 'Not enough payout reports yet',
  column: 'Payouts (180 days)',
} as const;

/** The /firms column's cell: the report count with the denial rate when there are enough reports. */
export function payoutCell(f: PayoutFigures): string {
  if (f.approvedReports < PAYOUT_MIN_REPORTS) return f.approvedReports ? `${f.approvedReports} (not enough)` : '—';
  return `${f.approvedReports} · ${f.denialRate ?? 0} % denied`;
}

// ——— Payout-guarantee claims ———

export const CLAIM_STATUSES = ['submitted', 'under-review', 'needs-info', 'approved', 'paid', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/**
 * Every move a claim may make. A trader's answer moves needs-info back to under-review; every other move is an
 * admin's. paid and rejected are final.
 */
export const CLAIM_MOVES: Readonly<Record<ClaimStatus, readonly ClaimStatus[]>> = {
  submitted: ['under-review', 'rejected'],
  'under-review': ['needs-info', 'approved', 'rejected'],
  'needs-info': ['under-review', 'rejected'],
  approved: ['paid'],
  paid: [],
  rejected: [],
};

export function canMoveClaim(from: ClaimStatus, to: ClaimStatus): boolean {
  return CLAIM_MOVES[from].includes(to);
}

/** Decided: no longer waiting for us. */
export const isClaimDecided = (status: ClaimStatus): boolean => status === 'approved' || status === 'paid' || status === 'rejected';
/** Claims without a decision this many days after they were filed are flagged on the dashboard. */
export const CLAIM_DECISION_DAYS = 14;
/** A claim must be filed within this many days of the denial. */
export const CLAIM_FILE_WITHIN_DAYS = 30;

export interface ClaimFacts {
  status: ClaimStatus;
  createdAt: string;
  decidedAt: string | null;
  paidAmount: number | null;
}

export interface GuaranteeStats {
  received: number;
  approved: number;
  paid: number;
  paidTotal: number;
  medianDaysToDecision: number | null;
}

/** The guarantee page's live figures over claims filed in the last 12 months. */
export function guaranteeStats(claims: ClaimFacts[], now: Date): GuaranteeStats {
  const since = now.getTime() - GUARANTEE_STATS_DAYS * DAY_MS;
  const recent = claims.filter((c) => Date.parse(c.createdAt) >= since);
  const paid = recent.filter((c) => c.status === 'paid');
  return {
    received: recent.length,
    approved: recent.filter((c) => c.status === 'approved' || c.status === 'paid').length,
    paid: paid.length,
    paidTotal: Math.round(paid.reduce((sum, c) => sum + (c.paidAmount ?? 0), 0) * 100) / 100,
    medianDaysToDecision: median(recent.filter((c) => c.decidedAt).map((c) => daysBetween(c.createdAt, c.decidedAt!))),
  };
}

/** Claims without a decision CLAIM_DECISION_DAYS after they were filed. */
export function isClaimOverdue(claim: Pick<ClaimFacts, 'status' | 'createdAt'>, now: Date): boolean {
  return !isClaimDecided(claim.status) && now.getTime() - Date.parse(claim.createdAt) > CLAIM_DECISION_DAYS * DAY_MS;
}

// ——— The guarantee's terms (the /payout-guarantee page, one source for every number it states) ———

/** The most we pay on one claim, in US dollars: the amount the firm refused, up to this. */
export const GUARANTEE_MAX_PAYOUT_USD = 5_000;
/** The guarantee page's live figures cover claims filed within this many days (12 months). */
export const GUARANTEE_STATS_DAYS = 365;
export { GUARANTEE_PAGE_TEXT, GUARANTEE_PATH } from './marketing.js';

/** The terms in plain words, in the order the page lists them. */
export function guaranteeTerms(): string[] {
  return [
    'The firm is one we list as verified: any firm on our site whose status is not closed when you buy.',
    'You bought the account through our link or with our discount code.',
    'You followed the firm\u2019s rules as they stood on the day you bought, as our rule history records them.',
    `You claim within ${CLAIM_FILE_WITHIN_DAYS} days of the firm denying your payout.`,
    `We pay the amount the firm refused, up to $${GUARANTEE_MAX_PAYOUT_USD.toLocaleString('en-US')} per claim.`,
  ];
}

/** "$1,234.50" */
export function usdAmount(n: number): string {
  return `$${n.toLocaleString('en-US', { minimumFractionDigits: n % 1 ? 2 : 0, maximumFractionDigits: 2 })}`;
}

// ——— When the figures change with no write ———

/**
 * The first moment after `now` when one of these entries (ISO days or instants) leaves a window of `days` days,
 * by the same comparison the figures use (inPayoutWindow, guaranteeStats: counted while start ≥ now − window);
 * null when none is inside. A cached answer showing the figures is true until then (issue #17).
 */
export function nextWindowExit(starts: readonly string[], days: number, now: Date): Date | null {
  let first: number | null = null;
  for (const start of starts) {
    const at = (start.length === 10 ? Date.parse(`${start}T00:00:00Z`) : Date.parse(start)) + days * DAY_MS + 1;
    if (at > now.getTime() && (first === null || at < first)) first = at;
  }
  return first === null ? null : new Date(first);
}

/** The earliest of some moments, ignoring absent ones. */
export function earliest(...moments: Array<Date | null | undefined>): Date | null {
  const times = moments.filter((m): m is Date => m instanceof Date).map((m) => m.getTime());
  return times.length ? new Date(Math.min(...times)) : null;
}
