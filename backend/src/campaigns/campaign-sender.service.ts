import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { CampaignAudience } from '../../../common/campaigns.js';
import { APP_CONFIG, signingKey, type AppConfig } from '../config/config.js';
import { DATABASE, type DatabaseConnection } from '../db/connection.js';
import { DiscountsService } from '../discounts/discounts.service.js';
import { AlertsService } from '../alerts/alerts.service.js';
import { JOBS_SCHEMA, JobsService } from '../jobs/jobs.service.js';
import { MailService } from '../mail/mail.service.js';
import { fillLetter, type Letter, type OutgoingMail } from '../mail/mail.types.js';
import { loadMailTemplates } from '../mail/mail-templates.js';
import type { CardDeal, CardPost } from '../mail/templates/campaign.js';
import { UNSUBSCRIBE_SLOT } from '../mail/templates/slots.js';
import { IN_DOUBT, RECIPIENT_PURPOSE, recipientFills, type RecipientKeys } from '../mail/fan-out.js';
import { NewsletterSettingsService } from '../newsletter/newsletter-settings.service.js';
import { deliverableSql } from '../newsletter/subscriber-rules.sql.js';
import { pgArray } from '../common/pg-array.js';
import { CAMPAIGN_QUEUE } from '../jobs/queues.js';

/** Messages in flight at once, one per pooled SMTP connection (MailTransport's pool): at most this many are in doubt after a kill. */
const LANES = 8;
/** A job sends for this long, then hands over to a fresh one: well inside the queue's expiry, so a killed job is retried soon. */
const SLICE_MS = 10_000;
const EXPIRE_SECONDS = 30;
/** Rows claimed before claimed_by existed: in doubt once their claim is this old. */
const STALE_CLAIM_SECONDS = 120;

interface CampaignRow {
  id: number; kind: 'campaign' | 'digest'; subject: string; preview_text: string; html: string; status: string;
  scheduled_at: Date | null; audience: CampaignAudience; recipients_at: Date | null;
}
export interface RenderedCampaign { html: string; text: string; links: string[]; subject: string }

/**
 * The fan-out of a campaign (issue #16), a pg-boss job per campaign on a stately queue (one run at a time per
 * campaign, whatever the number of instances). First the recipients become delivery rows, once (confirmed,
 * subscribed, unbounced, in the audience); then the mail thread's rounds (fan-out.ts) claim rows with SKIP LOCKED
 * (state 'sending'), send them through the SMTP pool at the configured rate, and mark them sent / bounced (+ the
 * subscriber's bouncedAt) / failed.
 * A stop hands the rest to a new job after the batch in flight is done, so a restart resumes where it stopped:
 * nobody is mailed twice, nobody skipped.
 */
@Injectable()
export class CampaignSender implements OnModuleInit {
  private readonly logger = new Logger('Campaigns');
  private readonly keys: RecipientKeys;

  constructor(
    private readonly em: EntityManager,
    @Inject(DATABASE) private readonly db: DatabaseConnection,
    private readonly jobs: JobsService,
    private readonly mail: MailService,
    private readonly settings: NewsletterSettingsService,
    private readonly discounts: DiscountsService,
    private readonly alerts: AlertsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.keys = { recipient: signingKey(config, RECIPIENT_PURPOSE), unsubscribe: config.unsubscribeKey };
  }

