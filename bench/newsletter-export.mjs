#!/usr/bin/env node
/**
 * Newsletter admin at 100,000 subscribers (docs/design.md §6): a list page must answer in < 100 ms and
 * the CSV export must stream in constant memory.
 *
 * Seeds 100,000 subscribers (one generate_series INSERT) into a fresh database, starts the built
 * app (node dist/backend/src/main.js) against it, times admin list pages, then downloads the export
 * while sampling the server's RSS from /proc/<pid>/status. Exits non-zero when the peak RSS during
 * the export exceeds the baseline by more than 64 MB, or the default list page (range [0,19])
 * takes more than 100 ms (median of 20 warm requests).
 *
 * Database: a temporary embedded PostgreSQL, or a fresh database created on the server of
 * BENCH_DATABASE_ADMIN_URL (a postgres:// URL with the right to create databases) and dropped after.
 * Needs `npm run build:backend` first.  Usage: node bench/newsletter-export.mjs [rows]
 */
import { readFileSync } from 'node:fs';
import { connect, freshDatabase, login, requireBuild, runBench, startApp, verdict } from './support.mjs';

const ROWS = Number(process.argv[2] ?? 100_000);
const RSS_BUDGET_MB = 64;
const PAGE_BUDGET_MS = 100;
const API = '/_api/admin/newsletter-subscribers';

requireBuild('dist/backend/src/main.js is missing: run `npm run build:backend` first.');

await runBench(async (cleanups) => {
  const databaseUrl = await freshDatabase(cleanups, 'bench_newsletter');
  const { port, pid, admin } = await startApp(databaseUrl, cleanups, { NODE_ENV: 'development' });
  const base = `http://127.0.0.1:${port}`;

  const db = await connect(databaseUrl, cleanups);
  let t0 = performance.now();
  await db.query(
    `insert into newsletter_subscribers (email, subscribed_at, status, source)
     select 'subscriber' || g || '@example.com',
            now() - g * interval '77 seconds',
            case when g % 5 = 0 then 'unsubscribed' else 'subscribed' end,
            (array[null, 'homepage', 'blog-sidebar', 'discounts-page', 'about-page-cta', 'blog_sidebar_vtf',
                   'blog-news-sidebar', '=cmd()', 'blog-post-ftmo-review'])[1 + g % 9]
     from generate_series(1, $1::int) g`,
    [ROWS],
  );
  await db.query('analyze newsletter_subscribers');
  console.log(`seeded ${ROWS.toLocaleString('en')} subscribers in ${ms(performance.now() - t0)}`);

  const cookie = await login(base, admin);
  const get = (path) => fetch(base + path, { headers: { cookie } });

  // Warm up every code path the measurements touch (JIT, pool connections, plan caches).
  for (let i = 0; i < 5; i++) {
    await (await get(`${API}?range=[0,19]`)).json();
    await (await get(`${API}/stats`)).json();
  }
  await (await get(`${API}/export.csv?q=subscriber1234`)).text();

  const pages = {
    'default page  range [0,19], subscribedAt DESC': `${API}?sort=["subscribedAt","DESC"]&range=[0,19]&filter={}`,
    'status filter subscribed, range [0,19]': `${API}?sort=["subscribedAt","DESC"]&range=[0,19]&filter={"status":"subscribed"}`,
    'sort by email ASC, range [0,19]': `${API}?sort=["email","ASC"]&range=[0,19]`,
    'sort by status DESC, range [0,19]': `${API}?sort=["status","DESC"]&range=[0,19]`,
    'search q=subscriber777, range [0,19]': `${API}?range=[0,19]&filter={"q":"subscriber777"}`,
    [`last page range [${ROWS - 20},${ROWS - 1}]`]: `${API}?range=[${ROWS - 20},${ROWS - 1}]`,
    'stats': `${API}/stats`,
  };
  const timings = {};
  for (const [name, path] of Object.entries(pages)) {
    const samples = [];
    for (let i = 0; i < 20; i++) {
      t0 = performance.now();
      const res = await get(encodeURI(path));
      await res.json();
      samples.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    }
    samples.sort((a, b) => a - b);
    timings[name] = { median: samples[10], p95: samples[18], max: samples[19] };
    console.log(`${name.padEnd(48)} median ${ms(samples[10])}  p95 ${ms(samples[18])}  max ${ms(samples[19])}`);
  }

  // Baseline: the steady RSS after warm-up, sampled a few times.
  await new Promise((r) => setTimeout(r, 500));
  const baseline = Math.max(...(await Promise.all([0, 50, 100, 150].map((d) => new Promise((r) => setTimeout(() => r(rssMb(pid)), d))))));

  let peak = baseline;
  const sampler = setInterval(() => {
    const rss = rssMb(pid);
    if (rss > peak) peak = rss;
  }, 10);
  t0 = performance.now();
  const res = await get(`${API}/export.csv`);
  if (res.status !== 200) throw new Error(`export answered ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let bytes = 0;
  let lines = 0;
  let head = '';
  let paused = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    const text = decoder.decode(value, { stream: true });
    if (head.length < 200) head += text.slice(0, 200);
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
    // A slow client for a second: the server must wait for it, not buffer the rest.
    if (!paused && bytes > 1_000_000) {
      paused = true;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  const duration = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));

  const rows = lines - 1;
  const growth = peak - baseline;
  console.log(`export: ${rows.toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(1)} MB in ${ms(duration)} (incl. a 1 s client pause), ` +
    `${res.headers.get('content-disposition')}`);
  console.log(`server RSS: baseline ${baseline.toFixed(1)} MB, peak ${peak.toFixed(1)} MB, growth ${growth.toFixed(1)} MB (budget ${RSS_BUDGET_MB} MB)`);

  const problems = [];
  if (!head.startsWith('email,subscribed_at,status,source\r\n')) problems.push(`unexpected CSV header: ${JSON.stringify(head.slice(0, 60))}`);
  if (rows !== ROWS) problems.push(`export had ${rows} rows, expected ${ROWS}`);
  if (growth > RSS_BUDGET_MB) problems.push(`RSS grew ${growth.toFixed(1)} MB during the export (> ${RSS_BUDGET_MB} MB)`);
  const page = timings['default page  range [0,19], subscribedAt DESC'];
  if (page.median > PAGE_BUDGET_MS) problems.push(`default list page took ${ms(page.median)} (median) > ${PAGE_BUDGET_MS} ms`);
  return verdict(problems);
});

function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

function ms(value) {
  return `${value.toFixed(1)} ms`;
}
