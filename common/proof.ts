/**
 * Proof that a code works (issue #11): admins' verification checks and visitors' reports, and the
 * texts a trader reads from them on every card. Pure rules shared by the API, the pages and the admin.
 */

export const CHECK_RESULTS = ['worked', 'failed', 'expired'] as const;
export type CheckResult = (typeof CHECK_RESULTS)[number];

/** The success rate counts reports from this many days back. */
export const REPORT_WINDOW_DAYS = 30;
/** A rate is shown (and can demote a code) only from this many reports in the window. */
export const REPORT_MIN_COUNT = 10;
/** Under this share of 'worked' reports (percent, over REPORT_MIN_COUNT) a code is demoted (issue #30: 30 %). */
export const REPORT_FAILING_PERCENT = 30;
/** One report per visitor per discount within this window; a repeat changes nothing. */
export const REPORT_REPEAT_SECONDS = 24 * 60 * 60;
/** Report calls per client address (any discount, counted or not) within the window. */
export const REPORT_LIMITS = { perIp: 60, windowSeconds: 60 * 60 } as const;
/** The admin list's 'needs check': not verified within this many days (or failing). */
export const NEEDS_CHECK_DAYS = 7;
/** An admin's 'worked' check outranks visitors' reports for this many days: no demotion on reports alone. */
export const ADMIN_CHECK_OUTRANKS_DAYS = 7;

export const PROOF_TEXT = {
  notVerified: 'Not yet verified',
  verifiedToday: 'Verified today',
  verifiedDaysAgo: (days: number) => `Verified ${days} ${days === 1 ? 'day' : 'days'} ago`,
  success: (percent: number, reports: number) => `${percent}% success (${reports} reports)`,
  notWorking: 'Reported not working — we are re-testing',
  question: 'Did this code work?',
  yes: 'Yes',
  no: 'No',
  thanksCounted: 'Thanks — we count one answer per visitor a day, and yours is counted.',
  thanksNotCounted: 'Thanks — we count one answer per visitor a day, and already have yours for today.',
  thanksHeld: 'Thanks — we count one answer per visitor a day. This code had a burst of answers, so yours is held for review before it counts.',
} as const;

/** What the proof texts are made of; the API answers these with every discount. */
export interface ProofFigures {
  /** ISO instant of the newest 'worked' check, or null. */
  lastVerifiedAt: string | null;
  /** Result of the newest check, whatever it was, or null before the first. */
  lastCheckResult: CheckResult | null;
  /** Reports in the last REPORT_WINDOW_DAYS days (a figure up to a minute old: REPORT_FIGURES_REFRESH_SECONDS). */
  reportsCount: number;
  /** Of those, the ones that said the code worked. */
  workedCount: number;
  /** ISO instant the rate first fell under REPORT_FAILING_PERCENT (over enough reports), or null. */
  failingSince: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole UTC calendar days from `then` to `now` (0 the same day); UTC so server and browser render the same text. */
export function daysSince(then: Date, now: Date): number {
  const day = (d: Date) => Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) / DAY_MS);
  return Math.max(0, day(now) - day(then));
}

/** 'Verified today' / 'Verified N days ago' / 'Not yet verified'. */
export function verifiedLabel(lastVerifiedAt: string | null, now: Date): string {
  if (!lastVerifiedAt) return PROOF_TEXT.notVerified;
  const days = daysSince(new Date(lastVerifiedAt), now);
  return days === 0 ? PROOF_TEXT.verifiedToday : PROOF_TEXT.verifiedDaysAgo(days);
}

/** The success rate in whole percent, or null below REPORT_MIN_COUNT reports. */
export function successPercent({ reportsCount, workedCount }: Pick<ProofFigures, 'reportsCount' | 'workedCount'>): number | null {
  if (reportsCount < REPORT_MIN_COUNT) return null;
  return Math.round((workedCount * 100) / reportsCount);
}

/** '87% success (31 reports)', or null below the threshold. */
export function successLabel(figures: Pick<ProofFigures, 'reportsCount' | 'workedCount'>): string | null {
  const percent = successPercent(figures);
  return percent === null ? null : PROOF_TEXT.success(percent, figures.reportsCount);
}

/** Whether reports alone say the code fails: under REPORT_FAILING_PERCENT over at least REPORT_MIN_COUNT. */
export function reportsFailing({ reportsCount, workedCount }: Pick<ProofFigures, 'reportsCount' | 'workedCount'>): boolean {
  return reportsCount >= REPORT_MIN_COUNT && workedCount * 100 < REPORT_FAILING_PERCENT * reportsCount;
}

