/** Pure newsletter rules shared by the signup forms and the API (no framework imports). */
import { NEWSLETTER_LIMITS } from './constants.js';
import { NEWSLETTER_SOURCES, SUBSCRIBER_STATUSES, type NewsletterSource, type SubscriberStatus } from './enums.js';
import { isEmailAddress } from './email-address.js';
import { MSG, TOAST } from './messages.js';

export { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email-address.js';
/** Width of the `source` column. */
export const NEWSLETTER_SOURCE_MAX_LENGTH = 120;

/** `blog-post-{slug}`, with a slug as docs/spec.md §5 defines one (lowercase letters, digits and single dashes). */
const BLOG_POST_SOURCE = /^blog-post-[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Addresses are kept trimmed and lower-cased, so one person is one row whatever they type. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** True for an address the signup accepts (checked after normalizeEmail). */
export function isNewsletterEmail(value: unknown): value is string {
  return isEmailAddress(value);
}

/** One of docs/spec.md §3's source labels, or `blog-post-{slug}`. */
export function isNewsletterSource(value: unknown): value is NewsletterSource {
  if (typeof value !== 'string' || value.length > NEWSLETTER_SOURCE_MAX_LENGTH) return false;
  return (NEWSLETTER_SOURCES as readonly string[]).includes(value) || BLOG_POST_SOURCE.test(value);
}

export function isSubscriberStatus(value: unknown): value is SubscriberStatus {
  return typeof value === 'string' && (SUBSCRIBER_STATUSES as readonly string[]).includes(value);
}

/** docs/spec.md §9: `newsletter_subscribers_{YYYY-MM-DD}.csv`, dated in UTC like the ISO dates inside it. */
export function newsletterExportFileName(now: Date = new Date()): string {
  return `newsletter_subscribers_${now.toISOString().slice(0, 10)}.csv`;
}

/** docs/spec.md §3's CSV columns, in order. */
export const NEWSLETTER_CSV_COLUMNS = ['email', 'subscribed_at', 'status', 'source'] as const;

/** docs/spec.md §3: an empty status or source is written as 'unknown'. */
export function newsletterCsvRow(s: { email: string; subscribedAt: Date | string; status: string | null; source: string | null }): string[] {
  return [
    s.email,
    new Date(s.subscribedAt).toISOString(),
    s.status || 'unknown',
    s.source || 'unknown',
  ];
}

/** docs/spec.md §3: a subscriber without a source is shown as 'Direct'. */
export function newsletterSourceLabel(source: string | null | undefined): string {
  return source || 'Direct';
}

/**
 * The signup form posted without JavaScript (POST /newsletter/subscribe) answers with a redirect back
 * to its page carrying one of these codes; the page shows the matching message (docs/spec.md §5, §8 texts).
 */
export const NEWSLETTER_FORM_RESULTS = ['subscribed', 'already', 'resubscribed', 'invalid', 'limited', 'failed'] as const;
export type NewsletterFormResult = (typeof NEWSLETTER_FORM_RESULTS)[number];

/** The query parameters of that redirect. */
export const NEWSLETTER_RESULT_PARAM = 'newsletter';
export const NEWSLETTER_SOURCE_PARAM = 'source';

/** The code for the message the subscribe call answered (success) or failed with. */
export function newsletterFormResultOf(message: string): NewsletterFormResult {
  if (message === MSG.newsletterSubscribed) return 'subscribed';
  if (message === MSG.newsletterAlreadySubscribed) return 'already';
  if (message === MSG.newsletterResubscribed) return 'resubscribed';
  return 'failed';
}

/** What the page says for a result code; null for anything else in the URL. */
export function newsletterFormMessage(code: string | null | undefined): { ok: boolean; message: string } | null {
  switch (code) {
    case 'subscribed':
      return { ok: true, message: MSG.newsletterSubscribed };
    case 'already':
      return { ok: true, message: MSG.newsletterAlreadySubscribed };
    case 'resubscribed':
      return { ok: true, message: MSG.newsletterResubscribed };
    case 'invalid':
      return { ok: false, message: TOAST.subscriptionFailed(MSG.newsletterEmailInvalid) };
    case 'limited':
      return { ok: false, message: TOAST.subscriptionFailed(MSG.tooManySubscribeAttempts(NEWSLETTER_LIMITS.windowSeconds / 60)) };
    case 'failed':
      return { ok: false, message: TOAST.subscriptionFailed(MSG.subscribeUnknownError) };
    default:
      return null;
  }
}

/**
 * Where the form's redirect goes: the page it was posted from (a same-site path only, never
 * another host), with the result code and the form's source; the home page when the path is unusable.
 */
export function newsletterFormRedirect(returnTo: unknown, result: NewsletterFormResult, source: string | null): string {
  const path = typeof returnTo === 'string' && /^\/(?![/\\])/.test(returnTo) && !/[\s\\]/.test(returnTo) ? returnTo : '/';
  const url = new URL(path, 'http://site.invalid');
  url.searchParams.set(NEWSLETTER_RESULT_PARAM, result);
  if (source) url.searchParams.set(NEWSLETTER_SOURCE_PARAM, source);
  else url.searchParams.delete(NEWSLETTER_SOURCE_PARAM);
  return `${url.pathname}${url.search}#newsletter`;
}
