import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { PermanentMailError, type MailReceipt, type OutgoingMail } from './mail.types.js';

/** Outbox file names: the send time then random bytes, so sorting names sorts by time. */
export const OUTBOX_ID = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;

function outboxId(now = new Date()): string {
  return `${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}`;
}

/**
 * nodemailer, set up once: a pool of SMTP connections to SMTP_URL, or — without one — its stream transport, which
 * builds the exact bytes an SMTP server would have received, written as DATA_DIR/outbox/<id>.eml.
 */
export class MailTransport {
  private readonly transporter: Mail;

  constructor(
    private readonly options: { smtpUrl: string | undefined; from: string; outboxDir: string },
  ) {
    this.transporter = options.smtpUrl
      ? nodemailer.createTransport({ url: options.smtpUrl, pool: true, maxConnections: 4, maxMessages: 1000 } as Parameters<typeof nodemailer.createTransport>[0])
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  }

  get viaSmtp(): boolean {
    return this.options.smtpUrl !== undefined;
  }

  /** Sends one message. A 5xx answer throws PermanentMailError; anything else that fails (server down, 4xx) throws as is. */
  async send(message: OutgoingMail): Promise<MailReceipt> {
    const mail: Mail.Options = {
      from: this.options.from,
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      headers: message.headers,
    };
    if (!this.options.smtpUrl) {
      const info = (await this.transporter.sendMail(mail)) as { messageId: string; message: Buffer };
      const id = outboxId();
      await mkdir(this.options.outboxDir, { recursive: true });
      await writeFile(join(this.options.outboxDir, `${id}.eml`), info.message, { mode: 0o600 });
      return { via: 'outbox', messageId: info.messageId, outboxId: id };
    }
    try {
      const info = (await this.transporter.sendMail(mail)) as { messageId: string; response: string; rejected?: string[] };
      return { via: 'smtp', messageId: info.messageId, response: info.response };
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      if (typeof code === 'number' && code >= 500 && code < 600) throw new PermanentMailError((error as Error).message, code);
      throw error;
    }
  }

  close(): void {
    this.transporter.close();
  }
}
