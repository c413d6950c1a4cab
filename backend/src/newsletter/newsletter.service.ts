import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type {
  NewsletterMessageResponse, NewsletterStatsDto, NewsletterSubscriberDto,
} from '../../../common/api-types.js';
import { NEWSLETTER_NEW_DAYS } from '../../../common/constants.js';
import type { SubscriberStatus } from '../../../common/enums.js';
import { MSG } from '../../../common/messages.js';
import type { BulkResult } from '../../../common/bulk.js';
import { noteBulkWrite } from '../audit/admin-write-context.js';
import { bulkFilter } from '../common/bulk.dto.js';
import { csvExport } from '../common/csv-export.js';
import { checkFilterKeys } from '../common/list-filter.js';
import type { BulkSubscribersDto } from './dto/newsletter.dto.js';
import { NEWSLETTER_CSV_COLUMNS, isSubscriberStatus, newsletterCsvRow } from '../../../common/newsletter.js';
import { ApiError } from '../common/api-error.js';
import { planPage } from '../common/far-end-page.js';
import { idsFilter, searchPattern, type ListParams, type ListResult } from '../common/rest-list.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DoubleOptInService } from './double-opt-in.service.js';
import type { SubscribeDto } from './dto/newsletter.dto.js';
import { NewsletterSubscriber, toSubscriberDto } from './newsletter-subscriber.entity.js';
import { deliverableSql } from './subscriber-rules.sql.js';
import { createUnsubscribeToken, verifyUnsubscribeToken } from '../mail/unsubscribe-token.js';

/** The admin filters: `q` (email contains, case-insensitive, % and _ literal), `status`, and `id` (getMany). */
export const SUBSCRIBER_FILTERS = ['q', 'status', 'id', 'confirmed'] as const;
export const SUBSCRIBER_SORTABLE = ['id', 'email', 'subscribedAt', 'status'] as const;
type SubscriberSortField = (typeof SUBSCRIBER_SORTABLE)[number];
type Direction = 'asc' | 'desc';

/**
 * ORDER BY for each sortable field, always ending in a unique key so pages never overlap.
 * Each one is served by an index (see the entity), so page 1 of 100,000 rows reads ~20 index entries.
 */
const ORDER_SQL: Record<SubscriberSortField, (d: Direction) => string> = {
  subscribedAt: (d) => `subscribed_at ${d}, id ${d}`,
  email: (d) => `email ${d}`,
  status: (d) => `status ${d}, subscribed_at ${d}, id ${d}`,
  id: (d) => `id ${d}`,
};
/** Pages starting this deep are planned against the total (see list). */
const FAR_END_FROM = 1000;
const COLUMNS = 'id, email, subscribed_at as "subscribedAt", status, source, confirmed_at as "confirmedAt", bounced_at as "bouncedAt"';
/** Rows read per query while exporting: memory stays flat whatever the list's size. */
const EXPORT_BATCH = 1000;

interface SubscriberRow {
  id: number;
  email: string;
  subscribedAt: Date;
  status: SubscriberStatus;
  source: string | null;
  confirmedAt: Date | null;
  bouncedAt: Date | null;
}

/** Filter conditions (joined with and) and their parameters, in order. */
interface Filter {
  conditions: string[];
  params: unknown[];
}

const whereClause = (conditions: string[]) => (conditions.length ? `where ${conditions.join(' and ')}` : '');

