/**
 * The mail thread (backend/src/mail/mail-thread.ts): every message is built and sent in a worker thread, and a
 * fan-out hands over a letter once and then only each recipient's slot values. Against a real SMTP server.
 */
import type { Worker } from 'node:worker_threads';
import { MailThread } from '../src/mail/mail-thread.js';
import { PermanentMailError } from '../src/mail/mail.types.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { tempDir, type TempDir } from './support/temp-dir.js';

const LETTER = {
  subject: 'This week',
  html: '<p>Hello <a href="https://site.example/click?r=%%R%%">the deal</a></p><div>%%OWN%%</div>',
  text: 'Hello: https://site.example/click?r=%%R%%\n%%OWN%%',
  headers: { 'List-Unsubscribe': '<https://site.example/unsubscribe?token=%%R%%>' },
};

describe('the mail thread', () => {
  let sink: SmtpSink;
  let thread: MailThread;
  let outbox: TempDir;
  const start = async (delayMs?: number) => {
    sink = await startSmtpSink(delayMs ? { delayMs } : {});
    outbox = tempDir('vtf-thread-');
    thread = new MailThread({ smtpUrl: sink.url, from: 'News <news@site.example>', outboxDir: outbox.path, timeouts: { connectMs: 10_000, greetingMs: 10_000, replyMs: 20_000, messageMs: 60_000 } });
  };
  afterEach(async () => {
    await thread.close();
    await sink.close();
    outbox.remove();
  });

  it("sends each copy of a letter with that recipient's values in the HTML, the plain text and the headers", async () => {
    await start();
    const letter = thread.letter(LETTER);
    await Promise.all([
      letter.send('ann@reader.example', { '%%R%%': 'token-ann', '%%OWN%%': { html: '<b>Firms you follow</b>', text: 'Firms you follow' } }),
      letter.send('bob@reader.example', { '%%R%%': 'token-bob', '%%OWN%%': '' }),
    ]);
    letter.close();
    const [ann] = sink.to('ann@reader.example');
    const [bob] = sink.to('bob@reader.example');
    expect(ann!.parsed.subject).toBe('This week');
    expect(ann!.parsed.html).toContain('https://site.example/click?r=token-ann');
    expect(ann!.parsed.html).toContain('<b>Firms you follow</b>');
    expect(ann!.parsed.text).toContain('https://site.example/click?r=token-ann\nFirms you follow');
    expect(ann!.parsed.headerLines.find((h) => h.key === 'list-unsubscribe')!.line).toContain('token=token-ann');
    expect(bob!.parsed.html).toContain('r=token-bob');
    expect(bob!.raw.toString()).not.toMatch(/token-ann|Firms you follow|%%/);
  });

  it('reports a permanent refusal (5xx) as PermanentMailError with its code', async () => {
    await start();
    sink.refuse(550, (address) => address === 'gone@reader.example');
    await expect(thread.send({ to: 'gone@reader.example', subject: 'S', html: '<p>x</p>', text: 'x' })).rejects.toMatchObject({
      constructor: PermanentMailError, responseCode: 550,
    });
  });

  it('a thread that dies fails the message in flight without an SMTP code (in doubt), and the next message goes out on a new one', async () => {
    await start(2000);
    const inFlight = thread.send({ to: 'first@reader.example', subject: 'S', html: '<p>x</p>', text: 'x' });
    // The server has the message and has not answered yet: the thread dies now.
    await sink.waitFor(1);
    await (thread as unknown as { worker: Worker }).worker.terminate();
    const error = (await inFlight.catch((e: unknown) => e)) as Error & { responseCode?: number };
    expect(error.message).toMatch(/mail thread stopped/);
    expect(error.responseCode).toBeUndefined();
    await expect(thread.send({ to: 'second@reader.example', subject: 'S', html: '<p>y</p>', text: 'y' })).resolves.toMatchObject({ via: 'smtp' });
    expect(sink.to('second@reader.example')).toHaveLength(1);
  });
});
