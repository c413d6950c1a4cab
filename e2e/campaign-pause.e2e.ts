/**
 * A sender that stops running for longer than its job's lease (issue #32): two copies of the built app on one
 * PostgreSQL send a campaign into a real SMTP server; the copy sending is frozen with SIGSTOP (a starved VM, a
 * stopped container, a debugger) for longer than the campaign job's expiry, so pg-boss gives the job to the other
 * copy, which settles the frozen copy's claims; then SIGCONT. The frozen copy's round was claimed and perhaps handed
 * over: it must still end as one message per address, and nothing recorded "in doubt" that in fact arrived: after a
 * freeze Node runs its expired timers before it reads the sockets, so the send's time limits count only time the
 * process ran (mail-transport.ts, awakeDeadline), and the server's 250 waiting in the socket is read first.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from '../backend/src/database/embedded-postgres.js';
import { startSmtpSink, type SmtpSink } from '../backend/test/support/smtp-sink.js';
import { signIn, startSite, type Site } from './support/site.js';

const RECIPIENTS = 400;
const RATE = 20;
const SUBJECT = 'Frozen mid-send';
/** Longer than the lease and its detection: the job expires 30 s after it started, pg-boss applies that every 20 s, retries 5 s later. */
const FROZEN_MS = 80_000;
/** The server closes a connection silent this long (smtp-server's default is 60 s, Postfix's 300 s): longer than the freeze. */
const SMTP_IDLE_CLOSE_MS = 300_000;

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The process on this machine whose TCP connection has local port `port` (ss names it). */
function pidOfLocalPort(port: number): number | undefined {
  const out = execFileSync('ss', ['-Htnp', 'state', 'established', `( sport = :${port} )`], { encoding: 'utf8' });
  const match = /pid=(\d+)/.exec(out);
  return match ? Number(match[1]) : undefined;
}

/** The parent of a process (from /proc): a copy's worker child is the child of the copy's web process. */
function parentOf(pid: number): number | undefined {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[1]);
  } catch {
    return undefined;
  }
}

