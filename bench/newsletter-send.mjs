#!/usr/bin/env node
/**
 * The send bench (issue #16): N confirmed subscribers (default 200,000), one campaign sent by the built app
 * (production mode) into a local SMTP sink (smtp-server started here, counting recipients without parsing).
 * Budgets: messages per second ≥ 300; the app's RSS during the send at most 100 MB above its idle baseline; the
 * public /discounts page's p99 under load while it sends within 20 % of the same load while idle (measured in
 * this run, side by side); exactly one message per recipient. Exits non-zero on a miss.
 *
 * Needs `npm run build`.  Usage: node bench/newsletter-send.mjs [subscribers]
 */
import { readFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { connect, fmt, freePort, freshDatabase, load, login, printMachine, requireBuild, runBench, startApp, verdict } from './support.mjs';

const N = Number(process.argv[2] ?? 200_000);
const RATE_BUDGET = 300;
const RSS_BUDGET_MB = 100;
const P99_RATIO = 1.2;
const CONNECTIONS = 10;

requireBuild('dist/backend/src/main.js is missing: run `npm run build` first.');

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

await runBench(async (cleanups) => {
  printMachine();
  // The sink: every recipient of every accepted message, counted.
  const received = new Map();
  let messages = 0;
  const sink = new SMTPServer({
    secure: false, authOptional: true, disabledCommands: ['STARTTLS'], logger: false, maxClients: 100, closeTimeout: 100,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        messages++;
        for (const r of session.envelope.rcptTo) received.set(r.address, (received.get(r.address) ?? 0) + 1);
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise((r) => sink.listen(smtpPort, '127.0.0.1', r));
  cleanups.push(() => new Promise((r) => sink.close(r)));

  const databaseUrl = await freshDatabase(cleanups, 'bench_send');
  const { port, pid, admin } = await startApp(databaseUrl, cleanups, { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_OUTBOX: '' });
  const base = `http://127.0.0.1:${port}`;
  const db = await connect(databaseUrl, cleanups);
  await db.query(
    `insert into newsletter_subscribers (email, status, source, confirmed_at)
     select 'reader' || g || '@example.com', 'subscribed', 'homepage', now() from generate_series(1, $1::int) g`, [N],
  );
  await db.query('analyze newsletter_subscribers');
  const cookie = await login(base, admin);
  const api = (path, init = {}) => fetch(`${base}${path}`, { ...init, headers: { cookie, 'content-type': 'application/json', ...init.headers } });
  await api('/_api/admin/campaigns/settings', { method: 'PUT', body: JSON.stringify({ sendRatePerSecond: 1000 }) });

  // Idle reference: the public page under load, and the RSS baseline.
  await load(base, { path: '/discounts' }, CONNECTIONS, 2);
  const idle = await load(base, { path: '/discounts' }, CONNECTIONS, 5);
  const baseline = rssMb(pid);

  const campaign = await (await api('/_api/admin/campaigns', { method: 'POST', body: JSON.stringify({ subject: 'Bench', html: '<p>Hello <a href="https://example.com/deal">deal</a></p>' }) })).json();
  const started = performance.now();
  await api(`/_api/admin/campaigns/${campaign.id}/send`, { method: 'POST' });
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 250);
  // Public page while it sends (once the send is under way).
  while (messages < Math.min(N / 10, 2000)) await new Promise((r) => setTimeout(r, 50));
  const busy = await load(base, { path: '/discounts' }, CONNECTIONS, 5);
  for (;;) {
    const { rows } = await db.query('select status from campaigns where id = $1', [campaign.id]);
    if (rows[0].status === 'sent') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const rate = N / seconds;
  const twice = [...received.values()].filter((n) => n > 1).length;

  console.log(`subscribers ${N}; sent in ${fmt(seconds, 1)} s = ${fmt(rate, 0)} msgs/s (budget ≥ ${RATE_BUDGET})`);
  console.log(`RSS baseline ${fmt(baseline, 0)} MB, peak during send ${fmt(peak, 0)} MB (+${fmt(peak - baseline, 0)}; budget +${RSS_BUDGET_MB})`);
  console.log(`/discounts p99 idle ${fmt(idle.p99)} ms (${fmt(idle.rps, 0)} req/s), while sending ${fmt(busy.p99)} ms (${fmt(busy.rps, 0)} req/s); ratio ${fmt(busy.p99 / idle.p99)} (budget ≤ ${P99_RATIO})`);
  console.log(`messages ${messages}, distinct recipients ${received.size}, recipients mailed twice ${twice}`);
  return verdict([
    rate < RATE_BUDGET && `${fmt(rate, 0)} msgs/s < ${RATE_BUDGET}`,
    peak - baseline > RSS_BUDGET_MB && `RSS grew ${fmt(peak - baseline, 0)} MB > ${RSS_BUDGET_MB}`,
    busy.p99 > idle.p99 * P99_RATIO && `public p99 while sending ${fmt(busy.p99)} ms > ${P99_RATIO} × idle ${fmt(idle.p99)} ms`,
    (received.size !== N || twice > 0 || messages !== N) && `expected exactly ${N} messages to ${N} recipients, got ${messages} to ${received.size} (${twice} twice)`,
  ].filter(Boolean));
});
