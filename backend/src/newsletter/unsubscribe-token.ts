/**
 * Signed unsubscribe tokens: base64url(id) + '.' + base64url(HMAC-SHA256(id)).
 * A token proves which subscriber it is for without an account or a stored secret per row;
 * it never expires, so a link in an old newsletter still works.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Binds a signature to its purpose, on top of the key of its own (config.unsubscribeKey). */
const PURPOSE = 'newsletter-unsubscribe:';
const ID_PATTERN = /^[1-9]\d{0,15}$/;

function signature(id: number, key: Buffer | string): Buffer {
  return createHmac('sha256', key).update(PURPOSE + String(id)).digest();
}

export function createUnsubscribeToken(id: number, key: Buffer | string): string {
  return `${Buffer.from(String(id)).toString('base64url')}.${signature(id, key).toString('base64url')}`;
}

/** The subscriber id the token was made for, or null when it is malformed or not signed by us. */
export function verifyUnsubscribeToken(token: unknown, key: Buffer | string): number | null {
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
  const expected = signature(id, key);
  if (given.length !== expected.length || given.toString('base64url') !== sigPart) return null;
  return timingSafeEqual(given, expected) ? id : null;
}
