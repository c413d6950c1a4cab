/**
 * Several copies of the built site on one PostgreSQL, as an operator runs them behind a load balancer (issue #32):
 * the first copy starts as `npm start` does (its embedded PostgreSQL in its DATA_DIR, demo content, the first
 * admin); every other one is a separate process with a DATA_DIR of its own and that database's DATABASE_URL. They
 * share what an operator must give every copy alike: SESSION_SECRET (without it each copy would make its own in its
 * DATA_DIR, and a cookie signed by one would mean nothing to another).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { startSite, type Site } from './site.js';

export interface Copies {
  /** copies[0] holds the database (embedded, in its DATA_DIR); the others connect to it. */
  copies: Site[];
  /** The one database every copy uses (superuser: tests read and break connections with it). */
  databaseUrl: string;
  /** One query on that database. */
  sql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Stops the copies that connect to the database first, then the one that holds it. */
  stop(): Promise<void>;
}

/** `env` goes to every copy; `envOf(i)` to copy i only (e.g. an SMTP_URL for the one that should send). */
export async function startCopies(count: number, env: Record<string, string> = {}, envOf: (i: number) => Record<string, string> = () => ({})): Promise<Copies> {
  const shared = { SESSION_SECRET: randomBytes(32).toString('hex'), ...env };
  const first = await startSite({ ...shared, ...envOf(0) });
  const copies: Site[] = [first];
  const databaseUrl = embeddedUrl(first);
  const stop = async () => {
    for (const copy of copies.slice(1).reverse()) await copy.stop();
    await first.stop();
  };
  try {
    for (let i = 1; i < count; i++) {
      // The first copy seeded the demo content already; the others find it in the database.
      copies.push(await startSite({ ...shared, DATABASE_URL: databaseUrl, SEED_DEMO_CONTENT: 'false', ...envOf(i) }));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const sql = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<T>(text, params)).rows;
    } finally {
      await client.end();
    }
  };
  return { copies, databaseUrl, sql, stop };
}

/** The URL of a site's embedded PostgreSQL: postmaster.pid names its port on the 4th line, pg-password its password. */
function embeddedUrl(site: Site): string {
  const port = Number(readFileSync(join(site.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readFileSync(join(site.dataDir, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/app`;
}

/** Polls `check` until it returns true; the milliseconds it took, or throws after `timeoutMs`. */
export async function within(timeoutMs: number, check: () => Promise<boolean>, what: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
