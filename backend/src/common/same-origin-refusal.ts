import { MSG } from '../../../common/messages.js';

/**
 * Whether an error is SameOriginGuard's refusal (415, a foreign Origin, or none on a form post): a form's error
 * filter answers it plainly, never with a redirect a forger could use.
 */
export function isSameOriginRefusal(status: number, message: string): boolean {
  return status === 415 || message === MSG.crossOrigin || message === MSG.originUnconfirmed;
}
