/**
 * What a failed SMTP send means for the message (issue #35). The one fact that decides it is whether the message was
 * handed to the server: the server answered DATA with 354 and the whole body went out, so the final dot may have
 * reached it (a partial body is discarded by the server when the connection ends: not handed over, issue #32):
 * - the server answered with a 5xx: rejected for good (a bounce; never tried again);
 * - it answered with a 4xx, or the message was never handed over (refused, DNS, no greeting, a dropped connection
 *   before DATA or in the middle of the body, a 4xx to MAIL FROM / RCPT TO): not sent — nothing is at the server, so it is tried again;
 * - it was handed over and then no answer came (connection lost, or no final reply in time): in doubt — the server
 *   may have it and may deliver it, so it is never sent again (a duplicate is worse than one in doubt).
 */
export type SmtpFailureKind = 'rejected' | 'not-sent' | 'in-doubt';

export function smtpFailureKind(error: unknown, handedOver: boolean): SmtpFailureKind {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  if (typeof code === 'number' && code >= 500 && code < 600) return 'rejected';
  if (typeof code === 'number' && code >= 400 && code < 500) return 'not-sent';
  return handedOver ? 'in-doubt' : 'not-sent';
}
