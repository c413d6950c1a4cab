/** One message as the app hands it over: persisted as a pg-boss job's data, so plain JSON. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  /** The plain-text part; every message has one. */
  text: string;
  /** Extra header lines (List-Unsubscribe, List-Unsubscribe-Post, List-Id …). Message-ID, Date and MIME are nodemailer's. */
  headers?: Record<string, string>;
  /**
   * Who is told if the server rejects the message for good (a 5xx): the name a module gave
   * MailService.onPermanentFailure, and anything that listener needs (e.g. the subscriber's id).
   */
  bounce?: { listener: string; ref?: string | number };
}

/** A message the receiving server refused for good (SMTP 5xx): never retried; the caller records it as a bounce. */
export class PermanentMailError extends Error {
  constructor(
    message: string,
    readonly responseCode: number,
  ) {
    super(message);
  }
}

/** Where a message went: the SMTP server (its answer) or the outbox folder (the file's id). */
export type MailReceipt = { via: 'smtp'; messageId: string; response: string } | { via: 'outbox'; messageId: string; outboxId: string };
