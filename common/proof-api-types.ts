/** Admin API shapes of the proof feature (issue #11). */
import type { CheckResult } from './proof.js';

/** One verification check, as both admin faces answer it. The screenshot is never in a public answer. */
export interface DiscountCheckDto {
  id: number;
  discountId: number;
  checkedAt: string;
  checkedBy: { id: number; name: string } | null;
  result: CheckResult;
  priceSeen: number | null;
  note: string | null;
  /** What was tested (issue #30): shown on the code's public record. */
  program: string | null;
  size: number | null;
  screenshotUrl: string | null;
  createdAt: string;
}

/** GET /_api/admin/discounts/:id/reports: one UTC day of a discount's reports. */
export interface ReportDayDto {
  day: string;
  worked: number;
  failed: number;
}
