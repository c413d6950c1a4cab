#!/usr/bin/env node
/**
 * The challenge simulator (issue #28), server half: the engine compiled to dist/common (the same code the page's
 * Web Worker runs), on one core of this machine.
 *
 * Work: a 250-day daily series (a steady, realistic trader generated from simple statistics) × 10,000 paths ×
 * every program and size of the demo catalogue (backend/src/seeders/firms.seed.ts; closed and paused firms
 * left out, as the API does).
 * - answer: simulate() over the whole catalogue, as POST /_api/simulations does. Budget: < 1 s (median of 3 warm
 *   runs; the first, cold run is printed beside it).
 * - throughput: the same catalogue with every phase limited to 60 days, so no path runs longer than the 60
 *   days; path-days are the days on which rules were actually checked (rule sets that differ only in size judge
 *   alike and are checked once — counting them again would inflate the figure). Budget: ≥ 20 million path-days/s.
 *   The nominal measure (10,000 × rule sets × 60 ÷ answer time) is printed too.
 * - memory: heap and RSS after the runs.
 * - browser: the same series and catalogue through the page's own Web Worker bundle in Chromium. Budget: < 2 s.
 *
 * Needs `npm run build` first (the engine, and the worker bundle for the browser half).  Usage: node bench/simulator.mjs
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fmt, printMachine, requireBuild, ROOT, runBench, verdict } from './support.mjs';

const ENGINE = join(ROOT, 'dist/common/simulator/index.js');
const SEED = join(ROOT, 'dist/backend/src/seeders/firms.seed.js');
const PATHS = 10_000;
const HORIZON_DAYS = 60;
const SERIES_DAYS = 250;
const TRADED_ON = 100_000;
const BUDGET = { answerMs: 1000, pathDaysPerSecond: 20e6, browserMs: 2000 };

requireBuild('bench/simulator.mjs needs the compiled engine: run `npm run build:backend` first.', [ENGINE, SEED]);
const engine = await import(pathToFileURL(ENGINE).href);
const { DEMO_PROGRAMS, DEMO_FIRM_PROFILES } = await import(pathToFileURL(SEED).href);

await runBench(async () => {
  printMachine();
  const series = engine.parametricSeries({ winRate: 50, avgWin: 500, avgLoss: 440, tradesPerDay: 2, days: SERIES_DAYS, seed: 28 });
  engine.validateSeries(series);
  const catalogue = [];
  // The same programs as the page's worker gets them (GET /_api/simulations/catalogue's shape), at list price.
  const pageCatalogue = [];
  for (const [firm, programs] of Object.entries(DEMO_PROGRAMS)) {
    const status = DEMO_FIRM_PROFILES[firm]?.status ?? 'active';
    if (status === 'closed' || status === 'paused') continue;
    for (const p of programs) {
      for (const [size, price] of p.sizes) {
        catalogue.push({
          name: `${firm} ${p.name} ${size}`, profitTargets: p.profitTargets, dailyLoss: p.dailyLoss, maxLoss: p.maxLoss,
          drawdownType: p.drawdownType, minTradingDays: p.minTradingDays, timeLimitDays: p.timeLimitDays, size,
        });
        pageCatalogue.push({
          programId: pageCatalogue.length + 1, companySlug: firm, companyName: firm, programName: `${firm} ${p.name}`, size, price, priceAfterCode: price,
          discountCode: null, discountSlug: null, resetPrice: p.resetPrice ?? null, activationFee: p.activationFee ?? null,
          rules: {
            profitTargets: p.profitTargets, dailyLoss: p.dailyLoss, maxLoss: p.maxLoss, drawdownType: p.drawdownType, minTradingDays: p.minTradingDays,
            timeLimitDays: p.timeLimitDays, consistency: null, trailingStopsAtStart: false,
          },
        });
      }
    }
  }
  const horizon = catalogue.map((r) => ({ ...r, timeLimitDays: Math.min(r.timeLimitDays ?? HORIZON_DAYS, HORIZON_DAYS) }));
  const distinct = new Set(catalogue.map((r) => JSON.stringify({ ...r, name: '', size: 0 }))).size;
  console.log(`catalogue: ${catalogue.length} programs × sizes (${distinct} distinct rule sets), series ${SERIES_DAYS} days, ${PATHS} paths`);

  const run = (rules) => {
    const started = performance.now();
    const result = engine.simulate(series, rules, { tradedOn: TRADED_ON, paths: PATHS, seed: 2028 });
    return { ms: performance.now() - started, result };
  };
  const cold = run(catalogue);
  const warm = [run(catalogue), run(catalogue), run(catalogue)].sort((a, b) => a.ms - b.ms);
  const answer = warm[1];
  console.log(`answer: block length ${answer.result.blockLength}; cold ${fmt(cold.ms, 0)} ms, warm median ${fmt(answer.ms, 0)} ms (budget < ${BUDGET.answerMs} ms)`);
  const passRates = answer.result.results.map((r) => r.passProbability);
  console.log(`        pass probabilities from ${fmt(Math.min(...passRates), 3)} to ${fmt(Math.max(...passRates), 3)}; ${fmt(answer.result.pathDaysChecked / 1e6, 1)} M path-days checked`);
  const nominal = (PATHS * catalogue.length * HORIZON_DAYS) / (answer.ms / 1000);
  console.log(`        nominal: ${PATHS} × ${catalogue.length} × ${HORIZON_DAYS} days ÷ answer time = ${fmt(nominal / 1e6, 1)} M path-days/s`);

  const throughputRuns = [run(horizon), run(horizon), run(horizon)].sort((a, b) => a.ms - b.ms);
  const t = throughputRuns[1];
  const perSecond = t.result.pathDaysChecked / (t.ms / 1000);
  console.log(`throughput (phases ≤ ${HORIZON_DAYS} days): ${fmt(t.result.pathDaysChecked / 1e6, 1)} M path-days checked in ${fmt(t.ms, 0)} ms = ${fmt(perSecond / 1e6, 1)} M path-days/s (budget ≥ ${BUDGET.pathDaysPerSecond / 1e6} M)`);

  // The machine's speed at this moment, beside the engine: a bare loop over the same number of path-days that only
  // reads and adds one day of the series each (no rules, no random draw). Shared machines swing; the ratio does less.
  const reference = bareLoop(t.result.pathDaysChecked, series.length);
  console.log(`reference: a bare read-and-add loop does ${fmt(reference / 1e6, 0)} M path-days/s now; the engine runs at ${fmt((100 * perSecond) / reference, 1)} % of it`);

  const memory = process.memoryUsage();
  console.log(`memory: heap used ${fmt(memory.heapUsed / 2 ** 20, 1)} MiB, RSS ${fmt(memory.rss / 2 ** 20, 1)} MiB`);

  const measured = await browserRun(series, pageCatalogue);
  const browser = measured?.median ?? null;
  console.log(measured === null
    ? `browser: not measured — no front-end build (run npm run build); the budget (< ${BUDGET.browserMs} ms) counts as missed`
    : `browser: the page's Web Worker in Chromium: cold ${fmt(measured.cold, 0)} ms, warm median ${fmt(measured.median, 0)} ms (budget < ${BUDGET.browserMs} ms; ranking, chart and risk sweep)`);

  const problems = [];
  if (answer.ms >= BUDGET.answerMs) problems.push(`the catalogue answer took ${fmt(answer.ms, 0)} ms (budget < ${BUDGET.answerMs} ms)`);
  if (perSecond < BUDGET.pathDaysPerSecond) problems.push(`${fmt(perSecond / 1e6, 1)} M path-days/s (budget ≥ ${BUDGET.pathDaysPerSecond / 1e6} M)`);
  if (browser === null) problems.push('the browser run was not measured (no front-end build)');
  else if (browser >= BUDGET.browserMs) problems.push(`the browser run took ${fmt(browser, 0)} ms (budget < ${BUDGET.browserMs} ms)`);
  return verdict(problems);
});

/** Path-days per second of a loop that reads one day of a series per path-day and adds it up (median of 3). */
function bareLoop(pathDays, days) {
  const values = new Float64Array(days).map((_, i) => (i % 7) - 3);
  const rates = [];
  for (let r = 0; r < 3; r++) {
    const started = performance.now();
    let sum = 0;
    let index = 0;
    for (let i = 0; i < pathDays; i++) {
      sum += values[index];
      if (++index === days) index = 0;
    }
    const ms = performance.now() - started;
    if (sum === Math.PI) console.log('');
    rates.push(pathDays / (ms / 1000));
  }
  return rates.sort((a, b) => a - b)[1];
}

