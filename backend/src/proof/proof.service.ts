import { EntityManager, QueryOrder, ref } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { MSG } from '../../../common/messages.js';
import {
  BURST, REPORT_FAILING_PERCENT, REPORT_MIN_COUNT, REPORT_REPEAT_SECONDS, REPORT_WINDOW_DAYS, holdReason,
  type ReportAnswer,
} from '../../../common/proof.js';
import { reportableSql } from '../discounts/discount-rules.sql.js';
import { DEMOTE_LAST_FAILED } from '../../../common/code-record.js';

/** Whether the report `r` lies in a hold no admin has accepted: the figures leave it out. */
const heldSql = (r: string) =>
  `exists (select 1 from report_holds h where h.discount_id = ${r}.discount_id and h.accepted_at is null and ${r}.created_at between h.started_at and h.ended_at)`;
import { PROOF_MSG } from '../../../common/proof-messages.js';
import type { DiscountCheckDto, ReportDayDto } from '../../../common/proof-api-types.js';
import { ApiError } from '../common/api-error.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { ListParams, ListResult } from '../common/rest-list.js';
import { Discount } from '../discounts/discount.entity.js';
import { JobsService } from '../jobs/jobs.service.js';
import { MediaService } from '../media/media.service.js';
import { User } from '../users/user.entity.js';
import { DiscountCheck } from './discount-check.entity.js';
import type { BulkCheckDto, CreateCheckDto } from './dto/proof.dto.js';
import { FIGURES_QUEUE } from '../jobs/queues.js';

/** `discountId` (one discount's checks) and `id` (getMany). */
export const CHECK_FILTERS = ['discountId', 'id'] as const;
export const CHECK_SORTABLE = ['id', 'checkedAt', 'result', 'priceSeen', 'createdAt'] as const;
type CheckSortField = (typeof CHECK_SORTABLE)[number];

/**
 * Any fixed number: the figures statement takes this transaction-level advisory lock, so a refresh asked for by a test
 * or a script never overlaps the job's (the job itself runs on one instance at a time: a stately pg-boss queue).
 */
const FIGURES_LOCK = 7_110_011;
/** The pg-boss queue of the figures refresh, repeated every REPORT_FIGURES_REFRESH_SECONDS (JobsService.every). */

/**
 * Visitors' reports, admins' checks and the figures made of them (issue #11).
 * A report is one SQL statement; the 30-day figures are recomputed by a periodic job (see docs/decisions/proof-of-codes.md).
 */
@Injectable()
export class ProofService implements OnModuleInit {
  private readonly logger = new Logger('ProofService');

