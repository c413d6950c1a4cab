import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import pg from 'pg';
import { smtpFailureKind } from '../common/smtp-failure.js';
import type { SmtpTimeouts } from '../config/config.js';
import { MailSendError, PermanentMailError, type MailReceipt, type OutgoingMail } from './mail.types.js';

/** Outbox ids (the mail_outbox table's key): the send time then random bytes, so sorting ids sorts by time. */
export const OUTBOX_ID = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;

function outboxId(now = new Date()): string {
  return `${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}`;
}

export interface MailTransportOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Where the Outbox is kept without SMTP_URL: the site's database (table mail_outbox), shared by every copy. */
  databaseUrl: string;
  timeouts: SmtpTimeouts;
}

/**
 * `allRead`: set once the SMTP connection has read the last of the message's bytes (it reads them only after the
 * server's 354 to DATA). Only then can the final dot have gone out: before it the server holds at most a partial
 * message, which SMTP discards when the connection ends, so a failure then is certainly "not sent" (issue #32: a
 * copy frozen mid-body whose connection the server closed meanwhile sends the message again, once).
 */
interface HandOver { allRead: boolean }

/** The awake clock's tick, and the most one tick counts: a longer gap is time the process did not run. */
const AWAKE_TICK_MS = 100;
const AWAKE_STEP_MAX_MS = 1000;
/**
 * Stands in for nodemailer's silence timeout (socketTimeout), whose timer would fire first thing after the process
 * was frozen, before the server's answer waiting in the socket is read (issue #32): idle pooled connections are
 * left to the server to close.
 */
const IDLE_SOCKET_MS = 24 * 60 * 60 * 1000;

/**
 * The time limits of one message, counted in time this process ran (issue #32): a process frozen (SIGSTOP, a starved
 * VM) for longer than a limit must not, once it runs again, judge a message "no answer, in doubt" whose answer was
 * waiting in its socket all along. Wall-clock timers fire before pending reads after a freeze; this clock counts a
 * long gap between its ticks as one step, so the socket is read first. Aborts `controller` when the whole message
 * exceeds `messageMs`, or the final reply (after the last byte was read) `replyMs`.
 */
function awakeDeadline(controller: AbortController, handOver: HandOver, timeouts: SmtpTimeouts): () => void {
  let awake = 0;
  let allReadAt: number | undefined;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    awake += Math.min(now - last, AWAKE_STEP_MAX_MS);
    last = now;
    if (handOver.allRead) allReadAt ??= awake;
    if (awake > timeouts.messageMs || (allReadAt !== undefined && awake - allReadAt > timeouts.replyMs)) {
      clearInterval(timer);
      controller.abort(new Error('Timeout: no answer from the mail server'));
    }
  }, AWAKE_TICK_MS);
  return () => clearInterval(timer);
}

/** The largest piece the connection takes at once: the socket's backpressure then paces how far it has read. */
const HAND_OVER_PIECE = 64 * 1024;

/**
 * The message stream as the connection reads it, marking when its last byte was taken. nodemailer builds the message
 * into a buffered stream ahead of time (often one buffer), so only this last stage, which nothing reads before DATA is
 * answered, tells "all handed over" from "not yet"; it gives the bytes in pieces, so a large message is taken only
 * as fast as the socket writes it, and the end is marked only when the connection has taken the last piece.
 */
function watchHandOver(input: Readable, handOver: HandOver): Readable {
  const pieces: Buffer[] = [];
  let inputEnded = false;
  let waiting = false;
  /** Gives the connection its next piece; false when none is there yet (the input is asked for more). */
  const give = (): boolean => {
    const chunk = pieces.shift();
    if (chunk) {
      if (chunk.length > HAND_OVER_PIECE) pieces.unshift(chunk.subarray(HAND_OVER_PIECE));
      output.push(chunk.subarray(0, HAND_OVER_PIECE));
    } else if (inputEnded) {
      output.push(null);
    } else {
      return false;
    }
    return true;
  };
  const output = new Readable({
    read() {
      if (give()) return;
      waiting = true;
      input.resume();
    },
    destroy(error, callback) {
      input.destroy();
      callback(error);
    },
  });
  const answerWaiting = () => {
    if (waiting && give()) waiting = false;
  };
  input.on('data', (chunk: Buffer) => {
    pieces.push(chunk);
    input.pause();
    answerWaiting();
  });
  input.pause();
  input.once('end', () => {
    inputEnded = true;
    answerWaiting();
  });
  output.once('end', () => (handOver.allRead = true));
  input.once('error', (error) => output.destroy(error));
  return output;
}

