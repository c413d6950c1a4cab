#!/usr/bin/env node
/**
 * Issue #8's budget for the /firms page (issue #10): uncached, the server render of the comparison table
 * with 200 firms × 5 programs × 6 sizes (100 rows a page) takes < 15 ms of server CPU time.
 *
 * As bench/ssr-render.mjs: the built app created in this process twice on one database — with the server
 * renderer, and without it (the reference: the shell with the page's head) — and SitePagesService.page()
 * timed for /firms URLs that differ on every call (maxPrice varies, so no layer could reuse a result;
 * there is no page cache at this level anyway), alternating the two apps after a warm-up. The budget is
 * on the CPU time this process spends per page (the render's own cost: the table query runs in
 * PostgreSQL), which contention on the shared machine barely changes. Prints medians and p95s side by
 * side; exits non-zero on a miss. The cached page is measured by bench/firms-list.mjs.
 *
 * Database: a temporary embedded PostgreSQL, or a fresh database on BENCH_DATABASE_ADMIN_URL.
 * Needs `npm run build` first.  Usage: node bench/firms-page.mjs [pages]
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import pg from 'pg';
import { seedFirms } from './firms-seed.mjs';
import { freshDatabase, ROOT } from './support.mjs';

const BUDGET_MS = 15;
const PAGES = Number(process.argv[2] ?? 200);
const WARMUP = 30;
const PATHS = [
  (i) => `/firms?maxPrice=${50000 + i}`,
  (i) => `/firms?platform=MT5&size=100000&sort=priceAfterCode&maxPrice=${50000 + i}`,
  (i) => `/firms?status=all&sort=profitSplit&maxPrice=${50000 + i}`,
];

const dist = (p) => pathToFileURL(join(ROOT, 'dist/backend/src', p)).href;
if (!existsSync(join(ROOT, 'dist/frontend-server/entry-server.js'))) {
  console.error('Build first: npm run build');
  process.exit(2);
}

const cleanups = [];
let failed = false;
try {
  const databaseUrl = await freshDatabase(cleanups, 'bench_firms_page');
  await import('reflect-metadata');
  const { createApp } = await import(dist('app.setup.js'));
  const { loadConfig } = await import(dist('config/config.js'));
  const { SitePagesService } = await import(dist('seo/site-pages.service.js'));

  const dataDir = mkdtempSync(join(tmpdir(), 'vtf-bench-firms-page-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const base = {
    ...loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', SESSION_SECRET: randomBytes(24).toString('hex'), DATABASE_URL: databaseUrl }),
    seedDemoContent: false,
    logLevel: 'warn',
  };
  const start = async (config) => {
    const app = await createApp(config);
    await app.init();
    cleanups.push(() => app.close());
    const pages = app.get(SitePagesService);
    const em = app.get(MikroORM).em;
    return { page: (req) => RequestContext.create(em, () => pages.page(req)) };
  };
  const rendered = await start(base);
  const shell = await start({ ...base, frontendServerDir: join(dataDir, 'no-server-build') });

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  cleanups.push(() => db.end());
  await seedFirms(db);

  const request = (url) => {
    const path = url.split('?')[0];
    return { originalUrl: url, path, url, user: undefined, headers: {}, get: () => undefined };
  };
  let rows = 0;
  const time = async (pages, url, count = false) => {
    const cpu0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    const page = await pages.page(request(url));
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    const used = process.cpuUsage(cpu0);
    if (page.status !== 200) throw new Error(`${url} answered ${page.status}`);
    if (count) rows = Math.max(rows, (page.html.match(/<tr /g) ?? []).length);
    return { ms, cpu: (used.user + used.system) / 1000, bytes: page.html.length };
  };

  for (let i = 0; i < WARMUP; i++) {
    await time(rendered, PATHS[i % PATHS.length](i), true);
    await time(shell, PATHS[i % PATHS.length](i));
  }
  if (rows < 100) throw new Error(`the rendered /firms page shows ${rows} rows, not a full page of 100`);
  const ssr = [];
  const ref = [];
  for (let i = WARMUP; i < WARMUP + PAGES; i++) {
    const url = PATHS[i % PATHS.length](i);
    if (i % 2) {
      ssr.push(await time(rendered, url));
      ref.push(await time(shell, url));
    } else {
      ref.push(await time(shell, url));
      ssr.push(await time(rendered, url));
    }
  }
  const q = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
  const stat = (runs, key) => ({ median: q(runs.map((r) => r[key]), 0.5), p95: q(runs.map((r) => r[key]), 0.95) });
  const fmt = (s) => `median ${s.median.toFixed(2).padStart(6)} ms  p95 ${s.p95.toFixed(2).padStart(6)} ms`;
  const row = (name, runs) =>
    `${name.padEnd(26)} CPU ${fmt(stat(runs, 'cpu'))}   wall ${fmt(stat(runs, 'ms'))}   ${Math.round(runs.reduce((n, r) => n + r.bytes, 0) / runs.length / 1024)} KiB/page`;
  console.log(`/firms pages (100 rows of 5,400), ${PAGES} different URLs, uncached, in-process SitePagesService.page(); load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores:`);
  console.log(row('shell + head (reference)', ref));
  console.log(row('server-rendered /firms', ssr));
  const cpu = stat(ssr, 'cpu').median;
  console.log(`ratio rendered/reference (medians): CPU ${(cpu / stat(ref, 'cpu').median).toFixed(2)}x, wall ${(stat(ssr, 'ms').median / stat(ref, 'ms').median).toFixed(2)}x`);
  if (cpu >= BUDGET_MS) {
    failed = true;
    console.log(`FAIL: rendered /firms CPU median ${cpu.toFixed(2)} ms >= budget ${BUDGET_MS} ms`);
  } else {
    console.log(`PASS: rendered /firms CPU median ${cpu.toFixed(2)} ms < budget ${BUDGET_MS} ms`);
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  for (const cleanup of cleanups.reverse()) await Promise.resolve().then(cleanup).catch(() => undefined);
}
process.exit(failed ? 1 : 0);
