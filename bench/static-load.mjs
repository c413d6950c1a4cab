#!/usr/bin/env node
/**
 * Cached answers under load (issues #8 and #31): the hashed main bundle (br) and /favicon.svg as a browser asks
 * for them, and the kept public answers a crawler or reader repeats — `/`, `/discounts`, a firm profile, a post,
 * `/_api/discounts`, `/sitemap.xml` (gzip) and `/robots.txt` — measured with wrk (one thread, 50 keep-alive
 * connections) against the built app and, side by side in the same run, two references answering the very
 * bytes and headers the app answered for that path:
 *   - bare node:http: one writeHead and one end per request, the platform's ceiling;
 *   - bare NestJS-Express: the same through Express (one middleware), what the app would cost without its fast path.
 * The three take turns in slices (order rotated every round and path), so the machine's load swings weigh on all
 * alike; a figure is the sum of its slices.
 *
 * Budgets (issue #31), per path: no errors; app ≥ 0.5 × bare node:http and ≥ 1.5 × bare NestJS-Express; the app's
 * p99 (median of its slices') no worse than bare NestJS-Express's. Also: the app's peak RSS < 300 MB (sampled every
 * 100 ms through the run); the JavaScript a first visit to / loads before its first paint (its module script and
 * every modulepreload) ≤ 150 KB gzip. Exits non-zero when a budget is missed.
 *
 * On a 2-core machine wrk takes one core and the server under test the other: compare ratios, not req/s.
 *
 * Needs `npm run build` first and wrk (`apt-get install -y wrk`).
 * Usage: node bench/static-load.mjs [seconds-per-slice (2)] [rounds (3)]
 *   (internal: node bench/static-load.mjs --bare-nest|--bare-node <port> <dir>  starts a reference)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  constantAnswers, fmt, freePort, freshDatabase, hasWrk, MAIN, printMachine, requireBuild, ROOT, runBench, startApp, startBare, startBareNode,
  startChild, verdict, wrk,
} from './support.mjs';

const SELF = fileURLToPath(import.meta.url);
/** What a browser asks with: the app may answer precompressed (br) bytes. */
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };
/** What the acceptance run and most crawlers send. */
const GZIP = { 'Accept-Encoding': 'gzip' };
/** Headers Node writes itself for each response, on any server. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

if (process.argv[2] === '--bare-nest' || process.argv[2] === '--bare-node') {
  // The references: a constant head (the app's, names and order kept) and body per path.
  const dir = process.argv[4];
  const answers = new Map(
    JSON.parse(readFileSync(join(dir, 'answers.json'), 'utf8')).map(({ path, headers, file }) => [path, { headers, body: readFileSync(join(dir, file)) }]),
  );
  if (process.argv[2] === '--bare-nest') await startBare(Number(process.argv[3]), constantAnswers(answers));
  else await startBareNode(Number(process.argv[3]), answers);
} else {
  await main();
}

async function main() {
  const SLICE = Number(process.argv[2] ?? 2);
  const ROUNDS = Number(process.argv[3] ?? 3);
  const CONNECTIONS = 50;
  const NODE_RATIO = 0.5;
  const NEST_RATIO = 1.5;
  const RSS_BUDGET_MB = 300;
  const FIRST_LOAD_BUDGET_KB = 150;

  const shell = join(ROOT, 'dist/frontend/index.html');
  requireBuild('The build is missing: run `npm run build` first.', [MAIN, shell]);
  if (!hasWrk()) {
    console.error('wrk is missing: apt-get install -y wrk');
    process.exit(2);
  }
  const bundle = readFileSync(shell, 'utf8').match(/<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/)?.[1];
  if (!bundle) {
    console.error('No module script in dist/frontend/index.html.');
    process.exit(2);
  }

  await runBench(async (cleanups) => {
    printMachine();
    console.log(`wrk -t1 -c${CONNECTIONS}, ${ROUNDS} rounds of ${SLICE} s slices per path and server; wrk shares the 2 cores with the server under test.`);
    const databaseUrl = await freshDatabase(cleanups, 'bench_static');
    const { port, pid } = await startApp(databaseUrl, cleanups, { SEED_DEMO_CONTENT: 'true' });
    const base = `http://127.0.0.1:${port}`;
    const rss = rssSampler(pid);
    cleanups.push(() => rss.stop());
    const firstLoad = await firstLoadJs(base, '/');

    const post = JSON.parse((await get(base, '/_api/blog-posts?page=1&limit=1', {})).body.toString('utf8'));
    const postSlug = JSON.stringify(post).match(/"slug":"([^"]+)"/)?.[1];
    if (!postSlug) throw new Error('no published post in the demo content');
    const targets = [
      { path: bundle, headers: BROWSER }, { path: '/favicon.svg', headers: BROWSER },
      { path: '/', headers: GZIP }, { path: '/discounts', headers: GZIP }, { path: '/firms/ftmo', headers: GZIP },
      { path: `/blog/${postSlug}`, headers: GZIP }, { path: '/_api/discounts', headers: GZIP }, { path: '/sitemap.xml', headers: GZIP },
      { path: '/robots.txt', headers: GZIP },
    ];

    // What the app sends, byte for byte and header for header, becomes the references' constant. The second
    // answer is the kept one (the first made it).
    const dir = mkdtempSync(join(tmpdir(), 'vtf-bench-static-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const answers = [];
    for (const [i, { path, headers }] of targets.entries()) {
      await get(base, path, headers);
      const res = await get(base, path, headers);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      const head = [];
      for (let h = 0; h < res.rawHeaders.length; h += 2) {
        if (!PER_CONNECTION.has(res.rawHeaders[h].toLowerCase())) head.push(res.rawHeaders[h], res.rawHeaders[h + 1]);
      }
      if (res.headers['content-length'] === undefined) throw new Error(`${path}: no Content-Length (not answered whole)`);
      writeFileSync(join(dir, `body${i}`), res.body);
      answers.push({ path, headers: head, file: `body${i}` });
      console.log(`${path}: ${res.body.length.toLocaleString('en')} bytes, content-encoding ${res.headers['content-encoding'] ?? 'none'}, ` +
        `etag ${res.headers.etag}, ${head.length / 2} headers`);
    }
    writeFileSync(join(dir, 'answers.json'), JSON.stringify(answers));
    const servers = [['app', base]];
    for (const kind of ['nest', 'node']) {
      const barePort = await freePort();
      await startChild([SELF, `--bare-${kind}`, String(barePort), dir], cleanups, { ipc: true });
      servers.push([kind === 'nest' ? 'bare NestJS-Express' : 'bare node:http', `http://127.0.0.1:${barePort}`]);
    }

    // Warm-up: JIT, sockets, the app's gzip forms.
    for (const { path, headers } of targets) for (const [, url] of servers) await wrk(url + path, { headers, connections: CONNECTIONS, seconds: 1 });
    rss.takePhasePeak();
    const slices = new Map(targets.map(({ path }) => [path, new Map(servers.map(([name]) => [name, []]))]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, { path, headers }] of targets.entries()) {
        const shift = (round + i) % servers.length;
        for (const [name, url] of [...servers.slice(shift), ...servers.slice(0, shift)]) {
          slices.get(path).get(name).push(await wrk(url + path, { headers, connections: CONNECTIONS, seconds: SLICE }));
        }
      }
    }
    const peak = rss.takePhasePeak();
    rss.stop();

    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const sum = (runs) => {
      const requests = runs.reduce((n, r) => n + r.requests, 0);
      const seconds = runs.reduce((n, r) => n + r.seconds, 0);
      return {
        rps: requests / seconds, p99: median(runs.map((r) => r.p99)), errors: runs.reduce((n, r) => n + r.errors, 0),
        range: [Math.min(...runs.map((r) => r.rps)), Math.max(...runs.map((r) => r.rps))],
      };
    };
    const problems = [];
    console.log('');
    console.log(`| answer | app req/s | bare NestJS-Express | bare node:http | app ÷ node (≥ ${NODE_RATIO}) | app ÷ Nest (≥ ${NEST_RATIO}) | p99 app / Nest ms |`);
    console.log('|---|---|---|---|---|---|---|');
    for (const { path, headers } of targets) {
      const [app, nest, node] = servers.map(([name]) => sum(slices.get(path).get(name)));
      const toNode = app.rps / node.rps;
      const toNest = app.rps / nest.rps;
      const cell = (r) => `${fmt(r.rps, 0)} (${fmt(r.range[0], 0)}–${fmt(r.range[1], 0)})`;
      console.log(`| \`${path}\` (${headers['Accept-Encoding'].includes('br') ? 'br' : 'gzip'}) | ${cell(app)} | ${cell(nest)} | ${cell(node)} | ` +
        `${toNode.toFixed(2)} | ${toNest.toFixed(2)} | ${fmt(app.p99)} / ${fmt(nest.p99)} |`);
      if (app.errors || nest.errors || node.errors) problems.push(`${path}: errors app ${app.errors}, Nest ${nest.errors}, node ${node.errors}`);
      if (toNode < NODE_RATIO) problems.push(`${path}: app ${toNode.toFixed(2)} × bare node:http < ${NODE_RATIO}`);
      if (toNest < NEST_RATIO) problems.push(`${path}: app ${toNest.toFixed(2)} × bare NestJS-Express < ${NEST_RATIO}`);
      if (!(app.p99 <= nest.p99)) problems.push(`${path}: app p99 ${fmt(app.p99)} ms > bare NestJS-Express's ${fmt(nest.p99)} ms`);
    }
    console.log('');
    console.log(`app RSS: ${fmt(rss.first, 0)} MB after start, peak ${fmt(rss.peak, 0)} MB (${fmt(peak, 0)} MB during the measured slices) (budget < ${RSS_BUDGET_MB} MB)`);
    if (!(rss.peak < RSS_BUDGET_MB)) problems.push(`peak RSS ${fmt(rss.peak, 0)} MB ≥ ${RSS_BUDGET_MB} MB`);
    console.log(`first load of /: ${fmt(firstLoad.kb, 1)} KB of gzip JavaScript in ${firstLoad.files.length} files (budget ≤ ${FIRST_LOAD_BUDGET_KB} KB):`);
    for (const f of firstLoad.files) console.log(`  ${f.path.padEnd(48)} ${fmt(f.bytes / 1024, 1).padStart(6)} KB`);
    if (!(firstLoad.kb <= FIRST_LOAD_BUDGET_KB)) problems.push(`first load of / ${fmt(firstLoad.kb, 1)} KB gzip JS > ${FIRST_LOAD_BUDGET_KB} KB`);
    return verdict(problems);
  });
}

/** One GET with `headers`; the body exactly as it came over the wire (not inflated), the head as sent. */
function get(base, path, headers = BROWSER) {
  const url = new URL(path, base);
  return new Promise((resolveGet, reject) => {
    http.get({ hostname: url.hostname, port: url.port, path, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolveGet({ status: res.statusCode, headers: res.headers, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/**
 * The JavaScript a first visit to `path` fetches before its first paint: the page's module script and every
 * modulepreload it names (the route's own chunk among them), each as the bytes a gzip-accepting browser gets.
 */
async function firstLoadJs(base, path) {
  const gzipOnly = (p) => new Promise((resolveGet, reject) => {
    const url = new URL(p, base);
    http.get({ hostname: url.hostname, port: url.port, path: p, headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolveGet({ status: res.statusCode, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
  const page = await gzipOnly(path);
  const html = (page.encoding === 'gzip' ? gunzipSync(page.body) : page.body).toString('utf8');
  const scripts = [...html.matchAll(/<(?:script type="module"[^>]* src|link rel="modulepreload"[^>]* href)="([^"]+\.js)"/g)].map((m) => m[1]);
  const files = [];
  for (const p of [...new Set(scripts)]) {
    const res = await gzipOnly(p);
    // A file too small to be worth compressing is sent as it is: its bytes on the wire are what counts.
    if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
    files.push({ path: p, bytes: res.body.length });
  }
  return { files, kb: files.reduce((sum, f) => sum + f.bytes, 0) / 1024 };
}

/** VmRSS of `pid` in MB, sampled every 100 ms. */
function rssSampler(pid) {
  const read = () => {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return m ? Number(m[1]) / 1024 : Number.NaN;
  };
  const state = {
    first: read(),
    peak: 0,
    /** The highest sample since the last call. */
    phasePeak: 0,
    now: read,
    takePhasePeak: () => {
      const p = state.phasePeak;
      state.phasePeak = read();
      return p;
    },
    stop: () => clearInterval(timer),
  };
  state.peak = state.phasePeak = state.first;
  const timer = setInterval(() => {
    const v = read();
    state.peak = Math.max(state.peak, v);
    state.phasePeak = Math.max(state.phasePeak, v);
  }, 100);
  return state;
}
