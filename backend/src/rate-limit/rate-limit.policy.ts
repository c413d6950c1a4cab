import { SetMetadata } from '@nestjs/common';

/** Kept under the access: prefix with the other route labels (route-labels.ts re-exports the decorator). */
export const RATE_LIMIT_KEY = 'access:rate-limit';

/**
 * A per-window limit counted by RateLimitGuard per client address and, for a signed-in caller, per account
 * too (an account cannot escape it by changing address, nor an address by changing account).
 * Past it: 429 in the one shape (TooManyRequestsError) with Retry-After.
 */
export interface RateLimitPolicy {
  /** The counter's name; routes that share a name share the counter (e.g. the form and the API signup). */
  name: string;
  limit: number;
  windowSeconds: number;
  /** The 429's message, given the minutes until the window resets. */
  message: (minutes: number) => string;
}
export const RateLimit = (policy: RateLimitPolicy) => SetMetadata(RATE_LIMIT_KEY, policy);
