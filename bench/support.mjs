/**
 * What the bench scripts share: a fresh database (embedded, or on BENCH_DATABASE_ADMIN_URL), the built app
 * started on a free port, child processes that are stopped by the cleanups. Each function registers what it
 * creates in `cleanups`, which the caller runs in reverse order.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const MAIN = join(ROOT, 'dist/backend/src/main.js');

export async function freshDatabase(cleanups, prefix = 'bench') {
  const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL;
  if (adminUrl) {
    const name = `${prefix}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }
  const { startEmbeddedPostgres } = await import(pathToFileURL(join(ROOT, 'dist/backend/src/database/embedded-postgres.js')).href);
  const dir = mkdtempSync(join(tmpdir(), 'vtf-bench-db-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const db = await startEmbeddedPostgres(dir);
  cleanups.push(() => db.stop());
  return db.url;
}

/** Starts dist/backend/src/main.js against `databaseUrl`; `env` adds to or overrides the defaults. */
export async function startApp(databaseUrl, cleanups, env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'vtf-bench-app-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const child = await startChild([MAIN], cleanups, {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(24).toString('hex'),
      ADMIN_EMAIL: 'bench-admin@example.com',
      ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
      SEED_DEMO_CONTENT: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error('the app exited during start');
    const ok = await fetch(`http://127.0.0.1:${port}/_api/health`).then((r) => r.ok, () => false);
    if (ok) return { port, pid: child.pid };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the app did not answer /_api/health within 30 s');
}

export async function startChild(args, cleanups, { env = process.env, ipc = false } = {}) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit', ...(ipc ? ['ipc'] : [])] });
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  });
  if (ipc) {
    await new Promise((resolveReady, reject) => {
      child.once('message', resolveReady);
      child.once('exit', (code) => reject(new Error(`the bare app exited (${code})`)));
    });
  }
  return child;
}

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });
}

/**
 * `connections` keep-alive loops issuing GETs back to back for `seconds`; `pathFor(i)` gives the
 * i-th request's path (a function, so a run can vary the URL to miss a cache on purpose).
 */
export async function loadTest(base, pathFor, connections, seconds) {
  const { default: http } = await import('node:http');
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let errors = 0;
  let issued = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  const once = () =>
    new Promise((resolveOne) => {
      const t0 = performance.now();
      const req = http.get({ hostname: url.hostname, port: url.port, path: pathFor(issued++), agent }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - t0);
          else errors++;
          resolveOne();
        });
        res.on('error', () => {
          errors++;
          resolveOne();
        });
      });
      req.on('error', () => {
        errors++;
        resolveOne();
      });
    });
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < end) await once();
  }));
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return { count: latencies.length, errors, seconds: elapsed, rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), latencies };
}

export function fmt(value, digits = 2) {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

/**
 * Loads two targets in alternating one-second slices (order swapped every round) for `seconds` each,
 * so a busy shared machine's load swings hit both alike; returns each one's totals.
 */
export async function loadSideBySide(a, b, connections, seconds) {
  const acc = [a, b].map(() => ({ count: 0, errors: 0, seconds: 0, latencies: [] }));
  for (let round = 0; round < seconds; round++) {
    const order = round % 2 ? [1, 0] : [0, 1];
    for (const i of order) {
      const { target, pathFor } = [a, b][i];
      const r = await loadTest(target, pathFor, connections, 1);
      acc[i].count += r.count;
      acc[i].errors += r.errors;
      acc[i].seconds += r.seconds;
      acc[i].latencies.push(...r.latencies);
    }
  }
  return acc.map(({ count, errors, seconds: s, latencies }) => {
    latencies.sort((x, y) => x - y);
    const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
    return { count, errors, seconds: s, rps: count / s, p50: at(0.5), p99: at(0.99) };
  });
}
