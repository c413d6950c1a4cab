/**
 * Rules of "no lost edits" (issue #20) shared by the API and the admin: what a stale save answers,
 * and which fields of each admin resource are the server's to set (both API faces ignore them in a body).
 */

/** The resources whose saves are versioned, with the words a conflict message names them by. */
export const VERSIONED_RESOURCES = {
  'blog-posts': 'This blog post',
  companies: 'This company',
  discounts: 'This discount',
  campaigns: 'This campaign',
  users: 'This user',
} as const;
export type VersionedResource = keyof typeof VERSIONED_RESOURCES;

/**
 * Fields a client may send back (react-admin sends the whole record) but never sets: declared once here. On
 * `PUT /:id` ReadOnlyFieldsInterceptor drops them when they equal the record's own (a stock update sends them
 * back as served) and refuses a changed one by name, so a field added to an answer is not writable by accident.
 * `id` is not listed: the SPEC face names the record by it.
 */
export const READ_ONLY_FIELDS: Record<string, readonly string[]> = {
  'blog-posts': ['createdAt', 'updatedAt'],
  companies: ['createdAt', 'updatedAt', 'ratingSource', 'logoBackground'],
  discounts: [
    'company', 'clicks', 'createdAt', 'updatedAt',
    'lastVerifiedAt', 'lastCheckResult', 'reportsCount', 'workedCount', 'successRate', 'failingSince', 'heldReports',
  ],
  'firm-changes': ['company', 'createdAt', 'updatedAt'],
  campaigns: ['kind', 'status', 'sentAt', 'stats', 'createdAt', 'updatedAt'],
  'newsletter-subscribers': ['email', 'subscribedAt', 'source', 'confirmedAt', 'bouncedAt'],
  users: ['email', 'displayName', 'status', 'invitedAt', 'createdAt', 'updatedAt', 'lastSignInAt'],
  'payout-reports': [
    'companyId', 'companyName', 'companySlug', 'programName', 'accountSize', 'amount', 'requestedOn', 'outcome', 'resolvedOn',
    'firmReason', 'note', 'proof', 'createdAt', 'claimId', 'userId', 'userEmail', 'flagged', 'flagReason', 'reviewedAt',
  ],
  'payout-claims': [
    'reportId', 'companyName', 'companySlug', 'amount', 'accountId', 'statement', 'purchaseEvidence', 'paidOn', 'createdAt',
    'decidedAt', 'timeline', 'userId', 'userEmail', 'overdue',
  ],
};

/**
 * Read-only fields that move on their own between a client's load and its save (counters, visitor answers, the
 * server's clocks): dropped from a PUT whatever they hold, since a difference there is the world's, not the
 * client's. Every one is also in READ_ONLY_FIELDS.
 */
export const LIVE_FIELDS: ReadonlySet<string> = new Set([
  'updatedAt', 'clicks', 'reportsCount', 'workedCount', 'successRate', 'failingSince', 'heldReports', 'lastVerifiedAt',
  'lastCheckResult', 'status', 'sentAt', 'stats', 'lastSignInAt', 'flagged', 'flagReason', 'reviewedAt', 'claimId', 'bouncedAt',
  'paidOn', 'decidedAt', 'timeline', 'overdue',
]);

/** "2026-11-25 14:02 UTC": one reading for every viewer, whatever their zone. */
export function conflictTime(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The 409 a save from an older version answers. */
export function editConflictMessage(what: string, by: string, at: Date): string {
  return `${what} was changed by ${by} at ${conflictTime(at)}. Reload to see their changes.`;
}

/** Who a conflict names when the log does not say (a change made before the log, or by a script). */
export const UNKNOWN_EDITOR = 'another user';
