import { verifyToken } from '../common/signed-token.js';
import { FOLLOWS_SLOT, RECIPIENT_SLOT, UNSUBSCRIBE_SLOT } from './templates/slots.js';
import { verifyUnsubscribeToken } from './unsubscribe-token.js';
import { MailSendError } from './mail.types.js';
import { notAccepted, RECIPIENT_PURPOSE, recipientFills } from './fan-out.js';

const keys = { recipient: Buffer.alloc(32, 1), unsubscribe: Buffer.alloc(32, 2) };

describe('recipientFills', () => {
  it("fills a recipient's links with tokens that name them, each signed with its own key", () => {
    const fills = recipientFills(keys, 42);
    expect(verifyToken([keys.recipient], RECIPIENT_PURPOSE, fills[RECIPIENT_SLOT])).toMatchObject({ ok: true, subject: '42' });
    expect(verifyUnsubscribeToken(fills[UNSUBSCRIBE_SLOT], keys.unsubscribe)).toBe(42);
    // Neither token passes for the other key: a click token cannot unsubscribe, and the reverse.
    expect(verifyUnsubscribeToken(fills[RECIPIENT_SLOT], keys.unsubscribe)).toBeNull();
    expect(verifyToken([keys.recipient], RECIPIENT_PURPOSE, fills[UNSUBSCRIBE_SLOT]).ok).toBe(false);
    expect(fills[FOLLOWS_SLOT]).toBe('');
  });

  it("carries a digest reader's own section, HTML and text apart", () => {
    const section = { html: '<h2>Firms you follow</h2>', text: 'Firms you follow' };
    expect(recipientFills(keys, 7, section)[FOLLOWS_SLOT]).toEqual(section);
  });
});

describe('notAccepted (whether a failed message may be queued again)', () => {
  it('is true when the server answered (4xx) or no connection was made', () => {
    expect(notAccepted(Object.assign(new Error('busy'), { responseCode: 451 }))).toBe(true);
    expect(notAccepted(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(notAccepted(Object.assign(new Error('dns'), { code: 'ESOCKET', originalCode: 'ENOTFOUND' }))).toBe(true);
  });

  it("follows the transport's verdict when there is one (issue #35): a greeting timeout is not sent, a loss after DATA in doubt", () => {
    expect(notAccepted(new MailSendError('Greeting never received', 'not-sent', 'ETIMEDOUT'))).toBe(true);
    expect(notAccepted(new MailSendError('Connection closed unexpectedly', 'in-doubt', 'ECONNECTION'))).toBe(false);
    expect(notAccepted(Object.assign(new Error('crossed threads'), { kind: 'not-sent', code: 'ECONNRESET' }))).toBe(true);
  });

  it('is false for a connection lost mid-message or a thread that died: the message may have arrived', () => {
    expect(notAccepted(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(false);
    expect(notAccepted(new Error('The mail thread stopped (exit 1) before the server answered'))).toBe(false);
  });
});
