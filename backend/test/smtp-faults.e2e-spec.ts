/**
 * A mail server that misbehaves (issue #35), as a real in-process smtp-server: one that stalls before its greeting,
 * one that drops the connection after DATA, one that never gives the final reply, one that is down. Each send is
 * told apart: "not sent" (nothing handed over: tried again) from "in doubt" (handed over, no answer: never again).
 */
import { SMTPServer } from 'smtp-server';
import { MailSender } from '../src/mail/mail-sender.js';
import { MailSendError } from '../src/mail/mail.types.js';
import { freePort } from './support/smtp-sink.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** These threads send over SMTP: the Outbox's database (used only without SMTP_URL) is never opened. */
const NO_OUTBOX = 'postgres://outbox-unused.invalid/none';

type Mode = 'ok' | 'stall-greeting' | 'drop-mid-body' | 'drop-after-data' | 'no-final-reply' | 'busy-4xx';

/** An smtp-server whose behaviour can be switched; it counts the messages whose bytes it received in full. */
async function misbehavingServer() {
  const port = await freePort();
  const state = { mode: 'ok' as Mode, received: [] as string[], greeted: 0, stalled: 0 };
  const server: SMTPServer = new SMTPServer({
    secure: false, disabledCommands: ['STARTTLS'], authOptional: true, logger: false, closeTimeout: 100,
    onConnect: (_session, callback) => {
      // Never greeting: the connection is open and silent.
      if (state.mode === 'stall-greeting') {
        state.stalled++;
        return;
      }
      state.greeted++;
      callback();
    },
    onRcptTo: (_address, _session, callback) => {
      if (state.mode === 'busy-4xx') return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      callback();
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      const dropConnection = () => {
        const connections = (server as unknown as { connections: Set<{ id: string; _socket: { destroy(): void } }> }).connections;
        for (const c of connections) if (c.id === session.id) c._socket.destroy();
      };
      // The connection ends with the body half read: the server never saw the final dot, so it has no message.
      if (state.mode === 'drop-mid-body') stream.once('data', dropConnection);
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        state.received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
        if (state.mode === 'drop-after-data') return dropConnection();
        // The message is in; the answer never comes.
        if (state.mode === 'no-final-reply') return;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const TIMEOUTS = { connectMs: 2000, greetingMs: 400, replyMs: 600, messageMs: 5000 };
const message = (to: string) => ({ to, subject: 'Hello', html: '<p>Hello</p>', text: 'Hello' });

describe('SMTP failures: not sent vs in doubt (issue #35)', () => {
  let server: Awaited<ReturnType<typeof misbehavingServer>>;
  let sender: MailSender;
  beforeEach(async () => {
    server = await misbehavingServer();
    sender = new MailSender({ smtpUrl: server.url, from: 'News <news@site.example>', databaseUrl: NO_OUTBOX, timeouts: TIMEOUTS }, 1);
  });
  afterEach(async () => {
    await sender.close();
    await server.close();
  });

  it('a server that stalls before its greeting: each send is not sent, none handed over; once it greets, each goes out once', async () => {
    server.state.mode = 'stall-greeting';
    const results = await Promise.allSettled([1, 2, 3].map((i) => sender.send(message(`r${i}@reader.example`))));
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason).toMatchObject({ constructor: MailSendError, kind: 'not-sent' });
    }
    expect(server.state.received).toEqual([]);
    server.state.mode = 'ok';
    await Promise.all([1, 2, 3].map((i) => sender.send(message(`r${i}@reader.example`))));
    expect(server.state.received.sort()).toEqual(['r1@reader.example', 'r2@reader.example', 'r3@reader.example']);
  });

  it('a connection lost in the middle of the body: not sent (no final dot, no message at the server); tried again, it arrives once', async () => {
    server.state.mode = 'drop-mid-body';
    // Larger than the loopback socket's buffers, so the server drops it while the sender is still writing the body;
    // a sender of its own with time for 8 MB on a busy machine.
    const bigSender = new MailSender({ smtpUrl: server.url, from: 'News <news@site.example>', databaseUrl: NO_OUTBOX, timeouts: { ...TIMEOUTS, messageMs: 60_000 } }, 1);
    const big = { ...message('half@reader.example'), text: 'Hello\n'.repeat((8 * 1024 * 1024) / 6) };
    try {
      await expect(bigSender.send(big)).rejects.toMatchObject({ constructor: MailSendError, kind: 'not-sent' });
      expect(server.state.received).toEqual([]);
      server.state.mode = 'ok';
      await bigSender.send(big);
      expect(server.state.received).toEqual(['half@reader.example']);
    } finally {
      await bigSender.close();
    }
  });

  it('a server that drops the connection after DATA: in doubt (it has the message)', async () => {
    server.state.mode = 'drop-after-data';
    await expect(sender.send(message('dropped@reader.example'))).rejects.toMatchObject({ constructor: MailSendError, kind: 'in-doubt' });
    expect(server.state.received).toEqual(['dropped@reader.example']);
  });

  it('a server that never gives the final reply: in doubt after the reply timeout', async () => {
    server.state.mode = 'no-final-reply';
    const started = Date.now();
    await expect(sender.send(message('silent@reader.example'))).rejects.toMatchObject({ constructor: MailSendError, kind: 'in-doubt' });
    expect(Date.now() - started).toBeLessThan(TIMEOUTS.messageMs + 1000);
    expect(server.state.received).toEqual(['silent@reader.example']);
  });

  it('a 4xx before DATA and a refused connection are not sent', async () => {
    server.state.mode = 'busy-4xx';
    await expect(sender.send(message('busy@reader.example'))).rejects.toMatchObject({ constructor: MailSendError, kind: 'not-sent', responseCode: 451 });
    await server.close();
    await expect(sender.send(message('refused@reader.example'))).rejects.toMatchObject({ constructor: MailSendError, kind: 'not-sent' });
    expect(server.state.received).toEqual([]);
    // afterEach closes it again: a second close of a closed server is harmless.
    server = { ...server, close: async () => undefined };
  });
});

describe('a campaign against a misbehaving mail server: exact counts (issue #35)', () => {
  let server: Awaited<ReturnType<typeof misbehavingServer>>;
  let t: TestApp;
  beforeAll(async () => {
    server = await misbehavingServer();
    t = await startTestApp({ smtpUrl: server.url, smtpTimeouts: TIMEOUTS, publicSiteUrl: 'http://deals.test' });
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  async function sendCampaign(subject: string, emails: string[]) {
    await t.sql('delete from newsletter_subscribers');
    for (const email of emails) await t.sql(`insert into newsletter_subscribers (email, status, confirmed_at) values ($1, 'subscribed', now())`, [email]);
    const admin = await t.signedIn();
    const created = await admin.post('/_api/admin/campaigns').send({ subject, previewText: 'x', html: '<p>Hello</p>' }).expect(201);
    await admin.post(`/_api/admin/campaigns/${created.body.id}/send`).expect(200);
    return {
      id: created.body.id as number,
      get: async () => (await admin.get(`/_api/admin/campaigns/${created.body.id}`)).body as { status: string; stats: Record<string, number> },
    };
  }
  const waitSent = async (campaign: { get(): Promise<{ status: string }> }, ms = 60_000) => {
    for (const until = Date.now() + ms; (await campaign.get()).status !== 'sent'; ) {
      if (Date.now() > until) throw new Error('campaign not sent');
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  it('a server that stalls before its greeting: nothing counted in doubt or failed; once it greets, each recipient gets one copy', async () => {
    server.state.mode = 'stall-greeting';
    server.state.received.length = 0;
    const emails = Array.from({ length: 6 }, (_, i) => `stall${i}@reader.example`);
    const campaign = await sendCampaign('Stalled', emails);
    // Until the sender has met the silence and its greeting timeout has passed, however late its job started.
    for (const until = Date.now() + 30_000; server.state.stalled === 0 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 50));
    expect(server.state.stalled).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, TIMEOUTS.greetingMs + 1000));
    expect(server.state.received).toEqual([]);
    expect((await campaign.get()).stats).toMatchObject({ sent: 0, failed: 0, inDoubt: 0 });
    server.state.mode = 'ok';
    await waitSent(campaign);
    expect((await campaign.get()).stats).toMatchObject({ recipients: 6, sent: 6, failed: 0, inDoubt: 0, bounced: 0 });
    expect(server.state.received.sort()).toEqual(emails.sort());
    // The ones tried while the server was silent were queued again (retried), not closed.
    const [{ retried }] = await t.sql<{ retried: number }>('select count(*)::int as retried from campaign_deliveries where campaign_id = $1 and attempts > 1', [campaign.id]);
    expect(retried).toBeGreaterThan(0);
  }, 90_000);

  it('a server that drops the connection after DATA: those deliveries are in doubt and never sent again; the campaign is sent', async () => {
    server.state.mode = 'drop-after-data';
    server.state.received.length = 0;
    const campaign = await sendCampaign('Dropped', ['drop1@reader.example', 'drop2@reader.example']);
    await waitSent(campaign);
    expect((await campaign.get()).stats).toMatchObject({ recipients: 2, sent: 0, failed: 2, inDoubt: 2 });
    await new Promise((r) => setTimeout(r, 1000));
    // Each was handed over exactly once: no duplicate.
    expect(server.state.received.sort()).toEqual(['drop1@reader.example', 'drop2@reader.example']);
    server.state.mode = 'ok';
  }, 90_000);
});
