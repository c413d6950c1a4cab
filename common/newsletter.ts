/** Pure newsletter rules shared by the signup forms and the API (no framework imports). */
import { NEWSLETTER_SOURCES, SUBSCRIBER_STATUSES, type NewsletterSource, type SubscriberStatus } from './enums.js';

/** RFC 5321's limit on a whole address, and the column's width. */
export const EMAIL_MAX_LENGTH = 254;
/** Width of the `source` column. */
export const NEWSLETTER_SOURCE_MAX_LENGTH = 120;

/**
 * zod 4's own `z.email()` pattern (zod/v4/core/regexes.js `email`), written out so the signup forms
 * on public pages do not pull zod (~22 KB gzip) into the visitor's bundle. newsletter.spec.ts checks
 * that it still agrees with `z.email()`, so the form and the API accept exactly the same addresses.
 */
// eslint-disable-next-line no-useless-escape -- zod's pattern verbatim, so the spec can compare the two sources
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
/** `blog-post-{slug}`, with a slug as SPEC §5 defines one (lowercase letters, digits and single dashes). */
const BLOG_POST_SOURCE = /^blog-post-[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Addresses are kept trimmed and lower-cased, so one person is one row whatever they type. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** True for an address the signup accepts (checked after normalizeEmail). */
export function isNewsletterEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** One of SPEC §3's source labels, or `blog-post-{slug}`. */
export function isNewsletterSource(value: unknown): value is NewsletterSource {
  if (typeof value !== 'string' || value.length > NEWSLETTER_SOURCE_MAX_LENGTH) return false;
  return (NEWSLETTER_SOURCES as readonly string[]).includes(value) || BLOG_POST_SOURCE.test(value);
}

export function isSubscriberStatus(value: unknown): value is SubscriberStatus {
  return typeof value === 'string' && (SUBSCRIBER_STATUSES as readonly string[]).includes(value);
}

/** SPEC §9: `newsletter_subscribers_{YYYY-MM-DD}.csv`, dated in UTC like the ISO dates inside it. */
export function newsletterExportFileName(now: Date = new Date()): string {
  return `newsletter_subscribers_${now.toISOString().slice(0, 10)}.csv`;
}

/** SPEC §3's CSV columns, in order. */
export const NEWSLETTER_CSV_COLUMNS = ['email', 'subscribed_at', 'status', 'source'] as const;

/** SPEC §3: an empty status or source is written as 'unknown'. */
export function newsletterCsvRow(s: { email: string; subscribedAt: Date | string; status: string | null; source: string | null }): string[] {
  return [
    s.email,
    new Date(s.subscribedAt).toISOString(),
    s.status || 'unknown',
    s.source || 'unknown',
  ];
}

/** SPEC §3: a subscriber without a source is shown as 'Direct'. */
export function newsletterSourceLabel(source: string | null | undefined): string {
  return source || 'Direct';
}
