#!/usr/bin/env node
/**
 * The firms table (issue #10): `GET /_api/firms` with 200 firms × 5 programs × 6 account sizes
 * (6,000 rows to filter, price after the best code and sort in SQL) and 2 codes per firm.
 *
 * Two runs, each side by side with a reference in this same run (alternating one-second slices, so the
 * load swings of a shared machine hit both alike):
 * - cached: the default table and a filtered, sorted one, repeated; 50 keep-alive connections. Reference:
 *   a bare NestJS-Express app answering the same bytes as a constant. Budget (DESIGN §6, as the other
 *   public reads): no errors, throughput ≥ 75 % of the reference, p99 < 30 ms — or, on a machine so busy
 *   that the reference itself is slower, < 1.5 × the reference's p99.
 * - uncached: every request a different query (maxPrice varies), so every one misses the cache and runs
 *   the SQL; 10 connections. Reference: the same bare app, doing for every request one primary-key
 *   query on the same PostgreSQL before answering the same bytes — the cheapest database-backed answer
 *   of that size. Budget: no errors, throughput ≥ 4 % of that reference. The table query reads, prices
 *   and sorts 5,400 rows where the reference reads one: it measured 5–9 % on the shared 2-core machine
 *   (load average ~20), where the first version (a subquery per row for the best code) measured 3 %.
 *
 * Database: a temporary embedded PostgreSQL, or a fresh database on BENCH_DATABASE_ADMIN_URL.
 * Needs `npm run build:backend` first.  Usage: node bench/firms-list.mjs [seconds-per-target]
 *   (internal: node bench/firms-list.mjs --bare <port> <json-file> <database-url>)
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, freePort, freshDatabase, loadSideBySide, loadTest, MAIN, startApp, startChild } from './support.mjs';

const SELF = fileURLToPath(import.meta.url);
const FIRMS = 200;
const PROGRAMS = 5;
const SIZES = [10000, 25000, 50000, 100000, 150000, 200000];
const CACHED_PATHS = ['/_api/firms', '/_api/firms?platform=MT5&size=100000&sort=priceAfterCode'];
/** The uncached run's URLs: a maxPrice above every price, different on every request of the run (50,000 of them). */
let uncachedCount = 0;
const uncachedPath = () => `/_api/firms?maxPrice=${50000 + (uncachedCount++ % 50000)}`;
const CACHED = { connections: 50, p99: 30, ratio: 0.75 };
const UNCACHED = { connections: 10, ratio: 0.04 };

if (process.argv[2] === '--bare') {
  await startBare(Number(process.argv[3]), process.argv[4], process.argv[5]);
} else {
  await main();
}

/** The reference: one middleware answering a constant per path; under /db/ it first runs one primary-key query. */
async function startBare(port, file, databaseUrl) {
  await import('reflect-metadata');
  const { NestFactory } = await import('@nestjs/core');
  const { ExpressAdapter } = await import('@nestjs/platform-express');
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const bodies = JSON.parse(readFileSync(file, 'utf8'));
  const constant = new Map(Object.entries(bodies.constant).map(([p, b]) => [p, Buffer.from(b, 'utf8')]));
  const uncached = Buffer.from(bodies.uncached, 'utf8');
  class BareModule {}
  const app = await NestFactory.create(BareModule, new ExpressAdapter(), { logger: ['error'] });
  let n = 0;
  app.use(async (req, res, next) => {
    let body = constant.get(req.url);
    if (!body && req.url.startsWith('/db/')) {
      await pool.query('select id, name, slug from companies where id = $1', [1 + (n++ % 200)]);
      body = uncached;
    }
    if (!body) return next();
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
    res.end(body);
  });
  await app.listen(port, '127.0.0.1');
  process.send?.('ready');
}

