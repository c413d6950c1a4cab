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
import { join } from 'node:path';
import { seedFirms } from './firms-seed.mjs';
import { connect, freshDatabase, renderApps, reportRenders, requireBuild, ROOT, runBench, timeRenders } from './support.mjs';

const BUDGET_MS = 15;
const PAGES = Number(process.argv[2] ?? 200);
const WARMUP = 30;
const PATHS = [
  (i) => `/firms?maxPrice=${50000 + i}`,
  (i) => `/firms?platform=MT5&size=100000&sort=priceAfterCode&maxPrice=${50000 + i}`,
  (i) => `/firms?status=all&sort=profitSplit&maxPrice=${50000 + i}`,
];

requireBuild('Build first: npm run build', [join(ROOT, 'dist/frontend-server/entry-server.js')]);

await runBench(async (cleanups) => {
  const databaseUrl = await freshDatabase(cleanups, 'bench_firms_page');
  const apps = await renderApps(databaseUrl, cleanups, 'vtf-bench-firms-page-');
  await seedFirms(await connect(databaseUrl, cleanups));

  let rows = 0;
  const countRows = (html) => {
    rows = Math.max(rows, (html.match(/<tr /g) ?? []).length);
  };
  for (let i = 0; i < WARMUP; i++) {
    await apps.rendered.time(PATHS[i % PATHS.length](i), countRows);
    await apps.shell.time(PATHS[i % PATHS.length](i));
  }
  if (rows < 100) throw new Error(`the rendered /firms page shows ${rows} rows, not a full page of 100`);
  const urls = Array.from({ length: PAGES }, (_, n) => PATHS[(WARMUP + n) % PATHS.length](WARMUP + n));
  const { ssr, ref } = await timeRenders(apps, urls, WARMUP);
  return reportRenders({
    heading: `/firms pages (100 rows of 5,400), ${PAGES} different URLs, uncached, in-process SitePagesService.page()`,
    label: 'server-rendered /firms', ssr, ref, budgetMs: BUDGET_MS,
  });
});
