/**
 * A code's public record (issue #30): when it last worked, how often it was used today, the badge it earns and
 * whether it is demoted. Pure rules over a code's history, shared by the API, the pages and the tests.
 */
import type { DiscountDto, PublicDiscountDto } from './api-types.js';
import { firmSlug } from './firms.js';
import { bestCode, priceAfterCode, type CodeTerms, type ListedSize } from './price-rule.js';
import { ADMIN_CHECK_OUTRANKS_DAYS, REPORT_FAILING_PERCENT, REPORT_MIN_COUNT, REPORT_WINDOW_DAYS, PROOF_TEXT, isReportedNotWorking, type CheckResult, type ProofFigures } from './proof.js';

/** Items of the public record per page. */
export const RECORD_PAGE_SIZE = 20;
/** "Tested by us": an admin check that it worked within this many days (the same 7 days that outrank visitors). */
export const TESTED_BY_US_DAYS = ADMIN_CHECK_OUTRANKS_DAYS;
/** "Community verified": at least this many counted answers in the window… */
export const COMMUNITY_MIN_ANSWERS = REPORT_MIN_COUNT;
/** …of which at least this share (percent) said it worked. */
export const COMMUNITY_MIN_PERCENT = 70;
/** Demoted when this many newest counted answers all say it did not work… */
export const DEMOTE_LAST_FAILED = 5;
/** …or when the window's success falls under this percent over at least REPORT_MIN_COUNT answers. */
export const DEMOTE_PERCENT = REPORT_FAILING_PERCENT;

export const RECORD_TEXT = {
  testedByUs: 'Tested by us',
  communityVerified: 'Community verified',
  notYetVerified: 'Not yet verified',
  howWeTestPath: '/how-we-test-codes',
  held: 'held for review',
  neverWorked: 'No confirmed use yet',
  lastWorked: (ago: string) => `Last worked ${ago}`,
  usedToday: (n: number) => `Used ${n} ${n === 1 ? 'time' : 'times'} today`,
} as const;

export type CodeBadge = 'tested' | 'community' | 'none';

export const BADGE_TEXT: Record<CodeBadge, string> = {
  tested: RECORD_TEXT.testedByUs,
  community: RECORD_TEXT.communityVerified,
  none: RECORD_TEXT.notYetVerified,
};

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const time = (v: Date | string) => (v instanceof Date ? v : new Date(v)).getTime();

/** An admin's check as the history holds it. */
export interface HistoryCheck {
  at: Date | string;
  result: CheckResult;
}

/** A visitor's answer as the history holds it; `held`: inside a burst no admin has accepted (not counted). */
export interface HistoryAnswer {
  at: Date | string;
  worked: boolean;
  held: boolean;
}

/** The newest admin check or counted visitor answer that says it worked, as an ISO instant, or null. */
export function lastWorkedAt(checks: readonly HistoryCheck[], answers: readonly HistoryAnswer[]): string | null {
  let best: number | null = null;
  for (const c of checks) if (c.result === 'worked' && (best === null || time(c.at) > best)) best = time(c.at);
  for (const a of answers) if (a.worked && !a.held && (best === null || time(a.at) > best)) best = time(a.at);
  return best === null ? null : new Date(best).toISOString();
}

/** The UTC calendar day of an instant, 'YYYY-MM-DD': the day a click is counted on. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** Counted /go clicks on the UTC day of `now`, from the per-day counts (one per network a day each). */
export function usedToday(days: ReadonlyArray<{ day: string; clicks: number }>, now: Date): number {
  const today = utcDay(now);
  return days.filter((d) => d.day === today).reduce((sum, d) => sum + d.clicks, 0);
}

/** "2 hours ago", "3 days ago", "less than an hour ago": how long ago, in whole hours under a day, else whole days. */
export function agoText(at: string, now: Date): string {
  const ms = Math.max(0, now.getTime() - time(at));
  if (ms < HOUR_MS) return 'less than an hour ago';
  if (ms < DAY_MS) {
    const h = Math.floor(ms / HOUR_MS);
    return `${h} ${h === 1 ? 'hour' : 'hours'} ago`;
  }
  const d = Math.floor(ms / DAY_MS);
  return `${d} ${d === 1 ? 'day' : 'days'} ago`;
}

/** "Last worked 3 hours ago", or the text for a code no one has confirmed yet. */
export function lastWorkedText(at: string | null, now: Date): string {
  return at ? RECORD_TEXT.lastWorked(agoText(at, now)) : RECORD_TEXT.neverWorked;
}

/**
 * "Tested by us": an admin check that it worked within TESTED_BY_US_DAYS (and no newer failing check);
 * else "Community verified": at least COMMUNITY_MIN_ANSWERS counted answers in the window at COMMUNITY_MIN_PERCENT
 * or more; else "Not yet verified". A demoted code never carries a badge that vouches for it.
 */
