/**
 * The SQL twins of the proof rules of common/proof.ts, over a `discounts` row aliased `a`, for the
 * public order and the admin's "needs check" filter. `now` is SQL for the moment (a placeholder or
 * `now()`). backend/test/rule-twins.e2e-spec.ts holds each equal to its TypeScript twin.
 */
import { ADMIN_CHECK_OUTRANKS_DAYS, NEEDS_CHECK_DAYS } from '../../../common/proof.js';

/** `isReportedNotWorking`, never null. */
export const notWorkingSql = (a: string, now: string) =>
  `(coalesce(${a}.last_check_result in ('failed', 'expired'), false) or coalesce(${a}.failing_since is not null
    and (${a}.last_verified_at is null or (${a}.last_verified_at < ${a}.failing_since
      and ${a}.last_verified_at <= ${now} - make_interval(days => ${ADMIN_CHECK_OUTRANKS_DAYS}))), false))`;

/** `needsCheck`: an active code not verified within NEEDS_CHECK_DAYS, or reported not working. */
export const needsCheckSql = (a: string, now: string) =>
  `(${a}.status = 'active' and (${a}.last_verified_at is null or ${a}.last_verified_at < ${now} - make_interval(days => ${NEEDS_CHECK_DAYS}) or ${notWorkingSql(a, now)}))`;
