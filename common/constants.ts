/** Business constants and limits of docs/spec.md §9. */
export const BRAND_COLOR = '#0099ff';
export const SITE_NAME = 'Verified Trader Funding';
export const SITE_FOUNDING_YEAR = 2023;
export const SITE_DESCRIPTION =
  'We test prop firms so you don\u2019t have to: verified discounts, honest reviews and payout protection for funded traders.';

export const COMPANY_RATING_MIN = 0;
export const COMPANY_RATING_MAX = 5;
export const COMPANY_RATING_STEP = 0.1;
export const DISCOUNT_PERCENTAGE_MIN = 0;
export const DISCOUNT_PERCENTAGE_MAX = 100;

export const BLOG_DEFAULT_PAGE = 1;
export const BLOG_DEFAULT_LIMIT = 10;
export const BLOG_LIST_PAGE_SIZE = 9;
export const BLOG_RELATED_COUNT = 3;
/** A search counts its matches exactly up to this many, then shows "1,000+" (issue #21). */
export const BLOG_SEARCH_COUNT_CAP = 1000;
/** Typo suggestions shown when a search matches nothing. */
export const BLOG_SEARCH_SUGGESTIONS = 3;
/** Largest page a blog list call may ask for; larger limits are capped to it. */
export const BLOG_MAX_LIMIT = 50;
export const BLOG_MAX_TAGS = 20;
export const BLOG_TAG_MAX_LENGTH = 50;

export const URGENCY_CRITICAL_DAYS = 3;
export const URGENCY_WARNING_DAYS = 7;

/** docs/spec.md §9: discount cards show a random traders-used count in this range (inclusive) ... */
export const TRADERS_USED_MIN = 400;
export const TRADERS_USED_MAX = 899;
/** ... and a trending badge with this chance. */
export const TRENDING_CHANCE = 0.4;

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_QUALITY = 0.8;
/** Largest picture (width x height, before resizing) the server agrees to decode: stops decompression bombs. */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_BOX = {
  default: { width: 1920, height: 1080 },
  logo: { width: 800, height: 800 },
  discount: { width: 1200, height: 800 },
  featured: { width: 1200, height: 800 },
} as const;

export const NEWSLETTER_ADMIN_PAGE_SIZE = 20;
export const NEWSLETTER_NEW_DAYS = 7;
/** Signup (and unsubscribe) calls allowed per address and window before the server answers 429. */
export const NEWSLETTER_LIMITS = {
  windowSeconds: 10 * 60,
  perIp: 10,
} as const;

export const LOGIN_REDIRECT_DELAY_MS = 200;
export const MOBILE_BREAKPOINT_PX = 768;
export const SCROLL_THRESHOLD_PX = 300;
export const TOAST_DURATION_MS = 4000;
export const TOAST_VISIBLE_MAX = 3;

/**
 * Failed sign-ins (docs/decisions/login-rate-limit.md): one address gets `perIp` in a window; one email from
 * one address gets `perEmailAndIp` free ones, then waits that double from `firstWaitSeconds` up to `maxWaitSeconds`.
 * One email from everywhere gets `perEmail` free ones, then the same growing waits — but only for addresses with
 * failures of their own, so a wrong password never keeps the right one out from a clean address.
 */
export const LOGIN_LIMITS = {
  windowSeconds: 15 * 60,
  perIp: 20,
  perEmailAndIp: 5,
  perEmail: 10,
  firstWaitSeconds: 60,
  maxWaitSeconds: 15 * 60,
} as const;
