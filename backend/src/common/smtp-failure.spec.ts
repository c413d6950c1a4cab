import { smtpFailureKind } from './smtp-failure.js';

const err = (fields: Record<string, unknown>) => Object.assign(new Error('x'), fields);

describe('smtpFailureKind (issue #35: not sent, in doubt, rejected)', () => {
  it('a 5xx is a rejection whenever it comes', () => {
    expect(smtpFailureKind(err({ responseCode: 550 }), false)).toBe('rejected');
    expect(smtpFailureKind(err({ responseCode: 554 }), true)).toBe('rejected');
  });

  it('a 4xx is not sent, even after the message: the server answered that it did not take it', () => {
    expect(smtpFailureKind(err({ responseCode: 421 }), false)).toBe('not-sent');
    expect(smtpFailureKind(err({ responseCode: 451 }), true)).toBe('not-sent');
  });

  it('any failure before the message was handed over is not sent: refused, DNS, no greeting, dropped before DATA', () => {
    for (const fields of [{ code: 'ESOCKET', originalCode: 'ECONNREFUSED' }, { code: 'EDNS' }, { code: 'ETIMEDOUT', timeoutType: 'GREETING_TIMEOUT' },
      { code: 'ECONNECTION' }, { code: 'EABORT' }]) {
      expect(smtpFailureKind(err(fields), false)).toBe('not-sent');
    }
  });

  it('a failure with no answer after the message was handed over is in doubt: connection lost, no final reply in time', () => {
    for (const fields of [{ code: 'ECONNECTION' }, { code: 'ETIMEDOUT', timeoutType: 'SOCKET_TIMEOUT' }, { code: 'EABORT' }, { code: 'ESOCKET', originalCode: 'ECONNRESET' }]) {
      expect(smtpFailureKind(err(fields), true)).toBe('in-doubt');
    }
    expect(smtpFailureKind(undefined, true)).toBe('in-doubt');
    expect(smtpFailureKind(null, false)).toBe('not-sent');
  });
});