async function main() {
  const SECONDS = Number(process.argv[2] ?? 8);
  if (!existsSync(MAIN)) {
    console.error('dist/backend/src/main.js is missing: run `npm run build:backend` first.');
    process.exit(2);
  }
  const { default: pg } = await import('pg');
  const cleanups = [];
  let failed = false;
  try {
    console.log(`machine: ${cpus().length} CPU(s), ${cpus()[0]?.model ?? 'unknown'}; node ${process.version}`);
    console.log('note: the load generator shares the CPU with the servers; the ratio to the reference is the fair figure.');
    const databaseUrl = await freshDatabase(cleanups, 'bench_firms');
    const { port } = await startApp(databaseUrl, cleanups);
    const base = `http://127.0.0.1:${port}`;
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    cleanups.push(() => db.end());
    const t0 = performance.now();
    await seed(db);
    const [{ rows }] = [await db.query('select count(*)::int as n from firm_program_sizes')];
    console.log(`seeded ${FIRMS} firms × ${PROGRAMS} programs × ${SIZES.length} sizes = ${rows[0].n.toLocaleString('en')} rows in ${(performance.now() - t0).toFixed(0)} ms`);

    const constant = {};
    for (const path of CACHED_PATHS) {
      const res = await fetch(base + path);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      constant[path] = await res.text();
      const body = JSON.parse(constant[path]);
      console.log(`${path}: ${body.rows.length} rows of ${body.total.toLocaleString('en')}, ${Buffer.byteLength(constant[path]).toLocaleString('en')} bytes`);
    }
    const sample = await fetch(base + uncachedPath());
    const uncachedBody = await sample.text();
    if (sample.status !== 200) throw new Error(`the uncached sample answered ${sample.status}: ${uncachedBody}`);
    if (JSON.parse(uncachedBody).total !== FIRMS * 0.9 * PROGRAMS * SIZES.length) throw new Error('the uncached query does not see every active row');
    const dir = mkdtempSync(join(tmpdir(), 'vtf-bench-firms-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'bodies.json'), JSON.stringify({ constant, uncached: uncachedBody }));
    const barePort = await freePort();
    await startChild([SELF, '--bare', String(barePort), join(dir, 'bodies.json'), databaseUrl], cleanups, { ipc: true });
    const bareBase = `http://127.0.0.1:${barePort}`;

    const problems = [];
    const pair = async (label, reference, app, connections) => {
      // Warm-up: JIT, sockets, the app's cache.
      await loadTest(reference.target, reference.pathFor, connections, 1.5);
      await loadTest(app.target, app.pathFor, connections, 1.5);
      const [ref, own] = await loadSideBySide(reference, app, connections, SECONDS);
      for (const [name, r] of [[reference.name, ref], ['app', own]]) {
        console.log(`${label.padEnd(58)} ${name.padEnd(44)} ${fmt(r.rps, 0).padStart(6)} req/s  p50 ${fmt(r.p50)} ms  p99 ${fmt(r.p99)} ms  errors ${r.errors}`);
        if (r.errors) problems.push(`${label} (${name}): ${r.errors} errors`);
      }
      return [ref, own];
    };

    for (const path of CACHED_PATHS) {
      const [bare, app] = await pair(`cached ${path}`,
        { name: 'bare, constant', target: bareBase, pathFor: () => path }, { target: base, pathFor: () => path }, CACHED.connections);
      const ratio = app.rps / bare.rps;
      // A machine too busy for the reference itself to meet 30 ms gets the reference's own p99 (× 1.5) instead.
      const p99Budget = Math.max(CACHED.p99, bare.p99 * 1.5);
      console.log(`  → app at ${(ratio * 100).toFixed(0)} % of the reference (budget ≥ ${CACHED.ratio * 100} %), p99 ${fmt(app.p99)} ms (budget < ${fmt(p99Budget)} ms)`);
      if (ratio < CACHED.ratio) problems.push(`cached ${path}: ${(ratio * 100).toFixed(0)} % < ${CACHED.ratio * 100} %`);
      if (app.p99 >= p99Budget) problems.push(`cached ${path}: p99 ${fmt(app.p99)} ms ≥ ${fmt(p99Budget)} ms`);
    }

    const [bare, app] = await pair('uncached /_api/firms?maxPrice=<varies>',
      { name: 'bare, one primary-key query + same bytes', target: bareBase, pathFor: (i) => `/db/${i}` },
      { target: base, pathFor: uncachedPath }, UNCACHED.connections);
    const ratio = app.rps / bare.rps;
    console.log(`  → app at ${(ratio * 100).toFixed(0)} % of the reference (budget ≥ ${UNCACHED.ratio * 100} %)`);
    if (ratio < UNCACHED.ratio) problems.push(`uncached: ${(ratio * 100).toFixed(0)} % < ${UNCACHED.ratio * 100} %`);

    for (const p of problems) console.error(`FAIL: ${p}`);
    if (problems.length) failed = true;
    else console.log('PASS');
  } catch (error) {
    console.error(error);
    failed = true;
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve().then(cleanup).catch(() => undefined);
  }
  process.exit(failed ? 1 : 0);
}

/** Firms 1–180 active, 181–190 paused, 191–200 closed; each with 2 active codes and every criterion scored. */
async function seed(db) {
  await db.query(
    `insert into companies (name, slug, description, website_url, rating, score, status, platforms, asset_classes, affiliate_status)
     select 'Firm ' || g, 'firm-' || g, 'A proprietary trading firm, number ' || g || '.', 'https://firm' || g || '.example',
            3 + (g % 20) / 10.0, 2.5 + (g % 25) / 10.0,
            case when g > 190 then 'closed' when g > 180 then 'paused' else 'active' end,
            case g % 4 when 0 then array['MT4','MT5'] when 1 then array['MT5','cTrader'] when 2 then array['NinjaTrader','Rithmic']
                       else array['MT5','Match-Trader','TradingView'] end,
            case when g % 4 = 2 then array['futures'] else array['forex','indices','crypto'] end,
            (array['partner','no-program','ended'])[1 + g % 3]
     from generate_series(1, $1::int) g`,
    [FIRMS],
  );
  await db.query(
    `insert into firm_programs (company_id, position, name, type, profit_targets, daily_loss, max_loss, drawdown_type,
                                min_trading_days, time_limit_days, profit_split, first_payout_days, payout_frequency, refundable_fee, reset_price)
     select c.id, p, 'Program ' || p, (array['one-step','two-step','three-step','instant','other'])[p],
            (array['[10]','[8,5]','[6,6,6]','[]','[7]'])[p]::jsonb, case when p = 4 then null else 3 + p % 3 end, 6 + p + c.id % 5,
            (array['static','trailing','eod-trailing'])[1 + (c.id + p) % 3], p % 4, case when p = 5 then 30 else null end,
            70 + (c.id * 7 + p * 3) % 30, 7 + p * 2, 'Bi-weekly', p % 2 = 0, 49 + p * 10
     from companies c cross join generate_series(1, $1::int) p`,
    [PROGRAMS],
  );
  await db.query(
    `insert into firm_program_sizes (program_id, size, price)
     select fp.id, s.size, round((s.size / 1000.0 * (1.5 + (fp.id % 17) / 10.0) + fp.id % 13)::numeric, 2)
     from firm_programs fp cross join unnest($1::int[]) as s(size)`,
    [SIZES],
  );
  await db.query(
    `insert into discounts (company_id, title, discount_code, affiliate_link, status, discount_percentage, discount_amount, valid_until)
     select c.id, 'Offer ' || k || ' of ' || c.name, 'CODE' || c.id || k, c.website_url || '/?ref=vtf', 'active',
            case when k = 1 then 5 + c.id % 20 else null end, case when k = 2 then 20 + c.id % 60 else null end,
            case when c.id % 3 = 0 then null else now() + (c.id % 60 + 1) * interval '1 day' end
     from companies c cross join generate_series(1, 2) k`,
  );
  await db.query(
    `insert into firm_scores (company_id, criterion, score, note)
     select c.id, k, 2.5 + (c.id % 25) / 10.0, 'Bench note'
     from companies c cross join unnest(array['payout-reliability','rules-clarity','cost','support','platform-execution','longevity']) k`,
  );
  await db.query('analyze companies; analyze firm_programs; analyze firm_program_sizes; analyze discounts; analyze firm_scores');
}
