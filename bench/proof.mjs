#!/usr/bin/env node
/**
 * Proof of codes (issue #11) at scale: 500 discounts with 1,000,000 visitor reports (over 60 days, so the
 * 30-day window holds about half).
 *
 * - Public list, cached: `GET /_api/discounts` (500 cards with their figures) under 50 keep-alive connections,
 *   side by side (alternating one-second slices) with a bare NestJS-Express app answering the same bytes.
 *   Budget as every cached public read (docs/design.md §6): no errors, ≥ 75 % of the reference's throughput, p99 < 30 ms
 *   or < 1.5 × the reference's p99 on a machine too busy for that.
 * - Public list, uncached: the list's SQL (figures read from the row, 'Reported not working' order) against the
 *   list's SQL before issue #11, in the same database, alternated: budget ≤ 1.5 × — the reports never enter it.
 * - Report write: `POST /_api/discounts/:id/reports` from new visitors, one at a time, alternated with
 *   GET /_api/health (the floor of one request through the same app in the same run). Budget: the write's own
 *   time — report median minus health median (the per-address count and the report statement) — < 5 ms, the
 *   issue's figure. The whole request's median is printed beside it.
 * - The once-a-minute figures job's read (all 500 discounts' 30-day counts) is timed and printed; no budget.
 *
 * Database: a temporary embedded PostgreSQL, or a fresh database on BENCH_DATABASE_ADMIN_URL.
 * Needs `npm run build:backend` first.  Usage: node bench/proof.mjs [seconds]
 *   (internal: node bench/proof.mjs --bare <port> <body-file>)
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { fmt, freePort, freshDatabase, loadSideBySide, MAIN, startApp, startBare, startChild } from './support.mjs';

const SELF = fileURLToPath(import.meta.url);
const DISCOUNTS = 500;
const REPORTS = 1_000_000;
const CACHED = { connections: 50, p99: 30, ratio: 0.75 };
const UNCACHED_RATIO = 1.5;
const WRITE_MS = 5;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';


async function bare(port, file) {
  const body = readFileSync(file);
  await startBare(port, (_req, res) => res.type('application/json').send(body));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timeQuery(client, sql, params = []) {
  const t0 = performance.now();
  await client.query(sql, params);
  return performance.now() - t0;
}

async function main() {
  if (!existsSync(MAIN)) throw new Error('run `npm run build:backend` first');
  const seconds = Number(process.argv[2] ?? 6);
  const cleanups = [];
  const failures = [];
  try {
    const url = await freshDatabase(cleanups, 'bench_proof');
    // First start applies the migrations; the data goes in while it is stopped, the second start refreshes the figures.
    const first = await startApp(url, cleanups);
    process.kill(first.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    cleanups.push(() => db.end());
    const t0 = performance.now();
    await db.query(`insert into companies (name, website_url, slug) select 'Firm ' || g, 'https://firm' || g || '.example', 'firm-' || g from generate_series(1, 50) g`);
    await db.query(
      `insert into discounts (company_id, title, discount_code, affiliate_link, discount_percentage, last_verified_at, last_check_result)
       select (select id from companies order by id offset (g % 50) limit 1), 'Offer ' || g, 'CODE' || g, 'https://firm.example/?ref=' || g, 10 + g % 30,
              now() - make_interval(days => g % 9), case when g % 25 = 0 then 'failed' else 'worked' end
       from generate_series(1, ${DISCOUNTS}) g`,
    );
    await db.query(
      `insert into discount_reports (discount_id, worked, created_at)
       select d.ids[1 + (g % ${DISCOUNTS})], random() < 0.8, now() - random() * interval '60 days'
       from generate_series(1, ${REPORTS}) g, (select array_agg(id order by id) as ids from discounts) d`,
    );
    await db.query('analyze');
    console.log(`data: ${DISCOUNTS} discounts, ${REPORTS.toLocaleString('en')} reports in ${fmt((performance.now() - t0) / 1000, 1)} s`);

    // The figures job's read: the same aggregate ProofService.refreshFigures runs (without the write).
    const job = [];
    for (let i = 0; i < 3; i++) {
      job.push(await timeQuery(db, `select d.id, a.n, a.w from discounts d left join lateral (
        select count(*)::int as n, count(*) filter (where r.worked)::int as w from discount_reports r
        where r.discount_id = d.id and r.created_at > now() - make_interval(days => 30)) a on true`));
    }
    console.log(`figures job read (every ${60} s, one instance): median ${fmt(median(job), 0)} ms`);

    const app = await startApp(url, cleanups, { TRUST_PROXY: '1' });
    const base = `http://127.0.0.1:${app.port}`;
    let filled = false;
    for (let i = 0; i < 300 && !filled; i++) {
      const list = await (await fetch(`${base}/_api/discounts`)).json();
      filled = list.length === DISCOUNTS && list.every((d) => d.reportsCount > 0);
      if (!filled) await new Promise((r) => setTimeout(r, 200));
    }
    if (!filled) throw new Error('the figures were not refreshed at start');
    const list = await (await fetch(`${base}/_api/discounts`)).json();
    const lastWorking = list.findIndex((d) => d.lastCheckResult === 'failed' || d.failingSince);
    console.log(`list: ${list.length} cards, first 'Reported not working' at position ${lastWorking + 1}`);

    // 1. Cached list against a bare handler answering the same bytes.
    const dir = mkdtempSync(join(tmpdir(), 'vtf-bench-proof-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'body.json');
    writeFileSync(file, Buffer.from(await (await fetch(`${base}/_api/discounts`)).arrayBuffer()));
    const barePort = await freePort();
    await startChild([SELF, '--bare', String(barePort), file], cleanups, { ipc: true });
    const [ours, bare] = await loadSideBySide(
      { target: base, pathFor: () => '/_api/discounts' },
      { target: `http://127.0.0.1:${barePort}`, pathFor: () => '/' },
      CACHED.connections, seconds,
    );
    const ratio = ours.rps / bare.rps;
    const p99Budget = Math.max(CACHED.p99, 1.5 * bare.p99);
    console.log(`cached GET /_api/discounts: ${fmt(ours.rps, 0)} req/s p99 ${fmt(ours.p99, 1)} ms | bare ${fmt(bare.rps, 0)} req/s p99 ${fmt(bare.p99, 1)} ms | ratio ${fmt(ratio)} (budget ≥ ${CACHED.ratio}, p99 < ${fmt(p99Budget, 1)} ms)`);
    if (ours.errors || ratio < CACHED.ratio || ours.p99 > p99Budget) failures.push('cached public list');

    // 2. The list's SQL now and before issue #11, alternated.
    const before = `select d.*, c.* from discounts d join companies c on c.id = d.company_id
      where d.status in ('active', 'coming_soon') and (d.valid_until is null or d.valid_until > now())
      order by c.featured desc, d.valid_until asc nulls last, d.id asc`;
    const now = `select d.*, c.* from discounts d join companies c on c.id = d.company_id
      where d.status in ('active', 'coming_soon') and (d.valid_until is null or d.valid_until > now())
      order by (coalesce(d.last_check_result in ('failed', 'expired'), false) or coalesce(d.failing_since is not null and (d.last_verified_at is null or d.last_verified_at < d.failing_since), false)),
        c.featured desc, d.valid_until asc nulls last, d.id asc`;
    const tb = [];
    const tn = [];
    for (let i = 0; i < 40; i++) {
      tb.push(await timeQuery(db, before));
      tn.push(await timeQuery(db, now));
    }
    const sqlRatio = median(tn) / median(tb);
    console.log(`uncached list SQL: ${fmt(median(tn), 2)} ms | before issue #11 ${fmt(median(tb), 2)} ms | ratio ${fmt(sqlRatio)} (budget ≤ ${UNCACHED_RATIO})`);
    if (sqlRatio > UNCACHED_RATIO) failures.push('uncached list SQL');

    // 3. Report writes from new visitors (a new address each: the per-address limit is not what is measured).
    const ids = list.map((d) => d.id);
    const writes = [];
    const health = [];
    for (let i = 0; i < 300; i++) {
      const headers = { 'content-type': 'application/json', 'user-agent': BROWSER, 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
      let t = performance.now();
      const res = await fetch(`${base}/_api/discounts/${ids[i % ids.length]}/reports`, { method: 'POST', headers, body: '{"worked":true}' });
      const body = await res.json();
      writes.push(performance.now() - t);
      if (!res.ok || !body.counted) throw new Error(`report not counted: ${res.status} ${JSON.stringify(body)}`);
      t = performance.now();
      await (await fetch(`${base}/_api/health`)).arrayBuffer();
      health.push(performance.now() - t);
    }
    const own = median(writes) - median(health);
    console.log(`report write: ${fmt(own, 2)} ms over a request (budget < ${WRITE_MS} ms) | whole POST median ${fmt(median(writes), 2)} ms | GET /_api/health median ${fmt(median(health), 2)} ms`);
    if (own >= WRITE_MS) failures.push('report write');
  } finally {
    for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => undefined);
  }
  if (failures.length) {
    console.error(`MISSED: ${failures.join(', ')}`);
    process.exit(1);
  }
  console.log('proof bench: every budget met');
}

if (process.argv[2] === '--bare') await bare(Number(process.argv[3]), process.argv[4]);
else await main();
