#!/usr/bin/env node
/**
 * Public reads under load (docs/design.md §6): the cached API (`GET /_api/blog-posts?page=1&limit=9`,
 * `GET /_api/discounts`), rendered pages (`/`, `/blog`, `/discounts`, a post), the sitemap index and
 * a child sitemap, and the feed, with 10,000 posts and 500 discounts seeded, 50 keep-alive
 * connections, ~10 s per target (BENCH_PATHS=comma-separated paths limits the run to those), each request
 * with a browser's Accept-Encoding (the answers go out gzipped, as to every browser and crawler).
 *
 * Seeds a fresh database (generate_series INSERTs), starts the built app (node dist/backend/src/main.js)
 * and, in another process, a bare NestJS-Express app whose one middleware answers the same bytes the
 * real app answered for that path (so the same size). Both are loaded side by side in this run by the
 * same generator (node's http module), taking turns in slices. Budgets, per path: no errors, p99 < 30 ms, and throughput
 * ≥ 75 % of the bare handler's. Exits non-zero when one is missed.
 *
 * On a 2-core machine the load generator (this process) shares the CPU with the server under test,
 * so absolute numbers are lower than a separate client machine would measure; the ratio to the bare
 * handler, measured the same way in the same run, is the meaningful figure.
 *
 * Database: a temporary embedded PostgreSQL, or a fresh database on BENCH_DATABASE_ADMIN_URL.
 * Needs `npm run build:backend` first.  Usage: node bench/api-load.mjs [seconds-per-target]
 *   (internal: node bench/api-load.mjs --bare <port> <json-file>  starts the bare app)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  connect, fmt, freePort, freshDatabase, constantAnswers, load, printMachine, requireBuild, runBench, startApp, startBare, startChild, summarise, verdict,
} from './support.mjs';

const SELF = fileURLToPath(import.meta.url);
/** What browsers and crawlers ask with: pages, feeds and sitemaps go out compressed (the bare handler sends the same bytes). */
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br' };
/** Headers Node writes itself for each response. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

if (process.argv[2] === '--bare') {
  // The reference: one middleware answering a constant head and body per path.
  const file = process.argv[4];
  const bodies = new Map(
    Object.entries(JSON.parse(readFileSync(file, 'utf8'))).map(([p, { headers, body }]) => [p, { headers, body: Buffer.from(body, 'base64') }]),
  );
  await startBare(Number(process.argv[3]), constantAnswers(bodies));
} else {
  await main();
}

async function main() {
  const SECONDS = Number(process.argv[2] ?? 10);
  const CONNECTIONS = 50;
  const P99_BUDGET_MS = 30;
  const RATIO_BUDGET = 0.75;
  const ALL_PATHS = [
    '/_api/blog-posts?page=1&limit=9', '/_api/discounts',
    '/', '/blog', '/discounts', '/blog/post-1', '/sitemap.xml', '/sitemaps/posts-1.xml', '/rss.xml',
  ];
  const PATHS = process.env.BENCH_PATHS ? process.env.BENCH_PATHS.split(',') : ALL_PATHS;
  const POSTS = 10_000;
  const DISCOUNTS = 500;

  requireBuild('dist/backend/src/main.js is missing: run `npm run build:backend` first.');
  await runBench(async (cleanups) => {
    printMachine();
    console.log('note: the load generator runs on this same machine and shares its CPU with the server under test;');
    console.log('      absolute req/s are therefore lower than from a separate client; the ratio to the bare handler is the fair figure.');
    const databaseUrl = await freshDatabase(cleanups, 'bench_api');
    const { port } = await startApp(databaseUrl, cleanups);
    const base = `http://127.0.0.1:${port}`;

    const db = await connect(databaseUrl, cleanups);
    const t0 = performance.now();
    await seed(db, POSTS, DISCOUNTS);
    console.log(`seeded ${POSTS.toLocaleString('en')} posts and ${DISCOUNTS} discounts in ${(performance.now() - t0).toFixed(0)} ms`);

    // The bodies the real app answers are the bare handler's constants: the same bytes, so the same size.
    const bodies = {};
    for (const path of PATHS) {
      // As the load generator asks (as a browser or a crawler does): the compressed body.
      const res = await getOnce(base + path);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      // The bare handler sends the app's head too (security headers, ETag…): the same bytes on the wire.
      const headers = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_CONNECTION.has(name)));
      bodies[path] = { headers, body: res.body.toString('base64') };
      console.log(`${path}: ${res.body.length.toLocaleString('en')} bytes on the wire (${res.headers['content-encoding'] ?? 'identity'})`);
    }
    const dir = mkdtempSync(join(tmpdir(), 'vtf-bench-bare-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'bodies.json'), JSON.stringify(bodies));
    const barePort = await freePort();
    await startChild([SELF, '--bare', String(barePort), join(dir, 'bodies.json')], cleanups, { ipc: true });
    const bareBase = `http://127.0.0.1:${barePort}`;
    for (const path of PATHS) {
      const res = await getOnce(bareBase + path);
      if (res.body.toString('base64') !== bodies[path].body) throw new Error(`the bare app answered other bytes for ${path}`);
    }

    // Every content notice the app hears (each one drops the cached answers that show its table, so the next
    // request renders again): listed per path below, to tell a re-render by a write from one by the clock.
    const notices = [];
    await db.query('listen content_changed'); // CONTENT_CHANNEL of public-cache.service.ts
    db.on('notification', (n) => notices.push({ at: performance.now(), table: n.payload }));
    const started = performance.now();

    // Bare and app take turns in short slices, so a change in the machine's other load during the run
    // weighs on both alike (on a shared 2-core machine it drifts by tens of percent within seconds).
    const results = [];
    const SLICES = 4;
    for (const path of PATHS) {
      const window = performance.now();
      const targets = [['bare NestJS-Express', bareBase], ['app', base]];
      for (const [, target] of targets) await load(target, { path, headers: BROWSER }, CONNECTIONS, 1.5); // warm-up: JIT, sockets, the app's cache
      const runs = targets.map(() => []);
      const readsBefore = await tableReads(db);
      for (let slice = 0; slice < SLICES; slice++) {
        for (const [i, [, target]] of targets.entries()) runs[i].push(await load(target, { path, headers: BROWSER }, CONNECTIONS, SECONDS / SLICES));
      }
      for (const [i, [name]] of targets.entries()) {
        const r = summarise(runs[i]);
        results.push({ path, name, ...r });
        console.log(`${path.padEnd(34)} ${name.padEnd(20)} ${fmt(r.rps, 0).padStart(7)} req/s  p50 ${fmt(r.p50)} ms  p99 ${fmt(r.p99)} ms  ` +
          `errors ${r.errors}  (${r.count.toLocaleString('en')} requests in ${fmt(r.seconds, 1)} s; by slice ${runs[i].map((x) => fmt(summarise([x]).rps, 0)).join(', ')} req/s)`);
      }
      const heard = notices.filter((n) => n.at >= window);
      const at = (t) => `+${((t - started) / 1000).toFixed(1)} s`;
      const readsAfter = await tableReads(db, 1200);
      const reads = [...readsAfter].map(([table, n]) => [table, n - (readsBefore.get(table) ?? 0)]).filter(([, n]) => n > 0);
      console.log(`${path.padEnd(34)} from ${at(window)} to ${at(performance.now())}; content notices: ${heard.length ? heard.map((n) => `${n.table} ${at(n.at)}`).join(', ') : 'none'}; ` +
        `scans of the site's tables while measured (jobs' included): ${reads.length ? reads.map(([table, n]) => `${table} ${n}`).join(', ') : 'none'}`);
    }

    const problems = [];
    for (const path of PATHS) {
      const bare = results.find((r) => r.path === path && r.name !== 'app');
      const app = results.find((r) => r.path === path && r.name === 'app');
      const ratio = app.rps / bare.rps;
      console.log(`${path}: app at ${(ratio * 100).toFixed(0)} % of the bare handler (budget ≥ ${RATIO_BUDGET * 100} %), p99 ${fmt(app.p99)} ms (budget < ${P99_BUDGET_MS} ms; the bare handler's ${fmt(bare.p99)} ms)`);
      if (app.errors > 0 || bare.errors > 0) problems.push(`${path}: ${app.errors} errors (app), ${bare.errors} (bare)`);
      if (app.p99 >= P99_BUDGET_MS) problems.push(`${path}: p99 ${fmt(app.p99)} ms ≥ ${P99_BUDGET_MS} ms`);
      if (ratio < RATIO_BUDGET) problems.push(`${path}: ${(ratio * 100).toFixed(0)} % of the bare handler < ${RATIO_BUDGET * 100} %`);
    }
    return verdict(problems);
  });
}

/** 20 firms, `discounts` discounts (about four in five public), `posts` published posts over the categories and tags. */
async function seed(db, posts, discounts) {
  await db.query(
    `insert into companies (name, slug, description, website_url, rating, featured, why_choose_us)
     select 'Firm ' || g, 'firm-' || g, 'A proprietary trading firm with fast payouts and clear rules, number ' || g || '.',
            'https://firm' || g || '.example', 3.5 + (g % 15) / 10.0, g = 1, 'Fast payouts. Clear rules.'
     from generate_series(1, 20) g`,
  );
  await db.query(
    `insert into discounts (company_id, title, description, discount_code, affiliate_link, status, discount_percentage,
                            original_price, discounted_price, terms_and_conditions, valid_from, valid_until, clicks)
     select (select min(id) from companies) + g % 20, 'Offer ' || g || ': save on every account size',
            'Use the code at checkout for a discount on any challenge account.', 'CODE' || g,
            'https://firm' || (g % 20 + 1) || '.example/?ref=vtf', (array['active', 'active', 'coming_soon', 'active', 'expired'])[1 + g % 5],
            5 + g % 40, 100 + g % 400, 80 + g % 300, 'New accounts only.', current_date - (g % 30),
            case when g % 7 = 0 then null else now() + (g % 90 + 1) * interval '1 day' end, g % 1000
     from generate_series(1, $1::int) g`,
    [discounts],
  );
  await db.query(
    `insert into blog_posts (slug, title, excerpt, content, status, category, tags, published_at, author_name, meta_title, meta_description)
     select 'post-' || g, 'Post number ' || g || ' about prop trading', 'A short excerpt of post ' || g || ' for the list.',
            '<p>' || repeat('Paragraph of post ' || g || ' on risk, payouts and rules. ', 40) || '</p>',
            case when g % 10 = 0 then 'draft' else 'published' end,
            (array['review', 'guide', 'news', 'general'])[1 + g % 4], array['tag' || (g % 25), 'topic' || (g % 7)],
            now() - g * interval '37 minutes', 'Author ' || (g % 12), 'Post ' || g, 'Meta description of post ' || g
     from generate_series(1, $1::int) g`,
    [posts],
  );
  await db.query('analyze companies; analyze discounts; analyze blog_posts');
}

/**
 * Scans of each of the site's tables so far (PostgreSQL's statistics; pg-boss's own schema left out): a cached
 * answer reads none, a render reads its tables. `settleMs`: backends report their counts when idle, within a second.
 */
async function tableReads(db, settleMs = 0) {
  if (settleMs) await new Promise((r) => setTimeout(r, settleMs));
  const { rows } = await db.query(
    `select relname, (seq_scan + coalesce(idx_scan, 0))::bigint as n from pg_stat_user_tables where schemaname = 'public'`,
  );
  return new Map(rows.map((r) => [r.relname, Number(r.n)]));
}

/** One GET without Accept-Encoding: status, headers and body text. */
function getOnce(url) {
  return new Promise((resolveGet, reject) => {
    http.get(url, { headers: BROWSER }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolveGet({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}
