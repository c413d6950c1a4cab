import { ApiError } from './api-error.js';

/**
 * The one 429: every limit (labelled routes, sign-in failures) refuses with this, and the exception filter
 * adds `Retry-After` from it, so every refusal has the same body shape and header.
 */
export class TooManyRequestsError extends ApiError {
  constructor(readonly retryAfterSeconds: number, message: string) {
    super(429, message);
  }

  /** Refuses until `resetAt`, with the message given the whole minutes left (at least 1). */
  static until(resetAt: Date, message: (minutes: number) => string): TooManyRequestsError {
    const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
    return new TooManyRequestsError(seconds, message(Math.ceil(seconds / 60)));
  }
}
