import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { runningJob } from '../../src/jobs/jobs.service.js';
import type { TestApp } from './test-app.js';

/**
 * The one `queriesDuring`: every SQL statement the ORM of `t` sends for `fn` while it runs, read from its own knex.
 * Statements of background jobs (the figures refresh, the alerts tick) that happen to run meanwhile are not `fn`'s.
 */
export async function queriesDuring(t: TestApp, fn: () => Promise<unknown>): Promise<string[]> {
  const knex = (t.app.get(MikroORM).em as EntityManager).getConnection().getKnex();
  const seen: string[] = [];
  const listener = (q: { sql: string }) => {
    if (!runningJob.getStore()) seen.push(q.sql);
  };
  knex.on('query', listener);
  try {
    await fn();
  } finally {
    knex.removeListener('query', listener);
  }
  return seen;
}
