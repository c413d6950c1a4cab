/**
 * The discount form's pure rules live in common/discount-form.ts (unit-tested there); this file keeps the
 * admin's display labels and badge colours, the react-admin adapters of those rules, and re-exports them.
 */
import type { AdminDiscountDto } from '../../../../common/api-types.js';
import { emptyDiscountForm, isoToLocalInput, toDiscountPayload, type DiscountPayload } from '../../../../common/discount-form.js';
import { DISCOUNT_STATUSES, type DiscountStatus } from '../../../../common/enums.js';

export * from '../../../../common/discount-form.js';

export const STATUS_LABELS: Record<DiscountStatus, string> = {
  active: 'Active',
  coming_soon: 'Coming Soon',
  expired: 'Expired',
};

/** docs/spec.md §4: badge colours success, warning, destructive (MUI's `error`). */
export const STATUS_COLORS: Record<DiscountStatus, 'success' | 'warning' | 'error'> = {
  active: 'success',
  coming_soon: 'warning',
  expired: 'error',
};

export const STATUS_CHOICES = DISCOUNT_STATUSES.map((id) => ({ id, name: STATUS_LABELS[id] }));

/**
 * The react-admin form holds the record's own types (companyId a number, validUntil an ISO instant); the body
 * sent is docs/spec.md §7's, built by the common mapping from the same values the inputs show.
 */
export function recordToPayload(v: Partial<AdminDiscountDto>): DiscountPayload & FinePrintPayload {
  const payload = toDiscountPayload({
    ...emptyDiscountForm(),
    title: v.title ?? '',
    companyId: v.companyId == null ? '' : String(v.companyId),
    status: v.status ?? 'active',
    description: v.description ?? '',
    discountCode: v.discountCode ?? '',
    affiliateLink: v.affiliateLink ?? '',
    discountPercentage: v.discountPercentage == null ? '' : String(v.discountPercentage),
    validUntil: isoToLocalInput(v.validUntil),
    mediaUrl: v.mediaUrl ?? '',
  });
  return {
    ...payload,
    // The form holds validUntil as the instant itself (the input parses only what the admin changes): an untouched
    // one goes back as stored, seconds included, so saving without a change never moves a date (issue #18).
    validUntil: v.validUntil ?? null,
    eligiblePrograms: v.eligiblePrograms ?? [],
    eligibleSizes: v.eligibleSizes ?? [],
    minPrice: v.minPrice ?? null,
    newAccountsOnly: v.newAccountsOnly ?? false,
    appliesToResets: v.appliesToResets ?? false,
    stacks: v.stacks ?? false,
  };
}

/** The code's fine print (issue #18, common/price-rule.ts), sent with the SPEC fields. */
export interface FinePrintPayload {
  eligiblePrograms: string[];
  eligibleSizes: number[];
  minPrice: number | null;
  newAccountsOnly: boolean;
  appliesToResets: boolean;
  stacks: boolean;
}

/** 'Stellar 2-Step, Stellar 1-Step' ↔ ['Stellar 2-Step', 'Stellar 1-Step']. */
export const listToText = (v: unknown) => (Array.isArray(v) ? v.join(', ') : '');
export const textToList = (v: string) => v.split(',').map((x) => x.trim()).filter(Boolean);
/** '50000, 100000' ↔ [50000, 100000]; what is not a whole number is kept so the server names the field. */
export const textToSizes = (v: string) => textToList(v).map((x) => (/^\d+$/.test(x) ? Number(x) : x));