export function codeBadge(f: ProofFigures, now: Date): CodeBadge {
  if (isDemoted(f, now)) return 'none';
  if (f.lastVerifiedAt && f.lastCheckResult === 'worked' && now.getTime() - time(f.lastVerifiedAt) <= TESTED_BY_US_DAYS * DAY_MS) return 'tested';
  if (f.reportsCount >= COMMUNITY_MIN_ANSWERS && f.workedCount * 100 >= COMMUNITY_MIN_PERCENT * f.reportsCount) return 'community';
  return 'none';
}

/**
 * Whether visitors' counted answers alone demote a code: its DEMOTE_LAST_FAILED newest all say it did not work, or
 * the window's success is under DEMOTE_PERCENT over at least REPORT_MIN_COUNT. `answers` are counted ones (not held),
 * any order. The figures job (ProofService.refreshFigures) applies the same rule in SQL.
 */
export function answersDemote(answers: ReadonlyArray<{ at: Date | string; worked: boolean }>): boolean {
  const newest = [...answers].sort((a, b) => time(b.at) - time(a.at));
  if (newest.length >= DEMOTE_LAST_FAILED && newest.slice(0, DEMOTE_LAST_FAILED).every((a) => !a.worked)) return true;
  const worked = newest.filter((a) => a.worked).length;
  return newest.length >= REPORT_MIN_COUNT && worked * 100 < DEMOTE_PERCENT * newest.length;
}

/**
 * A code's proof figures from its history as of `now`: what the API's columns hold (the checks' newest worked and
 * newest result; the window's counted answers; since when they demote it). For the rules' tests and the record.
 */
export function figuresFromHistory(checks: readonly HistoryCheck[], answers: readonly HistoryAnswer[], now: Date): ProofFigures {
  const sortedChecks = [...checks].sort((a, b) => time(a.at) - time(b.at));
  const worked = sortedChecks.filter((c) => c.result === 'worked');
  const from = now.getTime() - REPORT_WINDOW_DAYS * DAY_MS;
  const counted = answers.filter((a) => !a.held && time(a.at) > from && time(a.at) <= now.getTime()).sort((a, b) => time(a.at) - time(b.at));
  // Replayed answer by answer: demoted since the answer that made the rule true, as long as it has stayed true.
  let failingSince: number | null = null;
  for (let i = 0; i < counted.length; i++) {
    if (answersDemote(counted.slice(0, i + 1))) failingSince ??= time(counted[i]!.at);
    else failingSince = null;
  }
  return {
    lastVerifiedAt: worked.length ? new Date(time(worked[worked.length - 1]!.at)).toISOString() : null,
    lastCheckResult: sortedChecks.length ? sortedChecks[sortedChecks.length - 1]!.result : null,
    reportsCount: counted.length,
    workedCount: counted.filter((a) => a.worked).length,
    failingSince: failingSince === null ? null : new Date(failingSince).toISOString(),
  };
}

/**
 * Demoted ("Reported not working — we are re-testing"): listed after every other code of its firm and flagged for a
 * re-check. The newest check failed, or the answers demote it (answersDemote) and no admin check that it worked
 * came after that or within the last ADMIN_CHECK_OUTRANKS_DAYS (an admin's check outranks visitors for 7 days).
 */
export function isDemoted(f: Pick<ProofFigures, 'lastCheckResult' | 'failingSince' | 'lastVerifiedAt'>, now: Date): boolean {
  return isReportedNotWorking(f, now);
}

/** The 30-day success in whole percent over counted answers, or null without any (the record's `successRate`). */
export function successRateOf({ reportsCount, workedCount }: Pick<ProofFigures, 'reportsCount' | 'workedCount'>): number | null {
  return reportsCount > 0 ? Math.round((workedCount * 100) / reportsCount) : null;
}

/** A visitor's answer time as the public record shows it: rounded down to the hour, so it identifies no one. */
export function hourOf(at: Date | string): string {
  const t = time(at);
  return new Date(t - (t % HOUR_MS)).toISOString();
}

/** Pages of a record of `total` items (at least 1). */
export const recordPages = (total: number): number => Math.max(1, Math.ceil(total / RECORD_PAGE_SIZE));

/** One line of the public record. */
export interface RecordItem {
  at: string;
  kind: 'check' | 'report';
  worked: boolean;
  note?: string;
  /** A visitor's answer in a burst held for review: shown, never counted. */
  held?: true;
}

/** GET /_api/discounts/:id/record?page= */
export interface CodeRecordDto {
  lastWorkedAt: string | null;
  usedToday: number;
  successRate: number | null;
  reportsCount: number;
  items: RecordItem[];
  page: number;
  pages: number;
}

/** A record item's words: "Checked by us: worked", "Visitor: didn't work", "(held for review)". */
export function recordItemText(item: RecordItem): string {
  const who = item.kind === 'check' ? 'Checked by us' : 'Visitor';
  const result = item.worked ? 'worked' : "didn't work";
  return `${who}: ${result}${item.held ? ` (${RECORD_TEXT.held})` : ''}`;
}

/** One step of a code's history (GET /_api/discounts/by-slug/:slug). */
export interface CodeHistoryEvent {
  at: string;
  kind: 'added' | 'first-verified' | 'changed' | 'expired';
  text: string;
}

