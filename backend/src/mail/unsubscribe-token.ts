/**
 * Signed unsubscribe tokens (common/signed-token.ts, purpose `newsletter-unsubscribe`, no expiry):
 * base64url(id) + '.' + base64url(HMAC-SHA256('newsletter-unsubscribe:' + id)). A token proves which
 * subscriber it is for without an account or a stored secret per row; it never expires, so a link in an old
 * newsletter still works (CAN-SPAM, GDPR).
 */
import { signToken, verifyToken } from '../common/signed-token.js';

export const UNSUBSCRIBE_PURPOSE = 'newsletter-unsubscribe';
const ID_PATTERN = /^[1-9]\d{0,15}$/;

export function createUnsubscribeToken(id: number, key: Buffer | string): string {
  return signToken(key, UNSUBSCRIBE_PURPOSE, String(id));
}

/** The subscriber id the token was made for, or null when it is malformed or not signed by us. */
export function verifyUnsubscribeToken(token: unknown, key: Buffer | string | ReadonlyArray<Buffer | string>): number | null {
  const keys = Array.isArray(key) ? key : [key as Buffer | string];
  const check = verifyToken(keys, UNSUBSCRIBE_PURPOSE, token);
  if (!check.ok || check.expiresAt !== null || !ID_PATTERN.test(check.subject)) return null;
  const id = Number(check.subject);
  return Number.isSafeInteger(id) ? id : null;
}
