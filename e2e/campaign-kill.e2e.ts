/**
 * A hard kill never double-sends (issue #16): the built app sends a campaign into a real SMTP server, is killed
 * with SIGKILL mid-campaign (no shutdown hook runs), and a fresh process on the same database finishes it.
 * Nobody receives it twice; everyone recorded 'sent' received it exactly once; only the few messages in flight at
 * the kill (one per SMTP lane at most) are closed as "in doubt" and not sent again
 * (docs/decisions/campaign-at-most-once.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from '../backend/src/database/embedded-postgres.js';
import { startSmtpSink, type SmtpSink } from '../backend/test/support/smtp-sink.js';
import { signIn, startSite, type Site } from './support/site.js';

const RECIPIENTS = 400;
/** CampaignSender's lanes: the most messages that can be in flight when the process dies. */
const LANES = 8;
const SUBJECT = 'Killed mid-send';

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('SIGKILL mid-campaign, then a restart', () => {
  let database: EmbeddedDatabase;
  let databaseUrl: string;
  let db: pg.Client;
  let smtp: SmtpSink;
  const sites: Site[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'vtf-campaign-kill-'));

  beforeAll(async () => {
    database = await startEmbeddedPostgres(dir);
    await ensureDatabase(database.adminUrl, 'campaign_kill');
    databaseUrl = database.adminUrl.replace(/\/postgres$/, '/campaign_kill');
    // A server that takes its time to answer each message: the kill lands while messages are in flight.
    smtp = await startSmtpSink({ delayMs: 150 });
  });
  afterAll(async () => {
    for (const site of sites) await site.stop();
    await db?.end();
    await smtp?.close();
    await database?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async () => {
    const site = await startSite({ DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, SEED_DEMO_CONTENT: 'false' });
    sites.push(site);
    return site;
  };
  const received = () => smtp.messages.filter((m) => m.parsed.subject === SUBJECT).map((m) => m.envelope.to[0]!);

  it('nobody is mailed twice; every delivery recorded sent arrived once; at most one in doubt per lane', async () => {
    const first = await start();
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(
      `insert into newsletter_subscribers (email, status, confirmed_at) select 'k' || g || '@example.com', 'subscribed', now() from generate_series(1, $1::int) g`,
      [RECIPIENTS],
    );
    const cookie = await signIn(first.baseUrl);
    const api = (method: string, path: string, body: unknown = {}) =>
      fetch(`${first.baseUrl}${path}`, { method, headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await api('PUT', '/_api/admin/campaigns/settings', { sendRatePerSecond: 40 })).status).toBe(200);
    const created = await api('POST', '/_api/admin/campaigns', { subject: SUBJECT, html: '<p>Deals</p>' });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect((await api('POST', `/_api/admin/campaigns/${id}/send`)).status).toBe(200);

    await waitUntil(() => received().length >= 60, 60_000, 'the first messages');
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const atKill = received().length;
    expect(atKill).toBeLessThan(RECIPIENTS);

    // The killed job expires (30 s) and a new process takes the campaign over.
    await start();
    await waitUntil(async () => (await db.query('select status from campaigns where id = $1', [id])).rows[0].status === 'sent', 150_000, 'the campaign to finish');

    const to = received();
    const perAddress = new Map<string, number>();
    for (const address of to) perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    expect([...perAddress].filter(([, n]) => n > 1)).toEqual([]);

    const { rows } = await db.query<{ email: string; state: string; error: string | null }>(
      'select email, state, error from campaign_deliveries where campaign_id = $1', [id],
    );
    expect(rows).toHaveLength(RECIPIENTS);
    const sent = rows.filter((r) => r.state === 'sent');
    const inDoubt = rows.filter((r) => r.state === 'failed' && /may have arrived/.test(r.error ?? ''));
    // Every other row was sent; the in-doubt ones are the messages in flight when the process died.
    expect(sent.length + inDoubt.length).toBe(RECIPIENTS);
    expect(inDoubt.length).toBeLessThanOrEqual(LANES);
    for (const row of sent) expect(perAddress.get(row.email)).toBe(1);
    // The app went on sending after the restart: more arrived than at the kill.
    expect(to.length).toBeGreaterThan(atKill);
  }, 240_000);
});
