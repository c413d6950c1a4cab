import { ConnectionException, DriverException } from '@mikro-orm/core';

/** Error codes that mean "the database cannot be reached", not "the query was wrong". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN',
  '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300',
]);
// knex's "Transaction query already complete": a transaction's connection died mid-way (knex rolled it back), and the
// transaction's next statement is refused with this instead of a connection error (seen under kill -9, issue #35).
const UNAVAILABLE_TEXT = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Knex: Timeout acquiring a connection|the database system is (starting up|shutting down|not yet accepting connections|in recovery mode)|Client has encountered a connection error|Transaction query already complete/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof ConnectionException) return true;
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown; previous?: unknown };
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (e.name === 'KnexTimeoutError') return true;
    if (typeof e.message === 'string' && UNAVAILABLE_TEXT.test(e.message)) return true;
    current = e.cause ?? e.previous ?? (e instanceof AggregateError ? e.errors[0] : undefined);
  }
  return false;
}

export function isDriverError(error: unknown): error is DriverException {
  return error instanceof DriverException;
}

/** PostgreSQL's own words when a file cannot grow: "could not extend file …: No space left on device" (or "File too large"). */
const NO_SPACE_TEXT = /could not extend file|could not write to file|No space left on device|File too large/i;

/**
 * No space, or a file that may not grow: PostgreSQL's disk_full (53100), its internal error XX000 when extending a
 * relation file fails (what a file-size limit or some full disks give), the OS's ENOSPC and EFBIG. Nothing was
 * stored, and trying again later may work.
 */
export function isDiskFull(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; previous?: unknown };
    if (e.code === '53100' || e.code === 'ENOSPC' || e.code === 'EFBIG') return true;
    if ((e.code === 'XX000' || e.code === '58030' || e.code === undefined) && typeof e.message === 'string' && NO_SPACE_TEXT.test(e.message)) return true;
    current = e.cause ?? e.previous;
  }
  return false;
}