describe('a copy frozen (SIGSTOP) mid-campaign for longer than its lease', () => {
  let database: EmbeddedDatabase;
  let databaseUrl: string;
  let db: pg.Client;
  let smtp: SmtpSink;
  const copies: Site[] = [];
  /** The process frozen (the sending copy's worker child: each copy runs ROLE=all), to thaw it whatever happens. */
  let frozenPid: number | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'vtf-campaign-pause-'));

  beforeAll(async () => {
    database = await startEmbeddedPostgres(dir);
    await ensureDatabase(database.adminUrl, 'campaign_pause');
    databaseUrl = database.adminUrl.replace(/\/postgres$/, '/campaign_pause');
    // Each message takes a moment to be answered: the freeze lands while messages are in flight. Idle connections
    // are kept 300 s, as Postfix does: with a server that closes them inside the freeze (30 s) this run still lost
    // 1–2 of 400 in 2 of 4 runs after the reopen fix (docs/decisions/one-delivery-rule.md, "Not handled yet").
    smtp = await startSmtpSink({ delayMs: 100, socketTimeoutMs: SMTP_IDLE_CLOSE_MS });
    const env = { DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, SEED_DEMO_CONTENT: 'false', SESSION_SECRET: randomBytes(32).toString('hex') };
    copies.push(await startSite(env));
    copies.push(await startSite(env));
  }, 120_000);
  afterAll(async () => {
    if (frozenPid) process.kill(frozenPid, 'SIGCONT');
    for (const copy of copies) await copy.stop();
    await db?.end();
    await smtp?.close();
    await database?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const received = () => smtp.messages.filter((m) => m.parsed.subject === SUBJECT);

  it('every address gets exactly one message, and none of them is recorded in doubt', async () => {
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(
      `insert into newsletter_subscribers (email, status, confirmed_at) select 'p' || g || '@example.com', 'subscribed', now() from generate_series(1, $1::int) g`,
      [RECIPIENTS],
    );
    const base = copies[0]!.baseUrl;
    const cookie = await signIn(base);
    const api = (method: string, path: string, body: unknown = {}) =>
      fetch(`${base}${path}`, { method, headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await api('PUT', '/_api/admin/campaigns/settings', { sendRatePerSecond: RATE })).status).toBe(200);
    const created = await api('POST', '/_api/admin/campaigns', { subject: SUBJECT, html: '<p>Deals</p>' });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect((await api('POST', `/_api/admin/campaigns/${id}/send`)).status).toBe(200);

    await waitUntil(() => received().length >= 40, 60_000, 'the first messages');
    // The process that sent the latest message is the one sending (a copy's worker child): freeze it.
    const pid = pidOfLocalPort(received().at(-1)!.remotePort);
    expect(copies.some((c) => c.child.pid === pid || c.child.pid === parentOf(pid!))).toBe(true);
    frozenPid = pid;
    process.kill(pid!, 'SIGSTOP');
    const atFreeze = received().length;
    await new Promise((r) => setTimeout(r, FROZEN_MS));
    const duringFreeze = received().length - atFreeze;
    process.kill(pid!, 'SIGCONT');
    frozenPid = undefined;

    // The campaign may be marked sent before the thawed copy's round goes back to the queue, and be reopened for it: it
    // is done when it is sent with every row sent. (Not waited for forever: the assertions below say what is missing.)
    const done = async () =>
      (await db.query(
        `select 1 from campaigns c where c.id = $1 and c.status = 'sent'
           and not exists (select 1 from campaign_deliveries d where d.campaign_id = c.id and d.state <> 'sent')`, [id],
      )).rowCount === 1;
    await waitUntil(done, 150_000, 'the campaign to finish').catch(() => undefined);
    // The thawed copy's last replies are recorded a moment after the campaign is marked sent.
    await new Promise((r) => setTimeout(r, 2000));

    const notSent = (await db.query(
      `select email, state, error, attempts, claimed_by from campaign_deliveries where campaign_id = $1 and state <> 'sent'`, [id],
    )).rows;
    // What an operator would look at when an address is missing: its row, and what each copy logged about the campaign.
    if (notSent.length) {
      console.log(JSON.stringify(notSent), copies.map((c) => c.output().split('\n').filter((l) => /campaign|doubt|paused/i.test(l)).join('\n')).join('\n---\n'));
    }
    const perAddress = new Map<string, number>();
    for (const m of received()) perAddress.set(m.envelope.to[0]!, (perAddress.get(m.envelope.to[0]!) ?? 0) + 1);
    expect([...perAddress].filter(([, n]) => n > 1)).toEqual([]);
    expect(perAddress.size).toBe(RECIPIENTS);

    const { rows } = await db.query<{ email: string; state: string; error: string | null; attempts: number }>(
      'select email, state, error, attempts from campaign_deliveries where campaign_id = $1', [id],
    );
    // A row claimed twice went back to the queue once: the thawed copy's round that found its connections closed.
    const requeued = rows.filter((r) => r.attempts > 1).length;
    const inDoubt = rows.filter((r) => r.state === 'failed' && /may have arrived/.test(r.error ?? ''));
    console.log(
      `frozen ${FROZEN_MS / 1000} s after ${atFreeze} messages; the other copy sent ${duringFreeze} meanwhile; ` +
      `${inDoubt.length} recorded in doubt; ${requeued} went back to the queue and were sent after the thaw`,
    );
    // The other copy took the campaign over while this one was frozen.
    expect(duringFreeze).toBeGreaterThan(0);
    // Every message arrived once, so every row says sent: the frozen round was not turned into "in doubt".
    expect(inDoubt).toEqual([]);
    expect(rows.filter((r) => r.state !== 'sent')).toEqual([]);
  }, 300_000);
});
