/** Every @RateLimit policy in one place: its counter's name, the limit per window and the 429's words. */
import { NEWSLETTER_LIMITS } from '../../../common/constants.js';
import { MSG } from '../../../common/messages.js';
import { REPORT_LIMITS } from '../../../common/proof.js';
import { PROOF_MSG } from '../../../common/proof-messages.js';
import { PAYOUT_MSG } from '../../../common/payout-messages.js';
import { PAYOUT_REPORT_LIMITS } from '../../../common/payouts.js';
import { EMAIL_LINK_LIMITS, EMAIL_SIGN_IN_TEXT } from '../../../common/email-sign-in.js';
import { USERS_TEXT } from '../../../common/invitations.js';
import { FOLLOW_MSG } from '../../../common/follow-api-types.js';
import { SIMULATION_LIMITS, TOO_MANY_SIMULATIONS } from '../../../common/simulator/request.js';
import type { RateLimitPolicy } from './rate-limit.policy.js';

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
  /** A mail provider's bounce and complaint webhook (secret-checked): generous, but not unbounded. */
  newsletterEvents: { name: 'newsletter-events', limit: 600, windowSeconds: 60, message: MSG.tooManySubscribeAttempts },
  /** One-click unsubscribe of follow alerts (RFC 8058; the signed token is the proof): bounds token guessing per address. */
  alertUnsubscribe: newsletter('alert-unsubscribe'),
  /** The plain Follow form (open to signed-out visitors, who are sent to sign in): generous for a person, bounded for a script. */
  followForm: { name: 'follow-form', limit: 60, windowSeconds: 10 * 60, message: FOLLOW_MSG.tooManyFollows },
  /** 'Did this code work?' reports (the repeat of a visitor is not counted anyway; this bounds an address). */
  codeReports: {
    name: 'report-ip',
    limit: REPORT_LIMITS.perIp,
    windowSeconds: REPORT_LIMITS.windowSeconds,
    message: () => PROOF_MSG.tooManyReports,
  },
  /** Sign-in links asked from one address (the per-email limit is silent: EmailLinkService). */
  emailLink: { name: 'email-link', limit: EMAIL_LINK_LIMITS.perIp, windowSeconds: EMAIL_LINK_LIMITS.windowSeconds, message: EMAIL_SIGN_IN_TEXT.tooMany },
  /** Sign-in links used from one address: a token is signed, so this only bounds the work a client can cause. */
  emailLinkUse: { name: 'email-link-use', limit: EMAIL_LINK_LIMITS.perIp, windowSeconds: EMAIL_LINK_LIMITS.windowSeconds, message: EMAIL_SIGN_IN_TEXT.tooManyUses },
  /** Payout reports and claims: per account and per address (a trader cannot spread them over accounts or networks). */
  payoutReports: {
    name: 'payout-reports',
    limit: PAYOUT_REPORT_LIMITS.perWindow,
    windowSeconds: PAYOUT_REPORT_LIMITS.windowSeconds,
    message: PAYOUT_MSG.tooManyReports,
  },
  payoutClaims: { name: 'payout-claims', limit: 10, windowSeconds: 24 * 60 * 60, message: PAYOUT_MSG.tooManyClaims },
  /** Accepting an invitation (the JSON call and the plain form share it): bounds token guessing per address. */
  invitationAccept: { name: 'invitation-accept', limit: 20, windowSeconds: 15 * 60, message: USERS_TEXT.tooManyAttempts },
  /** Who an invitation link is for (its page's data in the browser): its own count, so reading never uses up accepting. */
  invitationPreview: { name: 'invitation-preview', limit: 60, windowSeconds: 15 * 60, message: USERS_TEXT.tooManyAttempts },
  /** A trader's answers on a claim. */
  claimMessages: { name: 'claim-messages', limit: 30, windowSeconds: 60 * 60, message: PAYOUT_MSG.tooManyClaims },
  /** The challenge simulator's API (issue #28): each run costs a core for a moment, so a script is bounded. */
  simulations: { name: 'simulations', limit: SIMULATION_LIMITS.perIp, windowSeconds: SIMULATION_LIMITS.windowSeconds, message: TOO_MANY_SIMULATIONS },
} as const satisfies Record<string, RateLimitPolicy>;
