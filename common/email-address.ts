/** The one email-address rule of every form and the API (no framework imports: public pages take it without zod). */

/** RFC 5321's limit on a whole address, and the columns' width. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * zod 4's own `z.email()` pattern (zod/v4/core/regexes.js `email`), written out so the forms on public pages do not
 * pull zod (~22 KB gzip) into the visitor's bundle. newsletter.spec.ts checks that it still agrees with `z.email()`,
 * so the forms and the API accept exactly the same addresses.
 */
// eslint-disable-next-line no-useless-escape -- zod's pattern verbatim, so the spec can compare the two sources
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** True for an email address (checked as typed, after trimming by the caller). */
export function isEmailAddress(value: unknown): value is string {
  return typeof value === 'string' && value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}
