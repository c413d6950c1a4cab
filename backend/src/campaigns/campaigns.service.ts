import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { TEST_SUBJECT_PREFIX, type AudienceSourceDto, type CampaignAudience, type CampaignDto, type CampaignStatus } from '../../../common/campaigns.js';
import { MSG } from '../../../common/messages.js';
import { isNewsletterEmail, normalizeEmail } from '../../../common/newsletter.js';
import { sanitizePostHtml } from '../blog-posts/html-sanitizer.js';
import { ApiError } from '../common/api-error.js';
import type { ListParams, ListResult } from '../common/rest-list.js';
import { MailService } from '../mail/mail.service.js';
import { CampaignSender } from './campaign-sender.service.js';

export const CAMPAIGN_SORTABLE = ['id', 'createdAt', 'subject', 'status', 'scheduledAt', 'sentAt'] as const;
const ORDER: Record<(typeof CAMPAIGN_SORTABLE)[number], string> = {
  id: 'c.id', createdAt: 'c.created_at', subject: 'c.subject', status: 'c.status', scheduledAt: 'c.scheduled_at', sentAt: 'c.sent_at',
};

/** What an admin may write; react-admin sends the whole record, whose read-only fields are ignored. */
const input = z.object({
  subject: z.string({ error: 'Subject is required' }).trim().min(1, 'Subject is required').max(200, 'Subject must be at most 200 characters'),
  previewText: z.string().trim().max(300, 'Preview text must be at most 300 characters').optional().default(''),
  html: z.string().max(200_000, 'The content is too long').optional().default(''),
  scheduledAt: z.union([z.iso.datetime({ offset: true, error: 'Scheduled time must be an ISO date-time' }), z.null()]).optional().default(null),
  audience: z.union([
    z.object({ kind: z.literal('all') }),
    z.object({ kind: z.literal('sources'), sources: z.array(z.string().trim().min(1).max(120)).min(1, 'Choose at least one source').max(50) }),
  ], { error: 'Audience must be all confirmed subscribers, or a list of sources' }).optional().default({ kind: 'all' }),
}).passthrough();

const SELECT = `select c.id, c.kind, c.subject, c.preview_text as "previewText", c.html, c.status, c.scheduled_at as "scheduledAt",
  c.sent_at as "sentAt", c.audience, c.created_at as "createdAt", c.updated_at as "updatedAt",
  coalesce(s.recipients, 0) as recipients, coalesce(s.sent, 0) as sent, coalesce(s.failed, 0) as failed, coalesce(s.bounced, 0) as bounced,
  coalesce(s.unsubscribed, 0) as unsubscribed, (select count(*)::int from campaign_clicks k where k.campaign_id = c.id) as clicks
  from campaigns c
  left join lateral (
    select count(*)::int as recipients, count(*) filter (where d.state = 'sent')::int as sent,
           count(*) filter (where d.state = 'failed')::int as failed, count(*) filter (where d.state = 'bounced')::int as bounced,
           count(*) filter (where d.state = 'sent' and n.status = 'unsubscribed' and n.updated_at > d.sent_at)::int as unsubscribed
    from campaign_deliveries d left join newsletter_subscribers n on n.id = d.subscriber_id where d.campaign_id = c.id
  ) s on true`;

