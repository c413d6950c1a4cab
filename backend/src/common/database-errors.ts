import { ConnectionException, DriverException } from '@mikro-orm/core';

/** Error codes that mean "the database cannot be reached", not "the query was wrong". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN',
  '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300',
]);
const UNAVAILABLE_TEXT = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Knex: Timeout acquiring a connection|the database system is (starting up|shutting down)|Client has encountered a connection error/i;

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

/** PostgreSQL's disk_full (53100) or the OS's ENOSPC: nothing was stored, and trying again later may work. */
export function isDiskFull(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; cause?: unknown; previous?: unknown };
    if (e.code === '53100' || e.code === 'ENOSPC') return true;
    current = e.cause ?? e.previous;
  }
  return false;
}
