/**
 * The discount form of docs/spec.md §2/§7: its values, the rules of docs/spec.md §5 (messages from common/messages.ts),
 * and the conversion between the form and the API. The date-time input is in LOCAL time (docs/spec.md §9);
 * the API stores an instant, so the form converts both ways.
 */
import type { AdminDiscountDto } from './api-types.js';
import { DISCOUNT_PERCENTAGE_MAX, DISCOUNT_PERCENTAGE_MIN } from './constants.js';
import { DISCOUNT_STATUSES, type DiscountStatus } from './enums.js';
import { isHttpUrl, isImageReference, zodForm, type FieldRule } from './form-rules.js';
import { MSG } from './messages.js';

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

/** docs/spec.md §7: the fields the form sends. */
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

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant → the value of a datetime-local input in the browser's zone (minutes; seconds dropped). */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (read as local time) → an ISO instant in UTC; '' or a malformed value → null. */
export function localInputToIso(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => (part === undefined ? 0 : Number(part))) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, s);
  // new Date() rolls impossible fields over (Feb 30 → Mar 2); such a value is not a date the admin picked.
  if (Number.isNaN(date.getTime()) || h > 23 || mi > 59 || s > 59 || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return date.toISOString();
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

/** docs/spec.md §5 field rules; each returns the message or true (react-hook-form's `validate`). */
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
  /** An uploaded picture (/media/...), a pasted http(s) URL or a data: image, as the server's `OptionalImage('Media URL')`. */
  mediaUrl: (v: string) => v.trim() === '' || isImageReference(v.trim()) || MSG.invalidImage('Media URL'),
} satisfies Record<string, FieldRule>;

/** The zod schema the discount form validates with. */
export const discountFormSchema = zodForm(discountRules);
