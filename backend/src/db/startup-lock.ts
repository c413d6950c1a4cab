import pg from 'pg';

/** The advisory lock key of start-up work (issue #32): any number no other user of the database takes. */
const STARTUP_LOCK = 3_202_611;
/** How often a copy waiting for the lock asks again. */
const POLL_MS = 200;

/**
 * Runs `work` holding a PostgreSQL advisory lock that every copy of the site takes for its start-up writes (the
 * migrations, the demo seed, the first admin): copies started together do each in turn, and the later ones find
 * the work done (each step checks before it writes). A session lock on a connection of its own, held only for
 * `work`: one connection more per copy while it starts. `waiting` is told when another copy holds it.
 */
export async function withStartupLock<T>(url: string, waiting: () => void, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'vtf-startup' });
  // A lost connection ends the lock with it; the error surfaces at the next query.
  client.on('error', () => undefined);
  await client.connect();
  try {
    // Asked again and again rather than waited for in one pg_advisory_lock statement: a statement that waits keeps
    // its snapshot open, and the holder's CREATE INDEX CONCURRENTLY (a migration) waits for every older snapshot to
    // end — each would wait for the other until the statement timeout.
    for (let first = true; ; first = false) {
      const { rows } = await client.query<{ got: boolean }>('select pg_try_advisory_lock($1) as got', [STARTUP_LOCK]);
      if (rows[0]!.got) break;
      if (first) waiting();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    return await work();
  } finally {
    // Ending the session releases the lock too; the unlock says so at once.
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/**
 * The migrations the database has and this build does not know: a newer version migrated it. Starting on it would
 * run old code on a new schema, so the start stops with a message instead (the caller's).
 */
export async function unknownMigrations(url: string, known: readonly string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: url, application_name: 'vtf-startup' });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select name from mikro_orm_migrations where to_regclass('mikro_orm_migrations') is not null order by id`,
    ).catch((error: { code?: string }) => {
      // 42P01: a new database, no migrations table yet.
      if (error.code === '42P01') return { rows: [] };
      throw error;
    });
    const names = new Set(known);
    return rows.map((r) => r.name.replace(/\.[jt]s$/, '')).filter((name) => !names.has(name));
  } finally {
    await client.end().catch(() => undefined);
  }
}
