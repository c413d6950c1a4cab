import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  digestContent, digestHtml, type DigestDiscount, type DigestFirmChange, type DigestInfoDto, type DigestPost,
} from '../../../common/campaigns.js';
import { DIGEST_TIME, nextDigestRun } from '../../../common/digest-schedule.js';
import { MSG } from '../../../common/messages.js';
import { JobsService } from '../jobs/jobs.service.js';
import { CampaignsService } from './campaigns.service.js';
import { NewsletterSettingsService } from '../newsletter/newsletter-settings.service.js';
import { DIGEST_QUEUE } from '../jobs/queues.js';


/**
 * The Monday deals digest (issue #16): a weekly job (JobsService.weekly), Monday 09:00 America/New_York, drafts a campaign from what
 * changed since the last digest (common/campaigns.ts's rules); with "send the digest automatically" on it is sent,
 * otherwise it waits for review. An empty week drafts nothing and says so.
 */
@Injectable()
export class DigestService implements OnModuleInit {
  private readonly logger = new Logger('Digest');

  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobsService,
    private readonly campaigns: CampaignsService,
    private readonly settings: NewsletterSettingsService,
  ) {}

  onModuleInit(): void {
    void this.jobs.register(DIGEST_QUEUE, () => this.runScheduled(), { policy: 'stately', retryLimit: 3, retryDelaySeconds: 60 });
    this.jobs.weekly(DIGEST_QUEUE, DIGEST_TIME);
  }

  async info(now = new Date()): Promise<DigestInfoDto> {
    const s = await this.settings.get();
    return { nextRunAt: nextDigestRun(now).toISOString(), autoSend: s.digestAutoSend, lastDigestAt: s.lastDigestAt };
  }

  /** Drafts this week's digest now; `{ campaign: null, message }` for an empty week. */
  async draft(now = new Date()): Promise<{ campaign: Awaited<ReturnType<CampaignsService['get']>> | null; message: string }> {
    const s = await this.settings.get();
    const since = s.lastDigestAt ? new Date(s.lastDigestAt) : new Date(now.getTime() - 7 * 86_400_000);
    const [discounts, posts, firmChanges] = await Promise.all([
      this.execute<DigestDiscount>(
        `select d.id, d.title, c.name as "companyName", d.discount_code as "discountCode", d.discount_percentage::float as "discountPercentage",
                to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt",
                to_char(d.valid_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "validUntil",
                to_char(d.last_verified_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "lastVerifiedAt"
         from discounts d join companies c on c.id = d.company_id
         where d.status = 'active' and (d.valid_until is null or d.valid_until > ?) order by d.discount_percentage desc nulls last, d.id`,
        [now],
      ),
      this.execute<DigestPost>(
        `select id, title, to_char(published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "publishedAt" from blog_posts
         where status = 'published' and published_at > ? order by published_at desc limit 10`,
        [since],
      ),
      this.execute<DigestFirmChange>(
        `select f.id, c.name as "companyName", f.date::text as date, f.change from firm_changes f join companies c on c.id = f.company_id
         where f.date > ?::date order by f.date desc limit 20`,
        [since.toISOString().slice(0, 10)],
      ),
    ]);
    const content = digestContent({ discounts, posts, firmChanges }, since, now);
    await this.settings.update({ lastDigestAt: now.toISOString() });
    if (!content) return { campaign: null, message: MSG.digestNothingNew };
    const campaign = await this.campaigns.create({ subject: content.subject, previewText: content.previewText, html: digestHtml(content) }, 'digest');
    return { campaign, message: `Digest drafted: ${content.subject}` };
  }

  private async runScheduled(): Promise<void> {
    const { campaign, message } = await this.draft();
    this.logger.log(message);
    if (campaign && (await this.settings.get()).digestAutoSend) await this.campaigns.send(campaign.id);
  }

  private execute<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params);
  }
}
