/** Every @RateLimit policy in one place: its counter's name, the limit per window and the 429's words. */
import { NEWSLETTER_LIMITS } from '../../../common/constants.js';
import { MSG } from '../../../common/messages.js';
import { REPORT_LIMITS } from '../../../common/proof.js';
import { PROOF_MSG } from '../../../common/proof-messages.js';
import type { RateLimitPolicy } from './route-labels.js';

const newsletter = (name: string): RateLimitPolicy => ({
  name,
  limit: NEWSLETTER_LIMITS.perIp,
  windowSeconds: NEWSLETTER_LIMITS.windowSeconds,
  message: MSG.tooManySubscribeAttempts,
});

export const RATE_LIMITS = {
  /** The signup, as JSON or as the plain HTML form: one counter, so switching between them gains nothing. */
  newsletterSubscribe: newsletter('newsletter-subscribe'),
  newsletterUnsubscribe: newsletter('newsletter-unsubscribe'),
  /** 'Did this code work?' reports (the repeat of a visitor is not counted anyway; this bounds an address). */
  codeReports: {
    name: 'report-ip',
    limit: REPORT_LIMITS.perIp,
    windowSeconds: REPORT_LIMITS.windowSeconds,
    message: () => PROOF_MSG.tooManyReports,
  },
} as const satisfies Record<string, RateLimitPolicy>;
