/**
 * A stop finishes what it started: SIGTERM to the real process while requests are in flight — CSV exports
 * read slowly, lists and pages just sent — and every one of them completes, with no reset and no 5xx.
 * Once with the embedded PostgreSQL (stopped only after the last request), once with an external one.
 */
import http from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from '../backend/src/database/embedded-postgres.js';
import { signIn, startSite, type Site } from './support/site.js';

const SUBSCRIBERS = 150_000;
const EXPORTS = 4;
const QUICK = 20;

interface Outcome { what: string; status?: number; error?: string; lines?: number }

function request(agent: http.Agent, url: string, init: { method?: string; cookie?: string; body?: unknown } = {}): http.ClientRequest {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  const req = http.request(url, {
    agent,
    method: init.method ?? 'GET',
    headers: {
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
    },
  });
  req.end(body);
  return req;
}

function outcome(req: http.ClientRequest, what: string, onResponse?: (res: http.IncomingMessage) => void): Promise<Outcome> {
  return new Promise((resolve) => {
    req.on('error', (e) => resolve({ what, error: (e as NodeJS.ErrnoException).code ?? e.message }));
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('error', (e) => resolve({ what, status: res.statusCode, error: e.message }));
      res.on('aborted', () => resolve({ what, status: res.statusCode, error: 'aborted' }));
      res.on('end', () => resolve({ what, status: res.statusCode, lines: text.split('\n').filter(Boolean).length }));
      onResponse?.(res);
    });
  });
}

async function fillSubscribers(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    `insert into newsletter_subscribers (email, source) select 'reader' || i || '@example.com', 'shutdown-test' from generate_series(1, $1) i`,
    [SUBSCRIBERS],
  );
  await client.end();
}

function exited(site: Site): Promise<number | null> {
  return site.child.exitCode !== null ? Promise.resolve(site.child.exitCode) : new Promise((r) => site.child.once('exit', (code) => r(code)));
}

/** Load, SIGTERM, then let every request finish: what each request saw, and how the process ended. */
async function stopUnderLoad(site: Site): Promise<{ outcomes: Outcome[]; exitCode: number | null; refusedAfter: boolean }> {
  const cookie = await signIn(site.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: EXPORTS + QUICK });
  // Connections the server has accepted: the requests below are sent on them, before the signal.
  await Promise.all(Array.from({ length: EXPORTS + QUICK }, () => outcome(request(agent, `${site.baseUrl}/_api/health`), 'warm-up')));

  const paused: http.IncomingMessage[] = [];
  let headers = 0;
  let allStreaming!: () => void;
  const streaming = new Promise<void>((r) => (allStreaming = r));
  const exports = Array.from({ length: EXPORTS }, (_, i) =>
    outcome(request(agent, `${site.baseUrl}/_api/admin/newsletter-subscribers/export.csv`, { cookie }), `export ${i}`, (res) => {
      // A slow reader: the export stays in flight, held back by its own socket, until after the signal.
      res.pause();
      paused.push(res);
      if (++headers === EXPORTS) allStreaming();
    }),
  );
  await streaming;
  const quick = Array.from({ length: QUICK }, (_, i) => {
    const [what, path, c] = [
      ['public list', '/_api/companies', undefined],
      ['admin list', '/_api/admin/newsletter-subscribers?range=[0,499]', cookie],
      ['stats', '/_api/admin/newsletter-subscribers/stats', cookie],
      ['page', '/discounts', undefined],
    ][i % 4] as [string, string, string | undefined];
    return outcome(request(agent, `${site.baseUrl}${path}`, { cookie: c }), `${what} ${i}`);
  });
  await new Promise((r) => setTimeout(r, 5));
  const exit = exited(site);
  site.child.kill('SIGTERM');

  await new Promise((r) => setTimeout(r, 300));
  const refusedAfter = await fetch(`${site.baseUrl}/_api/health`).then(() => false, () => true);
  for (const res of paused) res.resume();
  const outcomes = await Promise.all([...exports, ...quick]);
  agent.destroy();
  return { outcomes, exitCode: await exit, refusedAfter };
}

