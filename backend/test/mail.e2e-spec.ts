import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobsService } from '../src/jobs/jobs.service.js';
import { MailService } from '../src/mail/mail.service.js';
import type { OutgoingMail, PermanentMailError } from '../src/mail/mail.types.js';
import { startTestApp, startTestAppWithSmtp, type TestApp } from './support/test-app.js';

const message = (to: string, subject = 'Hello'): OutgoingMail => ({
  to,
  subject,
  html: `<p>Hi <strong>${to}</strong></p>`,
  text: `Hi ${to}`,
  headers: { 'List-Id': 'Test <test.example.com>' },
});

describe('mail through SMTP (nodemailer → in-process smtp-server)', () => {
  let t: Awaited<ReturnType<typeof startTestAppWithSmtp>>;
  beforeAll(async () => {
    t = await startTestAppWithSmtp({ mailFrom: 'Deals <deals@test.example>' });
  });
  afterAll(() => t?.close());

  it('enqueue returns once the job is stored, and the message arrives with From, Message-ID, Date, both parts and the extra headers', async () => {
    const jobId = await t.app.get(MailService).enqueue(message('reader@test.example'));
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
    const [mail] = await t.smtp.waitFor(1, { filter: (m) => m.envelope.to.includes('reader@test.example') });
    expect(mail!.parsed.from?.value).toEqual([{ name: 'Deals', address: 'deals@test.example' }]);
    expect(mail!.parsed.subject).toBe('Hello');
    expect(mail!.parsed.messageId).toMatch(/^<.+@.+>$/);
    expect(mail!.parsed.date).toBeInstanceOf(Date);
    expect(mail!.parsed.html).toContain('<strong>reader@test.example</strong>');
    expect(mail!.parsed.text?.trim()).toBe('Hi reader@test.example');
    expect(mail!.parsed.headerLines).toContainEqual({ key: 'list-id', line: 'List-ID: Test <test.example.com>' });
    expect(mail!.parsed.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
  });

  it('a mail server that is down fails nothing: the message is stored, retried, and arrives once the server is back', async () => {
    await t.smtp.down();
    const stored = await t.app.get(MailService).enqueue(message('patient@test.example', 'While away'));
    expect(stored).toBeTruthy();
    // The first attempt fails (connection refused) and the job waits for its retry.
    for (let i = 0; i < 50; i++) {
      const [row] = await t.sql<{ state: string }>(`select state from pgboss.job where id = $1`, [stored]);
      if (row?.state === 'retry') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await t.sql<{ state: string }>(`select state from pgboss.job where id = $1`, [stored]))[0]?.state).toBe('retry');
    await t.smtp.up();
    const got = await t.smtp.waitFor(1, { timeoutMs: 30_000, filter: (m) => m.parsed.subject === 'While away' });
    expect(got).toHaveLength(1);
  }, 45_000);

  it('a permanent 5xx is not retried, and the listener the message names is told', async () => {
    const told: Array<{ ref: unknown; code: number }> = [];
    t.app.get(MailService).onPermanentFailure('test-bounces', async (m: OutgoingMail, e: PermanentMailError) => {
      told.push({ ref: m.bounce?.ref, code: e.responseCode });
    });
    t.smtp.refuse(550, (a) => a === 'gone@test.example');
    const id = await t.app.get(MailService).enqueue({ ...message('gone@test.example', 'Bounce me'), bounce: { listener: 'test-bounces', ref: 77 } });
    for (let i = 0; i < 100 && !told.length; i++) await new Promise((r) => setTimeout(r, 100));
    t.smtp.refuse(null);
    expect(told).toEqual([{ ref: 77, code: 550 }]);
    const [row] = await t.sql<{ state: string; retry_count: number }>(`select state, retry_count from pgboss.job where id = $1`, [id]);
    expect(row).toEqual({ state: 'completed', retry_count: 0 });
    expect(t.smtp.to('gone@test.example')).toHaveLength(0);
  });
});

