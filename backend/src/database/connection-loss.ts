import { Logger } from '@nestjs/common';
import { isDatabaseUnavailable } from '../common/database-errors.js';

let installed = false;

/**
 * The last line of "the database may die; the app may not" (issue #35). Every pool and client has its error
 * handler and pg-boss's completions are guarded (pg-boss-guard.ts); should a library still drop a promise that
 * rejects because the database went away, Node would end the process for it. Such a rejection is logged as one
 * line and the process goes on: requests answer 503 with Retry-After meanwhile, and work in flight is retried
 * (jobs expire and run again). Any other unhandled rejection keeps Node's default: the process ends, loudly.
 */
export function surviveDatabaseLoss(): void {
  if (installed) return;
  installed = true;
  const logger = new Logger('Database');
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      logger.warn(`Lost the database mid-operation (${(reason as Error)?.message ?? String(reason)}); carrying on until it is back`);
      return;
    }
    // Node's own behaviour for everything else (--unhandled-rejections=throw).
    throw reason;
  });
}