  constructor(
    private readonly em: EntityManager,
    private readonly media: MediaService,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The figures are refreshed by a pg-boss job, once at start and then every REPORT_FIGURES_REFRESH_SECONDS, on
   * one instance at a time; a stop lets a refresh already running finish (pg-boss's graceful stop) and starts none.
   */
  onModuleInit(): void {
    void this.jobs.register(FIGURES_QUEUE, () => this.refreshInBackground(), { policy: 'stately', retryLimit: 0, expireInSeconds: 60 });
    this.jobs.every(FIGURES_QUEUE, this.config.reportFiguresRefreshSeconds);
  }

  /**
   * A visitor's answer, in one statement (one round trip: the write the bench holds under 5 ms). `visitor` is the
   * network's daily key (common/visitor networkVisitorKey): the address's hourly limit is the route's
   * @RateLimit, counted before this. The discount must be reportable
   * (discount-rules.sql.ts), the network's claim on this code for the day is an atomic upsert (so 20 concurrent
   * answers, with any user agents, claim once), and only the claim's first hit inserts the report — and only from a
   * person's browser (`person`). Answers whether it was counted and whether it joins a burst (more than
   * BURST.maxReports on the code within BURST.windowMinutes, or a hold still open), which the figures job holds
   * until an admin accepts it: 404 for no such code.
   */
  async report(
    discountId: number, worked: boolean, visitor: string, person: boolean,
  ): Promise<ReportAnswer> {
    const [row] = await this.em.getConnection().execute<Array<{ found: number; counted: number; recent: number; open_hold: boolean }>>(
      `with target as (select id from discounts d where id = ? and ${reportableSql('d', 'now()')}),
       claim as (
         insert into rate_limits (key, hits, reset_at)
         select ?, 1, now() + make_interval(secs => ?) from target where ?::boolean
         on conflict (key) do update set
           hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
           reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
         returning hits
       ),
       ins as (
         insert into discount_reports (discount_id, worked) select t.id, ? from target t, claim c where c.hits = 1 returning id
       )
       select (select count(*) from target)::int as found, (select count(*) from ins)::int as counted,
              (select count(*) from discount_reports r where r.discount_id = ? and r.created_at > now() - make_interval(mins => ?))::int as recent,
              exists (select 1 from report_holds h where h.discount_id = ? and h.accepted_at is null
                      and h.ended_at > now() - make_interval(mins => ?)) as open_hold`,
      [
        discountId,
        `report:${discountId}:${visitor}`, REPORT_REPEAT_SECONDS, person,
        worked,
        discountId, BURST.windowMinutes, discountId, BURST.swingWindowMinutes,
      ],
    );
    if (row!.found === 0) throw new ApiError(404, MSG.notFound('Discount'));
    const counted = row!.counted === 1;
    // The statement's snapshot does not see its own insert: the new report is one more.
    const held = counted && (row!.open_hold || row!.recent + 1 > BURST.maxReports);
    return { counted, held };
  }

  /**
   * Holds bursts (common/proof.ts holdReason): each code's reports of the last hour that no hold covers yet,
   * against its figures without them. One read of the recent reports (an index range per code), one insert
   * per code held.
   */
  private async holdBursts(): Promise<void> {
    const conn = this.em.getConnection();
    const recent = await conn.execute<Array<{ discount_id: number; created_at: Date; worked: boolean }>>(
      `select r.discount_id, r.created_at, r.worked from discount_reports r
       where r.created_at > now() - make_interval(mins => ?)
         and not exists (select 1 from report_holds h where h.discount_id = r.discount_id and r.created_at between h.started_at and h.ended_at)
       order by r.discount_id, r.created_at`,
      [BURST.swingWindowMinutes],
    );
    if (!recent.length) return;
    const byDiscount = new Map<number, Array<{ at: Date; worked: boolean }>>();
    for (const r of recent) byDiscount.set(r.discount_id, [...(byDiscount.get(r.discount_id) ?? []), { at: new Date(r.created_at), worked: r.worked }]);
    const ids = [...byDiscount.keys()];
    const stable = await conn.execute<Array<{ id: number; n: number; w: number; open_hold: boolean }>>(
      `select d.id,
         (select count(*) from discount_reports r where r.discount_id = d.id and r.created_at > now() - make_interval(days => ?)
            and r.created_at <= now() - make_interval(mins => ?) and not ${heldSql('r')})::int as n,
         (select count(*) from discount_reports r where r.discount_id = d.id and r.created_at > now() - make_interval(days => ?)
            and r.created_at <= now() - make_interval(mins => ?) and r.worked and not ${heldSql('r')})::int as w,
         exists (select 1 from report_holds h where h.discount_id = d.id and h.accepted_at is null and h.ended_at > now() - make_interval(mins => ?)) as open_hold
       from discounts d where d.id in (${ids.map(() => '?').join(', ')})`,
      [REPORT_WINDOW_DAYS, BURST.swingWindowMinutes, REPORT_WINDOW_DAYS, BURST.swingWindowMinutes, BURST.swingWindowMinutes, ...ids],
    );
    for (const s of stable) {
      const reports = byDiscount.get(s.id)!;
      const reason = holdReason(reports, { reportsCount: s.n, workedCount: s.w }, s.open_hold);
      if (!reason) continue;
      // The bounds from the rows themselves: a JavaScript Date would cut created_at's microseconds off.
      await conn.execute(
        `insert into report_holds (discount_id, started_at, ended_at, reason)
         select r.discount_id, min(r.created_at), max(r.created_at), ? from discount_reports r
         where r.discount_id = ? and r.created_at > now() - make_interval(mins => ?)
           and not exists (select 1 from report_holds h where h.discount_id = r.discount_id and r.created_at between h.started_at and h.ended_at)
         group by r.discount_id`,
        [reason, s.id, BURST.swingWindowMinutes],
      );
    }
  }

  /** An admin accepts a code's held reports: they count from the next figures, which are recomputed at once. */
  async acceptHolds(discountId: number, adminId: number): Promise<{ accepted: number }> {
    await this.findDiscount(discountId);
    const rows = await this.em.getConnection().execute<Array<{ id: number }>>(
      'update report_holds set accepted_at = now(), accepted_by_id = ? where discount_id = ? and accepted_at is null returning id',
      [adminId, discountId],
    );
    await this.refreshFigures();
    return { accepted: rows.length };
  }

  /**
   * Recomputes every discount's 30-day figures from the reports in one statement (an index range scan per
   * discount), writes only the rows whose counts changed, and — only then — sends one content_changed
   * NOTIFY so the public caches drop the list once. Answers how many discounts changed.
   */
  async refreshFigures(): Promise<number> {
    return this.holdBursts().then(() => this.em.getConnection().execute<Array<{ changed: number }>>(
      `with lock as (select pg_try_advisory_xact_lock(?) as ok),
       fig as (
         select d.id, coalesce(a.n, 0) as n, coalesce(a.w, 0) as w, coalesce(a.h, 0) as h, coalesce(b.last_failed, false) as last_failed
         from discounts d
         left join lateral (
           select count(*) filter (where not r.held)::int as n, count(*) filter (where r.worked and not r.held)::int as w,
                  count(*) filter (where r.held)::int as h
           from (select r.worked, ${heldSql('r')} as held from discount_reports r
                 where r.discount_id = d.id and r.created_at > now() - make_interval(days => ?)) r
         ) a on true
         -- common/code-record.ts answersDemote: the newest DEMOTE_LAST_FAILED counted answers all said it did not work.
         left join lateral (
           select count(*) = ? and bool_and(not l.worked) as last_failed
           from (select r.worked from discount_reports r
                 where r.discount_id = d.id and r.created_at > now() - make_interval(days => ?) and not ${heldSql('r')}
                 order by r.created_at desc limit ?) l
         ) b on true
         where (select ok from lock)
       ),
       upd as (
         update discounts d set
           reports_count = f.n,
           worked_count = f.w,
           success_rate = case when f.n > 0 then round(100.0 * f.w / f.n)::smallint end,
           failing_since = case when (f.n >= ? and f.w * 100 < ? * f.n) or f.last_failed then coalesce(d.failing_since, now()) end,
           held_reports = f.h
         from fig f
         where f.id = d.id and (d.reports_count, d.worked_count, d.held_reports) is distinct from (f.n, f.w, f.h)
         returning d.id
       ),
       changed as (select count(*)::int as n from upd)
       select n as changed, (case when n > 0 then pg_notify('content_changed', 'discounts') end) is null as quiet from changed`,
      [FIGURES_LOCK, REPORT_WINDOW_DAYS, DEMOTE_LAST_FAILED, REPORT_WINDOW_DAYS, DEMOTE_LAST_FAILED, REPORT_MIN_COUNT, REPORT_FAILING_PERCENT],
    )).then((rows) => rows[0]?.changed ?? 0);
  }

  /** A failed refresh is only logged: the next run comes anyway, and a retry would only crowd it. */
  private async refreshInBackground(): Promise<void> {
    try {
      await this.refreshFigures();
    } catch (error) {
      this.logger.warn(`Report figures not refreshed: ${(error as Error).message}`);
    }
  }

  /** Daily worked / not-worked counts of a discount's reports over the window, oldest day first. */
  async reportsOverTime(discountId: number): Promise<ReportDayDto[]> {
    await this.findDiscount(discountId);
    const rows = await this.em.getConnection().execute<Array<{ day: string; worked: number; failed: number }>>(
      `select to_char(date_trunc('day', created_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
              count(*) filter (where worked)::int as worked, count(*) filter (where not worked)::int as failed
       from discount_reports where discount_id = ? and created_at > now() - make_interval(days => ?)
       group by 1 order by 1`,
      [discountId, REPORT_WINDOW_DAYS],
    );
    return rows.map((r) => ({ day: r.day, worked: r.worked, failed: r.failed }));
  }

  async listChecks(params: ListParams<CheckSortField>): Promise<ListResult<DiscountCheckDto>> {
    const where: Record<string, unknown> = {};
    const f = params.filter;
    if (f.discountId !== undefined) {
      if (!Number.isInteger(f.discountId)) throw new ApiError(400, MSG.invalidListParam('filter'));
      where.discount = f.discountId;
    }
    if (Array.isArray(f.id)) where.id = { $in: f.id.filter(Number.isInteger) };
    const [items, total] = await this.em.findAndCount(DiscountCheck, where, {
      populate: ['checkedBy'],
      orderBy: params.sort
        ? [{ [params.sort.field]: params.sort.order === 'ASC' ? QueryOrder.ASC_NULLS_LAST : QueryOrder.DESC_NULLS_LAST }, { id: 'desc' }]
        : [{ checkedAt: 'desc' }, { id: 'desc' }],
      limit: params.page?.limit,
      offset: params.page?.offset,
    });
    return { items: items.map(toCheckDto), total };
  }

  async getCheck(id: number): Promise<DiscountCheckDto> {
    return toCheckDto(await this.findCheck(id));
  }

  async createCheck(input: CreateCheckDto, adminId: number): Promise<DiscountCheckDto> {
    const screenshotUrl = (await this.media.resolveImage(input.screenshotUrl ?? null, 'discount', 'screenshotUrl')) ?? null;
    const [check] = await this.record([input.discountId], input, adminId, { priceSeen: input.priceSeen ?? null, screenshotUrl });
    return toCheckDto(check!);
  }

  /** The same check of every selected discount, all or none. */
  async createChecks(input: BulkCheckDto, adminId: number): Promise<DiscountCheckDto[]> {
    return (await this.record([...new Set(input.ids)], input, adminId, {})).map(toCheckDto);
  }

  /** Removes a mistaken check; the discount's lastVerifiedAt and last result follow the log that remains. */
  async removeCheck(id: number): Promise<DiscountCheckDto> {
    const check = await this.findCheck(id);
    const dto = toCheckDto(check);
    await this.em.transactional(async (em) => {
      await em.remove(em.getReference(DiscountCheck, id)).flush();
      await this.syncDiscounts(em, [check.discount.id]);
    });
    return dto;
  }

  private async record(
    ids: number[],
    fields: { result: DiscountCheck['result']; checkedAt?: Date | null; note?: string | null; program?: string | null; size?: number | null },
    adminId: number,
    extra: { priceSeen?: number | null; screenshotUrl?: string | null },
  ): Promise<DiscountCheck[]> {
    return this.em.transactional(async (em) => {
      const found = await em.find(Discount, { id: { $in: ids } });
      const missing = ids.filter((id) => !found.some((d) => d.id === id));
      if (missing.length) {
        const message = PROOF_MSG.discountMissing(missing[0]!);
        throw new ApiError(400, message, { [ids.length === 1 && 'discountId' in fields ? 'discountId' : 'ids']: message });
      }
      const checkedAt = fields.checkedAt ?? new Date();
      const checks = ids.map((id) =>
        em.create(DiscountCheck, {
          discount: ref(Discount, id),
          checkedAt,
          checkedBy: ref(User, adminId),
          result: fields.result,
          note: fields.note ?? null,
          program: fields.program ?? null,
          size: fields.size ?? null,
          priceSeen: extra.priceSeen ?? null,
          screenshotUrl: extra.screenshotUrl ?? null,
        }),
      );
      await em.flush();
      await this.syncDiscounts(em, ids);
      await em.populate(checks, ['checkedBy']);
      return checks;
    });
  }

  /**
   * Writes each discount's lastVerifiedAt (newest 'worked' check) and last result (newest check) from its
   * log, through the ORM so this instance's public cache drops the list at once (FlushInvalidation).
   */
  private async syncDiscounts(em: EntityManager, ids: number[]): Promise<void> {
    const rows = await em.getConnection().execute<Array<{ id: number; verified: Date | null; result: string | null }>>(
      `select d.id,
         (select max(c.checked_at) from discount_checks c where c.discount_id = d.id and c.result = 'worked') as verified,
         (select c.result from discount_checks c where c.discount_id = d.id order by c.checked_at desc, c.id desc limit 1) as result
       from discounts d where d.id in (${ids.map(() => '?').join(', ')})`,
      ids, 'all', em.getTransactionContext(),
    );
    const discounts = await em.find(Discount, { id: { $in: ids } });
    for (const d of discounts) {
      const row = rows.find((r) => r.id === d.id);
      d.lastVerifiedAt = row?.verified ? new Date(row.verified) : null;
      d.lastCheckResult = (row?.result ?? null) as Discount['lastCheckResult'];
    }
    await em.flush();
  }

  private async findDiscount(id: number): Promise<Discount> {
    const discount = await this.em.findOne(Discount, { id });
    if (!discount) throw new ApiError(404, MSG.notFound('Discount'));
    return discount;
  }

  private async findCheck(id: number): Promise<DiscountCheck> {
    const check = await this.em.findOne(DiscountCheck, { id }, { populate: ['checkedBy'] });
    if (!check) throw new ApiError(404, MSG.notFound('Check'));
    return check;
  }
}

function toCheckDto(c: DiscountCheck): DiscountCheckDto {
  const by = c.checkedBy?.getEntity();
  return {
    id: c.id,
    discountId: c.discount.id,
    checkedAt: c.checkedAt.toISOString(),
    checkedBy: by ? { id: by.id, name: by.displayName || by.email } : null,
    result: c.result,
    priceSeen: c.priceSeen === null ? null : Number(c.priceSeen),
    note: c.note,
    program: c.program,
    size: c.size,
    screenshotUrl: c.screenshotUrl,
    createdAt: c.createdAt.toISOString(),
  };
}
