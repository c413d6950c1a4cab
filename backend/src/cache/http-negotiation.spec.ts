import { acceptsGzip, gzipTag, matches, notModified, strongEtag } from './http-negotiation.js';

describe('HTTP negotiation', () => {
  it('tags bytes with a strong ETag that changes with them', () => {
    const a = strongEtag(Buffer.from('one'));
    expect(a).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(strongEtag(Buffer.from('one'))).toBe(a);
    expect(strongEtag(Buffer.from('two'))).not.toBe(a);
  });

  it('compares If-None-Match weakly: lists, W/ prefixes and * match', () => {
    expect(matches(undefined, '"x"')).toBe(false);
    expect(matches('"x"', '"x"')).toBe(true);
    expect(matches('"a", W/"x"', '"x"')).toBe(true);
    expect(matches('*', '"x"')).toBe(true);
    expect(matches('"xy"', '"x"')).toBe(false);
  });

  it('the gzip form has a tag of its own, and either tag means not modified', () => {
    expect(gzipTag('"abc"')).toBe('"abc-gz"');
    expect(notModified('"abc-gz"', '"abc"')).toBe(true);
    expect(notModified('"abc"', '"abc"')).toBe(true);
    expect(notModified('"other"', '"abc"')).toBe(false);
  });

  it('reads Accept-Encoding: gzip or * with a non-zero q', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br, *;q=0')).toBe(false);
  });
});
