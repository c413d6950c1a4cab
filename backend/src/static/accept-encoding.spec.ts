import { acceptedEncodings, chooseEncoding, memoAcceptedEncodings, type FileEncoding } from './accept-encoding.js';

const ALL = new Set<FileEncoding>(['br', 'gzip', 'identity']);

describe('chooseEncoding', () => {
  it('sends brotli to browsers, whatever order they list encodings in', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', ALL)).toBe('br');
    expect(chooseEncoding('br;q=1.0, gzip;q=0.8, *;q=0.1', ALL)).toBe('br');
  });

  it('falls back to gzip, then to the file as it is', () => {
    expect(chooseEncoding('gzip, deflate', ALL)).toBe('gzip');
    expect(chooseEncoding('x-gzip', ALL)).toBe('gzip');
    expect(chooseEncoding('deflate', ALL)).toBe('identity');
    expect(chooseEncoding(undefined, ALL)).toBe('identity');
    expect(chooseEncoding('', ALL)).toBe('identity');
  });

  it('honours q=0 and the wildcard', () => {
    expect(chooseEncoding('br;q=0, gzip', ALL)).toBe('gzip');
    expect(chooseEncoding('*', ALL)).toBe('br');
    expect(chooseEncoding('*;q=0, gzip', ALL)).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0', ALL)).toBe('identity');
    expect(chooseEncoding('br;q=abc', ALL)).toBe('identity');
  });

  it('offers only the forms the file has', () => {
    expect(chooseEncoding('br, gzip', new Set<FileEncoding>(['gzip', 'identity']))).toBe('gzip');
    expect(chooseEncoding('br, gzip', new Set<FileEncoding>(['identity']))).toBe('identity');
  });
});

describe('memoAcceptedEncodings', () => {
  it('answers as the parse does, for each header value, and starts over past its limit', () => {
    const accepted = memoAcceptedEncodings(2);
    for (const header of ['gzip, deflate, br, zstd', 'br;q=0, gzip', 'deflate', 'gzip, deflate, br, zstd', undefined, '*;q=0']) {
      expect(accepted(header)).toEqual(acceptedEncodings(header));
    }
    expect(accepted('br;q=0, gzip')).toEqual({ br: false, gzip: true });
  });
});
