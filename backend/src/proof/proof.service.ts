import { EntityManager, QueryOrder, ref } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { MSG } from '../../../common/messages.js';
import {
  REPORT_FAILING_PERCENT, REPORT_LIMITS, REPORT_MIN_COUNT, REPORT_REPEAT_SECONDS, REPORT_WINDOW_DAYS,
} from '../../../common/proof.js';
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

export const CHECK_SORTABLE = ['id', 'checkedAt', 'result', 'priceSeen', 'createdAt'] as const;
type CheckSortField = (typeof CHECK_SORTABLE)[number];

/**
 * Any fixed number: the figures statement takes this transaction-level advisory lock, so a refresh asked for by a test
 * or a script never overlaps the job's (the job itself runs on one instance at a time: a stately pg-boss queue).
 */
const FIGURES_LOCK = 7_110_011;
/** The pg-boss queue of the figures refresh, repeated every REPORT_FIGURES_REFRESH_SECONDS (JobsService.every). */
export const FIGURES_QUEUE = 'proof-figures-refresh';

/**
 * Visitors' reports, admins' checks and the figures made of them (issue #11).
 * A report is one SQL statement; the 30-day figures are recomputed by a periodic job (see README Decisions).
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
   * A visitor's answer, in one statement (one round trip: the write the bench holds under 5 ms). It counts the
   * call against the address's hourly limit (rate_limits, shared by every instance); within it, the discount
   * must be on the public list with a code or link, the visitor's 24-hour claim is an atomic upsert in
   * rate_limits (so 20 concurrent answers claim once), and only the claim's first hit inserts the report.
   * Answers whether it was counted, or past the address's limit the seconds until it resets (nothing written);
   * 404 for no such code.
   */
  async report(
    discountId: number, worked: boolean, visitor: string | undefined, ip: string | undefined,
  ): Promise<{ counted: boolean } | { retryAfterSeconds: number }> {
    const [row] = await this.em.getConnection().execute<Array<{ found: number; counted: number; ip_hits: number; reset_at: Date }>>(
      `with ip as (
         insert into rate_limits (key, hits, reset_at) values (?, 1, now() + make_interval(secs => ?))
         on conflict (key) do update set
           hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
           reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
         returning hits, reset_at
       ),
       target as (
         select id from discounts
         where id = ? and status = 'active' and (valid_until is null or valid_until > now())
           and (discount_code is not null or affiliate_link is not null)
       ),
       claim as (
         insert into rate_limits (key, hits, reset_at)
         select ?, 1, now() + make_interval(secs => ?) from target, ip where ?::boolean and ip.hits <= ?
         on conflict (key) do update set
           hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
           reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
         returning hits
       ),
       ins as (
         insert into discount_reports (discount_id, worked) select t.id, ? from target t, claim c where c.hits = 1 returning id
       )
       select (select count(*) from target)::int as found, (select count(*) from ins)::int as counted,
              ip.hits as ip_hits, ip.reset_at from ip`,
      [
        `report-ip:${ip ?? 'unknown'}`, REPORT_LIMITS.windowSeconds,
        discountId,
        `report:${discountId}:${visitor ?? ''}`, REPORT_REPEAT_SECONDS, visitor !== undefined, REPORT_LIMITS.perIp,
        worked,
      ],
    );
    if (row!.ip_hits > REPORT_LIMITS.perIp) {
      return { retryAfterSeconds: Math.max(1, Math.ceil((new Date(row!.reset_at).getTime() - Date.now()) / 1000)) };
    }
    if (row!.found === 0) throw new ApiError(404, MSG.notFound('Discount'));
    return { counted: row!.counted === 1 };
  }

  /**
   * Recomputes every discount's 30-day figures from the reports in one statement (an index range scan per
   * discount), writes only the rows whose counts changed, and — only then — sends one content_changed
   * NOTIFY so the public caches drop the list once. Answers how many discounts changed.
   */
  async refreshFigures(): Promise<number> {
    return this.em.getConnection().execute<Array<{ changed: number }>>(
      `with lock as (select pg_try_advisory_xact_lock(?) as ok),
       fig as (
         select d.id, coalesce(a.n, 0) as n, coalesce(a.w, 0) as w
         from discounts d
         left join lateral (
           select count(*)::int as n, count(*) filter (where r.worked)::int as w
           from discount_reports r where r.discount_id = d.id and r.created_at > now() - make_interval(days => ?)
         ) a on true
         where (select ok from lock)
       ),
       upd as (
         update discounts d set
           reports_count = f.n,
           worked_count = f.w,
           success_rate = case when f.n > 0 then round(100.0 * f.w / f.n)::smallint end,
           failing_since = case when f.n >= ? and f.w * 100 < ? * f.n then coalesce(d.failing_since, now()) end
         from fig f
         where f.id = d.id and (d.reports_count, d.worked_count) is distinct from (f.n, f.w)
         returning d.id
       ),
       changed as (select count(*)::int as n from upd)
       select n as changed, (case when n > 0 then pg_notify('content_changed', 'discounts') end) is null as quiet from changed`,
      [FIGURES_LOCK, REPORT_WINDOW_DAYS, REPORT_MIN_COUNT, REPORT_FAILING_PERCENT],
    ).then((rows) => rows[0]?.changed ?? 0);
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
    fields: { result: DiscountCheck['result']; checkedAt?: Date | null; note?: string | null },
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
    screenshotUrl: c.screenshotUrl,
    createdAt: c.createdAt.toISOString(),
  };
}
