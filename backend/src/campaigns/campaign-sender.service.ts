import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { CampaignAudience } from '../../../common/campaigns.js';
import { signToken } from '../common/signed-token.js';
import { APP_CONFIG, signingKey, type AppConfig } from '../config/config.js';
import { DiscountsService } from '../discounts/discounts.service.js';
import { AlertsService } from '../follows/alerts.service.js';
import { JobsService } from '../jobs/jobs.service.js';
import { MailService } from '../mail/mail.service.js';
import { PermanentMailError, type OutgoingMail } from '../mail/mail.types.js';
import { personalise, renderCampaign, type CardDeal, type CardPost } from '../mail/templates/campaign.js';
import { createUnsubscribeToken } from '../newsletter/unsubscribe-token.js';
import { NewsletterSettingsService } from './newsletter-settings.service.js';

export const CAMPAIGN_QUEUE = 'campaign-send';
/** Purpose of the recipient token in click and preferences links. */
export const RECIPIENT_PURPOSE = 'newsletter-recipient';
/** Deliveries claimed at once: what may be in flight if the process dies (see docs/mail.md). */
const BATCH = 50;
/** A delivery whose send failed (not a 5xx) is tried this many times before it counts as failed. */
const MAX_ATTEMPTS = 5;
/** A row claimed by an instance that died stays 'sending'; after this long it is taken to be unsent and queued again. */
const STALE_CLAIM_SECONDS = 120;

interface CampaignRow {
  id: number; kind: 'campaign' | 'digest'; subject: string; preview_text: string; html: string; status: string;
  scheduled_at: Date | null; audience: CampaignAudience; recipients_at: Date | null;
}
export interface RenderedCampaign { html: string; text: string; links: string[]; subject: string }

/**
 * The fan-out of a campaign (issue #16), a pg-boss job per campaign on a stately queue (one run at a time per
 * campaign, whatever the number of instances). First the recipients become delivery rows, once (confirmed,
 * subscribed, unbounced, in the audience); then batches are claimed with SKIP LOCKED (state 'sending'), sent
 * through the SMTP pool at the configured rate, and marked sent / bounced (+ the subscriber's bouncedAt) / failed.
 * A stop hands the rest to a new job after the batch in flight is done, so a restart resumes where it stopped:
 * nobody is mailed twice, nobody skipped.
 */
