/**
 * Every job runs once with two workers (issue #32): the Monday digest and the follow alerts, with one web copy and
 * two ROLE=worker processes of the built site on one PostgreSQL, mailing a real SMTP sink. What a reader would
 * notice if a job ran on both workers is two copies of the same mail: each test counts mails per inbox.
 * (Campaigns with a worker killed and scheduled publishing are in roles.e2e.ts.)
 */
import pg from 'pg';
import { nextDigestRun, WEEKLY_MARGIN_MS } from '../common/digest-schedule.js';
import { startSmtpSink, type SmtpSink } from '../backend/test/support/smtp-sink.js';
import { signIn, startCopies, startSharedDatabase, type SharedDatabase, type Site } from './support/site.js';
import { within } from './support/copies.js';

/** Every inbox in `addresses` with how many mails `mails` holds for it (0 for none). */
function perInbox(addresses: string[], mails: string[]): Map<string, number> {
  const counts = new Map(addresses.map((a) => [a, 0]));
  for (const to of mails) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}

describe('two workers on one database: each job once', () => {
  let database: SharedDatabase;
  let db: pg.Client;
  let smtp: SmtpSink;
  let web: Site;
  let workers: Site[];
  let cookie: string;
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${web.baseUrl}${path}`, {
      method, headers: { cookie, 'content-type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const settle = () => new Promise((r) => setTimeout(r, 4000));

  beforeAll(async () => {
    database = await startSharedDatabase();
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    smtp = await startSmtpSink();
    // The demo content gives the digest its deals; the alert tick every second keeps the alert test short.
    const env = { SMTP_URL: smtp.url, ALERT_TICK_SECONDS: '1', LOG_LEVEL: 'log' };
    const sites = await startCopies(database.url, [{ ROLE: 'web', SEED_DEMO_CONTENT: 'true' }, { ROLE: 'worker', SEED_DEMO_CONTENT: 'false' }, { ROLE: 'worker', SEED_DEMO_CONTENT: 'false' }], env);
    [web, ...workers] = sites as [Site, Site, Site];
    cookie = await signIn(web.baseUrl);
  }, 240_000);
  afterAll(async () => {
    await Promise.all([web, ...(workers ?? [])].filter(Boolean).map((site) => site.stop()));
    await db?.end();
    await smtp?.close();
    await database?.stop();
  });

  it('the Monday digest, due with two workers running, is drafted once and mails each digest subscriber exactly once', async () => {
    await db.query(
      `insert into newsletter_subscribers (email, status, confirmed_at, digest)
       select 'digest' || g || '@readers.example', 'subscribed', now(), g % 10 <> 0 from generate_series(1, 60) g`,
    );
    await db.query(`insert into newsletter_subscribers (email, status) values ('unconfirmed@readers.example', 'subscribed')`);
    await api('PUT', '/_api/admin/campaigns/settings', { digestAutoSend: true, sendRatePerSecond: 200 });
    const audience = (await db.query<{ email: string }>(
      `select email from newsletter_subscribers where status = 'subscribed' and confirmed_at is not null and bounced_at is null and digest`,
    )).rows.map((r) => r.email);
    const optedOut = (await db.query<{ email: string }>(`select email from newsletter_subscribers where not digest or confirmed_at is null`)).rows.map((r) => r.email);
    expect(audience.length).toBeGreaterThanOrEqual(54);
    expect(optedOut.length).toBeGreaterThanOrEqual(7);

    // Monday 09:00 New York comes: the one waiting digest job falls due, with both workers polling for it.
    const due = await db.query(`update pgboss.job set start_after = now() where name = 'newsletter-digest' and state = 'created'`);
    expect(due.rowCount).toBe(1);
    await within(60_000, async () => (await db.query(`select 1 from campaigns where kind = 'digest' and status = 'sent'`)).rowCount! > 0, 'the digest sent');
    await settle();

    const digests = (await db.query<{ subject: string }>(`select subject from campaigns where kind = 'digest'`)).rows;
    expect(digests).toHaveLength(1);
    const mails = smtp.messages.filter((m) => m.parsed.subject === digests[0]!.subject).map((m) => m.envelope.to[0]!);
    const counts = perInbox([...audience, ...optedOut], mails);
    expect([...counts].filter(([email, n]) => n !== (audience.includes(email) ? 1 : 0))).toEqual([]);
    expect(mails).toHaveLength(audience.length);
    // One worker drafted it: the other never ran the job (it would have said "Nothing new" or drafted a second).
    const said = workers.map((w) => (w.output().match(/Digest drafted|no digest drafted/g) ?? []).length);
    expect(said.reduce((a, b) => a + b, 0)).toBe(1);
    // And the weekly chain goes on once: one digest waits for the next Monday 09:00 New York after this run (which
    // is tomorrow when the test runs on a Sunday, so not "a day from now").
    const waiting = await db.query<{ start_after: Date }>(`select start_after from pgboss.job where name = 'newsletter-digest' and state = 'created'`);
    expect(waiting.rows).toHaveLength(1);
    expect(new Date(waiting.rows[0]!.start_after).toISOString()).toBe(nextDigestRun(new Date(Date.now() + WEEKLY_MARGIN_MS)).toISOString());
  }, 90_000);

  it('a firm change followed by 200 traders: with two workers ticking, each trader gets exactly one alert mail', async () => {
    const TRADERS = 200;
    const program = (maxLoss: number) => ({
      name: 'Classic', type: 'two-step', profitTargets: [8, 5], dailyLoss: 5, maxLoss, drawdownType: 'static', minTradingDays: 3,
      timeLimitDays: null, profitSplit: 80, firstPayoutDays: 14, payoutFrequency: 'Bi-weekly', refundableFee: false,
      activationFee: null, resetPrice: 99, sizes: [{ size: 10000, price: 100 }, { size: 100000, price: 500 }],
    });
    const firm = await api('POST', '/_api/admin/companies', { name: 'Twice Watched Funding', programs: [program(10)] });
    const traders = (await db.query<{ email: string }>(
      `insert into users (email, display_name, role, password_hash, created_at, updated_at)
       select 'trader' || g || '@alerts.example', 'Trader ' || g, 'user', '!', now(), now() from generate_series(1, $1::int) g returning email`,
      [TRADERS],
    )).rows.map((r) => r.email);
    await db.query(`insert into follows (user_id, company_id) select id, $1 from users where email like '%@alerts.example'`, [firm.id]);
    const alerts = () => smtp.messages.map((m) => m.envelope.to[0]!).filter((to) => to.endsWith('@alerts.example'));
    // Nothing changed yet: following alone mails nobody.
    await settle();
    expect(alerts()).toEqual([]);

    await api('POST', '/_api/admin/companies/update', { id: firm.id, programs: [program(9)] });
    await within(60_000, async () => alerts().length >= TRADERS, 'every follower alerted');
    // A second run of a tick or a sender would mail within a tick or two: give it time to show.
    await settle();
    const counts = perInbox(traders, alerts());
    expect([...counts].filter(([, n]) => n !== 1)).toEqual([]);
    expect(alerts()).toHaveLength(TRADERS);
    const deliveries = await db.query<{ sent: string; failed: string }>(
      `select count(*) filter (where sent_at is not null) as sent, count(*) filter (where failed_at is not null) as failed
       from alert_deliveries d join users u on u.id = d.user_id where u.email like '%@alerts.example'`,
    );
    expect(deliveries.rows[0]).toEqual({ sent: String(TRADERS), failed: '0' });
    // Two workers fanning out and claiming at once collide on no row.
    for (const worker of workers) expect(worker.output()).not.toMatch(/duplicate key|deadlock/i);
  }, 90_000);
});
