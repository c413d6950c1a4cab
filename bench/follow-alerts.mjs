#!/usr/bin/env node
/**
 * Follow alerts at scale (issue #19): one firm followed by 10,000 traders; an admin changes one of its rules.
 *
 * - Admin save: a rule change (`POST /_api/admin/companies/update`, programs replaced, history written) while the
 *   alerts fan out and are sent answers in < 100 ms, or within 1.5 × the same save just before the change on a
 *   machine too busy for 100 ms (median; saves of a firm nobody follows, so each measured save adds no fan-out).
 * - Fan-out: from the save's answer until every follower has a queued alert mail (`alert_deliveries` rows, the mail
 *   queue the senders take from): budget < 60 s. The first tick comes within ALERT_TICK_SECONDS (15 s by default).
 * - Public reads during the fan-out: `GET /_api/firms/<slug>` under 20 connections while the fan-out runs and the
 *   first mails are sent, against the same load in the same app just before the change (the reference). Budget: no errors, p99 < 30 ms or
 *   < 2 × the reference's p99 on a machine too busy for that.
 *
 * Database: a temporary embedded PostgreSQL, or a fresh database on BENCH_DATABASE_ADMIN_URL.
 * Needs `npm run build:backend` first.  Usage: node bench/follow-alerts.mjs
 */
import { connect, fmt, freshDatabase, load, login, MAIN, printMachine, requireBuild, runBench, startApp, verdict } from './support.mjs';

const FOLLOWERS = 10_000;
const SAVE_MS = 100;
/** On a machine too busy for 100 ms: the save during the fan-out within 1.5 × the same save just before it. */
const SAVE_RATIO = 1.5;
const FAN_OUT_S = 60;
const PUBLIC = { connections: 20, p99: 30, ratio: 2 };
const SAVES = 7;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const program = (maxLoss) => ({
  name: 'Classic', type: 'two-step', profitTargets: [8, 5], dailyLoss: 5, maxLoss, drawdownType: 'static', minTradingDays: 3,
  timeLimitDays: null, profitSplit: 80, firstPayoutDays: 14, payoutFrequency: 'Bi-weekly', refundableFee: false,
  activationFee: null, resetPrice: 99, sizes: [{ size: 10000, price: 100 }, { size: 100000, price: 500 }],
});

requireBuild('run `npm run build:backend` first', [MAIN]);
await runBench(async (cleanups) => {
  printMachine();
  const url = await freshDatabase(cleanups, 'bench_follow');
  const app = await startApp(url, cleanups);
  const base = `http://127.0.0.1:${app.port}`;
  const cookie = await login(base, app.admin);
  const post = async (path, body) => {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
    const ms = performance.now() - t0;
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return { ms, body: await res.json() };
  };
  const firm = (await post('/_api/admin/companies', { name: 'Followed Funding', programs: [program(10)] })).body;

  const db = await connect(url, cleanups);
  const t0 = performance.now();
  await db.query(
    `insert into users (email, display_name, role, password_hash, created_at, updated_at)
     select 'trader' || g || '@bench.example', 'Trader ' || g, 'user', '!', now(), now() from generate_series(1, ${FOLLOWERS}) g`,
  );
  await db.query(`insert into follows (user_id, company_id) select id, $1 from users where role = 'user'`, [firm.id]);
  await db.query('analyze');
  console.log(`data: ${FOLLOWERS.toLocaleString('en')} traders following ${firm.slug} in ${fmt((performance.now() - t0) / 1000, 1)} s`);

  // Saves are measured on a second firm nobody follows, so each measured save itself fans out nothing.
  const other = (await post('/_api/admin/companies', { name: 'Other Funding', programs: [program(10)] })).body;
  let flip = 0;
  const timedSave = async () => (await post('/_api/admin/companies/update', { id: other.id, programs: [program(flip++ % 2 ? 8 : 9)] })).ms;
  const path = `/_api/firms/${firm.slug}`;

  // The reference: the same public load, and saves, just before the change.
  const refSaves = [];
  for (let i = 0; i < SAVES; i++) refSaves.push(await timedSave());
  const reference = await load(base, { path }, PUBLIC.connections, 5);
  // The machine's floor, side by side: the bare health answer, timed the same way as the saves.
  const health = [];
  for (let i = 0; i < SAVES; i++) {
    const h0 = performance.now();
    await (await fetch(`${base}/_api/health`)).arrayBuffer();
    health.push(performance.now() - h0);
  }
  console.log(`before the change: public ${path} ${fmt(reference.rps, 0)} req/s p99 ${fmt(reference.p99, 1)} ms; admin save median ${fmt(median(refSaves), 1)} ms; GET /_api/health median ${fmt(median(health), 1)} ms (the machine's floor)`);

  // The change, then one-second slices of public load, each followed by one save, until every alert is queued.
  const queued = async () => (await db.query(`select count(*)::int as n from alert_deliveries`)).rows[0].n;
  const change = await post('/_api/admin/companies/update', { id: firm.id, programs: [program(8)], changeNote: 'bench' });
  const saved = performance.now();
  let fanOutSeconds = Number.NaN;
  const during = [];
  const saves = [];
  while (performance.now() - saved < (FAN_OUT_S + 30) * 1000) {
    during.push(await load(base, { path }, PUBLIC.connections, 1));
    saves.push(await timedSave());
    if ((await queued()) >= FOLLOWERS) {
      fanOutSeconds = (performance.now() - saved) / 1000;
      break;
    }
  }
  // A few more slices while the queued mails are being sent.
  for (let i = 0; i < 3; i++) {
    during.push(await load(base, { path }, PUBLIC.connections, 1));
    saves.push(await timedSave());
  }
  const latencies = during.flatMap((d) => d.latencies).sort((a, b) => a - b);
  const p99 = latencies[Math.floor(0.99 * latencies.length)] ?? Number.NaN;
  const errors = during.reduce((s, d) => s + d.errors, 0);
  const sent = (await db.query('select count(*)::int as n from alert_deliveries where sent_at is not null')).rows[0].n;
  console.log(`the change's save: ${fmt(change.ms, 1)} ms`);
  console.log(`fan-out: ${(await queued()).toLocaleString('en')} alert mails queued ${fmt(fanOutSeconds, 1)} s after the save (budget < ${FAN_OUT_S} s); ${sent.toLocaleString('en')} sent so far`);
  console.log(`during the fan-out and sending: public ${path} ${latencies.length} requests, ${errors} errors, p99 ${fmt(p99, 1)} ms; admin save median ${fmt(median(saves), 1)} ms over ${saves.length}`);

  const p99Budget = Math.max(PUBLIC.p99, PUBLIC.ratio * reference.p99);
  const saveBudget = Math.max(SAVE_MS, SAVE_RATIO * median(refSaves));
  const problems = [];
  if (!(fanOutSeconds < FAN_OUT_S)) problems.push(`fan-out ${fmt(fanOutSeconds, 1)} s ≥ ${FAN_OUT_S} s`);
  if (median(saves) >= saveBudget) problems.push(`admin save median ${fmt(median(saves), 1)} ms during the fan-out (budget < ${fmt(saveBudget, 1)} ms)`);
  if (errors || p99 > p99Budget) problems.push(`public p99 during fan-out ${fmt(p99, 1)} ms (budget < ${fmt(p99Budget, 1)} ms), ${errors} errors`);
  return verdict(problems);
});