@Injectable()
export class NewsletterService {
  constructor(
    private readonly em: EntityManager,
    private readonly optIn: DoubleOptInService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * One atomic statement decides every case, so concurrent signups of one address make one row
   * and all succeed: a new address is inserted; a subscribed one is left untouched, which the `where` turns into
   * "no row returned"; one that unsubscribed or bounced starts over (issue #35): consent given before does not
   * carry over, since anyone can type an address into the form. Its confirmation is cleared, so it receives nothing
   * until it opens the new confirmation mail, and the current subscription starts now. `xmax = 0` tells an insert
   * from an update. confirmation_sent_at is kept: it is the per-address limit on confirmation mails.
   */
  async subscribe(input: SubscribeDto): Promise<NewsletterMessageResponse> {
    const rows = await this.execute<{ inserted: boolean }>(
      `insert into newsletter_subscribers as s (email, source, status, subscribed_at, updated_at)
       values (?, ?, 'subscribed', now(), now())
       on conflict (email) do update
         set status = 'subscribed', subscribed_at = now(), updated_at = now(),
             confirmed_at = null, bounced_at = null,
             source = coalesce(excluded.source, s.source)
         where s.status <> 'subscribed' or s.bounced_at is not null
       returning (s.xmax = 0) as inserted`,
      [input.email, input.source ?? null],
    );
    // Double opt-in (issue #16): an unconfirmed address gets its confirmation (at most once an hour). The mail is
    // a stored job: a mail server that is down never fails the signup.
    await this.optIn.sendConfirmationIfDue(input.email);
    if (!rows.length) return { message: MSG.newsletterAlreadySubscribed };
    return { message: rows[0].inserted ? MSG.newsletterSubscribed : MSG.newsletterResubscribed };
  }

  /** Idempotent: a valid token always answers the same message, whatever the row's state. */
  async unsubscribe(token: string): Promise<NewsletterMessageResponse> {
    const keys = [this.config.unsubscribeKey, ...this.config.legacyUnsubscribeKeys];
    const id = keys.map((key) => verifyUnsubscribeToken(token, key)).find((found) => found !== null) ?? null;
    if (id === null) throw new ApiError(400, MSG.newsletterTokenInvalid);
    await this.execute(
      `update newsletter_subscribers set status = 'unsubscribed', updated_at = now() where id = ? and status <> 'unsubscribed'`,
      [id],
    );
    return { message: MSG.newsletterUnsubscribed };
  }

  /** The link a newsletter carries so a subscriber can leave without an account. */
  unsubscribeUrl(subscriber: { id: number }): string {
    const token = createUnsubscribeToken(subscriber.id, this.config.unsubscribeKey);
    return `${this.config.publicSiteUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
  }

  /**
   * Both admin faces: the whole list without a page (docs/spec.md §7), or one page plus the total (REST).
   * A page near the front is read with its count in parallel; a deeper one needs the total first, so that a page in
   * the back half is read from the other end (far-end-page.ts): the last page of 200,000 costs what the first does.
   */
  async list(params: ListParams<SubscriberSortField>): Promise<ListResult<NewsletterSubscriberDto>> {
    const where = toFilter(params.filter);
    // Without a sort: docs/spec.md §9's newest first.
    const dir: Direction = params.sort ? (params.sort.order === 'ASC' ? 'asc' : 'desc') : 'desc';
    const orderFor = (d: Direction) => (params.sort ? ORDER_SQL[params.sort.field](d) : ORDER_SQL.subscribedAt(d));
    const select = (order: string, page?: { limit: number; offset: number }) =>
      this.execute<SubscriberRow>(
        `select ${COLUMNS} from newsletter_subscribers ${whereClause(where.conditions)} order by ${order}${page ? ' limit ? offset ?' : ''}`,
        [...where.params, ...(page ? [page.limit, page.offset] : [])],
      );
    const count = async () =>
      (await this.execute<{ total: number }>(`select count(*)::int as total from newsletter_subscribers ${whereClause(where.conditions)}`, where.params))[0]!.total;

    if (!params.page) {
      const rows = await select(orderFor(dir));
      return { items: rows.map(toSubscriberDto), total: rows.length };
    }
    if (params.page.offset < FAR_END_FROM) {
      const [rows, total] = await Promise.all([select(orderFor(dir), params.page), count()]);
      return { items: rows.map(toSubscriberDto), total };
    }
    const total = await count();
    const plan = planPage(params.page, total);
    const opposite: Direction = dir === 'asc' ? 'desc' : 'asc';
    const rows = plan.limit === 0 ? [] : await select(orderFor(plan.reversed ? opposite : dir), plan);
    if (plan.reversed) rows.reverse();
    return { items: rows.map(toSubscriberDto), total };
  }

  /** The stat cards in one pass over the table. */
  async stats(): Promise<NewsletterStatsDto> {
    const [row] = await this.execute<NewsletterStatsDto>(
      `select count(*)::int as total,
              count(*) filter (where subscribed_at >= now() - make_interval(days => ?))::int as "newLast7Days",
              count(*) filter (where status = 'subscribed')::int as active,
              count(*) filter (where status = 'unsubscribed')::int as unsubscribed,
              count(*) filter (where ${deliverableSql()})::int as confirmed
       from newsletter_subscribers`,
      [NEWSLETTER_NEW_DAYS],
    );
    return row;
  }

  /** The CSV of every subscriber matching the filter, newest first (csvExport), read by keyset (subscribed_at, id). */
  exportCsv(filter: Record<string, unknown>): Promise<Readable> {
    const where = toFilter(filter);
    return csvExport<SubscriberRow & { cursorAt: string }>({
      columns: NEWSLETTER_CSV_COLUMNS,
      readBatch: (after) => {
        const conditions = after ? [...where.conditions, '(subscribed_at, id) < (?::timestamptz, ?)'] : where.conditions;
        return this.execute<SubscriberRow & { cursorAt: string }>(
          `select ${COLUMNS}, subscribed_at::text as "cursorAt" from newsletter_subscribers
           ${whereClause(conditions)} order by subscribed_at desc, id desc limit ?`,
          [...where.params, ...(after ? [after.cursorAt, after.id] : []), EXPORT_BATCH],
        );
      },
      row: newsletterCsvRow,
      batchSize: EXPORT_BATCH,
    });
  }

  async get(id: number): Promise<NewsletterSubscriberDto> {
    return toSubscriberDto(await this.find(id));
  }

  /** An admin's change of status leaves subscribedAt as it was (a correction, not a new signup). */
  async setStatus(id: number, status: SubscriberStatus | undefined): Promise<NewsletterSubscriberDto> {
    const subscriber = await this.find(id);
    if (status !== undefined && status !== subscriber.status) {
      subscriber.status = status;
      await this.em.flush();
    }
    return toSubscriberDto(subscriber);
  }

  /**
   * POST /_api/admin/newsletter-subscribers/bulk (issue #18): one action on the ticked subscribers or on every
   * subscriber of the list's filter, as one statement. A status change writes only the rows it changes (and, like a
   * single change, leaves subscribedAt alone); `count` is what changed.
   */
  async bulk({ action, ...scope }: BulkSubscribersDto): Promise<BulkResult> {
    const filter = bulkFilter(scope);
    checkFilterKeys(filter, SUBSCRIBER_FILTERS);
    const where = toFilter(filter);
    const status: SubscriberStatus = action === 'resubscribe' ? 'subscribed' : 'unsubscribed';
    const [sql, params] = action === 'delete'
      ? [`delete from newsletter_subscribers ${whereClause(where.conditions)}`, where.params]
      : [`update newsletter_subscribers set status = ?, updated_at = now() ${whereClause([...where.conditions, 'status <> ?'])}`,
        [status, ...where.params, status]];
    const result = await this.em.getConnection().execute<{ affectedRows: number }>(sql, params, 'run');
    const count = result.affectedRows;
    noteBulkWrite({ action, ...(scope.ids ? { ids: scope.ids.length } : { filter }), count });
    return { action, count };
  }

  async remove(id: number): Promise<NewsletterSubscriberDto> {
    const subscriber = await this.find(id);
    const dto = toSubscriberDto(subscriber);
    await this.em.remove(subscriber).flush();
    return dto;
  }

  private async find(id: number): Promise<NewsletterSubscriber> {
    const subscriber = await this.em.findOne(NewsletterSubscriber, { id });
    if (!subscriber) throw new ApiError(404, MSG.notFound('Subscriber'));
    return subscriber;
  }

  private execute<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params);
  }
}

/** The admin filters: `q` (email contains, case-insensitive, % and _ literal), `status`, `confirmed` (true/false) and `id` (getMany). */
function toFilter(filter: Record<string, unknown>): Filter {
  const parts: string[] = [];
  const params: unknown[] = [];
  const ids = idsFilter(filter);
  if (ids) {
    parts.push(ids.length ? `id in (${ids.map(() => '?').join(', ')})` : 'false');
    params.push(...ids);
  }
  const q = searchPattern(filter);
  if (q) {
    // Emails are stored lower-cased, so LIKE on the lower-cased pattern answers what ILIKE would,
    // at a fraction of the cost when it has to scan; both can use the trigram index.
    parts.push('email like ?');
    params.push(q.toLowerCase());
  }
  const status = filter.status;
  if (status !== undefined && status !== null && status !== '') {
    if (!isSubscriberStatus(status)) throw new ApiError(400, MSG.subscriberStatusInvalid);
    parts.push('status = ?');
    params.push(status);
  }
  const confirmed = filter.confirmed;
  if (confirmed !== undefined && confirmed !== null && confirmed !== '') {
    if (confirmed !== true && confirmed !== false && confirmed !== 'true' && confirmed !== 'false') throw new ApiError(400, MSG.invalidListParam('filter'));
    parts.push(confirmed === true || confirmed === 'true' ? 'confirmed_at is not null' : 'confirmed_at is null');
  }
  return { conditions: parts, params };
}
