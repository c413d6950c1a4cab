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

/**
 * A message set once and sent to many (a campaign): its HTML, plain text and header values hold slots — placeholder
 * strings — that each copy fills with its recipient's parts (fillLetter). The subject is the same for everyone.
 */
export type Letter = Omit<OutgoingMail, 'to' | 'bounce'>;

/** One recipient's slot values: the same text in every part, or one for the HTML part and one for the plain text. */
export type SlotFills = Record<string, string | { html: string; text: string }>;

/** A letter's copy for `to`: every slot in the HTML, the plain text and the header values replaced. */
export function fillLetter(letter: Letter, to: string, fills: SlotFills): OutgoingMail {
  const fill = (value: string, part: 'html' | 'text') => {
    let out = value;
    for (const [slot, fillIn] of Object.entries(fills)) out = out.replaceAll(slot, typeof fillIn === 'string' ? fillIn : fillIn[part]);
    return out;
  };
  return {
    to,
    subject: letter.subject,
    html: fill(letter.html, 'html'),
    text: fill(letter.text, 'text'),
    ...(letter.headers && { headers: Object.fromEntries(Object.entries(letter.headers).map(([name, value]) => [name, fill(value, 'text')])) }),
  };
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

/**
 * A send that failed without a final answer from the server (issue #35, common/smtp-failure.ts): `not-sent` — the
 * message never reached the server, try again; `in-doubt` — it was handed over and the answer was lost, never again.
 */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly kind: 'not-sent' | 'in-doubt',
    readonly code?: string,
    readonly responseCode?: number,
  ) {
    super(message);
  }
}

/** Where a message went: the SMTP server (its answer) or the Outbox (its id in mail_outbox). */
export type MailReceipt = { via: 'smtp'; messageId: string; response: string } | { via: 'outbox'; messageId: string; outboxId: string };
