/**
 * Discount rules of SPEC §4 (urgency, admin expiry label) and §9 (badge).
 * Pure: `now` is a parameter, so the same rule gives the same answer in a test,
 * in the browser and on the server. The public urgency counts UTC calendar days, so a page
 * rendered on the server and hydrated in a browser in any time zone says the same thing; the
 * admin's expiry label counts days on the admin's own wall calendar.
 */
import { differenceInCalendarDays, format, isValid, parseISO } from 'date-fns';
import { URGENCY_CRITICAL_DAYS, URGENCY_WARNING_DAYS } from './constants.js';
import { MSG } from './messages.js';

export type DiscountUrgency = 'critical' | 'warning' | 'normal' | 'none';

/** Expiry labels switch to a short date after this many days (SPEC §9). */
export const EXPIRY_LABEL_DAYS = 7;

type DateInput = Date | string | null | undefined;

function toDate(value: DateInput): Date | null | 'invalid' {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? date : 'invalid';
}

/**
 * Calendar days from `now` to `validUntil`: 0 today, 1 tomorrow. null when there
 * is no date, the date is invalid, or the moment has passed.
 */
export function daysLeft(validUntil: DateInput, now: Date): number | null {
  const date = toDate(validUntil);
  if (date === null || date === 'invalid' || date.getTime() <= now.getTime()) return null;
  return utcCalendarDays(date, now);
}

const DAY_MS = 86_400_000;

/** Whole UTC calendar days from `from` to `to` (0 on the same UTC date). */
function utcCalendarDays(to: Date, from: Date): number {
  const day = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return Math.round((day(to) - day(from)) / DAY_MS);
}

/** SPEC §4: 3 days or fewer critical, 7 or fewer warning, otherwise normal; past or missing none. */
export function discountUrgency(validUntil: DateInput, now: Date): DiscountUrgency {
  const days = daysLeft(validUntil, now);
  if (days === null) return 'none';
  if (days <= URGENCY_CRITICAL_DAYS) return 'critical';
  if (days <= URGENCY_WARNING_DAYS) return 'warning';
  return 'normal';
}

/** SPEC §4 admin table "Expires" column. */
export function expiryLabel(validUntil: DateInput, now: Date): string {
  const date = toDate(validUntil);
  if (date === null) return MSG.expiryNone;
  if (date === 'invalid') return MSG.invalidDate;
  if (date.getTime() <= now.getTime()) return MSG.expiryPast;
  const days = differenceInCalendarDays(date, now);
  if (days === 0) return MSG.expiryToday;
  if (days === 1) return MSG.expiryTomorrow;
  if (days <= EXPIRY_LABEL_DAYS) return MSG.expiryDaysLeft(days);
  return format(date, 'MMM d, yyyy');
}

/** SPEC §9: '{n}% OFF', else '${n} OFF', else 'Special Offer'. Zero or missing values do not count. */
export function discountBadge(d: {
  discountPercentage?: number | string | null;
  discountAmount?: number | string | null;
}): string {
  const percentage = positive(d.discountPercentage);
  if (percentage !== null) return MSG.badgePercent(formatNumber(percentage));
  const amount = positive(d.discountAmount);
  if (amount !== null) return MSG.badgeAmount(formatNumber(amount));
  return MSG.badgeSpecialOffer;
}

function positive(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** 20 → '20', 12.5 → '12.5', 1000 → '1,000' (at most two decimals). */
function formatNumber(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

type Validity = { status: string; validUntil: string | Date | null };

/** What a visitor can act on (DESIGN §7): active or coming soon, and not past its end. SQL twin: discounts/discount-rules.sql.ts. */
export function isPublicDiscount(d: Validity, now: Date): boolean {
  return (d.status === 'active' || d.status === 'coming_soon') && (d.validUntil === null || new Date(d.validUntil).getTime() > now.getTime());
}

/** A code a visitor can say worked or not: active, not past its end, with a code or a link. SQL twin: discounts/discount-rules.sql.ts. */
export function isReportable(d: Validity & { discountCode: string | null; affiliateLink: string | null }, now: Date): boolean {
  return d.status === 'active' && (d.validUntil === null || new Date(d.validUntil).getTime() > now.getTime())
    && (d.discountCode !== null || d.affiliateLink !== null);
}
