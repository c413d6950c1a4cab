import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { createDatabase, startTestApp, type TestApp } from './support/test-app.js';

const RECIPIENTS = 120;

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

function expectEachOnce(smtp: SmtpSink, subject: string) {
  const to = smtp.messages.filter((m) => m.parsed.subject === subject).map((m) => m.envelope.to[0]!);
  expect(to.length).toBe(RECIPIENTS);
  expect(new Set(to).size).toBe(RECIPIENTS);
}

/** A campaign across instances and restarts: each confirmed recipient gets it exactly once (issue #16). */
describe('campaign sending across instances and a stop', () => {
  let smtp: SmtpSink;
  let db: Awaited<ReturnType<typeof createDatabase>>;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    // A slow mail server (20 ms a message), so the send is still running when the test stops an instance.
    smtp = await startSmtpSink({ delayMs: 20 });
    db = await createDatabase();
  });
  afterAll(async () => {
    for (const a of apps) await a.app.close().catch(() => undefined);
    await smtp?.close();
    await db?.drop();
  });

  const start = async () => {
    const a = await startTestApp({ databaseUrl: db.url, smtpUrl: smtp.url });
    apps.push(a);
    return a;
  };

  async function campaign(a: TestApp, subject: string): Promise<number> {
    const admin = await a.signedIn();
    await admin.put('/_api/admin/campaigns/settings').send({ sendRatePerSecond: 40 }).expect(200);
    return (await admin.post('/_api/admin/campaigns').send({ subject, html: '<p>Deals</p>' }).expect(201)).body.id;
  }

  it('two instances send one campaign: each recipient once', async () => {
    const a = await start();
    const b = await start();
    await a.sql(`insert into newsletter_subscribers (email, status, confirmed_at) select 'r' || g || '@example.com', 'subscribed', now() from generate_series(1, ${RECIPIENTS}) g`);
    const id = await campaign(a, 'Twice?');
    await (await b.signedIn()).post(`/_api/admin/campaigns/${id}/send`).expect(200);
    await (await a.signedIn()).post(`/_api/admin/campaigns/${id}/send`).expect(409);
    await waitUntil(async () => (await a.sql<{ status: string }>('select status from campaigns where id = $1', [id]))[0]!.status === 'sent');
    expectEachOnce(smtp, 'Twice?');
    await a.app.close();
    await b.app.close();
    apps.length = 0;
  }, 120_000);

  it('a stop (SIGTERM: Nest shutdown) mid-campaign, then a restart: each recipient exactly once', async () => {
    const a = await start();
    const id = await campaign(a, 'Resumed');
    await (await a.signedIn()).post(`/_api/admin/campaigns/${id}/send`).expect(200);
    await waitUntil(async () => smtp.messages.filter((m) => m.parsed.subject === 'Resumed').length >= 20);
    await a.app.close();
    apps.length = 0;
    const sentBefore = smtp.messages.filter((m) => m.parsed.subject === 'Resumed').length;
    expect(sentBefore).toBeLessThan(RECIPIENTS);
    // The stopped instance's own pool (the test's) still reads the database: the campaign waits, half sent.
    const [state] = await a.sql<{ status: string }>('select status from campaigns where id = $1', [id]);
    expect(state!.status).toBe('sending');

    const b = await start();
    await waitUntil(async () => (await b.sql<{ status: string }>('select status from campaigns where id = $1', [id]))[0]!.status === 'sent');
    expectEachOnce(smtp, 'Resumed');
    const [counts] = await b.sql<{ sent: number; other: number }>(
      `select count(*) filter (where state = 'sent')::int as sent, count(*) filter (where state <> 'sent')::int as other from campaign_deliveries where campaign_id = $1`, [id],
    );
    expect(counts).toEqual({ sent: RECIPIENTS, other: 0 });
  }, 120_000);
});
