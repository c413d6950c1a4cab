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
export function recordToPayload(v: Partial<AdminDiscountDto>): DiscountPayload {
  return toDiscountPayload({
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
}
