import { pgArray } from './pg-array.js';

describe('pgArray', () => {
  it('writes numbers bare and quotes text, escaping quotes and backslashes', () => {
    expect(pgArray([1, 2, 3])).toBe('{1,2,3}');
    expect(pgArray([])).toBe('{}');
    expect(pgArray(['/_api/files/a.webp', 'say "hi"', 'back\\slash', 'a,b'])).toBe('{"/_api/files/a.webp","say \\"hi\\"","back\\\\slash","a,b"}');
  });
});
