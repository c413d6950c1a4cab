/** API shapes of the mail and jobs admin (issue #16), shared by the server and the admin. */

/** One message of the Outbox list (the mail_outbox table, newest first). */
export interface OutboxItemDto {
  id: string;
  date: string;
  to: string;
  subject: string;
}

/** One Outbox message, parsed as a mail client reads it. */
export interface OutboxMessageDto extends OutboxItemDto {
  from: string;
  messageId: string | null;
  /** Every header line as received, in order (List-Unsubscribe and the like). */
  headers: Array<{ name: string; value: string }>;
  /** The HTML part as sent: the admin shows it in a sandboxed iframe (no scripts, no same origin). */
  html: string | null;
  text: string | null;
}

/** A job the admin should look at: it failed every attempt ('failed'), and its copy waits in the dead-letter queue ('dead'). */
export interface ProblemJobDto {
  id: string;
  queue: string;
  kind: 'failed' | 'dead';
  data: unknown;
  error: string | null;
  retryCount: number;
  createdAt: string;
  finishedAt: string | null;
}