  onModuleInit(): void {
    void this.jobs.register<{ campaignId: number }>(CAMPAIGN_QUEUE, ({ campaignId }, job) => this.run(campaignId, job.id), {
      policy: 'stately', retryLimit: 20, retryDelaySeconds: 5, expireInSeconds: EXPIRE_SECONDS,
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
    const { renderCampaign } = await loadMailTemplates();
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
    return fillLetter(this.letterFor(rendered, subjectPrefix), to.email, recipientFills(this.keys, to.id, followed));
  }

  /** The campaign's message for everyone: the recipient's tokens (links, List-Unsubscribe) and own section as slots. */
  private letterFor(rendered: RenderedCampaign, subjectPrefix = ''): Letter {
    const oneClick = `${this.config.publicSiteUrl}/_api/newsletter/unsubscribe?token=${UNSUBSCRIBE_SLOT}`;
    const fromAddress = /<([^>]+)>/.exec(this.config.mailFrom)?.[1] ?? this.config.mailFrom;
    return {
      subject: subjectPrefix + rendered.subject,
      html: rendered.html,
      text: rendered.text,
      headers: {
        'List-Unsubscribe': `<${oneClick}>, <mailto:${fromAddress}?subject=unsubscribe>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'List-Id': `Verified Trader Funding newsletter <newsletter.${new URL(this.config.publicSiteUrl).hostname}>`,
      },
    };
  }

  /**
   * The job: one campaign's fan-out, resumable at any point. Runs for at most SLICE_MS, then hands over to a fresh
   * job (so a job never nears its expiry while healthy, and one whose process was killed expires soon).
   */
  async run(campaignId: number, jobId: string): Promise<void> {
    // A campaign marked sent while a frozen copy's round went back to the queue (its connections gone while it was
    // stopped: not sent) is taken up again for those rows (docs/decisions/one-delivery-rule.md).
    const [campaign] = await this.execute<CampaignRow>(
      `update campaigns set status = 'sending', sent_at = null, updated_at = now()
       where id = ? and (status = 'sending' or (status = 'scheduled' and (scheduled_at is null or scheduled_at <= now() + interval '2 seconds'))
         or (status = 'sent' and exists (select 1 from campaign_deliveries d where d.campaign_id = campaigns.id and d.state = 'queued')))
       returning id, kind, subject, preview_text, html, status, scheduled_at, audience, recipients_at`,
      [campaignId],
    );
    // Cancelled, deleted, already sent, or rescheduled later (that time has its own job): nothing to do.
    if (!campaign) return;
    if (!campaign.recipients_at) await this.addRecipients(campaign);
    const rendered = await this.render({ id: campaign.id, subject: campaign.subject, previewText: campaign.preview_text, html: campaign.html });
    await this.execute(`update campaigns set links = ?::jsonb where id = ?`, [JSON.stringify(rendered.links), campaign.id]);
    await this.settleInDoubt(campaign.id, jobId);
    const { sendRatePerSecond } = await this.settings.get();
    // The mail thread holds the message and runs the rounds; each copy there is the recipient's address and tokens.
    const letter = this.mail.letter(this.letterFor(rendered));
    const fanOut = await letter.fanOut(
      { campaignId: campaign.id, jobId, lanes: LANES, ratePerSecond: sendRatePerSecond, deadline: Date.now() + SLICE_MS, keys: this.keys, withSections: campaign.kind === 'digest' },
      this.db.url,
      { section: (email) => this.alerts.claimDigestSection(email), sectionDone: (id, outcome) => this.alerts.digestSectionDone(id, outcome) },
      this.jobs.stopSignal,
    ).finally(() => letter.close());
    if (fanOut.reopened) {
      // Another job finished the campaign while this one was stopped, and this run's rows went back to the queue:
      // that job will not come back, so a fresh one sends them (this job's retry may be that other job's).
      await this.start(campaign.id, new Date(Date.now() + 5000));
    }
    if (fanOut.paused) throw new Error(`Campaign ${campaign.id} paused: ${fanOut.paused}`);
    if (fanOut.handOver || this.jobs.isStopping) {
      // Hand over: the next job (here, after a restart, or on another instance) resumes from the rows still queued.
      await this.start(campaign.id, new Date(Date.now() + 1000));
      return;
    }
    if (!(await this.markSent(campaign.id))) {
      // Rows another instance holds: look again once it is done (or its job has ended without them).
      await this.start(campaign.id, new Date(Date.now() + 5000));
      return;
    }
    this.logger.log(`Campaign ${campaign.id} sent`);
  }

  /**
   * Marks the campaign sent if no row is left queued or sending. The campaign's row is locked first and the rows are
   * counted in the next statement: a row put back to the queue (fan-out's retry record touches the campaign's row in
   * the same statement) either committed before the lock, and is counted, or waits for it and then reopens the
   * campaign. Without the lock a count taken just before that record committed would mark the campaign sent with
   * the row queued and no job left to send it.
   */
  private async markSent(campaignId: number): Promise<boolean> {
    return this.em.getConnection().transactional(async (trx) => {
      const connection = this.em.getConnection();
      await connection.execute(`select 1 from campaigns where id = ? for update`, [campaignId], 'all', trx);
      const marked = await connection.execute<Array<{ id: number }>>(
        `update campaigns set status = 'sent', sent_at = now(), updated_at = now()
         where id = ? and status = 'sending'
           and not exists (select 1 from campaign_deliveries where campaign_id = ? and state in ('queued', 'sending'))
         returning id`,
        [campaignId, campaignId], 'all', trx,
      );
      return marked.length > 0;
    });
  }

  /**
   * Rows left 'sending' by a job that is no longer running: its process died between the claim and the record of
   * the answer, so the message may have been accepted. This job's own claims are from an earlier attempt of it (pg-boss
   * retries an expired job under the same id), so they count too. At most once (docs/decisions/campaign-at-most-once.md):
   * they are closed as failed, never sent again. (Rows claimed before claimed_by existed: after STALE_CLAIM_SECONDS.)
   */
  private async settleInDoubt(campaignId: number, jobId: string): Promise<void> {
    const rows = await this.execute<{ id: string }>(
      `update campaign_deliveries d set state = 'failed', error = ?
       where d.campaign_id = ? and d.state = 'sending'
         and (case when d.claimed_by is null then d.claimed_at < now() - make_interval(secs => ?)
                   else d.claimed_by = ?::uuid
                     or not exists (select 1 from ${JOBS_SCHEMA}.job j where j.name = ? and j.id = d.claimed_by and j.state = 'active') end)
       returning d.id`,
      [IN_DOUBT, campaignId, STALE_CLAIM_SECONDS, jobId, CAMPAIGN_QUEUE],
    );
    if (rows.length) this.logger.warn(`Campaign ${campaignId}: ${rows.length} delivery(ies) interrupted mid-send, not sent again`);
  }

  private async addRecipients(campaign: CampaignRow): Promise<void> {
    const sources = campaign.audience.kind === 'sources' ? campaign.audience.sources : null;
    await this.em.getConnection().transactional(async (trx) => {
      await this.em.getConnection().execute(
        `insert into campaign_deliveries (campaign_id, subscriber_id, email)
         select ?, s.id, s.email from newsletter_subscribers s
         where ${deliverableSql('s')}
           and (?::text[] is null or s.source = any(?::text[])) and (? = 'campaign' or s.digest)
         order by s.id
         on conflict (campaign_id, subscriber_id) do nothing`,
        [campaign.id, sources && pgArray(sources), sources && pgArray(sources), campaign.kind], 'run', trx,
      );
      await this.em.getConnection().execute(`update campaigns set recipients_at = now() where id = ?`, [campaign.id], 'run', trx);
    });
  }

  private execute<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params);
  }
}
