import { createHmac } from 'node:crypto';
import { createUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.js';

const SECRET = 'a-test-secret-of-32-characters!!';

describe('unsubscribe tokens', () => {
  it('has the shape base64url(id).base64url(hmac) and verifies back to the id', () => {
    const token = createUnsubscribeToken(42, SECRET);
    const [idPart, sig] = token.split('.');
    expect(Buffer.from(idPart, 'base64url').toString()).toBe('42');
    expect(sig).toMatch(/^[\w-]{43}$/);
    expect(verifyUnsubscribeToken(token, SECRET)).toBe(42);
  });

  it('is deterministic per id and differs between ids', () => {
    expect(createUnsubscribeToken(7, SECRET)).toBe(createUnsubscribeToken(7, SECRET));
    expect(createUnsubscribeToken(7, SECRET)).not.toBe(createUnsubscribeToken(8, SECRET));
  });

  it('rejects a token signed with another secret', () => {
    expect(verifyUnsubscribeToken(createUnsubscribeToken(42, 'another-secret-of-some-length'), SECRET)).toBeNull();
  });

  it('rejects a token whose id was swapped for another', () => {
    const [, sig] = createUnsubscribeToken(42, SECRET).split('.');
    expect(verifyUnsubscribeToken(`${Buffer.from('43').toString('base64url')}.${sig}`, SECRET)).toBeNull();
  });

  it('rejects a bare HMAC of the id (signatures are bound to their purpose)', () => {
    const bare = createHmac('sha256', SECRET).update('42').digest('base64url');
    expect(verifyUnsubscribeToken(`${Buffer.from('42').toString('base64url')}.${bare}`, SECRET)).toBeNull();
  });

  it.each([
    undefined, null, 42, '', '.', 'abc', 'NDI', 'NDI.', '.abc', 'NDI.abc.def', 'NDI.!!!',
    `${Buffer.from('0').toString('base64url')}.x`, `${Buffer.from('-1').toString('base64url')}.x`,
    `${Buffer.from('4 2').toString('base64url')}.x`, 'x'.repeat(500),
  ])('rejects malformed token %p', (token) => {
    expect(verifyUnsubscribeToken(token, SECRET)).toBeNull();
  });

  it('rejects a signature with one character changed', () => {
    const token = createUnsubscribeToken(42, SECRET);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    expect(verifyUnsubscribeToken(token.slice(0, -2) + last + token.at(-1), SECRET)).toBeNull();
  });
});