/**
 * nodemailer, set up once: a pool of SMTP connections to SMTP_URL, or — without one — its stream transport, which
 * builds the exact bytes an SMTP server would have received, kept as a row of mail_outbox (the admin's Outbox).
 */
export class MailTransport {
  /** Builds a message's exact bytes (the outbox's file, or what the SMTP pool sends in one piece). */
  private readonly builder: Mail;
  private readonly smtp: Mail | undefined;
  /** Only without SMTP: one connection, since messages are kept one short insert at a time. */
  private outbox: pg.Pool | undefined;
  /** The sender's domain, the right side of each Message-ID (as nodemailer's own would be). */
  private readonly messageIdDomain: string;

  constructor(private readonly options: MailTransportOptions) {
    this.messageIdDomain = /@([^>\s]+)/.exec(options.from)?.[1] ?? 'localhost';
    this.builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    // Timeouts (config: SMTP_*_TIMEOUT_MS) well inside a campaign job's slice and expiry (CampaignSender), instead of
    // nodemailer's 10 minutes. Connecting and the greeting are nodemailer's (wall clock: a freeze there only makes the
    // message not sent, tried again); the final reply and the whole message are bounded in send(), in time this
    // process ran (awakeDeadline).
    const { timeouts } = options;
    this.smtp = options.smtpUrl
      ? nodemailer.createTransport({
          url: options.smtpUrl, pool: true, maxConnections: 8, maxMessages: 1000,
          connectionTimeout: timeouts.connectMs, greetingTimeout: timeouts.greetingMs, socketTimeout: IDLE_SOCKET_MS,
        } as Parameters<typeof nodemailer.createTransport>[0])
      : undefined;
    this.smtp?.use('stream', (mail, done) => {
      const handOver = (mail.data as { handOver?: HandOver }).handOver;
      if (handOver) mail.message.processFunc((input) => watchHandOver(input as Readable, handOver));
      done();
    });
  }

  get viaSmtp(): boolean {
    return this.options.smtpUrl !== undefined;
  }

  /**
   * Sends one message. A 5xx answer throws PermanentMailError; any other failure throws MailSendError, `not-sent`
   * (never handed over, or a 4xx: try again) or `in-doubt` (handed over, no answer: the server may have it).
   */
  async send(message: OutgoingMail): Promise<MailReceipt> {
    // nodemailer draws six random values per message for its Message-ID and part boundaries, 4 % of a campaign's CPU
    // in the send bench's profile; one UUID serves both (a boundary needs only to be unique to its message).
    const unique = randomUUID();
    const mail: Mail.Options & { baseBoundary: string } = {
      messageId: `<${unique}@${this.messageIdDomain}>`,
      baseBoundary: unique,
      from: this.options.from,
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      headers: message.headers,
    };
    // The whole message is built first and handed to the connection as one buffer: streamed part by part, each
    // small piece became a socket write of its own (a third of a campaign's CPU in the send bench's profile).
    const built = (await this.builder.sendMail(mail)) as { messageId: string; message: Buffer; envelope: { from: string; to: string[] } };
    if (!this.smtp) {
      const id = outboxId();
      await this.outboxPool().query('insert into mail_outbox (id, eml) values ($1, $2)', [id, built.message]);
      return { via: 'outbox', messageId: built.messageId, outboxId: id };
    }
    const handOver: HandOver = { allRead: false };
    const controller = new AbortController();
    const stopClock = awakeDeadline(controller, handOver, this.options.timeouts);
    try {
      const info = (await this.smtp.sendMail({
        envelope: built.envelope, raw: built.message, signal: controller.signal, handOver,
      } as Mail.Options)) as { response: string };
      return { via: 'smtp', messageId: built.messageId, response: info.response };
    } catch (error) {
      const e = error as Error & { responseCode?: number; code?: string; originalCode?: string };
      const kind = smtpFailureKind(e, handOver.allRead);
      if (kind === 'rejected') throw new PermanentMailError(e.message, e.responseCode!);
      throw new MailSendError(e.message, kind, e.originalCode ?? e.code, e.responseCode);
    } finally {
      stopClock();
    }
  }

  close(): void {
    this.smtp?.close();
    void this.outbox?.end();
    this.outbox = undefined;
  }

  private outboxPool(): pg.Pool {
    if (!this.outbox) {
      this.outbox = new pg.Pool({ connectionString: this.options.databaseUrl, max: 1, application_name: 'vtf-outbox' });
      // An idle connection lost (the database restarting) is dropped by the pool; the next message opens another.
      this.outbox.on('error', () => undefined);
    }
    return this.outbox;
  }
}
