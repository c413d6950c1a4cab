/**
 * The discount form's pure rules live in common/discount-form.ts (unit-tested there); this file keeps the
 * admin's display labels and badge colours and re-exports the rules for the screens.
 */
import type { DiscountStatus } from '../../../../common/enums.js';

export * from '../../../../common/discount-form.js';

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

