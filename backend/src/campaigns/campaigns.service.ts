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
import type { RevisionDto } from '../../../common/team-api-types.js';
import { currentActor } from '../audit/admin-write-context.js';
import { EditConflicts } from '../audit/edit-conflicts.js';
import { RevisionsService, type RevisionKind } from '../audit/revisions.service.js';
import { deliverableSql } from '../newsletter/subscriber-rules.sql.js';
import { CampaignSender } from './campaign-sender.service.js';
import { FOLLOWS_SLOT } from '../mail/templates/slots.js';
import { IN_DOUBT } from '../mail/fan-out.js';

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
  version: z.number({ error: 'version must be a whole number' }).int('version must be a whole number').optional(),
}).passthrough();

/** The fields a campaign revision keeps: what an admin or editor writes. */
export const CAMPAIGN_REVISION_FIELDS = ['subject', 'previewText', 'html', 'audience', 'scheduledAt'] as const;

const SELECT = `select c.id, c.kind, c.subject, c.preview_text as "previewText", c.html, c.status, c.scheduled_at as "scheduledAt",
  c.sent_at as "sentAt", c.audience, c.created_at as "createdAt", c.updated_at as "updatedAt", c.version,
  coalesce(s.recipients, 0) as recipients, coalesce(s.sent, 0) as sent, coalesce(s.failed, 0) as failed, coalesce(s.in_doubt, 0) as "inDoubt",
  coalesce(s.bounced, 0) as bounced, coalesce(s.unsubscribed, 0) as unsubscribed, (select count(*)::int from campaign_clicks k where k.campaign_id = c.id) as clicks
  from campaigns c
  left join lateral (
    select count(*)::int as recipients, count(*) filter (where d.state = 'sent')::int as sent,
           count(*) filter (where d.state = 'failed')::int as failed, count(*) filter (where d.state = 'bounced')::int as bounced,
           count(*) filter (where d.state = 'failed' and starts_with(d.error, '${IN_DOUBT.replace(/'/g, "''")}'))::int as in_doubt,
           count(*) filter (where d.state = 'sent' and n.status = 'unsubscribed' and n.updated_at > d.sent_at)::int as unsubscribed
    from campaign_deliveries d left join newsletter_subscribers n on n.id = d.subscriber_id where d.campaign_id = c.id
  ) s on true`;

interface Row {
  id: number; kind: 'campaign' | 'digest'; subject: string; previewText: string; html: string; status: CampaignStatus;
  scheduledAt: Date | null; sentAt: Date | null; audience: CampaignAudience; createdAt: Date; updatedAt: Date;
  recipients: number; sent: number; failed: number; inDoubt: number; bounced: number; unsubscribed: number; clicks: number; version: number;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
function toDto(r: Row): CampaignDto {
  return {
    id: r.id, kind: r.kind, subject: r.subject, previewText: r.previewText, html: r.html, status: r.status,
    scheduledAt: iso(r.scheduledAt), sentAt: iso(r.sentAt), audience: r.audience,
    stats: { recipients: r.recipients, sent: r.sent, failed: r.failed, inDoubt: r.inDoubt, bounced: r.bounced, unsubscribed: r.unsubscribed, clicks: r.clicks },
    createdAt: iso(r.createdAt)!, updatedAt: iso(r.updatedAt)!, version: r.version,
  };
}

function revisionFields(c: Pick<CampaignDto, (typeof CAMPAIGN_REVISION_FIELDS)[number]>): Record<string, unknown> {
  return Object.fromEntries(CAMPAIGN_REVISION_FIELDS.map((f) => [f, c[f]]));
}

function parse(body: unknown) {
  const result = input.safeParse(body ?? {});
  if (!result.success) {
    const errors = Object.fromEntries(result.error.issues.map((i) => [i.path.join('.') || 'body', i.message]));
    throw new ApiError(400, result.error.issues[0]!.message, errors);
  }
  return { ...result.data, html: sanitizePostHtml(result.data.html.replace(/\0/g, '')) };
}

const dateOrNull = (iso: string | null) => (iso ? new Date(iso) : null);
const sameInstant = (a: string | null, b: string | null) => (a && b ? new Date(a).getTime() === new Date(b).getTime() : a === b);

/** Editors draft campaigns; scheduling, sending and changing a scheduled campaign are an admin's (issue #20). */
function assertMaySchedule(): void {
  if (currentActor()?.role === 'editor') throw new ApiError(403, MSG.campaignEditorDraftsOnly);
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
    private readonly conflicts: EditConflicts,
    private readonly revisions: RevisionsService,
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
       where source is not null and ${deliverableSql()}
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
    if (scheduled) assertMaySchedule();
    const id = await this.em.transactional(async (em) => {
      const [row] = await em.execute<Array<{ id: number }>>(
        `insert into campaigns (kind, subject, preview_text, html, status, scheduled_at, audience) values (?, ?, ?, ?, ?, ?, ?::jsonb) returning id`,
        [kind, data.subject, data.previewText, data.html, scheduled ? 'scheduled' : 'draft', scheduled, JSON.stringify(data.audience)],
      );
      this.revisions.record(em, 'campaigns', row!.id, revisionFields({ ...data, scheduledAt: scheduled?.toISOString() ?? null }), 'create');
      await em.flush();
      return row!.id;
    });
    if (scheduled) await this.sender.start(id, scheduled);
    return this.get(id);
  }

