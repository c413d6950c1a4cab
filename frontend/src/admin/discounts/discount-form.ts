/**
 * The discount form of SPEC §2/§7: its values, the rules of SPEC §5 (messages from common/messages.ts),
 * and the conversion between the form and the API. The date-time input is in LOCAL time (SPEC §9);
 * the API stores an instant, so the form converts both ways.
 */
import { format, isValid } from 'date-fns';
import type { AdminDiscountDto } from '../../../../common/api-types.js';
import { DISCOUNT_PERCENTAGE_MAX, DISCOUNT_PERCENTAGE_MIN } from '../../../../common/constants.js';
import { DISCOUNT_STATUSES, type DiscountStatus } from '../../../../common/enums.js';
import { MSG } from '../../../../common/messages.js';

/** Everything is text in the form (what the inputs hold); `toDiscountPayload` turns it into the API's types. */
export interface DiscountFormValues {
  title: string;
  companyId: string;
  status: DiscountStatus;
  description: string;
  discountCode: string;
  affiliateLink: string;
  discountPercentage: string;
  /** `yyyy-MM-ddTHH:mm` in the browser's zone (a datetime-local input), or ''. */
  validUntil: string;
  mediaUrl: string;
}

/** SPEC §7: the fields the form sends. */
export interface DiscountPayload {
  title: string;
  companyId: number;
  status: DiscountStatus;
  description: string | null;
  discountCode: string | null;
  affiliateLink: string | null;
  discountPercentage: number | null;
  validUntil: string | null;
  mediaUrl: string | null;
}

export const STATUS_LABELS: Record<DiscountStatus, string> = {
  active: 'Active',
  coming_soon: 'Coming Soon',
  expired: 'Expired',
};

/** SPEC §4: badge colours success, warning, destructive (MUI's `error`). */
export const STATUS_COLORS: Record<DiscountStatus, 'success' | 'warning' | 'error'> = {
  active: 'success',
  coming_soon: 'warning',
  expired: 'error',
};

/** An ISO instant → the value of a datetime-local input in the browser's zone. */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return isValid(date) ? format(date, "yyyy-MM-dd'T'HH:mm") : '';
}

/** A datetime-local value (read as local time) → an ISO instant in UTC; '' → null. */
export function localInputToIso(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const date = new Date(y!, mo! - 1, d!, h!, mi!, Number.isNaN(s) ? 0 : (s ?? 0));
  return isValid(date) ? date.toISOString() : null;
}

export function emptyDiscountForm(): DiscountFormValues {
  return {
    title: '',
    companyId: '',
    status: 'active',
    description: '',
    discountCode: '',
    affiliateLink: '',
    discountPercentage: '',
    validUntil: '',
    mediaUrl: '',
  };
}

export function discountToForm(d: AdminDiscountDto): DiscountFormValues {
  return {
    title: d.title,
    companyId: String(d.companyId),
    status: d.status,
    description: d.description ?? '',
    discountCode: d.discountCode ?? '',
    affiliateLink: d.affiliateLink ?? '',
    discountPercentage: d.discountPercentage === null ? '' : String(d.discountPercentage),
    validUntil: isoToLocalInput(d.validUntil),
    mediaUrl: d.mediaUrl ?? '',
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

export function toDiscountPayload(v: DiscountFormValues): DiscountPayload {
  return {
    title: v.title.trim(),
    companyId: Number(v.companyId),
    status: v.status,
    description: orNull(v.description),
    discountCode: orNull(v.discountCode),
    affiliateLink: orNull(v.affiliateLink),
    discountPercentage: v.discountPercentage.trim() === '' ? null : Number(v.discountPercentage),
    validUntil: localInputToIso(v.validUntil),
    mediaUrl: orNull(v.mediaUrl),
  };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** SPEC §5 field rules; each returns the message or true (react-hook-form's `validate`). */
export const discountRules = {
  title: (v: string) => v.trim() !== '' || MSG.titleRequired,
  companyId: (v: string) => (v !== '' && Number.isInteger(Number(v)) && Number(v) > 0) || MSG.companyRequired,
  status: (v: string) => (DISCOUNT_STATUSES as readonly string[]).includes(v) || MSG.discountStatusInvalid,
  affiliateLink: (v: string) => v.trim() === '' || isHttpUrl(v.trim()) || MSG.invalidUrl('Affiliate link'),
  discountPercentage: (v: string) => {
    if (v.trim() === '') return true;
    const n = Number(v);
    return (Number.isFinite(n) && n >= DISCOUNT_PERCENTAGE_MIN && n <= DISCOUNT_PERCENTAGE_MAX) || MSG.discountPercentageRange;
  },
  validUntil: (v: string) => v.trim() === '' || localInputToIso(v) !== null || MSG.validUntilInvalid,
  /** An uploaded picture is a site path (/media/...); a pasted one must be an http(s) URL. */
  mediaUrl: (v: string) => v.trim() === '' || v.startsWith('/media/') || isHttpUrl(v.trim()) || MSG.invalidImage('Media URL'),
};
