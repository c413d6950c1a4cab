import { randomBytes } from 'node:crypto';
import { createPreviewToken, verifyPreviewToken } from './preview-token.js';

const key = randomBytes(32);
const inAWeek = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);

describe('preview tokens', () => {
  it('name the post they were made for until they expire', () => {
    const token = createPreviewToken(42, inAWeek, key);
    expect(verifyPreviewToken(token, key)).toBe(42);
    expect(verifyPreviewToken(token, key, inAWeek.getTime() + 1)).toBeNull();
  });

  it('refuse an altered post id, expiry or signature, and another key', () => {
    const token = createPreviewToken(42, inAWeek, key);
    const [payload, sig] = token.split('.');
    const otherPost = Buffer.from(`43.${inAWeek.getTime()}`).toString('base64url');
    const later = Buffer.from(`42.${inAWeek.getTime() + 86_400_000}`).toString('base64url');
    expect(verifyPreviewToken(`${otherPost}.${sig}`, key)).toBeNull();
    expect(verifyPreviewToken(`${later}.${sig}`, key)).toBeNull();
    expect(verifyPreviewToken(`${payload}.${sig.slice(0, -2)}AA`, key)).toBeNull();
    expect(verifyPreviewToken(token, randomBytes(32))).toBeNull();
  });

  it('refuse what is not a token at all', () => {
    for (const junk of [undefined, 42, '', 'a.b.c', 'x'.repeat(300), '..', 'bm9wZQ.']) expect(verifyPreviewToken(junk, key)).toBeNull();
  });
});