function expectNothingDropped(outcomes: Outcome[]): void {
  const failed = outcomes.filter((o) => o.error !== undefined || o.status === undefined || o.status >= 500);
  expect(failed).toEqual([]);
  expect(outcomes.every((o) => o.status === 200)).toBe(true);
  // Every export is whole: the header line and one line per subscriber.
  expect(outcomes.filter((o) => o.what.startsWith('export')).map((o) => o.lines)).toEqual(Array(EXPORTS).fill(SUBSCRIBERS + 1));
}

describe('SIGTERM under load drops nothing', () => {
  let external: EmbeddedDatabase | undefined;
  const dirs: string[] = [];
  afterAll(async () => {
    await external?.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('with the embedded PostgreSQL: every request in flight finishes, then the database stops', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vtf-shutdown-'));
    dirs.push(dataDir);
    const site = await startSite({ DATA_DIR: dataDir, SEED_DEMO_CONTENT: 'false', LOG_LEVEL: 'log', SHUTDOWN_GRACE_MS: '20000' });
    try {
      const port = readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
      const password = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
      await fillSubscribers(`postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/app`);

      const { outcomes, exitCode, refusedAfter } = await stopUnderLoad(site);
      expectNothingDropped(outcomes);
      expect(refusedAfter).toBe(true);
      expect(exitCode).toBe(0);
      expect(site.output()).toMatch(/SIGTERM: no new connections; \d+ request\(s\) in flight/);
      // The embedded server was stopped cleanly by the app, not left running or killed mid-request.
      expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    } finally {
      await site.stop();
    }
  });

  it('with an external PostgreSQL (DATABASE_URL): every request in flight finishes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vtf-shutdown-db-'));
    dirs.push(dir);
    external = await startEmbeddedPostgres(dir);
    await ensureDatabase(external.adminUrl, 'shutdown');
    const databaseUrl = external.adminUrl.replace(/\/postgres$/, '/shutdown');
    const site = await startSite({ DATABASE_URL: databaseUrl, SEED_DEMO_CONTENT: 'false', LOG_LEVEL: 'log', SHUTDOWN_GRACE_MS: '20000' });
    try {
      await fillSubscribers(databaseUrl);
      const { outcomes, exitCode, refusedAfter } = await stopUnderLoad(site);
      expectNothingDropped(outcomes);
      expect(refusedAfter).toBe(true);
      expect(exitCode).toBe(0);
    } finally {
      await site.stop();
    }
  });

  it('does not wait past the grace period for a request that never finishes', async () => {
    const databaseUrl = external!.adminUrl.replace(/\/postgres$/, '/shutdown');
    const site = await startSite({ DATABASE_URL: databaseUrl, SEED_DEMO_CONTENT: 'false', LOG_LEVEL: 'log', SHUTDOWN_GRACE_MS: '1000' });
    try {
      const cookie = await signIn(site.baseUrl);
      const agent = new http.Agent({ keepAlive: true });
      // A reader that never reads: the export can never finish.
      const stuck = await new Promise<http.IncomingMessage>((resolve) =>
        request(agent, `${site.baseUrl}/_api/admin/newsletter-subscribers/export.csv`, { cookie }).on('response', (res) => {
          res.pause();
          res.on('error', () => undefined);
          resolve(res);
        }),
      );
      const signalled = Date.now();
      const exit = exited(site);
      site.child.kill('SIGTERM');
      expect(await exit).toBe(0);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(1000);
      expect(Date.now() - signalled).toBeLessThan(8000);
      expect(site.output()).toMatch(/Grace period over: closing 1 request\(s\) still in flight/);
      stuck.destroy();
      agent.destroy();
    } finally {
      await site.stop();
    }
  });
});
