import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { MSG } from '../../../common/messages.js';
import { signToken, verifyToken } from '../common/signed-token.js';
import { APP_CONFIG, signingKey, type AppConfig } from '../config/config.js';
import { MailService } from '../mail/mail.service.js';
import type { OutgoingMail } from '../mail/mail.types.js';
import { subscriberBouncedSql } from '../mail/subscriber-bounce.sql.js';
import { loadMailTemplates } from '../mail/mail-templates.js';

const CONFIRM_PURPOSE = 'newsletter-confirm';
const CONFIRM_DAYS = 7;
/** A re-subscribe of an unconfirmed address re-sends the confirmation at most this often. */
const RESEND_AFTER_MINUTES = 60;
/** MailService.onPermanentFailure name: a 5xx for a subscriber's mail sets bouncedAt. */
export const SUBSCRIBER_BOUNCES = 'newsletter-subscriber';

export type ConfirmOutcome = { status: 200; message: string } | { status: 400; message: string };

/**
 * Double opt-in (issue #16): a new address gets a confirmation mail with a signed link (7 days, single purpose);
 * opening it sets confirmedAt once. Only confirmed, subscribed, unbounced addresses get newsletters.
 */
@Injectable()
export class DoubleOptInService implements OnModuleInit {
  private readonly key: Buffer;

  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.key = signingKey(config, CONFIRM_PURPOSE);
  }

  onModuleInit(): void {
    this.mail.onPermanentFailure(SUBSCRIBER_BOUNCES, async (message) => {
      await this.markBounced(message.to);
    });
  }

  /**
   * Sends the confirmation if the address is subscribed, unconfirmed and had none in the last hour. The claim
   * (confirmation_sent_at) is one conditional UPDATE, so concurrent signups of one address send one mail.
   */
  async sendConfirmationIfDue(email: string): Promise<boolean> {
    const [row] = await this.em.getConnection().execute<Array<{ id: number; email: string }>>(
      `update newsletter_subscribers set confirmation_sent_at = now()
       where email = ? and status = 'subscribed' and confirmed_at is null and bounced_at is null
         and (confirmation_sent_at is null or confirmation_sent_at < now() - make_interval(mins => ?))
       returning id, email`,
      [email, RESEND_AFTER_MINUTES],
    );
    if (!row) return false;
    await this.mail.enqueue(await this.confirmationMail(row.id, row.email));
    return true;
  }

  confirmUrl(id: number, now = new Date()): string {
    const token = signToken(this.key, CONFIRM_PURPOSE, String(id), new Date(now.getTime() + CONFIRM_DAYS * 86_400_000));
    return `${this.config.publicSiteUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
  }

  /** Sets confirmedAt the first time; opening the link again answers the same and changes nothing. */
  async confirm(token: unknown): Promise<ConfirmOutcome> {
    const check = verifyToken([this.key], CONFIRM_PURPOSE, token);
    if (!check.ok) return { status: 400, message: check.reason === 'expired' ? MSG.newsletterConfirmExpired : MSG.newsletterConfirmInvalid };
    const id = Number(check.subject);
    const rows = await this.em.getConnection().execute<Array<{ id: number }>>(
      `update newsletter_subscribers set confirmed_at = coalesce(confirmed_at, now()), updated_at = case when confirmed_at is null then now() else updated_at end
       where id = ? returning id`,
      [Number.isSafeInteger(id) ? id : 0],
    );
    // A deleted subscriber's link confirms nothing.
    if (!rows.length) return { status: 400, message: MSG.newsletterConfirmInvalid };
    return { status: 200, message: MSG.newsletterConfirmed };
  }

  /** A permanent failure or complaint: never mailed again (the address stays listed, with bouncedAt). */
  async markBounced(email: string): Promise<boolean> {
    const rows = await this.em.getConnection().execute<Array<{ id: number }>>(
      `${subscriberBouncedSql('email = ?')} returning id`,
      [email.trim().toLowerCase()],
    );
    return rows.length > 0;
  }

  private async confirmationMail(id: number, email: string): Promise<OutgoingMail> {
    const { CONFIRM_SUBJECT, confirmSubscriptionMail } = await loadMailTemplates();
    const { html, text } = await confirmSubscriptionMail({ siteUrl: this.config.publicSiteUrl, confirmUrl: this.confirmUrl(id) });
    return { to: email, subject: CONFIRM_SUBJECT, html, text, bounce: { listener: SUBSCRIBER_BOUNCES, ref: id } };
  }
}
