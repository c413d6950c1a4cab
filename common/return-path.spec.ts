import fc from 'fast-check';
import { loginReturnPath } from './login-path.js';
import { safeReturnPath } from './return-path.js';

/** What a browser does with a Location header on this site: the origin it would go to. */
function originOf(location: string): string {
  return new URL(location, 'https://site.example').origin;
}

describe('the one return-path rule (normalised, then checked)', () => {
  it.each([
    ['/firms/acme', '/firms/acme'],
    ['/firms/acme?follow=12#top', '/firms/acme?follow=12#top'],
    ['/a/./b/../c', '/a/c'],
    ['/a\\b', '/a/b'],
    ['/.//evil.example', '/'],
    ['/..//evil.example', '/'],
    ['/a/..//evil.example/x', '/'],
    ['/./\\evil.example', '/'],
    ['/%2F%2Fevil.example', '/'],
    ['/%2f/evil.example', '/'],
    ['/%5Cevil.example', '/'],
    ['/%252F%252Fevil.example', '/'],
    ['/%5C%5Cevil.example', '/'],
    ['/%0d%0aSet-Cookie:x=1', '/'],
    ['/%E0%A4%A', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['\\/evil.example', '/'],
    ['https://evil.example/', '/'],
    ['http:evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/\t/evil.example', '/'],
    ['/a\u2028b', '/'],
    ['', '/'],
    [undefined, '/'],
    [['/admin'], '/'],
    [`/${'a'.repeat(2001)}`, '/'],
  ])('%p -> %p', (next, path) => {
    expect(safeReturnPath(next)).toBe(path);
  });

  it('falls back to the default it is given', () => {
    expect(safeReturnPath('//evil.example', '/account')).toBe('/account');
  });

  /** Pieces an attacker strings together: dot segments, slashes both ways, encodings, hosts, schemes, controls. */
  const hostile = fc
    .array(
      fc.constantFrom(
        '/', '//', '\\', '/\\', '.', '..', '/./', '/../', '%2F', '%2f', '%5C', '%5c', '%252F', '%2E', '%2e%2e', 'evil.example', '@evil.example',
        'https:', 'javascript:', ':', '?', '#', '%0a', '%00', '\t', '\n', '\u0000', ' ', 'a', 'firms', 'login', '%', '%E0', '\u3002', 'ﬀ',
      ),
      { maxLength: 10 },
    )
    .map((parts) => parts.join(''));

  it('never hands out a path that leaves the origin, whatever it is given (thousands of hostile values)', () => {
    fc.assert(
      fc.property(fc.oneof(hostile, hostile.map((s) => `/${s}`), fc.string(), fc.webUrl(), fc.webPath()), (next) => {
        for (const path of [safeReturnPath(next), loginReturnPath(next)]) {
          expect(path.startsWith('/')).toBe(true);
          expect(/^\/[/\\]/.test(path)).toBe(false);
          expect(originOf(path)).toBe('https://site.example');
          // A fixed point: following or re-checking it gives the same place.
          expect(safeReturnPath(path)).toBe(path);
          expect([...path].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || /\s/.test(c))).toBe(false);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('keeps every plain same-site path as it is', () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const path = `/${segments.join('/')}`;
        expect(safeReturnPath(path)).toBe(path);
      }),
      { numRuns: 1000 },
    );
  });
});
