import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { MSG } from '../../../common/messages.js';
import { isNewsletterEmail, normalizeEmail } from '../../../common/newsletter.js';
import { ApiError } from '../common/api-error.js';

/** Everything held about one address (GDPR access and erasure, issue #16): the subscriber row, deliveries, clicks. */
@Injectable()
export class NewsletterPrivacyService {
  constructor(private readonly em: EntityManager) {}

  async export(email: unknown) {
    const address = this.address(email);
    const [subscriber] = await this.execute<Record<string, unknown>>(
      `select id, email, status, source, subscribed_at as "subscribedAt", confirmed_at as "confirmedAt", bounced_at as "bouncedAt",
              confirmation_sent_at as "confirmationSentAt", digest, updated_at as "updatedAt" from newsletter_subscribers where email = ?`, [address],
    );
    const deliveries = await this.execute(
      `select d.campaign_id as "campaignId", c.subject, d.state, d.sent_at as "sentAt", d.error from campaign_deliveries d
       join campaigns c on c.id = d.campaign_id where d.email = ? order by d.id`, [address],
    );
    const clicks = subscriber
      ? await this.execute(
          `select k.campaign_id as "campaignId", c.links->>k.link::int as url, k.clicked_at as "clickedAt" from campaign_clicks k
           join campaigns c on c.id = k.campaign_id where k.subscriber_id = ? order by k.clicked_at`, [subscriber.id],
        )
      : [];
    if (!subscriber && !deliveries.length) throw new ApiError(404, MSG.notFound('Subscriber'));
    return { email: address, subscriber: subscriber ?? null, deliveries, clicks };
  }

  /** Deletes the subscriber, its clicks, and the address from every delivery row, in one transaction. */
  async erase(email: unknown): Promise<{ email: string; deleted: boolean }> {
    const address = this.address(email);
    let found = false;
    await this.em.getConnection().transactional(async (trx) => {
      const conn = this.em.getConnection();
      const subs = await conn.execute<Array<{ id: number }>>(`delete from newsletter_subscribers where email = ? returning id`, [address], 'all', trx);
      const dels = await conn.execute<Array<{ id: string }>>(`delete from campaign_deliveries where email = ? returning id`, [address], 'all', trx);
      found = subs.length > 0 || dels.length > 0;
    });
    if (!found) throw new ApiError(404, MSG.notFound('Subscriber'));
    return { email: address, deleted: true };
  }

  private address(email: unknown): string {
    const address = typeof email === 'string' ? normalizeEmail(email) : '';
    if (!isNewsletterEmail(address)) throw new ApiError(400, MSG.emailInvalid, { email: MSG.emailInvalid });
    return address;
  }

  private execute<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params);
  }
}
