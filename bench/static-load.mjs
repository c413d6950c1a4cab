#!/usr/bin/env node
/**
 * Static files under load (issue #8): the main JS bundle and a page, as a browser asks for them
 * (`Accept-Encoding: gzip, deflate, br, zstd`), 50 keep-alive connections, 8 s per target in 1 s turns, against
 * the built app (node dist/backend/src/main.js) and, side by side in the same run, a bare NestJS-Express
 * app whose one middleware answers the very bytes and headers the real app answered for that path.
 *
 * The app's resident memory (VmRSS from /proc) is sampled every 100 ms through the whole run.
 * Budgets: no errors; the bundle at ≥ 75 % of the bare handler's req/s (it is precompressed at build
 * and sent from memory, so it should cost what a constant costs); the app's peak RSS < 300 MB; the JavaScript a
 * first visit to / loads before its first paint (its module script and every modulepreload) ≤ 150 KB gzip.
 * The page's figure is printed beside its bare handler for reference; its throughput budget belongs to
 * the page-cache bench. Exits non-zero when a budget is missed.
 *
 * On a 2-core machine the load generator (this process) shares the CPU with the server under test;
 * the ratio to the bare handler, measured the same way in the same run, is the fair figure.
 *
 * Needs `npm run build` first.  Usage: node bench/static-load.mjs [seconds-per-target]
 *   (internal: node bench/static-load.mjs --bare <port> <dir>  starts the bare app)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  constantAnswers, fmt, freePort, freshDatabase, load, MAIN, printMachine, requireBuild, ROOT, runBench, startApp, startBare, startChild, summarise,
  verdict,
} from './support.mjs';

const SELF = fileURLToPath(import.meta.url);
/** What a browser asks with: the app may answer precompressed bytes. */
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };
const SENT_HEADERS = ['content-type', 'content-encoding', 'content-length', 'vary', 'etag', 'cache-control'];

if (process.argv[2] === '--bare') {
  // The reference: one middleware answering a constant (bytes and headers) per path.
  const dir = process.argv[4];
  const answers = new Map(
    JSON.parse(readFileSync(join(dir, 'answers.json'), 'utf8')).map(({ path, headers, file }) => [path, { headers, body: readFileSync(join(dir, file)) }]),
  );
  await startBare(Number(process.argv[3]), constantAnswers(answers));
} else {
  await main();
}

