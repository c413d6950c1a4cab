import { isDiskFull } from './database-errors.js';

/** An error as the pg driver or Node gives it, optionally wrapped as MikroORM wraps it (`previous`). */
function error(code: string | undefined, message: string, wrapped = false): unknown {
  const e = Object.assign(new Error(message), code === undefined ? {} : { code });
  return wrapped ? Object.assign(new Error('insert failed'), { previous: e }) : e;
}

describe('isDiskFull: no space or a file that may not grow answers 503 with Retry-After', () => {
  it.each([
    ['53100', 'could not extend file "base/16384/16390": No space left on device'],
    ['XX000', 'could not extend file "base/16384/16390": File too large'],
    ['XX000', 'could not extend file "base/16384/2619" with FileFallocate(): No space left on device'],
    ['58030', 'could not write to file "pg_wal/xlogtemp.123": No space left on device'],
    ['ENOSPC', 'ENOSPC: no space left on device, write'],
    ['EFBIG', 'EFBIG: file too large, write'],
  ])('%s %s', (code, message) => {
    expect(isDiskFull(error(code, message))).toBe(true);
    expect(isDiskFull(error(code, message, true))).toBe(true);
  });

  it.each([
    ['XX000', 'cache lookup failed for relation 1234'],
    ['23505', 'duplicate key value violates unique constraint'],
    ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'],
    [undefined, 'something else'],
  ])('not for %s %s', (code, message) => {
    expect(isDiskFull(error(code, message))).toBe(false);
  });
});
