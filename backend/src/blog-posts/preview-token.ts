/**
 * Signed draft preview links (issue #20): base64url("<postId>.<expiresAtMs>") + '.' + base64url(HMAC-SHA256).
 * The expiry is inside the signed text, so a link cannot be stretched; no row is stored per link (a link may be
 * shared with several people and opened any number of times until it expires).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Binds a signature to its purpose, on top of the key of its own (config.previewKey). */
const PURPOSE = 'post-preview:';
const PAYLOAD = /^([1-9]\d{0,9})\.(\d{13,15})$/;

function signature(payload: string, key: Buffer): Buffer {
  return createHmac('sha256', key).update(PURPOSE + payload).digest();
}

export function createPreviewToken(postId: number, expiresAt: Date, key: Buffer): string {
  const payload = `${postId}.${expiresAt.getTime()}`;
  return `${Buffer.from(payload).toString('base64url')}.${signature(payload, key).toString('base64url')}`;
}

/** The post id the token was made for, or null when it is malformed, altered, not ours or expired. */
export function verifyPreviewToken(token: unknown, key: Buffer, now = Date.now()): number | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const parts = token.split('.');
  if (parts.length !== 2 || !/^[\w-]+$/.test(parts[0]) || !/^[\w-]+$/.test(parts[1])) return null;
  const payload = Buffer.from(parts[0], 'base64url').toString('utf8');
  const match = PAYLOAD.exec(payload);
  if (!match || Buffer.from(payload).toString('base64url') !== parts[0]) return null;
  const given = Buffer.from(parts[1], 'base64url');
  const expected = signature(payload, key);
  if (given.length !== expected.length || given.toString('base64url') !== parts[1] || !timingSafeEqual(given, expected)) return null;
  if (Number(match[2]) <= now) return null;
  return Number(match[1]);
}
