/**
 * An external PostgreSQL that is not up yet when the app starts (issue #35): the start waits for it and then works;
 * a database that never comes is given up on after DATABASE_WAIT_SECONDS.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/database/embedded-postgres.js';
import { freePort } from './support/smtp-sink.js';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('waiting for an external database at start (issue #35)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vtf-wait-'));
  let db: EmbeddedDatabase | undefined;
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
    await db?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a start before the database is up waits for it, then answers', async () => {
    const port = await freePort();
    writeFileSync(join(dataDir, 'pg-password'), 'wait-for-me-password', { mode: 0o600 });
    // The maintenance database, which exists the moment the server accepts connections: the embedded start creates
    // `app` only after that, and a wait that met the server in between was told "database does not exist" (a wrong
    // name, rightly not waited for). An external server's database exists before it listens.
    const starting = startTestApp({ databaseUrl: `postgresql://postgres:wait-for-me-password@127.0.0.1:${port}/postgres`, databaseWaitSeconds: 60 });
    await new Promise((r) => setTimeout(r, 1500));
    db = await startEmbeddedPostgres(dataDir, () => {}, port);
    t = await starting;
    expect((await t.http().get('/_api/health')).status).toBe(200);
    expect((await t.http().get('/_api/companies')).status).toBe(200);
  }, 60_000);

  it('a database that never comes: the start gives up after DATABASE_WAIT_SECONDS', async () => {
    const port = await freePort();
    const started = Date.now();
    await expect(startTestApp({ databaseUrl: `postgresql://postgres:x@127.0.0.1:${port}/app`, databaseWaitSeconds: 1 })).rejects.toThrow(/ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 30_000);
});
