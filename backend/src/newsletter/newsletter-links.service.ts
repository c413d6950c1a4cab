import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { verifyToken } from '../common/signed-token.js';
import { APP_CONFIG, signingKey, type AppConfig } from '../config/config.js';
import { RECIPIENT_PURPOSE } from '../mail/fan-out.js';

/**
 * What the links in a newsletter do to the subscriber's data: a counted click and the preferences page's reads
 * and writes. The recipient token (RECIPIENT_PURPOSE) is the one the fan-out signs into every copy.
 */
@Injectable()
export class NewsletterLinksService {
  private readonly recipientKey: Buffer;

  constructor(private readonly em: EntityManager, @Inject(APP_CONFIG) config: AppConfig) {
    this.recipientKey = signingKey(config, RECIPIENT_PURPOSE);
  }

  /** The campaign's own stored link number `index` (never a URL from the request), or null. */
  async linkTarget(campaignId: number, index: number): Promise<string | null> {
    const [row] = await this.em.getConnection().execute<Array<{ url: string | null }>>(`select links->>?::int as url from campaigns where id = ?`, [index, campaignId]);
    return row?.url ?? null;
  }

  /** Counts the click once per recipient and link; a missing or forged recipient token counts nothing. */
  async recordClick(campaignId: number, index: number, token: unknown): Promise<void> {
    const check = verifyToken([this.recipientKey], RECIPIENT_PURPOSE, token);
    if (check.ok) {
      await this.em.getConnection().execute(
        `insert into campaign_clicks (campaign_id, subscriber_id, link) select ?, s.id, ? from newsletter_subscribers s where s.id = ? on conflict do nothing`,
        [campaignId, index, Number(check.subject)],
      );
    }
  }

  /** The subscriber a preferences link names, or null for a token that is not ours or a deleted subscriber. */
  async recipient(token: unknown): Promise<{ id: number; email: string; digest: boolean } | null> {
    const check = verifyToken([this.recipientKey], RECIPIENT_PURPOSE, token);
    if (!check.ok || !/^[1-9]\d{0,9}$/.test(check.subject)) return null;
    const [row] = await this.em.getConnection().execute<Array<{ id: number; email: string; digest: boolean }>>(
      `select id, email, digest from newsletter_subscribers where id = ?`, [Number(check.subject)],
    );
    return row ?? null;
  }

  async unsubscribe(id: number): Promise<void> {
    await this.em.getConnection().execute(`update newsletter_subscribers set status = 'unsubscribed', updated_at = now() where id = ?`, [id]);
  }

  async setDigest(id: number, digest: boolean): Promise<void> {
    await this.em.getConnection().execute(`update newsletter_subscribers set digest = ?, updated_at = now() where id = ?`, [digest, id]);
  }
}