  /**
   * Drafts and scheduled campaigns only; a future scheduledAt (re)schedules it, none makes it a draft again.
   * A stale `version` is a 409 naming who saved last (nothing stored); each save keeps a revision.
   * Editors save drafts only, and cannot schedule (common/roles.ts).
   */
  async update(id: number, body: unknown, kind: RevisionKind = 'save'): Promise<CampaignDto> {
    const { version, ...data } = parse(body);
    const current = await this.get(id);
    if (!['draft', 'scheduled'].includes(current.status)) throw new ApiError(409, MSG.campaignNotEditable(current.status));
    await this.conflicts.assertCurrent('campaigns', { ...current, updatedAt: new Date(current.updatedAt) }, version);
    const scheduled = sameInstant(data.scheduledAt, current.scheduledAt) ? dateOrNull(current.scheduledAt) : this.scheduleOf(data.scheduledAt);
    if (current.status !== 'draft' || scheduled) assertMaySchedule();
    await this.em.transactional(async (em) => {
      const rows = await em.execute<Array<{ id: number }>>(
        `update campaigns set subject = ?, preview_text = ?, html = ?, audience = ?::jsonb, scheduled_at = ?, status = ?,
           updated_at = now(), version = version + 1
         where id = ? and status in ('draft', 'scheduled') and version = ? returning id`,
        [data.subject, data.previewText, data.html, JSON.stringify(data.audience), scheduled, scheduled ? 'scheduled' : 'draft', id, current.version],
      );
      // Changed between the read and this write (another save, a send): nothing is stored.
      if (!rows.length) throw await this.changedMeanwhile(id, current.version);
      this.revisions.record(em, 'campaigns', id, revisionFields({ ...data, scheduledAt: scheduled?.toISOString() ?? null }), kind);
      await em.flush();
    });
    if (scheduled) await this.sender.start(id, scheduled);
    return this.get(id);
  }

  async revisionsOf(id: number): Promise<RevisionDto[]> {
    await this.get(id);
    return this.revisions.list('campaigns', id);
  }

  /**
   * Restores a revision's subject, preview text, content and audience by saving them (itself a 'restore'
   * revision). The send time stays as it is now: a restored past time could not be scheduled, and restoring
   * words must not send or unschedule anything.
   */
  async restore(id: number, revisionId: number): Promise<CampaignDto> {
    const revision = await this.revisions.find('campaigns', id, revisionId);
    const current = await this.get(id);
    const { scheduledAt: _at, ...fields } = revision.fields as Record<string, unknown>;
    return this.update(id, { ...fields, scheduledAt: current.scheduledAt }, 'restore');
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
    // A weekly trader's "Firms you follow" section is their own: the preview shows the copy without one.
    return { subject: c.subject, html: rendered.html.replace(FOLLOWS_SLOT, ''), text: rendered.text.replace(FOLLOWS_SLOT, '') };
  }

  private scheduleOf(at: string | null): Date | null {
    if (!at) return null;
    const date = new Date(at);
    if (date.getTime() <= Date.now()) throw new ApiError(400, MSG.campaignScheduledInPast, { scheduledAt: MSG.campaignScheduledInPast });
    return date;
  }

  /** Why a conditional update changed nothing: a newer version (409 naming who), another status, or gone. */
  private async changedMeanwhile(id: number, version: number): Promise<ApiError> {
    const [row] = await this.execute<{ status: string; version: number; updatedAt: Date }>(
      `select status, version, updated_at as "updatedAt" from campaigns where id = ?`, [id],
    );
    if (!row) return new ApiError(404, MSG.campaignNotFound);
    if (!['draft', 'scheduled'].includes(row.status)) return new ApiError(409, MSG.campaignNotEditable(row.status));
    try {
      await this.conflicts.assertCurrent('campaigns', { id, version: row.version, updatedAt: new Date(row.updatedAt) }, version);
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
    }
    return new ApiError(409, MSG.campaignNotEditable(row.status));
  }

  private async refusal(id: number, message: (status: string) => string): Promise<ApiError> {
    const [row] = await this.execute<{ status: string }>(`select status from campaigns where id = ?`, [id]);
    return row ? new ApiError(409, message(row.status)) : new ApiError(404, MSG.campaignNotFound);
  }

  private execute<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params);
  }
}