/** Longest code slug before a -2, -3… suffix (the column holds 200). */
const SLUG_BASE_LENGTH = 180;

/** A code page's slug: the firm's slug and the title folded as firm slugs are (common/firms.ts firmSlug). */
export function discountSlug(companySlug: string, title: string): string {
  const t = firmSlug(title);
  return `${companySlug}${t ? `-${t}` : ''}`.slice(0, SLUG_BASE_LENGTH).replace(/-+$/, '');
}

/** The path of a code's page. */
export const discountPath = (slug: string): string => `/discounts/${slug}`;

/** The archive of expired and withdrawn codes. */
export const EXPIRED_DISCOUNTS_PATH = '/discounts/expired';

/** What a code page's slug may look like (the route answers nothing else). */
export const DISCOUNT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What offerJsonLd reads of a code: a /discounts card's discount or a code page's. */
export interface OfferSource extends Pick<ProofFigures, 'lastCheckResult' | 'failingSince' | 'lastVerifiedAt'> {
  title: string;
  slug: string;
  description: string | null;
  status: string;
  validFrom: string | null;
  validUntil: string | null;
  createdAt: string;
  /** The card's "now" price (common/price-rule.ts): the price the Offer states. */
  priceExample: { priceAfterCode: number } | null;
  company: { name: string; websiteUrl: string | null };
}

/**
 * A code's schema.org `Offer`, the one builder for the /discounts cards and the code pages: only while the code is
 * active (not past its end, not demoted, with a price after code from the one price rule), pointing at the code's own
 * page; validFrom (its start, else when it was listed) and validThrough (its end) from the data.
 */
export function offerJsonLd(d: OfferSource, siteUrl: string, now: Date): Record<string, unknown> | null {
  if (d.status !== 'active' || d.priceExample === null || isDemoted(d, now)) return null;
  if (d.validUntil && new Date(d.validUntil).getTime() <= now.getTime()) return null;
  const site = siteUrl.replace(/\/+$/, '');
  return {
    '@context': 'https://schema.org',
    '@type': 'Offer',
    name: d.title,
    ...(d.description ? { description: d.description } : {}),
    url: `${site}${discountPath(d.slug)}`,
    price: d.priceExample.priceAfterCode.toFixed(2),
    priceCurrency: 'USD',
    availability: 'https://schema.org/InStock',
    validFrom: d.validFrom ?? d.createdAt,
    ...(d.validUntil ? { validThrough: d.validUntil } : {}),
    seller: { '@type': 'Organization', name: d.company.name, ...(d.company.websiteUrl ? { url: d.company.websiteUrl } : {}) },
  };
}

/** A code page's Offer: none once the code has ended, else the code's own. */
export function codeOfferJsonLd(p: { discount: OfferSource; ended: boolean }, siteUrl: string, now: Date): Record<string, unknown> | null {
  return p.ended ? null : offerJsonLd(p.discount, siteUrl, now);
}

/** GET /_api/discounts/by-slug/:slug */
export interface CodePageDto {
  discount: PublicDiscountDto;
  /** Whether the code is over (expired or past its end): its page shows it as such, never as usable. */
  ended: boolean;
  endedAt: string | null;
  /** The firm's listed sizes: the page prices each with priceAfterCode (common/price-rule.ts). */
  listed: ListedSize[];
  /** First page of the public record (the page asks /record?page= for the others). */
  record: CodeRecordDto;
  history: CodeHistoryEvent[];
}

/** One code of the archive (GET /_api/discounts/expired). */
export interface ExpiredCodeDto {
  discount: DiscountDto & { company: { name: string; slug: string } };
  endedAt: string | null;
  lastWorkedAt: string | null;
  successRate: number | null;
  reportsCount: number;
}

export interface ExpiredPageDto {
  items: ExpiredCodeDto[];
  page: number;
  pages: number;
}


/** One row of a code page's price table. */
export interface CodeSizePrice extends ListedSize {
  priceAfterCode: number;
}

/**
 * The firm's listed sizes this code applies to (a new account bought `on`), each with its price after the code: the one
 * price rule of common/price-rule.ts (bestCode says whether it applies, priceAfterCode what it costs).
 */
export function codeSizePrices(listed: readonly ListedSize[], code: CodeTerms, on: Date): CodeSizePrice[] {
  return listed.flatMap((l) => {
    const target = { program: l.program, size: l.size, price: l.price, purchase: 'new' as const, on };
    return bestCode(target, [code]) ? [{ ...l, priceAfterCode: priceAfterCode(target, code) }] : [];
  });
}

/** The record's 30-day figure: "87% success (31 reports)", or how many answers there are while too few for a rate. */
export function successFigureText(r: Pick<CodeRecordDto, 'successRate' | 'reportsCount'>): string {
  if (r.successRate !== null) return PROOF_TEXT.success(r.successRate, r.reportsCount);
  return `${r.reportsCount} ${r.reportsCount === 1 ? 'answer' : 'answers'} in ${REPORT_WINDOW_DAYS} days — too few for a rate`;
}
