/**
 * The one delivery rule of bulk mail, campaigns and alerts alike (docs/decisions/campaign-at-most-once.md, issue #32):
 * at most once. A message whose outcome is unknown — handed to the server and then no answer, or its sender gone
 * between the hand-over and the record — may have arrived, so it is closed "in doubt" and never sent again; only a
 * failure that certainly left nothing at the server is tried again.
 */

/** Why a delivery is closed without a second try. */
export const IN_DOUBT = 'Interrupted mid-send: it may have arrived, so it is not sent again';

/**
 * Whether a failed send certainly left nothing at the server. The transport knows (MailSendError's kind: whether the
 * message was handed over, common/smtp-failure.ts); an error without a kind is judged by its
 * code: the server answered (4xx), or no connection was made.
 */
export function notAccepted(error: unknown): boolean {
  const e = error as { responseCode?: number; originalCode?: string; code?: string; kind?: unknown };
  if (e.kind === 'not-sent' || e.kind === 'in-doubt') return e.kind === 'not-sent';
  if (typeof e.responseCode === 'number') return true;
  return ['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'].includes(e.originalCode ?? e.code ?? '');
}