/**
 * The browser half: the page's own Web Worker bundle (dist/frontend/assets/simulator.worker-*.js) in Chromium
 * (/usr/bin/chromium, as the e2e suites use), given the same series and catalogue as a `run` message, timed from the
 * message to its answer — what a trader waits for after pressing Simulate, the chart and the risk sweep of the best
 * program included. Cold first run printed; the budget is on the median of 3 warm runs. null without a front-end build.
 */
async function browserRun(series, catalogue) {
  const assets = join(ROOT, 'dist/frontend/assets');
  const file = existsSync(assets) && readdirSync(assets).find((f) => /^simulator\.worker-.*\.js$/.test(f));
  if (!file) return null;
  const { chromium } = await import('playwright-core');
  const worker = readFileSync(join(assets, file));
  const server = createServer((req, res) => {
    if (req.url === '/worker.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(worker);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>simulator bench</title>');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    const times = await page.evaluate(async ({ series, catalogue, tradedOn }) => {
      const w = new Worker('/worker.js', { type: 'module' });
      const once = () => new Promise((resolve, reject) => {
        const started = performance.now();
        w.onmessage = (e) => {
          if (e.data.type === 'done') resolve(performance.now() - started);
          if (e.data.type === 'error') reject(new Error(e.data.message));
        };
        w.postMessage({ type: 'run', series, tradedOn, catalogue, firm: null, chosen: null });
      });
      const out = [];
      for (let i = 0; i < 4; i++) out.push(await once());
      w.terminate();
      return out;
    }, { series, catalogue, tradedOn: TRADED_ON });
    const warm = times.slice(1).sort((a, b) => a - b);
    return { cold: times[0], median: warm[1] };
  } finally {
    await browser.close();
    server.close();
  }
}
