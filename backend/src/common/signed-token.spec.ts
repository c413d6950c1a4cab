import { signToken, verifyToken } from './signed-token.js';

const KEY = Buffer.from('k'.repeat(32));
const OTHER = Buffer.from('o'.repeat(32));
const NOW = new Date('2026-11-25T12:00:00Z');
const inDays = (d: number) => new Date(NOW.getTime() + d * 86_400_000);

describe('signed tokens', () => {
  it('verifies back to the subject and its expiry, to the second', () => {
    const token = signToken(KEY, 'newsletter-confirm', '42', inDays(7));
    expect(verifyToken([KEY], 'newsletter-confirm', token, NOW)).toEqual({ ok: true, subject: '42', expiresAt: new Date('2026-12-02T12:00:00Z') });
  });

  it('a token without expiry never expires', () => {
    const token = signToken(KEY, 'newsletter-unsubscribe', '7');
    expect(verifyToken([KEY], 'newsletter-unsubscribe', token, new Date('2099-01-01'))).toEqual({ ok: true, subject: '7', expiresAt: null });
  });

  it('says expired from the expiry second on, and only for a genuine token', () => {
    const token = signToken(KEY, 'newsletter-confirm', '42', inDays(7));
    expect(verifyToken([KEY], 'newsletter-confirm', token, new Date(inDays(7).getTime() - 1000)).ok).toBe(true);
    expect(verifyToken([KEY], 'newsletter-confirm', token, inDays(7))).toEqual({ ok: false, reason: 'expired' });
    // Moving the expiry forward breaks the signature: invalid, not expired.
    const [body, sig] = token.split('.');
    const later = Buffer.from(Buffer.from(body!, 'base64url').toString().replace(/\|\d+$/, `|${Math.floor(inDays(30).getTime() / 1000)}`)).toString('base64url');
    expect(verifyToken([KEY], 'newsletter-confirm', `${later}.${sig}`, inDays(8))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('is bound to its purpose and its key', () => {
    const token = signToken(KEY, 'newsletter-confirm', '42', inDays(7));
    expect(verifyToken([KEY], 'newsletter-preferences', token, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyToken([OTHER], 'newsletter-confirm', token, NOW)).toEqual({ ok: false, reason: 'invalid' });
    // An older key still verifies when listed (rotation), never signs.
    expect(verifyToken([OTHER, KEY], 'newsletter-confirm', token, NOW).ok).toBe(true);
  });

  it('refuses a swapped subject and a changed signature character', () => {
    const token = signToken(KEY, 'p', '42');
    const [, sig] = token.split('.');
    expect(verifyToken([KEY], 'p', `${Buffer.from('43').toString('base64url')}.${sig}`).ok).toBe(false);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    expect(verifyToken([KEY], 'p', token.slice(0, -2) + last + token.at(-1)).ok).toBe(false);
  });

  it.each([undefined, null, 42, '', '.', 'abc', 'a.b.c', 'NDI.!!!', 'x'.repeat(700)])('refuses malformed %p', (token) => {
    expect(verifyToken([KEY], 'p', token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses subjects it could not read back', () => {
    expect(() => signToken(KEY, 'p', 'a|b')).toThrow();
    expect(() => signToken(KEY, 'p', '')).toThrow();
  });
});
