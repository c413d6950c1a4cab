/** SQL against a running site's embedded PostgreSQL, for fixtures too large to make through the UI. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Site } from './site.js';

export async function siteSql<T extends pg.QueryResultRow = Record<string, unknown>>(site: Site, text: string, params: unknown[] = []): Promise<T[]> {
  // postmaster.pid names the port on its 4th line; the password is the one the site made for its cluster.
  const port = Number(readFileSync(join(site.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readFileSync(join(site.dataDir, 'pg-password'), 'utf8').trim();
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'app' });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}