describe('mail without SMTP_URL: the Outbox table and its admin screen', () => {
  let t: TestApp;
  let other: TestApp | undefined;
  const legacyDir = mkdtempSync(join(tmpdir(), 'vtf-outbox-'));
  const legacyId = '20261101T120000000Z-0123abcd';
  beforeAll(async () => {
    // A site upgraded from the file Outbox (before issue #32): its messages are still there afterwards.
    writeFileSync(join(legacyDir, `${legacyId}.eml`), 'From: a@test.example\r\nTo: old@test.example\r\nSubject: From the folder\r\nDate: Sat, 01 Nov 2026 12:00:00 +0000\r\n\r\nKept.\r\n');
    t = await startTestApp({ outboxDir: legacyDir });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const kept = async () => (await t.sql<{ n: number }>(`select count(*)::int as n from mail_outbox`))[0]!.n;

  it('keeps the exact .eml bytes in the database, which the admin lists newest first, reads parsed and downloads', async () => {
    expect(existsSync(legacyDir)).toBe(false);
    expect(readdirSync(`${legacyDir}-imported`)).toEqual([`${legacyId}.eml`]);
    const mail = t.app.get(MailService);
    await mail.enqueue(message('first@test.example', 'First'));
    for (let i = 0; i < 100 && (await kept()) < 2; i++) await new Promise((r) => setTimeout(r, 100));
    await mail.enqueue(message('second@test.example', 'Second <b>bold</b>'));
    for (let i = 0; i < 100 && (await kept()) < 3; i++) await new Promise((r) => setTimeout(r, 100));
    const rows = await t.sql<{ id: string; eml: Buffer }>(`select id, eml from mail_outbox where id <> $1 order by id`, [legacyId]);
    expect(rows).toHaveLength(2);
    const raw = rows[0]!.eml.toString('utf8');
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(raw).toMatch(/^Message-ID: </m);
    expect(raw).toMatch(/\r\n/);

    expect((await t.http().get('/_api/admin/outbox')).status).toBe(401);
    expect((await t.http().get(`/_api/admin/outbox/${rows[0]!.id}/eml`)).status).toBe(401);
    const admin = await t.signedIn();
    const list = await admin.get('/_api/admin/outbox').query({ range: '[0,9]' });
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toBe('outbox 0-2/3');
    expect(list.body.map((m: { subject: string }) => m.subject)).toEqual(['Second <b>bold</b>', 'First', 'From the folder']);
    expect(list.body[1]).toMatchObject({ to: 'first@test.example' });
    expect(list.body[2]).toMatchObject({ id: legacyId, to: 'old@test.example', date: '2026-11-01T12:00:00.000Z' });

    const one = await admin.get(`/_api/admin/outbox/${list.body[1].id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ subject: 'First', to: 'first@test.example', text: 'Hi first@test.example' });
    expect(one.body.html).toContain('<strong>first@test.example</strong>');
    expect(one.body.headers).toContainEqual({ name: 'list-id', value: 'Test <test.example.com>' });

    const file = await admin.get(`/_api/admin/outbox/${rows[0]!.id}/eml`).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('message/rfc822');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${rows[0]!.id}.eml"`);
    expect(Buffer.compare(file.body as Buffer, rows[0]!.eml)).toBe(0);

    for (const bad of ['nope', '..%2F..%2Fsession-secret', '20261125T000000000Z-00000000']) {
      for (const path of [`/_api/admin/outbox/${bad}`, `/_api/admin/outbox/${bad}/eml`]) {
        const res = await admin.get(path);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ statusCode: 404, message: 'Message not found' });
      }
    }
  });

  it("another copy of the site on the same database (a DATA_DIR of its own) shows the same Outbox", async () => {
    other = await startTestApp({ databaseUrl: t.databaseUrl });
    const list = await (await other.signedIn()).get('/_api/admin/outbox').query({ range: '[0,9]' });
    expect(list.status).toBe(200);
    expect(list.body.map((m: { subject: string }) => m.subject)).toEqual(['Second <b>bold</b>', 'First', 'From the folder']);
  });
});

