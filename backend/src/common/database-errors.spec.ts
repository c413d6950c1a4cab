import { isDatabaseUnavailable, isDiskFull } from './database-errors.js';

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

describe('isDatabaseUnavailable: a database that died or is coming back answers 503, not 500', () => {
  it.each([
    ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'],
    ['57P01', 'terminating connection due to unexpected postmaster exit'],
    ['57P03', 'the database system is not yet accepting connections'],
    [undefined, 'the database system is in recovery mode'],
    // knex, when the transaction's connection died mid-way and it rolled the transaction back (kill -9, issue #35).
    [undefined, 'Transaction query already complete, run with DEBUG=knex:tx for more info'],
  ])('%s %s', (code, message) => {
    expect(isDatabaseUnavailable(error(code, message))).toBe(true);
    expect(isDatabaseUnavailable(error(code, message, true))).toBe(true);
  });

  it('a wrong query is not an unavailable database', () => {
    expect(isDatabaseUnavailable(error('42P01', 'relation "nope" does not exist'))).toBe(false);
  });
});
