/**
 * What the bench scripts share: the frame each runs in (runBench: cleanups, exit code; verdict), a fresh
 * database (embedded, or on BENCH_DATABASE_ADMIN_URL), the built app started on a free port, child processes
 * that are stopped by the cleanups, the HTTP load generator, and the in-process render timing. Each function
 * registers what it creates in `cleanups`, which runBench runs in reverse order.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { createScratchDatabase, freePort, signInAdmin, waitForHealth } from '../test-support/app-process.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const MAIN = join(ROOT, 'dist/backend/src/main.js');
/** Node's arguments exactly as `npm start` gives them (its heap limit included), so a bench measures what production runs. */
export const START_ARGS = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.start.split(/\s+/).slice(1);

/** Exits 2 with `message` when one of `files` (the built app by default) is missing. */
export function requireBuild(message, files = [MAIN]) {
  if (files.every((f) => existsSync(f))) return;
  console.error(message);
  process.exit(2);
}

/**
 * A bench's frame: `body(cleanups)` runs, the cleanups run in reverse whatever happened, and the process
 * exits 1 when the body threw or returned true (a missed budget), else 0.
 */
export async function runBench(body) {
  const cleanups = [];
  let failed;
  try {
    failed = Boolean(await body(cleanups));
  } catch (error) {
    console.error(error);
    failed = true;
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve().then(cleanup).catch(() => undefined);
  }
  process.exit(failed ? 1 : 0);
}

/** Prints each missed budget as FAIL, or PASS; returns whether one was missed. */
export function verdict(problems) {
  for (const p of problems) console.error(`FAIL: ${p}`);
  if (problems.length) return true;
  console.log('PASS');
  return false;
}

export function printMachine() {
  console.log(`machine: ${cpus().length} CPU(s), ${cpus()[0]?.model ?? 'unknown'}; node ${process.version}`);
}

/** A pg client on `databaseUrl`, ended by the cleanups. */
export async function connect(databaseUrl, cleanups) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  cleanups.push(() => db.end());
  return db;
}

/** Logs in as the app's admin (startApp's `admin`); the session cookie header. The one sign-in of test-support/. */
export function login(base, admin) {
  return signInAdmin(base, admin);
}

export async function freshDatabase(cleanups, prefix = 'bench') {
  const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL;
  if (adminUrl) {
    const db = await createScratchDatabase(adminUrl, prefix);
    cleanups.push(db.drop);
    return db.url;
  }
  const { startEmbeddedPostgres } = await import(pathToFileURL(join(ROOT, 'dist/backend/src/database/embedded-postgres.js')).href);
  const dir = mkdtempSync(join(tmpdir(), 'vtf-bench-db-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const db = await startEmbeddedPostgres(dir);
  cleanups.push(() => db.stop());
  return db.url;
}

/**
 * Starts dist/backend/src/main.js against `databaseUrl`; `env` adds to or overrides the defaults.
 * `nodeArgs` go before the start script's own (e.g. `--cpu-prof`, which NODE_OPTIONS does not take).
 * Returns the port, the pid and the admin's credentials (for `login`).
 */
export async function startApp(databaseUrl, cleanups, env = {}, { nodeArgs = [] } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'vtf-bench-app-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const fullEnv = {
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
    // Production refuses to start without SMTP_URL unless mail stays local on purpose.
    MAIL_OUTBOX: '1',
    ...env,
  };
  const child = await startChild([...nodeArgs, ...START_ARGS], cleanups, { env: fullEnv });
  const admin = { email: fullEnv.ADMIN_EMAIL, password: fullEnv.ADMIN_PASSWORD };
  // Its output goes to the bench's own (stdio inherit): nothing to quote on failure.
  await waitForHealth(`http://127.0.0.1:${port}`, { exited: () => child.exitCode ?? child.signalCode, output: () => '(printed above)', timeoutMs: 90_000 });
  return { port, pid: child.pid, admin };
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

export { freePort };

/**
 * The load benches' reference: NestJS on Express, as the app, with only `middleware` answering, on
 * 127.0.0.1:`port`; started by startChild(…, { ipc: true }), it tells the parent when it listens.
 */
export async function startBare(port, middleware) {
  await import('reflect-metadata');
  const { NestFactory } = await import('@nestjs/core');
  const { ExpressAdapter } = await import('@nestjs/platform-express');
  class BareModule {}
  const app = await NestFactory.create(BareModule, new ExpressAdapter(), { logger: ['error'] });
  app.use(middleware);
  await app.listen(port, '127.0.0.1');
  process.send?.('ready');
}

/** A middleware answering a constant head and body (`answers`: path → { headers, body }). */
export function constantAnswers(answers) {
  return (req, res, next) => {
    const answer = answers.get(req.url);
    if (!answer) return next();
    res.writeHead(200, answer.headers);
    res.end(answer.body);
  };
}

/**
 * `connections` keep-alive loops issuing GETs back to back for `seconds`, each with `headers`; the i-th
 * request's path is `pathFor(i)` (a function, so a run can vary the URL to miss a cache on purpose), or `path`.
 * Returns the figures and the raw `latencies` (ms of the 200 answers), so slices can be summed by `summarise`.
 */
export async function load(base, { path, pathFor = () => path, headers = {} }, connections, seconds) {
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
      const req = http.get({ hostname: url.hostname, port: url.port, path: pathFor(issued++), agent, headers }, (res) => {
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
  return { ...summarise([{ latencies, errors, seconds: elapsed }]), latencies };
}

/**
 * Open-loop load: a GET of `path` every 1/`rps` s for `seconds`, whether or not the earlier ones have answered, each
 * on a connection of its own (as separate visitors arrive). Latency counts from the request's planned start, so a
 * server that stalls is charged for the requests that queued behind the stall (no coordinated omission). At a rate
 * well below the server's capacity, p99 measures how long a visitor waits behind other work, not behind the load.
 */
export async function loadAtRate(base, path, rps, seconds) {
  const url = new URL(base);
  const latencies = [];
  let errors = 0;
  const start = performance.now();
  const total = Math.round(rps * seconds);
  const pending = [];
  for (let i = 0; i < total; i++) {
    const planned = start + (i * 1000) / rps;
    const wait = planned - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(new Promise((resolveOne) => {
      const fail = () => { errors++; resolveOne(); };
      const req = http.get({ hostname: url.hostname, port: url.port, path, agent: false }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - planned);
          else errors++;
          resolveOne();
        });
        res.on('error', fail);
      });
      req.on('error', fail);
    }));
  }
  await Promise.all(pending);
  return { ...summarise([{ latencies, errors, seconds: (performance.now() - start) / 1000 }]), latencies };
}