describe('jobs: retries, the dead-letter queue, the admin retry, and two instances', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp();
    // A second instance of the app on the same database, as behind a load balancer.
    b = await startTestApp({ databaseUrl: a.databaseUrl, dataDir: a.config.dataDir });
  });
  afterAll(async () => {
    await b?.app.close();
    await a?.close();
  });

  it('a job sent many times runs exactly once each, across two instances that both work the queue', async () => {
    const runs: Array<{ n: number; by: string }> = [];
    await Promise.all([
      a.app.get(JobsService).register<{ n: number }>('test-once', async ({ n }) => void runs.push({ n, by: 'a' }), { concurrency: 2 }),
      b.app.get(JobsService).register<{ n: number }>('test-once', async ({ n }) => void runs.push({ n, by: 'b' }), { concurrency: 2 }),
    ]);
    for (let n = 0; n < 40; n++) await (n % 2 ? a : b).app.get(JobsService).send('test-once', { n });
    for (let i = 0; i < 100 && runs.length < 40; i++) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1500));
    expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    expect(new Set(runs.map((r) => r.by)).size).toBe(2);
  });

  it('the success-rate refresh is a pg-boss job repeated on one instance: one run waits, whatever the number of instances', async () => {
    const waiting = await a.sql<{ n: number; after: Date }>(
      `select count(*)::int as n, max(start_after) as after from pgboss.job where name = 'proof-figures-refresh' and state = 'created'`,
    );
    expect(waiting[0]!.n).toBe(1);
    // Due within REPORT_FIGURES_REFRESH_SECONDS (60 by default) of now.
    expect(new Date(waiting[0]!.after).getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    const done = await a.sql<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'proof-figures-refresh' and state = 'completed'`);
    expect(done[0]!.n).toBeGreaterThanOrEqual(1);
  });

  it('a job that keeps failing is retried, lands in the dead-letter queue the admin lists, and the admin sends it back', async () => {
    let attempts = 0;
    let healthy = false;
    await a.app.get(JobsService).register<{ what: string }>('test-flaky', async () => {
      attempts++;
      if (!healthy) throw new Error('the far end said no');
    }, { retryLimit: 1, retryDelaySeconds: 1 });
    await a.app.get(JobsService).send('test-flaky', { what: 'x' });
    const admin = await a.signedIn();
    let dead: Array<{ id: string; queue: string; kind: string; error: string; data: unknown }> = [];
    for (let i = 0; i < 100 && !dead.length; i++) {
      await new Promise((r) => setTimeout(r, 100));
      dead = (await admin.get('/_api/admin/jobs').query({ filter: JSON.stringify({ kind: 'dead' }) })).body;
    }
    expect(attempts).toBe(2);
    expect(dead).toEqual([expect.objectContaining({ queue: 'test-flaky', kind: 'dead', data: { what: 'x' } })]);
    const failed = (await admin.get('/_api/admin/jobs').query({ filter: JSON.stringify({ kind: 'failed', queue: 'test-flaky' }) })).body;
    expect(failed).toEqual([expect.objectContaining({ queue: 'test-flaky', kind: 'failed', error: 'the far end said no' })]);
    expect((await a.http().get('/_api/admin/jobs')).status).toBe(401);

    healthy = true;
    const retried = await admin.post(`/_api/admin/jobs/${dead[0]!.id}/retry`);
    expect(retried.status).toBe(200);
    for (let i = 0; i < 50 && attempts < 3; i++) await new Promise((r) => setTimeout(r, 100));
    expect(attempts).toBe(3);
    expect((await admin.get('/_api/admin/jobs').query({ filter: JSON.stringify({ kind: 'dead' }) })).body).toEqual([]);
    expect((await admin.post(`/_api/admin/jobs/${dead[0]!.id}/retry`)).status).toBe(404);
    expect((await admin.post('/_api/admin/jobs/not-a-uuid/retry')).body).toMatchObject({ statusCode: 404, message: 'Job not found' });
    expect((await admin.get('/_api/admin/jobs').query({ filter: JSON.stringify({ kind: 'other' }) })).status).toBe(400);
  });
});