interface Row {
  id: number; kind: 'campaign' | 'digest'; subject: string; previewText: string; html: string; status: CampaignStatus;
  scheduledAt: Date | null; sentAt: Date | null; audience: CampaignAudience; createdAt: Date; updatedAt: Date;
  recipients: number; sent: number; failed: number; bounced: number; unsubscribed: number; clicks: number;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
function toDto(r: Row): CampaignDto {
  return {
    id: r.id, kind: r.kind, subject: r.subject, previewText: r.previewText, html: r.html, status: r.status,
    scheduledAt: iso(r.scheduledAt), sentAt: iso(r.sentAt), audience: r.audience,
    stats: { recipients: r.recipients, sent: r.sent, failed: r.failed, bounced: r.bounced, unsubscribed: r.unsubscribed, clicks: r.clicks },
    createdAt: iso(r.createdAt)!, updatedAt: iso(r.updatedAt)!,
  };
}

function parse(body: unknown) {
  const result = input.safeParse(body ?? {});
  if (!result.success) {
    const errors = Object.fromEntries(result.error.issues.map((i) => [i.path.join('.') || 'body', i.message]));
    throw new ApiError(400, result.error.issues[0]!.message, errors);
  }
  return { ...result.data, html: sanitizePostHtml(result.data.html.replace(/\0/g, '')) };
}

/**
 * Campaigns (issue #16): drafts an admin writes, schedules, sends, tests and cancels. A save with a future
 * scheduledAt schedules it (a deferred pg-boss job); sending goes through CampaignSender.
 */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly em: EntityManager,
    private readonly sender: CampaignSender,
    private readonly mail: MailService,
  ) {}

  async list(params: ListParams<(typeof CAMPAIGN_SORTABLE)[number]>): Promise<ListResult<CampaignDto>> {
    const status = params.filter.status;
    if (status !== undefined && (typeof status !== 'string' || !['draft', 'scheduled', 'sending', 'sent', 'cancelled'].includes(status))) {
      throw new ApiError(400, MSG.invalidListParam('filter'));
    }
    const where = status ? 'where c.status = ?' : '';
    const dir = params.sort?.order === 'ASC' ? 'asc' : 'desc';
    const order = `${params.sort ? ORDER[params.sort.field] : 'c.created_at'} ${dir} nulls last, c.id ${dir}`;
    const page = params.page ?? { offset: 0, limit: 1000 };
    const values = status ? [status] : [];
    const [rows, [count]] = await Promise.all([
      this.execute<Row>(`${SELECT} ${where} order by ${order} limit ? offset ?`, [...values, page.limit, page.offset]),
      this.execute<{ n: number }>(`select count(*)::int as n from campaigns c ${where}`, values),
    ]);
    return { items: rows.map(toDto), total: count!.n };
  }

  /** The signup sources an audience can pick, with their confirmed, reachable subscribers (the Campaign form's choices). */
  sources(): Promise<AudienceSourceDto[]> {
    return this.execute<AudienceSourceDto>(
      `select source, count(*)::int as subscribers from newsletter_subscribers
       where source is not null and status = 'subscribed' and confirmed_at is not null and bounced_at is null
       group by source order by source`,
    );
  }

  async get(id: number): Promise<CampaignDto> {
    const [row] = await this.execute<Row>(`${SELECT} where c.id = ?`, [id]);
    if (!row) throw new ApiError(404, MSG.campaignNotFound);
    return toDto(row);
  }

  async create(body: unknown, kind: 'campaign' | 'digest' = 'campaign'): Promise<CampaignDto> {
    const data = parse(body);
    const scheduled = this.scheduleOf(data.scheduledAt);
    const [row] = await this.execute<{ id: number }>(
      `insert into campaigns (kind, subject, preview_text, html, status, scheduled_at, audience) values (?, ?, ?, ?, ?, ?, ?::jsonb) returning id`,
      [kind, data.subject, data.previewText, data.html, scheduled ? 'scheduled' : 'draft', scheduled, JSON.stringify(data.audience)],
    );
    if (scheduled) await this.sender.start(row!.id, scheduled);
    return this.get(row!.id);
  }

  /** Drafts and scheduled campaigns only; a future scheduledAt (re)schedules it, none makes it a draft again. */
  async update(id: number, body: unknown): Promise<CampaignDto> {
    const data = parse(body);
    const scheduled = this.scheduleOf(data.scheduledAt);
    const rows = await this.execute<{ id: number }>(
      `update campaigns set subject = ?, preview_text = ?, html = ?, audience = ?::jsonb, scheduled_at = ?, status = ?, updated_at = now()
       where id = ? and status in ('draft', 'scheduled') returning id`,
      [data.subject, data.previewText, data.html, JSON.stringify(data.audience), scheduled, scheduled ? 'scheduled' : 'draft', id],
    );
    if (!rows.length) throw await this.refusal(id, MSG.campaignNotEditable);
    if (scheduled) await this.sender.start(id, scheduled);
    return this.get(id);
  }

  async remove(id: number): Promise<CampaignDto> {
    const dto = await this.get(id);
    const rows = await this.execute(`delete from campaigns where id = ? and status <> 'sending' returning id`, [id]);
    if (!rows.length) throw new ApiError(409, MSG.campaignNotEditable(dto.status));
    return dto;
  }

  /** Sends now: a draft or a scheduled campaign starts at once. */
  async send(id: number): Promise<CampaignDto> {
    const [c] = await this.execute<{ html: string }>(`select html from campaigns where id = ?`, [id]);
    if (c && !c.html.trim()) throw new ApiError(400, MSG.campaignEmpty);
    const rows = await this.execute(
      `update campaigns set status = 'scheduled', scheduled_at = now(), updated_at = now() where id = ? and status in ('draft', 'scheduled') returning id`, [id],
    );
    if (!rows.length) throw await this.refusal(id, MSG.campaignCannotSend);
    await this.sender.start(id);
    return this.get(id);
  }

  /** A scheduled campaign stops (its job finds it cancelled and does nothing). */
  async cancel(id: number): Promise<CampaignDto> {
    const rows = await this.execute(`update campaigns set status = 'cancelled', updated_at = now() where id = ? and status = 'scheduled' returning id`, [id]);
    if (!rows.length) throw await this.refusal(id, () => MSG.campaignCannotCancel);
    return this.get(id);
  }

  /** One copy to `email`, subject prefixed "[Test] ", through the mail queue. */
  async test(id: number, email: unknown): Promise<{ message: string }> {
    if (typeof email !== 'string' || !isNewsletterEmail(normalizeEmail(email))) throw new ApiError(400, MSG.emailInvalid, { email: MSG.emailInvalid });
    const c = await this.get(id);
    const rendered = await this.sender.render(c);
    // Recipient 0 is never a subscriber: the copy's unsubscribe and click links are inert.
    const message = this.sender.messageFor(rendered, { id: 0, email: normalizeEmail(email) }, TEST_SUBJECT_PREFIX);
    await this.mail.enqueue(message);
    return { message: `Test sent to ${normalizeEmail(email)}.` };
  }

  /** The campaign as one recipient would see it (the admin's preview), with inert links. */
  async preview(id: number): Promise<{ subject: string; html: string; text: string }> {
    const c = await this.get(id);
    const rendered = await this.sender.render(c);
    return { subject: c.subject, html: rendered.html, text: rendered.text };
  }

  private scheduleOf(at: string | null): Date | null {
    if (!at) return null;
    const date = new Date(at);
    if (date.getTime() <= Date.now()) throw new ApiError(400, MSG.campaignScheduledInPast, { scheduledAt: MSG.campaignScheduledInPast });
    return date;
  }

  private async refusal(id: number, message: (status: string) => string): Promise<ApiError> {
    const [row] = await this.execute<{ status: string }>(`select status from campaigns where id = ?`, [id]);
    return row ? new ApiError(409, message(row.status)) : new ApiError(404, MSG.campaignNotFound);
  }

  private execute<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params);
  }
}