/** One figure from several slices of load on one target: totals, req/s, p50 and p99. */
export function summarise(slices) {
  const latencies = slices.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const seconds = slices.reduce((sum, s) => sum + s.seconds, 0);
  const errors = slices.reduce((sum, s) => sum + s.errors, 0);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return { count: latencies.length, errors, seconds, rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

export function fmt(value, digits = 2) {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

/**
 * Loads two targets (`{ target, path | pathFor, headers }`) in alternating one-second slices (order swapped
 * every round) for `seconds` each, so a busy shared machine's load swings hit both alike; returns each one's totals.
 */
export async function loadSideBySide(a, b, connections, seconds) {
  const slices = [[], []];
  for (let round = 0; round < seconds; round++) {
    for (const i of round % 2 ? [1, 0] : [0, 1]) {
      const spec = [a, b][i];
      slices[i].push(await load(spec.target, spec, connections, 1));
    }
  }
  return slices.map(summarise);
}

/**
 * The in-process render benches' apps: the built app created in this process twice on `databaseUrl` — with
 * the server renderer, and without it (the reference: the shell with the page's head). Each `time(url, inspect)`
 * runs SitePagesService.page() for `url` and returns its wall and CPU ms (process.cpuUsage: the render's own
 * cost, which contention on a shared machine barely changes) and the HTML's length; `inspect(html)` may look at it.
 */
export async function renderApps(databaseUrl, cleanups, tmpPrefix) {
  const dist = (p) => pathToFileURL(join(ROOT, 'dist/backend/src', p)).href;
  await import('reflect-metadata');
  const { MikroORM, RequestContext } = await import('@mikro-orm/core');
  const { createApp } = await import(dist('app.setup.js'));
  const { loadConfig } = await import(dist('config/config.js'));
  const { SitePagesService } = await import(dist('seo/site-pages.service.js'));

  const dataDir = mkdtempSync(join(tmpdir(), tmpPrefix));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const base = {
    ...loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', SESSION_SECRET: randomBytes(24).toString('hex'), DATABASE_URL: databaseUrl, MAIL_OUTBOX: '1' }),
    seedDemoContent: false,
    logLevel: 'warn',
  };
  const request = (url) => ({ originalUrl: url, path: url.split('?')[0], url, user: undefined, headers: {}, get: () => undefined });
  const start = async (config) => {
    const app = await createApp(config);
    await app.init();
    cleanups.push(() => app.close());
    const pages = app.get(SitePagesService);
    const em = app.get(MikroORM).em;
    return {
      async time(url, inspect) {
        const cpu0 = process.cpuUsage();
        const t0 = process.hrtime.bigint();
        // As the request-context middleware does for a real request: a fresh identity map per page.
        const page = await RequestContext.create(em, () => pages.page(request(url)));
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        const used = process.cpuUsage(cpu0);
        if (page.status !== 200) throw new Error(`${url} answered ${page.status}`);
        inspect?.(page.html);
        return { ms, cpu: (used.user + used.system) / 1000, bytes: page.html.length };
      },
    };
  };
  const rendered = await start(base);
  const shell = await start({ ...base, frontendServerDir: join(dataDir, 'no-server-build') });
  return { rendered, shell };
}

/**
 * Times each of `urls` on both apps, alternating which goes first so neither always runs on a warmer cache
 * (the rendered app first for odd numbers, counting the first url as `first`).
 */
export async function timeRenders({ rendered, shell }, urls, first = 0) {
  const ssr = [];
  const ref = [];
  for (const [i, url] of urls.entries()) {
    if ((first + i) % 2) {
      ssr.push(await rendered.time(url));
      ref.push(await shell.time(url));
    } else {
      ref.push(await shell.time(url));
      ssr.push(await rendered.time(url));
    }
  }
  return { ssr, ref };
}

/**
 * Prints `heading`, both apps' medians and p95s side by side and the ratios, and checks the rendered
 * `label`'s CPU median against `budgetMs`; returns whether it missed.
 */
export function reportRenders({ heading, label, ssr, ref, budgetMs }) {
  const q = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
  const stat = (runs, key) => ({ median: q(runs.map((r) => r[key]), 0.5), p95: q(runs.map((r) => r[key]), 0.95) });
  const cell = (s) => `median ${s.median.toFixed(2).padStart(6)} ms  p95 ${s.p95.toFixed(2).padStart(6)} ms`;
  const row = (name, runs) =>
    `${name.padEnd(26)} CPU ${cell(stat(runs, 'cpu'))}   wall ${cell(stat(runs, 'ms'))}   ${Math.round(runs.reduce((n, r) => n + r.bytes, 0) / runs.length / 1024)} KiB/page`;
  console.log(`${heading}; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores:`);
  console.log(row('shell + head (reference)', ref));
  console.log(row(label, ssr));
  const cpu = stat(ssr, 'cpu').median;
  console.log(`ratio rendered/reference (medians): CPU ${(cpu / stat(ref, 'cpu').median).toFixed(2)}x, wall ${(stat(ssr, 'ms').median / stat(ref, 'ms').median).toFixed(2)}x`);
  const what = label.replace(/^server-/, '');
  if (cpu >= budgetMs) {
    console.log(`FAIL: ${what} CPU median ${cpu.toFixed(2)} ms >= budget ${budgetMs} ms`);
    return true;
  }
  console.log(`PASS: ${what} CPU median ${cpu.toFixed(2)} ms < budget ${budgetMs} ms`);
  return false;
}

/**
 * The platform's ceiling: node:http alone, answering `answers` (path → { headers, body }) with one writeHead and
 * one end, as the app's fast path does; started by startChild(…, { ipc: true }), it tells the parent when it listens.
 */
export async function startBareNode(port, answers) {
  const server = http.createServer((req, res) => {
    const answer = answers.get(req.url);
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, answer.headers);
    res.end(answer.body);
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  process.send?.('ready');
}

const WRK = '/usr/bin/wrk';

/** Whether wrk (Debian's `wrk` package) is installed: the load benches that compare with bare node:http need it. */
export function hasWrk() {
  return existsSync(WRK);
}

/**
 * One slice of wrk load (one thread, `connections` keep-alive connections, `seconds`) on `url` with `headers`.
 * A C load generator: node's own http client (load()) saturates before node:http does, so it cannot measure the
 * platform's ceiling. Returns requests, seconds, req/s, p50/p99 in ms and errors (socket errors and non-2xx/3xx).
 */
export function wrk(url, { headers = {}, connections = 50, seconds = 2 } = {}) {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
  return new Promise((resolveRun, reject) => {
    const child = spawn(WRK, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`wrk exited ${code}: ${out}`));
      const ms = (text) => {
        const m = /([\d.]+)(us|ms|s)\b/.exec(text ?? '');
        return m ? Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2]] : Number.NaN;
      };
      const requests = Number(/(\d+) requests in ([\d.]+)(ms|s|m)/.exec(out)?.[1] ?? Number.NaN);
      const dm = /\d+ requests in ([\d.]+)(ms|s|m)/.exec(out);
      const took = dm ? Number(dm[1]) * { ms: 0.001, s: 1, m: 60 }[dm[2]] : Number.NaN;
      const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) + (socket ? socket.slice(1).reduce((n, x) => n + Number(x), 0) : 0);
      resolveRun({
        requests, seconds: took, rps: requests / took, errors,
        p50: ms(/^\s*50%\s+(\S+)/m.exec(out)?.[1]), p99: ms(/^\s*99%\s+(\S+)/m.exec(out)?.[1]),
      });
    });
  });
}
