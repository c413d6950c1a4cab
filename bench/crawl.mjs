#!/usr/bin/env node
/**
 * A crawler's walk through 100,000 posts (issue #21): every request asks for a URL nobody asked for
 * before, so nothing is answered from the cache.
 *
 * Seeds a fresh database with 100,000 published posts in one set-based INSERT (bench/posts-seed.mjs),
 * starts the built app as `npm start` does, then:
 * 1. one request at a time (the issue's "today" table): 20 uncached requests each of a post page, the
 *    by-slug API, a two-word search page, a list page and a post sitemap child (the ten children in turn,
 *    each one's cache entry dropped before the request by the same NOTIFY a write sends); prints p50 and p99.
 * 2. under 50 keep-alive connections, every request a different URL: post pages (/blog/post-<n>), list
 *    pages (/blog?page=<n>, anywhere in the 11,112 pages, as a crawler follows them) and two-word searches
 *    (/blog?q=<w1>+<w2>, words that occur together in posts), taking turns in one-second slices so the
 *    shared machine's load swings hit all alike; prints req/s, p50 and p99 of each. (Sitemap children are
 *    ten URLs at 100,000 posts: after the first request each is kept, so they are measured in 1 only.)
 * 3. the app's resident memory (VmRSS, sampled every 100 ms): idle before, peak during, and 15 s and 45 s after
 *    (V8's memory reducer gives memory back about 30 s into an idle spell).
 *
 * Budgets (ratios within this run, so a busy machine moves both sides): post pages ≥ 80 % of list
 * pages' throughput; searches ≥ 50 %; no errors; peak RSS < 300 MB; an uncached sitemap child uses < 100 ms
 * of CPU (the app's and its database sessions'), with an uncached by-slug answer measured in turns beside it
 * (and answers in < 100 ms on a quiet machine). Exits non-zero when one is missed.
 *
 * Database: a temporary embedded PostgreSQL, or a fresh database on BENCH_DATABASE_ADMIN_URL.
 * Needs `npm run build` first.  Usage: node bench/crawl.mjs [seconds-per-target] [posts]
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import {
  connect, fmt, freshDatabase, load, printMachine, requireBuild, ROOT, runBench, startApp, summarise, verdict,
} from './support.mjs';
import { postWord, seedPosts } from './posts-seed.mjs';

const SECONDS = Number(process.argv[2] ?? 10);
const POSTS = Number(process.argv[3] ?? 100_000);
const CONNECTIONS = 50;
const PAGE_SIZE = 9;
/**
 * The "an uncached child answers in under 100 ms" as a figure a loaded machine does not move: the CPU
 * time one uncached child costs the app and its PostgreSQL sessions (user + system, from /proc, summed over
 * 30 children). Waiting for a core is what a busy machine adds to a request's wall time; the work itself stays
 * the work, and on a quiet machine the answer takes at most about that long (its two chunks run at once).
 * Wall-clock ratios could not stand for it: beside the kept child the ratio rose with load (3.7× at load 8,
 * 5.4× at 13); beside an uncached by-slug answer it swung between 2.8× and 9.5× from run to run (a small
 * request's waits for a core vary more than its work), and a threshold loose enough for that passes a child
 * several times slower. An uncached by-slug answer, taken in turns, is measured
 * the same way beside it (its CPU and wall time printed) so a reader sees what the machine gave both.
 * The wall-clock target is also checked when the machine is quiet (load average under its core count).
 */
const SITEMAP_CPU_MS = 100;
const QUIET = loadavg()[0] < cpus().length;
const BUDGET = { postVsList: 0.8, searchVsList: 0.5, rssMb: 300, sitemapMs: 100, sitemapCpuMs: SITEMAP_CPU_MS };
/** Ids per post sitemap child (common/seo/feeds.ts SITEMAP_CHILD_URLS). */
const SITEMAP_CHILD_URLS = 10_000;

requireBuild('Build first: npm run build', [join(ROOT, 'dist/backend/src/main.js'), join(ROOT, 'dist/frontend-server/entry-server.js')]);

/** A permutation walk over 1..n: each call a different number until all n were given (then it starts over). */
function walker(n, seed) {
  const step = [7919, 104_729, 15_485_863].find((p) => n % p !== 0) ?? 1;
  let i = seed;
  return () => 1 + ((i++ * step) % n);
}

/** /proc/<pid>/stat's utime + stime, in ms (USER_HZ is 100 on Linux); 0 for a process gone. */
const cpuMsOf = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
};

const rssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024;
};

