import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DATABASE, type DatabaseConnection } from '../db/connection.js';
import { JobsService } from '../jobs/jobs.service.js';
import { MailSender, type LetterHandle } from './mail-sender.js';
import { MailSendError, PermanentMailError, type Letter, type MailReceipt, type OutgoingMail } from './mail.types.js';
import { SEND_MAIL_QUEUE } from '../jobs/queues.js';

export type PermanentFailureListener = (message: OutgoingMail, error: PermanentMailError) => Promise<void>;

/**
 * Outgoing mail (issue #16). `enqueue` stores the message as a pg-boss job and returns — never waiting on the
 * mail server, so a request that causes a mail never fails because of it. The worker sends it (nodemailer, to
 * SMTP_URL, or kept in the Outbox table); a down server or a 4xx is retried with backoff (about 5 s, 10 s,
 * 20 s … over ~2.5 hours), then the job lands in the dead-letter queue the admin sees. A 5xx is final: no retry,
 * and the listener named in `message.bounce` is told, so the caller can record the bounce. Every message is built
 * and sent by MailSender in the process that runs the jobs (a worker, or `all`'s worker child: issue #32), never on
 * the event loop that answers web requests; a web copy only enqueues.
 */
@Injectable()
export class MailService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly sender: MailSender;
  private readonly listeners = new Map<string, PermanentFailureListener>();

  constructor(
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE) db: DatabaseConnection,
  ) {
    this.sender = new MailSender(
      { smtpUrl: config.smtpUrl, from: config.mailFrom, databaseUrl: db.url, timeouts: config.smtpTimeouts },
      config.connections.mail,
    );
  }

  onModuleInit(): void {
    void this.jobs.register<OutgoingMail>(SEND_MAIL_QUEUE, (message) => this.deliverQueued(message), {
      retryLimit: 10,
      retryDelaySeconds: 5,
      expireInSeconds: 120,
      concurrency: 2,
    });
  }

  onApplicationShutdown(): Promise<void> {
    return this.sender.close();
  }

  /** Stores the message for sending; resolves once it is stored (the job id). */
  async enqueue(message: OutgoingMail): Promise<string> {
    const id = await this.jobs.send(SEND_MAIL_QUEUE, message);
    if (!id) throw new Error('Mail: the send-mail job was not stored');
    return id;
  }

  /**
   * Sends now, in the caller's time (a campaign's fan-out, which keeps its own per-recipient record).
   * Throws PermanentMailError on a 5xx, any other error when the send should be tried again later.
   */
  send(message: OutgoingMail): Promise<MailReceipt> {
    return this.sender.send(message);
  }

  /**
   * A letter for a fan-out (one campaign run): each `send(to, fills)` gives only the recipient and their slot
   * values; `close()` when the run ends. Errors as `send`.
   */
  letter(letter: Letter): LetterHandle {
    return this.sender.letter(letter);
  }

  /** Names a listener that messages can ask (`bounce.listener`) to be told of a permanent rejection. */
  onPermanentFailure(name: string, listener: PermanentFailureListener): void {
    this.listeners.set(name, listener);
  }

  private async deliverQueued(message: OutgoingMail): Promise<MailReceipt | { bounced: string } | { inDoubt: string }> {
    try {
      const receipt = await this.sender.send(message);
      if (receipt.via === 'outbox') this.logger.log(`Outbox: "${message.subject}" to ${message.to} (${receipt.outboxId})`);
      return receipt;
    } catch (error) {
      // Handed over and then no answer (issue #35): the server may deliver it, so the job ends here rather than
      // sending a second copy; the job's output says so. Not sent (no greeting, refused, a 4xx) throws: retried.
      if (error instanceof MailSendError && error.kind === 'in-doubt') {
        this.logger.warn(`In doubt (handed over, no answer): "${message.subject}" to ${message.to}: ${error.message}`);
        return { inDoubt: error.message };
      }
      if (!(error instanceof PermanentMailError)) throw error;
      this.logger.warn(`Rejected for good (${error.responseCode}): "${message.subject}" to ${message.to}`);
      const listener = message.bounce ? this.listeners.get(message.bounce.listener) : undefined;
      // A failing listener is retried with the job (the send is not: it was answered for good).
      if (listener) await listener(message, error);
      return { bounced: error.message };
    }
  }
}
