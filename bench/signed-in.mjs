#!/usr/bin/env node
/**
 * Signed-in traders keep the site fast (issue #17): a trader signed in by email link and an anonymous visitor
 * read /blog and a firm profile, side by side in the same run (1 s turns, order swapped every round, so a shared
 * machine's load swings weigh on both alike), 20 keep-alive connections, as a browser asks
 * (`Accept-Encoding: gzip, deflate, br, zstd`), against the built app with the demo content.
 *
 * Budgets: no errors; the trader's pages are the visitor's bytes; the trader's throughput ≥ 90 % of the
 * visitor's on each page. Exits non-zero when a budget is missed.
 *
 * Needs `npm run build` first.  Usage: node bench/signed-in.mjs [seconds-per-target]
 */
import http from 'node:http';
import { signInTraderByEmail } from '../test-support/app-process.mjs';
import { fmt, freshDatabase, loadSideBySide, login, MAIN, printMachine, requireBuild, runBench, startApp, verdict } from './support.mjs';

const SECONDS = Number(process.argv[2] ?? 8);
const CONNECTIONS = 20;
const RATIO_BUDGET = 0.9;
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

requireBuild('The build is missing: run `npm run build` first.', [MAIN]);

await runBench(async (cleanups) => {
  printMachine();
  console.log('note: the load generator shares the CPU with the server under test; the ratio of the two runs is the figure.');
  const databaseUrl = await freshDatabase(cleanups, 'bench_signed_in');
  const { port, admin } = await startApp(databaseUrl, cleanups, { SEED_DEMO_CONTENT: 'true' });
  const base = `http://127.0.0.1:${port}`;
  const trader = await signInTraderByEmail(base, 'bench-trader@example.com', await login(base, admin));
  const firms = await (await fetch(`${base}/_api/companies`)).json();
  const pages = ['/blog', `/firms/${firms[0].slug}`];

  const problems = [];
  for (const path of pages) {
    // The same bytes for both (the trader's session is not in the page), made once and kept.
    const [visitorPage, traderPage] = [await get(base, path, {}), await get(base, path, { cookie: trader })];
    if (visitorPage.status !== 200 || traderPage.status !== 200) throw new Error(`${path} answered ${visitorPage.status} / ${traderPage.status}`);
    if (!visitorPage.body.equals(traderPage.body)) problems.push(`${path}: the trader's page differs from the visitor's`);

    const visitor = { target: base, path, headers: BROWSER };
    const signedIn = { target: base, path, headers: { ...BROWSER, cookie: trader } };
    await loadSideBySide(visitor, signedIn, CONNECTIONS, 2); // warm-up: JIT, sockets
    const [v, s] = await loadSideBySide(visitor, signedIn, CONNECTIONS, SECONDS);
    for (const [name, r] of [['visitor', v], ['signed-in trader', s]]) {
      console.log(`${path.padEnd(34)} ${name.padEnd(17)} ${fmt(r.rps, 0).padStart(6)} req/s  p50 ${fmt(r.p50)} ms  p99 ${fmt(r.p99)} ms  errors ${r.errors}`);
    }
    const ratio = s.rps / v.rps;
    console.log(`${path}: signed-in trader at ${(ratio * 100).toFixed(0)} % of the visitor's throughput (budget ≥ ${RATIO_BUDGET * 100} %)`);
    if (v.errors || s.errors) problems.push(`${path}: ${v.errors} errors (visitor), ${s.errors} (trader)`);
    if (ratio < RATIO_BUDGET) problems.push(`${path}: the trader's ${(ratio * 100).toFixed(0)} % < ${RATIO_BUDGET * 100} % of the visitor's throughput`);
  }
  return verdict(problems);
});

/** One GET as a browser sends it; the body as it came over the wire. */
function get(base, path, headers) {
  const url = new URL(path, base);
  return new Promise((resolveGet, reject) => {
    http.get({ hostname: url.hostname, port: url.port, path, headers: { ...BROWSER, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolveGet({ status: res.statusCode, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}