@Injectable()
export class CampaignSender implements OnModuleInit {
  private readonly logger = new Logger('Campaigns');
  private readonly recipientKey: Buffer;

  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobsService,
    private readonly mail: MailService,
    private readonly settings: NewsletterSettingsService,
    private readonly discounts: DiscountsService,
    private readonly alerts: AlertsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.recipientKey = signingKey(config, RECIPIENT_PURPOSE);
  }

  onModuleInit(): void {
    void this.jobs.register<{ campaignId: number }>(CAMPAIGN_QUEUE, ({ campaignId }) => this.run(campaignId), {
      policy: 'stately', retryLimit: 20, retryDelaySeconds: 5, expireInSeconds: 15 * 60,
    });
    this.jobs.atStart('scheduled campaigns catch-up', () => this.catchUp());
  }

  /**
   * Starts (or resumes) the send now or at `at`; one waiting job per campaign, moved by a new time (issue #20: a
   * re-save reschedules, "Send now" does not wait for the old time).
   */
  async start(campaignId: number, at?: Date): Promise<void> {
    await this.jobs.reschedule(CAMPAIGN_QUEUE, { campaignId }, { singletonKey: `campaign-${campaignId}`, ...(at && { startAfter: at }) });
  }

  /**
   * At start: every scheduled campaign gets its job at its time again — at once for one whose time passed while
   * no instance ran (or whose job was lost); the job itself does nothing for one cancelled meanwhile.
   */
  async catchUp(): Promise<void> {
    const rows = await this.execute<{ id: number; scheduled_at: Date | null }>(`select id, scheduled_at from campaigns where status = 'scheduled'`);
    for (const row of rows) {
      const at = row.scheduled_at ? new Date(row.scheduled_at) : undefined;
      await this.start(row.id, at && at.getTime() > Date.now() ? at : undefined);
    }
  }

  recipientToken(subscriberId: number): string {
    return signToken(this.recipientKey, RECIPIENT_PURPOSE, String(subscriberId));
  }

  /** The message once per campaign, with the recipient's parts as placeholders. */
  async render(campaign: { id: number; subject: string; previewText: string; html: string }): Promise<RenderedCampaign> {
    const ids = (kind: string) => [...campaign.html.matchAll(/\{\{(deal|post):(\d{1,9})\}\}/g)].filter((m) => m[1] === kind).map((m) => Number(m[2]));
    const dealIds = ids('deal');
    const postIds = ids('post');
    const deals = dealIds.length
      ? await this.execute<CardDeal>(
          `select d.id, d.title, c.name as "companyName", d.discount_code as "discountCode", d.discount_percentage::float as "discountPercentage",
                  d.last_verified_at as "lastVerifiedAt"
           from discounts d join companies c on c.id = d.company_id where d.id = any(?::int[])`, [pgArray(dealIds)])
      : [];
    const posts = postIds.length
      ? await this.execute<CardPost>(`select id, slug, title, excerpt from blog_posts where id = any(?::int[]) and status = 'published'`, [pgArray(postIds)])
      : [];
    // The price line of each deal card: the same function and answer as GET /_api/discounts (issue #18).
    const now = new Date();
    const prices = await this.discounts.priceExamples(deals.map((d) => d.id), now);
    const rendered = await renderCampaign({
      campaignId: campaign.id, subject: campaign.subject, previewText: campaign.previewText, html: campaign.html,
      siteUrl: this.config.publicSiteUrl, now,
      deals: new Map(deals.map((d) => [d.id, {
        ...d, lastVerifiedAt: d.lastVerifiedAt ? new Date(d.lastVerifiedAt).toISOString() : null, priceExample: prices.get(d.id) ?? null,
      }])),
      posts: new Map(posts.map((p) => [p.id, p])),
    });
    return { ...rendered, subject: campaign.subject };
  }

  /** One recipient's message with the RFC 8058 one-click headers and the CAN-SPAM footer links filled in. */
  messageFor(rendered: RenderedCampaign, to: { id: number; email: string }, subjectPrefix = '', followed?: { html: string; text: string }): OutgoingMail {
    const unsubscribe = createUnsubscribeToken(to.id, this.config.unsubscribeKey);
    const recipient = this.recipientToken(to.id);
    const oneClick = `${this.config.publicSiteUrl}/_api/newsletter/unsubscribe?token=${unsubscribe}`;
    const fromAddress = /<([^>]+)>/.exec(this.config.mailFrom)?.[1] ?? this.config.mailFrom;
    return {
      to: to.email,
      subject: subjectPrefix + rendered.subject,
      html: personalise(rendered.html, recipient, unsubscribe, followed?.html),
      text: personalise(rendered.text, recipient, unsubscribe, followed?.text),
      headers: {
        'List-Unsubscribe': `<${oneClick}>, <mailto:${fromAddress}?subject=unsubscribe>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'List-Id': `Verified Trader Funding newsletter <newsletter.${new URL(this.config.publicSiteUrl).hostname}>`,
      },
    };
  }

  /** The job: one campaign's fan-out, resumable at any point. */
  async run(campaignId: number): Promise<void> {
    const [campaign] = await this.execute<CampaignRow>(
      `update campaigns set status = 'sending', updated_at = now()
       where id = ? and (status = 'sending' or (status = 'scheduled' and (scheduled_at is null or scheduled_at <= now() + interval '2 seconds')))
       returning id, kind, subject, preview_text, html, status, scheduled_at, audience, recipients_at`,
      [campaignId],
    );
    // Cancelled, deleted, already sent, or rescheduled later (that time has its own job): nothing to do.
    if (!campaign) return;
    if (!campaign.recipients_at) await this.addRecipients(campaign);
    const rendered = await this.render({ id: campaign.id, subject: campaign.subject, previewText: campaign.preview_text, html: campaign.html });
    await this.execute(`update campaigns set links = ?::jsonb where id = ?`, [JSON.stringify(rendered.links), campaign.id]);
    await this.execute(
      `update campaign_deliveries set state = 'queued', claimed_at = null
       where campaign_id = ? and state = 'sending' and claimed_at < now() - make_interval(secs => ?)`,
      [campaign.id, STALE_CLAIM_SECONDS],
    );
    const { sendRatePerSecond } = await this.settings.get();
    for (;;) {
      if (this.jobs.isStopping) {
        // Hand over: the next instance (or this one after its restart) resumes from the rows still queued.
        await this.start(campaign.id, new Date(Date.now() + 1000));
        return;
      }
      const started = Date.now();
      const batch = await this.execute<{ id: string; subscriber_id: number; email: string; attempts: number }>(
        `update campaign_deliveries d set state = 'sending', claimed_at = now(), attempts = d.attempts + 1
         from (select id from campaign_deliveries where campaign_id = ? and state = 'queued' order by id limit ? for update skip locked) pick
         where d.id = pick.id returning d.id, d.subscriber_id, d.email, d.attempts`,
        [campaign.id, BATCH],
      );
      if (!batch.length) break;
      const outcomes = await Promise.all(batch.map((row) => this.deliver(rendered, row, campaign.kind)));
      // The accepted ones are recorded in one statement per batch (the other outcomes, rare, row by row).
      const sent = batch.filter((_row, i) => outcomes[i] === 'sent').map((row) => row.id);
      if (sent.length) await this.execute(`update campaign_deliveries set state = 'sent', sent_at = now(), error = null where id = any(?::bigint[])`, [pgArray(sent)]);
      // The mail server is away (or says "later"): stop here; the job's retry (with backoff) resumes the rest.
      const transient = outcomes.find((o) => o !== undefined && o !== 'sent');
      if (transient) throw new Error(`Campaign ${campaign.id} paused: ${transient}`);
      // Throttle: a batch of BATCH takes at least BATCH / rate seconds.
      const minimum = (batch.length / Math.max(1, sendRatePerSecond)) * 1000;
      const elapsed = Date.now() - started;
      if (elapsed < minimum) await new Promise((resolve) => setTimeout(resolve, minimum - elapsed));
    }
    const [left] = await this.execute<{ n: number }>(`select count(*)::int as n from campaign_deliveries where campaign_id = ? and state in ('queued', 'sending')`, [campaign.id]);
    if (left!.n > 0) {
      // Rows another instance holds (or a dead one held): look again once their claim is stale.
      await this.start(campaign.id, new Date(Date.now() + 5000));
      return;
    }
    await this.execute(`update campaigns set status = 'sent', sent_at = now(), updated_at = now() where id = ? and status = 'sending'`, [campaign.id]);
    this.logger.log(`Campaign ${campaign.id} sent`);
  }

  private async addRecipients(campaign: CampaignRow): Promise<void> {
    const sources = campaign.audience.kind === 'sources' ? campaign.audience.sources : null;
    await this.em.getConnection().transactional(async (trx) => {
      await this.em.getConnection().execute(
        `insert into campaign_deliveries (campaign_id, subscriber_id, email)
         select ?, s.id, s.email from newsletter_subscribers s
         where s.status = 'subscribed' and s.confirmed_at is not null and s.bounced_at is null
           and (?::text[] is null or s.source = any(?::text[])) and (? = 'campaign' or s.digest)
         order by s.id
         on conflict (campaign_id, subscriber_id) do nothing`,
        [campaign.id, sources && pgArray(sources), sources && pgArray(sources), campaign.kind], 'run', trx,
      );
      await this.em.getConnection().execute(`update campaigns set recipients_at = now() where id = ?`, [campaign.id], 'run', trx);
    });
  }

  /** Sends one delivery: 'sent' (recorded by the caller), the error of a failure worth retrying later, or undefined (recorded here). */
  private async deliver(
    rendered: RenderedCampaign, row: { id: string; subscriber_id: number; email: string; attempts: number }, kind: CampaignRow['kind'],
  ): Promise<string | undefined> {
    // A weekly trader's week of followed firms rides in their digest copy (issue #19).
    const followed = kind === 'digest' ? await this.alerts.claimDigestSection(row.email) : null;
    try {
      await this.mail.send(this.messageFor(rendered, { id: row.subscriber_id, email: row.email }, '', followed ?? undefined));
      if (followed) await this.alerts.digestSectionDone(followed.deliveryId, 'sent');
      return 'sent';
    } catch (error) {
      if (followed) await this.alerts.digestSectionDone(followed.deliveryId, error instanceof PermanentMailError ? 'failed' : 'released');
      const message = (error as Error).message.slice(0, 500);
      if (error instanceof PermanentMailError) {
        await this.execute(`update campaign_deliveries set state = 'bounced', error = ? where id = ?`, [message, row.id]);
        await this.execute(`update newsletter_subscribers set bounced_at = coalesce(bounced_at, now()), updated_at = now() where id = ?`, [row.subscriber_id]);
        return undefined;
      }
      const state = row.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued';
      await this.execute(`update campaign_deliveries set state = ?, error = ?, claimed_at = null where id = ?`, [state, message, row.id]);
      return state === 'queued' ? message : undefined;
    }
  }

  private execute<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params);
  }
}

/** A PostgreSQL array literal (the driver would spread a JS array into a list of parameters). */
function pgArray(values: ReadonlyArray<string | number>): string {
  return `{${values.map((v) => `"${String(v).replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;
}
