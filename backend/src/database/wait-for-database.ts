import pg from 'pg';
import { isDatabaseUnavailable } from '../common/database-errors.js';

/**
 * An external PostgreSQL (DATABASE_URL) may still be starting when the app does (a compose file, a host reboot):
 * the start waits for it, with backoff, instead of failing (issue #35). A wrong password or database name is not
 * waited for: only "cannot be reached" and "starting up" (common/database-errors.ts) are tried again.
 */
export async function waitForDatabase(url: string, seconds: number, log: (m: string) => void): Promise<void> {
  const until = Date.now() + seconds * 1000;
  let delay = 250;
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    // A connection lost while we still hold it must not become an unhandled 'error' event.
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      if (attempt > 1) log(`The database is reachable (after ${attempt} attempts)`);
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (!isDatabaseUnavailable(error) || Date.now() + delay > until) throw error;
      log(`Waiting for the database (${(error as Error).message}); trying again in ${delay} ms`);
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 5000);
    }
  }
}
