/**
 * What an operator does to a running site, done for real to `npm start`:
 * - Ctrl-C (SIGINT to the whole process group, as a terminal sends it) while uploads are in flight: every
 *   upload completes, because the embedded PostgreSQL runs in a session of its own and is stopped by the app
 *   only after the HTTP server has drained;
 * - `kill -9` of the embedded PostgreSQL: the app logs the exit, says "restarting" on its health call meanwhile,
 *   and answers again within 30 s.
 */
import http from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeImage } from '../backend/test/support/images.js';
import { eventually } from '../backend/test/support/wait.js';
import { signIn, startSite, type Site } from './support/site.js';
import { siteSql } from './support/sql.js';

const UPLOADS = 6;

interface Upload {
  /** Sends the rest of the body. */
  finish(): void;
  result: Promise<{ status?: number; body?: string; error?: string }>;
}

/** A multipart upload whose first half is sent now and the rest on finish(): it is in flight until then. */
function startUpload(baseUrl: string, cookie: string, png: Buffer, name: string): Upload {
  const boundary = `----vtf${name}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const req = http.request(`${baseUrl}/_api/admin/media`, {
    method: 'POST',
    agent: false,
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
  });
  const half = Math.floor(body.length / 2);
  req.write(body.subarray(0, half));
  const result = new Promise<{ status?: number; body?: string; error?: string }>((resolve) => {
    req.on('error', (e) => resolve({ error: (e as NodeJS.ErrnoException).code ?? e.message }));
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode, body: text }));
      res.on('error', (e) => resolve({ status: res.statusCode, error: e.message }));
    });
  });
  return { finish: () => req.end(body.subarray(half)), result };
}

/** How the process ended: npm re-raises the signal its script died of, and after a clean stop exits 0 or by SIGINT. */
function exited(site: Site): Promise<string> {
  const child = site.child;
  const describe = (code: number | null, signal: NodeJS.Signals | null) => (signal ? `signal ${signal}` : `code ${code}`);
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(describe(child.exitCode, child.signalCode));
  return new Promise((r) => child.once('exit', (code, signal) => r(describe(code, signal))));
}

async function health(baseUrl: string): Promise<{ status: number; database?: string }> {
  try {
    const res = await fetch(`${baseUrl}/_api/health`);
    return { status: res.status, database: ((await res.json()) as { database: string }).database };
  } catch {
    return { status: 0 };
  }
}

describe('operations: Ctrl-C and a dead embedded database, on `npm start`', () => {
  it('Ctrl-C (SIGINT to the process group) with uploads in flight: all of them complete, then everything stops', async () => {
    const site = await startSite({ SEED_DEMO_CONTENT: 'false', LOG_LEVEL: 'log', SHUTDOWN_GRACE_MS: '20000' }, { npmStart: true });
    try {
      const cookie = await signIn(site.baseUrl);
      const pgPid = Number(readFileSync(join(site.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
      const uploads = await Promise.all(
        Array.from({ length: UPLOADS }, async (_, i) => startUpload(site.baseUrl, cookie, await makeImage(400, 300, 'png', i + 1), `u${i}`)),
      );
      // Every upload has reached the server (its first half is in) before the signal.
      await new Promise((r) => setTimeout(r, 300));
      const exit = exited(site);
      process.kill(-site.child.pid!, 'SIGINT');
      await new Promise((r) => setTimeout(r, 300));
      for (const upload of uploads) upload.finish();
      const results = await Promise.all(uploads.map((u) => u.result));

      expect(results.map((r) => r.status)).toEqual(Array(UPLOADS).fill(201));
      for (const r of results) expect(JSON.parse(r.body!).url).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
      expect(['code 0', 'signal SIGINT']).toContain(await exit);
      expect(site.output()).not.toMatch(/ERROR|Error:|exit code 1/);
      expect(site.output()).toMatch(/SIGINT: no new connections; \d+ request\(s\) in flight/);
      // The app stopped its database itself, cleanly: the server is gone and left no lock file.
      expect(isAlive(pgPid)).toBe(false);
      expect(existsSync(join(site.dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    } finally {
      await site.stop();
    }
  });

  it('kill -9 of the embedded PostgreSQL: logged, health says "restarting", and the site answers again within 30 s', async () => {
    const site = await startSite({ SEED_DEMO_CONTENT: 'false', LOG_LEVEL: 'log' }, { npmStart: true });
    try {
      const admin = await signIn(site.baseUrl);
      expect((await fetch(`${site.baseUrl}/_api/companies`)).status).toBe(200);
      const pgPid = Number(readFileSync(join(site.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pgPid, 'SIGKILL');
      const killed = Date.now();

      // Meanwhile the health call says why it fails (503, "restarting"); then the database is back. (The dead
      // server's backends may answer a moment longer, so the first probes can still say "up".)
      await eventually(async () => expect(await health(site.baseUrl)).toEqual({ status: 503, database: 'restarting' }), 10_000, 50);
      await eventually(async () => expect(await health(site.baseUrl)).toEqual({ status: 200, database: 'up' }), 30_000, 100);
      console.log(`embedded PostgreSQL killed with SIGKILL: the site answered again after ${Date.now() - killed} ms`);
      expect(Date.now() - killed).toBeLessThan(30_000);
      expect(site.output()).toMatch(/The embedded PostgreSQL exited unexpectedly \(killed by SIGKILL\)/);
      expect(site.output()).toMatch(/The embedded PostgreSQL is running again after [\d.]+ s/);

      // The site reads and writes again, with the session made before the crash.
      expect((await fetch(`${site.baseUrl}/_api/companies`)).status).toBe(200);
      const created = await fetch(`${site.baseUrl}/_api/admin/companies`, {
        method: 'POST',
        headers: { cookie: admin, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'After the crash' }),
      });
      expect(created.status).toBe(201);
      const newPid = Number(readFileSync(join(site.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
      expect(newPid).not.toBe(pgPid);
      expect(isAlive(newPid)).toBe(true);
    } finally {
      await site.stop();
    }
  });
});

describe('the database may die; the app may not (issue #35)', () => {
  const postmasterPid = (site: Site) => Number(readFileSync(join(site.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);

  it('kill -9 of the embedded PostgreSQL under writes, 10 times in a row: the app is alive and answers after each, no acknowledged write is lost', async () => {
    // Jobs every second (alerts, report figures), so pg-boss is completing jobs when the database dies.
    const site = await startSite({ SEED_DEMO_CONTENT: 'false', LOG_LEVEL: 'log', ALERT_TICK_SECONDS: '1', REPORT_FIGURES_REFRESH_SECONDS: '1' }, { npmStart: true });
    try {
      const admin = await signIn(site.baseUrl);
      const acknowledged: string[] = [];
      const answers = new Map<number, number>();
      let writing = true;
      let n = 0;
      const writer = (async () => {
        while (writing) {
          const name = `Firm ${++n}`;
          const status = await fetch(`${site.baseUrl}/_api/admin/companies`, {
            method: 'POST', headers: { cookie: admin, 'content-type': 'application/json' }, body: JSON.stringify({ name }),
          }).then(async (res) => {
            if (res.status === 503) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
            await res.arrayBuffer();
            return res.status;
          }, () => 0);
          answers.set(status, (answers.get(status) ?? 0) + 1);
          if (status === 201) acknowledged.push(name);
          else await new Promise((r) => setTimeout(r, 20));
        }
      })();
      for (let round = 1; round <= 10; round++) {
        await new Promise((r) => setTimeout(r, 400));
        const pid = postmasterPid(site);
        process.kill(pid, 'SIGKILL');
        await eventually(() => expect(postmasterPid(site)).not.toBe(pid), 30_000, 50);
        await eventually(async () => expect(await health(site.baseUrl)).toEqual({ status: 200, database: 'up' }), 30_000, 100);
        // The process is the one that started, alive after each kill.
        expect(site.child.exitCode).toBeNull();
        expect(site.child.signalCode).toBeNull();
      }
      writing = false;
      await writer;
      // Every answer was a 201 or a 503 (no 500), and the app still reads and writes.
      // A 500 is a database error not recognised as one: the app's own words (its ERROR and stack) say which.
      if (answers.has(500)) console.log(site.output().split('\n').filter((l) => !/WARN/.test(l)).slice(-200).join('\n'));
      expect([...answers.keys()].filter((s) => s !== 201 && s !== 503 && s !== 0)).toEqual([]);
      const rows = await siteSql<{ name: string }>(site, 'select name from companies');
      const stored = new Set(rows.map((r) => r.name));
      expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
      expect(acknowledged.length).toBeGreaterThan(10);
      console.log(`10 kills: ${acknowledged.length} writes acknowledged and kept; answers ${JSON.stringify(Object.fromEntries(answers))}`);
      expect(site.output()).not.toMatch(/Unhandled|unhandledRejection|ECONNREFUSED[^\n]*\n\s+at /);
    } finally {
      await site.stop();
    }
  }, 240_000);

  it('kill -9 of the app leaves its PostgreSQL running; the next start stops and replaces it, and a clean stop stops it (twice)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vtf-orphan-'));
    try {
      for (let run = 1; run <= 2; run++) {
        const first = await startSite({ SEED_DEMO_CONTENT: 'false', LOG_LEVEL: 'log' }, { npmStart: true, dataDir });
        const orphan = postmasterPid(first);
        // kill -9 of the app's node process (the server's parent), as a crash or an OOM kill would.
        const stat = readFileSync(`/proc/${orphan}/stat`, 'utf8');
        const app = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        process.kill(app, 'SIGKILL');
        await first.stop();
        expect(isAlive(orphan)).toBe(true);

        const second = await startSite({ SEED_DEMO_CONTENT: 'false', LOG_LEVEL: 'log' }, { npmStart: true, dataDir });
        expect(second.output()).toMatch(/Stopping the embedded PostgreSQL left running by an app that ended without stopping it/);
        expect(isAlive(orphan)).toBe(false);
        const own = postmasterPid(second);
        expect(own).not.toBe(orphan);
        expect((await fetch(`${second.baseUrl}/_api/companies`)).status).toBe(200);
        await second.stop();
        // npm answers the stop first; the app behind it stops its database as it exits.
        await eventually(() => expect(isAlive(own)).toBe(false), 20_000, 50);
        await eventually(() => expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false), 5_000, 50);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
