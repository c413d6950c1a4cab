import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { TestApp } from './test-app.js';

/** The one `queriesDuring`: every SQL statement the ORM of `t` sends while `fn` runs, read from its own knex. */
export async function queriesDuring(t: TestApp, fn: () => Promise<unknown>): Promise<string[]> {
  const knex = (t.app.get(MikroORM).em as EntityManager).getConnection().getKnex();
  const seen: string[] = [];
  const listener = (q: { sql: string }) => seen.push(q.sql);
  knex.on('query', listener);
  try {
    await fn();
  } finally {
    knex.removeListener('query', listener);
  }
  return seen;
}
