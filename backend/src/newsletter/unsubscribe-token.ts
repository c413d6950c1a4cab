/**
 * Signed unsubscribe tokens: base64url(id) + '.' + base64url(HMAC-SHA256(id)).
 * A token proves which subscriber it is for without an account or a stored secret per row;
 * it never expires, so a link in an old newsletter still works.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Keeps these signatures apart from anything else signed with the same secret (session cookies). */
const PURPOSE = 'newsletter-unsubscribe:';
const ID_PATTERN = /^[1-9]\d{0,15}$/;

function signature(id: number, secret: string): Buffer {
  return createHmac('sha256', secret).update(PURPOSE + String(id)).digest();
}

export function createUnsubscribeToken(id: number, secret: string): string {
  return `${Buffer.from(String(id)).toString('base64url')}.${signature(id, secret).toString('base64url')}`;
}

/** The subscriber id the token was made for, or null when it is malformed or not signed by us. */
export function verifyUnsubscribeToken(token: unknown, secret: string): number | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [idPart, sigPart] = parts;
  if (!/^[\w-]+$/.test(idPart) || !/^[\w-]+$/.test(sigPart)) return null;
  const idText = Buffer.from(idPart, 'base64url').toString('utf8');
  if (!ID_PATTERN.test(idText) || Buffer.from(idText).toString('base64url') !== idPart) return null;
  const id = Number(idText);
  if (!Number.isSafeInteger(id)) return null;
  const given = Buffer.from(sigPart, 'base64url');
  const expected = signature(id, secret);
  if (given.length !== expected.length || given.toString('base64url') !== sigPart) return null;
  return timingSafeEqual(given, expected) ? id : null;
}
