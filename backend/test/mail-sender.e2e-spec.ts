/**
 * The mail sender (backend/src/mail/mail-sender.ts): a fan-out's letter is set once and each copy gets only its
 * recipient's slot values; a 5xx is a PermanentMailError. Against a real SMTP server. (A sender's process dying
 * mid-send: e2e/roles.e2e.ts and e2e/campaign-kill.e2e.ts.)
 */
import { MailSender } from '../src/mail/mail-sender.js';
import { PermanentMailError } from '../src/mail/mail.types.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';

/** Mail goes to the SMTP sink here: the outbox's database is never reached. */
const NO_OUTBOX = 'postgres://outbox-unused.invalid/none';
const LETTER = {
  subject: 'This week',
  html: '<p>Hello <a href="https://site.example/click?r=%%R%%">the deal</a></p><div>%%OWN%%</div>',
  text: 'Hello: https://site.example/click?r=%%R%%\n%%OWN%%',
  headers: { 'List-Unsubscribe': '<https://site.example/unsubscribe?token=%%R%%>' },
};

describe('the mail sender', () => {
  let sink: SmtpSink;
  let sender: MailSender;
  const start = async () => {
    sink = await startSmtpSink();
    sender = new MailSender({ smtpUrl: sink.url, from: 'News <news@site.example>', databaseUrl: NO_OUTBOX, timeouts: { connectMs: 10_000, greetingMs: 10_000, replyMs: 20_000, messageMs: 60_000 } }, 1);
  };
  afterEach(async () => {
    await sender.close();
    await sink.close();
  });

  it("sends each copy of a letter with that recipient's values in the HTML, the plain text and the headers", async () => {
    await start();
    const letter = sender.letter(LETTER);
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
    await expect(sender.send({ to: 'gone@reader.example', subject: 'S', html: '<p>x</p>', text: 'x' })).rejects.toMatchObject({
      constructor: PermanentMailError, responseCode: 550,
    });
  });
});