async function main() {
  const SECONDS = Number(process.argv[2] ?? 8);
  const CONNECTIONS = 50;
  const RATIO_BUDGET = 0.75;
  const RSS_BUDGET_MB = 300;
  const FIRST_LOAD_BUDGET_KB = 150;
  const PAGE = '/about';

  const shell = join(ROOT, 'dist/frontend/index.html');
  requireBuild('The build is missing: run `npm run build` first.', [MAIN, shell]);
  const bundle = readFileSync(shell, 'utf8').match(/<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/)?.[1];
  if (!bundle) {
    console.error('No module script in dist/frontend/index.html.');
    process.exit(2);
  }

  await runBench(async (cleanups) => {
    printMachine();
    console.log('note: the load generator shares the CPU with the server under test; compare with the bare handler.');
    const databaseUrl = await freshDatabase(cleanups, 'bench_static');
    const { port, pid } = await startApp(databaseUrl, cleanups, { SEED_DEMO_CONTENT: 'true' });
    const base = `http://127.0.0.1:${port}`;
    const rss = rssSampler(pid);
    cleanups.push(() => rss.stop());
    const firstLoad = await firstLoadJs(base, '/');

    // What the app sends a browser, byte for byte, becomes the bare handler's constant.
    const dir = mkdtempSync(join(tmpdir(), 'vtf-bench-static-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const answers = [];
    for (const [i, path] of [bundle, PAGE].entries()) {
      const res = await get(base, path);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      const headers = Object.fromEntries(SENT_HEADERS.filter((h) => res.headers[h] !== undefined).map((h) => [h, res.headers[h]]));
      headers['content-length'] = String(res.body.length);
      writeFileSync(join(dir, `body${i}`), res.body);
      answers.push({ path, headers, file: `body${i}` });
      console.log(`${path}: ${res.body.length.toLocaleString('en')} bytes on the wire, content-encoding ${res.headers['content-encoding'] ?? 'none'}, ` +
        `content-length ${res.headers['content-length'] ?? 'none (chunked)'}, vary ${res.headers.vary ?? 'none'}`);
    }
    writeFileSync(join(dir, 'answers.json'), JSON.stringify(answers));
    const barePort = await freePort();
    const bare = await startChild([SELF, '--bare', String(barePort), dir], cleanups, { ipc: true });
    const bareRss = rssSampler(bare.pid);
    cleanups.push(() => bareRss.stop());
    const bareBase = `http://127.0.0.1:${barePort}`;

    // The two servers take turns in 1 s slices, so a change in the machine's load (other processes on a
    // shared box) weighs on both alike; the figures are the sums over the slices.
    const results = [];
    for (const { path } of answers) {
      const targets = [['bare NestJS-Express', bareBase], ['app', base]];
      for (const [, target] of targets) await load(target, { path, headers: BROWSER }, CONNECTIONS, 1.5); // warm-up: JIT, sockets, caches
      rss.takePhasePeak();
      const slices = { 'bare NestJS-Express': [], app: [] };
      for (let round = 0; round < SECONDS; round++) {
        for (const [name, target] of round % 2 ? [...targets].reverse() : targets) slices[name].push(await load(target, { path, headers: BROWSER }, CONNECTIONS, 1));
      }
      const peak = rss.takePhasePeak();
      for (const [name] of targets) {
        const r = summarise(slices[name]);
        results.push({ path, name, ...r });
        console.log(`${path.padEnd(30)} ${name.padEnd(20)} ${fmt(r.rps, 0).padStart(6)} req/s  p50 ${fmt(r.p50)} ms  p99 ${fmt(r.p99)} ms  ` +
          `errors ${r.errors}` + (name === 'app' ? `  app RSS peak ${fmt(peak, 0)} MB` : ''));
      }
    }
    rss.stop();
    bareRss.stop();

    const problems = [];
    for (const { path } of answers) {
      const bare = results.find((r) => r.path === path && r.name !== 'app');
      const app = results.find((r) => r.path === path && r.name === 'app');
      const ratio = app.rps / bare.rps;
      const budgeted = path === bundle;
      console.log(`${path}: app ${fmt(app.rps, 0)} req/s, ${(ratio * 100).toFixed(0)} % of the bare handler` +
        (budgeted ? ` (budget ≥ ${RATIO_BUDGET * 100} %)` : ' (for reference)'));
      if (app.errors > 0 || bare.errors > 0) problems.push(`${path}: ${app.errors} errors (app), ${bare.errors} (bare)`);
      if (budgeted && ratio < RATIO_BUDGET) problems.push(`${path}: ${(ratio * 100).toFixed(0)} % of the bare handler < ${RATIO_BUDGET * 100} %`);
    }
    console.log(`app RSS: ${fmt(rss.first, 0)} MB after start, peak ${fmt(rss.peak, 0)} MB under load, ${fmt(rss.now(), 0)} MB at the end (budget < ${RSS_BUDGET_MB} MB); ` +
      `bare handler for reference: ${fmt(bareRss.first, 0)} MB after start, peak ${fmt(bareRss.peak, 0)} MB`);
    if (!(rss.peak < RSS_BUDGET_MB)) problems.push(`peak RSS ${fmt(rss.peak, 0)} MB ≥ ${RSS_BUDGET_MB} MB`);
    console.log(`first load of /: ${fmt(firstLoad.kb, 1)} KB of gzip JavaScript in ${firstLoad.files.length} files (budget ≤ ${FIRST_LOAD_BUDGET_KB} KB):`);
    for (const f of firstLoad.files) console.log(`  ${f.path.padEnd(48)} ${fmt(f.bytes / 1024, 1).padStart(6)} KB`);
    if (!(firstLoad.kb <= FIRST_LOAD_BUDGET_KB)) problems.push(`first load of / ${fmt(firstLoad.kb, 1)} KB gzip JS > ${FIRST_LOAD_BUDGET_KB} KB`);
    return verdict(problems);
  });
}

/** One GET as a browser sends it; the body exactly as it came over the wire (not inflated). */
function get(base, path) {
  const url = new URL(path, base);
  return new Promise((resolveGet, reject) => {
    http.get({ hostname: url.hostname, port: url.port, path, headers: BROWSER }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolveGet({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
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