await runBench(async (cleanups) => {
  printMachine();
  console.log('note: the load generator shares the CPU with the app and PostgreSQL; the ratios within this run are the fair figures.');
  const databaseUrl = await freshDatabase(cleanups, 'bench_crawl');
  const { port, pid } = await startApp(databaseUrl, cleanups);
  const base = `http://127.0.0.1:${port}`;
  const db = await connect(databaseUrl, cleanups);
  const t0 = performance.now();
  await seedPosts(db, POSTS);
  console.log(`seeded ${POSTS.toLocaleString('en')} published posts in ${((performance.now() - t0) / 1000).toFixed(1)} s (one INSERT … SELECT)`);
  const listPages = Math.ceil(POSTS / PAGE_SIZE);
  const children = Math.ceil(POSTS / SITEMAP_CHILD_URLS);

  // Distinct URLs per kind; the one-at-a-time run and the crawl draw from the same walks, so none repeats.
  const nextPost = walker(POSTS, 1);
  const nextPage = walker(listPages, 2);
  let searchN = 0;
  const searchPost = walker(POSTS, 3);
  const nextSearch = () => {
    // Two words of one post (so they occur together), a different pair each time.
    const n = searchPost();
    searchN++;
    const a = (searchN * 5) % 6;
    return `${postWord(n, a)}+${postWord(n, (a + 1 + (searchN % 5)) % 6)}`;
  };
  const kinds = {
    post: () => `/blog/post-${nextPost()}`,
    list: () => `/blog?page=${nextPage()}`,
    search: () => `/blog?q=${nextSearch()}&page=${1 + (searchN % 3)}`,
  };

  // Warm-up (JIT, connection pool) on URLs of each kind; they are not measured.
  for (let i = 0; i < 10; i++) {
    for (const kind of ['post', 'list', 'search']) await fetch(base + kinds[kind]()).then((r) => r.text());
  }
  await new Promise((r) => setTimeout(r, 2000));
  const idle = rssMb(pid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  cleanups.push(() => clearInterval(sampler));

  // 1. One at a time.
  console.log(`\none request at a time, uncached, ${POSTS.toLocaleString('en')} posts (load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores):`);
  // Until the last byte of the answer as sent (gzip, as a crawler asks), not inflated: the time is the app's
  // answer, not this client's decompression of 1.5 MB (the load phase below measures the same way).
  const once = async (path, before) => {
    await before?.();
    const t = performance.now();
    const { status, bytes } = await new Promise((resolveGet, reject) => {
      http.get(base + path, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        let n = 0;
        res.on('data', (c) => (n += c.length));
        res.on('end', () => resolveGet({ status: res.statusCode, bytes: n }));
        res.on('error', reject);
      }).on('error', reject);
    });
    const ms = performance.now() - t;
    if (status !== 200) throw new Error(`${path} answered ${status}`);
    return { ms, bytes };
  };
  const dropSitemaps = async () => {
    // What a write to blog_posts sends: every instance drops the answers that show the table.
    await db.query(`select pg_notify('content_changed', 'blog_posts')`);
    await new Promise((r) => setTimeout(r, 50));
  };
  const single = {
    '/blog/<slug>': () => once(kinds.post()),
    '/_api/blog-posts/by-slug': () => once(`/_api/blog-posts/by-slug?slug=post-${nextPost()}`),
    '/blog?q=<two words>': () => once(`/blog?q=${nextSearch()}`),
    '/blog?page=<N>': () => once(kinds.list()),
    '/sitemaps/posts-<k>.xml': (i) => once(`/sitemaps/posts-${1 + (i % children)}.xml`, dropSitemaps),
  };
  const singles = {};
  for (const [name, run] of Object.entries(single)) {
    const times = [];
    let bytes = 0;
    for (let i = 0; i < 20; i++) {
      const r = await run(i);
      times.push(r.ms);
      bytes = r.bytes;
    }
    const s = summarise([{ latencies: times, errors: 0, seconds: 1 }]);
    singles[name] = s;
    console.log(`  ${name.padEnd(28)} p50 ${fmt(s.p50).padStart(7)} ms  p99 ${fmt(s.p99).padStart(7)} ms  (${bytes.toLocaleString('en')} bytes on the wire)`);
  }
  // The sitemap child's cost (SITEMAP_CPU_MS): each uncached child, then an uncached by-slug answer (a post
  // not asked before), each timed and charged the CPU the app and its database sessions used meanwhile.
  // Sessions are listed after each request too, so one the pool opened meanwhile is charged from its start.
  const sessions = async () => (await db.query(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  )).rows.map((r) => r.pid);
  const cpuNow = async () => new Map([pid, ...await sessions()].map((p) => [p, cpuMsOf(p)]));
  const turns = { uncached: { times: [], cpuMs: 0 }, bySlug: { times: [], cpuMs: 0 } };
  const charged = async (turn, path) => {
    await dropSitemaps();
    const before = await cpuNow();
    turn.times.push((await once(path)).ms);
    for (const [p, ms] of await cpuNow()) turn.cpuMs += ms - (before.get(p) ?? 0);
  };
  const TURNS = 30;
  for (let i = 0; i < TURNS; i++) {
    await charged(turns.uncached, `/sitemaps/posts-${1 + (i % children)}.xml`);
    await charged(turns.bySlug, `/_api/blog-posts/by-slug?slug=post-${nextPost()}`);
  }
  const sitemap = Object.fromEntries(Object.entries(turns).map(([k, t]) => [k, {
    ...summarise([{ latencies: t.times, errors: 0, seconds: 1 }]), cpuMs: t.cpuMs / TURNS,
  }]));
  console.log(`  in turns, ${TURNS} each: uncached sitemap child p50 ${fmt(sitemap.uncached.p50)} ms, CPU ${fmt(sitemap.uncached.cpuMs, 1)} ms ` +
    `(budget < ${BUDGET.sitemapCpuMs} ms; < ${BUDGET.sitemapMs} ms wall on a quiet machine); uncached by-slug p50 ${fmt(sitemap.bySlug.p50)} ms, CPU ${fmt(sitemap.bySlug.cpuMs, 1)} ms`);

  const peakSingles = peak;
  console.log(`  app RSS peak so far ${fmt(peakSingles, 0)} MB (idle ${fmt(idle, 0)} MB)`);

  // 2. The crawl: 50 connections, every URL new, the kinds taking turns in one-second slices.
  console.log(`\n${CONNECTIONS} connections, every request a different URL, ${SECONDS} s per kind in one-second turns (load average ${loadavg()[0].toFixed(1)}):`);
  const order = ['post', 'list', 'search'];
  const slices = Object.fromEntries(order.map((k) => [k, []]));
  for (let round = 0; round < SECONDS; round++) {
    const turn = round % 2 ? [...order].reverse() : order;
    for (const kind of turn) slices[kind].push(await load(base, { pathFor: kinds[kind], headers: { 'Accept-Encoding': 'gzip' } }, CONNECTIONS, 1));
  }
  const crawl = Object.fromEntries(order.map((k) => [k, summarise(slices[k])]));
  for (const kind of order) {
    const r = crawl[kind];
    console.log(`  ${kind.padEnd(8)} ${fmt(r.rps, 1).padStart(7)} req/s  p50 ${fmt(r.p50, 1).padStart(7)} ms  p99 ${fmt(r.p99, 1).padStart(7)} ms  errors ${r.errors}  (${r.count} requests)`);
  }
  const peakDuring = peak;

  // 3. Memory after the crawl.
  await new Promise((r) => setTimeout(r, 15_000));
  const after = rssMb(pid);
  await new Promise((r) => setTimeout(r, 30_000));
  const later = rssMb(pid);
  console.log(`\napp RSS: idle ${fmt(idle, 0)} MB, peak ${fmt(peakDuring, 0)} MB during the runs, ${fmt(after, 0)} MB after 15 s idle, ${fmt(later, 0)} MB after 45 s`);

  const postRatio = crawl.post.rps / crawl.list.rps;
  const searchRatio = crawl.search.rps / crawl.list.rps;
  console.log(`post pages at ${(postRatio * 100).toFixed(0)} % of list pages (budget ≥ ${BUDGET.postVsList * 100} %), ` +
    `searches at ${(searchRatio * 100).toFixed(0)} % (budget ≥ ${BUDGET.searchVsList * 100} %), ` +
    `sitemap child ${fmt(sitemap.uncached.cpuMs, 1)} ms of CPU (budget < ${BUDGET.sitemapCpuMs} ms), median ${fmt(sitemap.uncached.p50)} ms wall (< ${BUDGET.sitemapMs} ms on a quiet machine)`);
  const problems = [];
  if (postRatio < BUDGET.postVsList) problems.push(`post pages ${(postRatio * 100).toFixed(0)} % of list pages < ${BUDGET.postVsList * 100} %`);
  if (searchRatio < BUDGET.searchVsList) problems.push(`searches ${(searchRatio * 100).toFixed(0)} % of list pages < ${BUDGET.searchVsList * 100} %`);
  if (peakDuring >= BUDGET.rssMb) problems.push(`peak RSS ${fmt(peakDuring, 0)} MB ≥ ${BUDGET.rssMb} MB`);
  if (sitemap.uncached.cpuMs >= BUDGET.sitemapCpuMs) problems.push(`uncached sitemap child ${fmt(sitemap.uncached.cpuMs, 1)} ms of CPU ≥ ${BUDGET.sitemapCpuMs} ms`);
  // The absolute target holds on a quiet machine only; on a busy one the ratio above is the check (printed either way).
  if (QUIET && sitemap.uncached.p50 >= BUDGET.sitemapMs) problems.push(`sitemap child median ${fmt(sitemap.uncached.p50)} ms ≥ ${BUDGET.sitemapMs} ms on a quiet machine`);
  for (const kind of order) if (crawl[kind].errors) problems.push(`${kind}: ${crawl[kind].errors} errors`);
  return verdict(problems);
});