/**
 * 'Reported not working': the newest check failed (or found the code expired), or the reports fell under
 * the rate since the last 'worked' check — an admin's new 'worked' check lifts it until the rate falls again.
 * An admin's 'worked' check within ADMIN_CHECK_OUTRANKS_DAYS outranks reports: they alone cannot demote it.
 */
export function isReportedNotWorking(f: Pick<ProofFigures, 'lastCheckResult' | 'failingSince' | 'lastVerifiedAt'>, now: Date): boolean {
  if (f.lastCheckResult === 'failed' || f.lastCheckResult === 'expired') return true;
  if (!f.failingSince) return false;
  if (!f.lastVerifiedAt) return true;
  const verified = new Date(f.lastVerifiedAt).getTime();
  if (verified >= new Date(f.failingSince).getTime()) return false;
  return verified <= now.getTime() - ADMIN_CHECK_OUTRANKS_DAYS * DAY_MS;
}

/** Every text a card shows about a code's proof. */
export function proofTexts(f: ProofFigures, now: Date): { verified: string; success: string | null; notWorking: boolean } {
  return { verified: verifiedLabel(f.lastVerifiedAt, now), success: successLabel(f), notWorking: isReportedNotWorking(f, now) };
}

/**
 * The admin's 'needs check': an active code (an expired or not yet live one has nothing to check) never
 * verified or not within NEEDS_CHECK_DAYS, or reported not working.
 */
export function needsCheck(f: ProofFigures & { status: string }, now: Date): boolean {
  if (f.status !== 'active') return false;
  const stale = !f.lastVerifiedAt || now.getTime() - new Date(f.lastVerifiedAt).getTime() > NEEDS_CHECK_DAYS * DAY_MS;
  return stale || isReportedNotWorking(f, now);
}

// ---------------------------------------------------------------------------------------------
// Bursts (issue #18): reports one person could have steered are held until an admin accepts them
// ---------------------------------------------------------------------------------------------

/** More than `maxReports` reports on one code within `windowMinutes`, or a swing of more than `swingPoints`. */
export const BURST = { maxReports: 5, windowMinutes: 10, swingPoints: 30, swingWindowMinutes: 60 } as const;

export type HoldReason = 'burst' | 'swing';

/**
 * Whether a code's recent reports are held: `recent` are its reports of the last BURST.swingWindowMinutes not
 * yet under any hold, `stable` its figures without them. 'burst': more than BURST.maxReports of them within any
 * BURST.windowMinutes; 'swing': with a stable rate (REPORT_MIN_COUNT reports), counting them would move the
 * rate by more than BURST.swingPoints points. `openHold`: a hold on the code not yet accepted ended within the
 * swing window — what follows a burst is held with it. null: count them.
 */
export function holdReason(
  recent: ReadonlyArray<{ at: Date; worked: boolean }>,
  stable: Pick<ProofFigures, 'reportsCount' | 'workedCount'>,
  openHold: boolean,
): HoldReason | null {
  if (!recent.length) return null;
  if (openHold) return 'burst';
  const times = recent.map((r) => r.at.getTime()).sort((a, b) => a - b);
  const window = BURST.windowMinutes * 60_000;
  for (let i = 0, j = 0; j < times.length; j++) {
    while (times[j]! - times[i]! > window) i++;
    if (j - i + 1 > BURST.maxReports) return 'burst';
  }
  if (stable.reportsCount >= REPORT_MIN_COUNT) {
    const before = (stable.workedCount * 100) / stable.reportsCount;
    const worked = stable.workedCount + recent.filter((r) => r.worked).length;
    const after = (worked * 100) / (stable.reportsCount + recent.length);
    if (Math.abs(after - before) > BURST.swingPoints) return 'swing';
  }
  return null;
}

/** The card's thank-you, true to what the server did with the answer. */
export function reportThanks(answer: ReportAnswer): string {
  if (answer.held) return PROOF_TEXT.thanksHeld;
  return answer.counted ? PROOF_TEXT.thanksCounted : PROOF_TEXT.thanksNotCounted;
}

/** POST /_api/discounts/:id/reports. */
export interface ReportAnswer {
  /** Whether this answer counts (the first from this network on this code today, from a person's browser). */
  counted: boolean;
  /** Counted, but held with a burst of answers on this code until an admin reviews it. */
  held: boolean;
}
