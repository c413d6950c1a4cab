/**
 * Signed tokens for links sent by mail (unsubscribe, confirm, preferences, sign-in, invitations…), as
 * STACK.md asks: an HMAC-SHA256 with a key of its own per purpose (HKDF, config.deriveKey), the subject and
 * an optional expiry inside the signed part, and the purpose bound into the MAC as well, so a token made for
 * one purpose never passes for another even under the same key.
 *
 * Shape: base64url(body) '.' base64url(HMAC(key, purpose ':' body)), body = subject, or subject '|' expiry
 * (Unix seconds) when it expires. A token without expiry for purpose `newsletter-unsubscribe` is byte for byte
 * the unsubscribe token newsletters carried before this unit existed, so those links keep working.
 * Nothing is stored: single use, where a purpose needs it, is the caller's to record (e.g. confirmedAt).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a subject may be: ids, emails, short keys. No '|' (the expiry separator) and nothing huge. */
const SUBJECT = /^[^|\s]{1,254}$/;
const MAX_TOKEN_LENGTH = 600;

export type TokenCheck = { ok: true; subject: string; expiresAt: Date | null } | { ok: false; reason: 'invalid' | 'expired' };

function mac(key: Buffer | string, purpose: string, body: string): Buffer {
  return createHmac('sha256', key).update(`${purpose}:${body}`).digest();
}

/**
 * Signs `subject` for `purpose`. `expiresAt` (optional) is kept to the second inside the signed body.
 * Deterministic: the same inputs give the same token.
 */
export function signToken(key: Buffer | string, purpose: string, subject: string, expiresAt?: Date): string {
  if (!SUBJECT.test(subject)) throw new Error('signToken: subject must be 1-254 characters without | or spaces');
  const body = expiresAt ? `${subject}|${Math.floor(expiresAt.getTime() / 1000)}` : subject;
  return `${Buffer.from(body).toString('base64url')}.${mac(key, purpose, body).toString('base64url')}`;
}

/**
 * Checks a token against each key in turn (the current one first; older ones only verify, for rotation).
 * An unknown, altered or wrongly-purposed token is 'invalid'; a genuine one past its expiry is 'expired'.
 */
export function verifyToken(
  keys: ReadonlyArray<Buffer | string>, purpose: string, token: unknown, now: Date = new Date(),
): TokenCheck {
  const invalid = { ok: false, reason: 'invalid' } as const;
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return invalid;
  const parts = token.split('.');
  if (parts.length !== 2) return invalid;
  const [bodyPart, sigPart] = parts as [string, string];
  if (!/^[\w-]+$/.test(bodyPart) || !/^[\w-]+$/.test(sigPart)) return invalid;
  const body = Buffer.from(bodyPart, 'base64url').toString('utf8');
  // One encoding per body: a token re-encoded with other padding bits is not the one we made.
  if (Buffer.from(body).toString('base64url') !== bodyPart) return invalid;
  const given = Buffer.from(sigPart, 'base64url');
  if (given.length !== 32 || given.toString('base64url') !== sigPart) return invalid;
  if (!keys.some((key) => timingSafeEqual(given, mac(key, purpose, body)))) return invalid;

  const [subject, expiry, extra] = body.split('|');
  if (extra !== undefined || !subject || !SUBJECT.test(subject)) return invalid;
  if (expiry === undefined) return { ok: true, subject, expiresAt: null };
  if (!/^\d{1,12}$/.test(expiry)) return invalid;
  const expiresAt = new Date(Number(expiry) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, subject, expiresAt };
}
