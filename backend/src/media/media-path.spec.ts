import { etagFor, hashFromFileName, ifNoneMatchHits, mediaUrl } from './media-path.js';

const HASH = 'a'.repeat(40) + '0123456789abcdef01234567';

describe('media names', () => {
  it('builds /media/<hash>.webp and reads the hash back', () => {
    expect(mediaUrl(HASH)).toBe(`/media/${HASH}.webp`);
    expect(hashFromFileName(`${HASH}.webp`)).toBe(HASH);
  });

  it.each([
    'logo.webp',
    `${HASH}.png`,
    `${HASH.toUpperCase()}.webp`,
    `${HASH}0.webp`,
    `${HASH}.webp.exe`,
    `../${HASH}.webp`,
    '',
  ])('refuses the name %j', (name) => {
    expect(hashFromFileName(name)).toBeNull();
  });

  it('matches If-None-Match lists, weak tags and *, and nothing else', () => {
    expect(ifNoneMatchHits(etagFor(HASH), HASH)).toBe(true);
    expect(ifNoneMatchHits(`"other", W/${etagFor(HASH)}`, HASH)).toBe(true);
    expect(ifNoneMatchHits('*', HASH)).toBe(true);
    expect(ifNoneMatchHits(undefined, HASH)).toBe(false);
    expect(ifNoneMatchHits(HASH, HASH)).toBe(false);
    expect(ifNoneMatchHits('"other"', HASH)).toBe(false);
  });
});
