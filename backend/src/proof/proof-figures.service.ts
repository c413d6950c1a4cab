import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DEMOTE_LAST_FAILED } from '../../../common/code-record.js';
import { REPORT_FAILING_PERCENT, REPORT_MIN_COUNT, REPORT_WINDOW_DAYS } from '../../../common/proof.js';
import type { ReportDayDto } from '../../../common/proof-api-types.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { JobsService } from '../jobs/jobs.service.js';
import { FIGURES_QUEUE } from '../jobs/queues.js';
import { BurstHoldsService, heldSql } from './burst-holds.service.js';
import { findDiscount } from './find-discount.js';

/**
 * Any fixed number: the figures statement takes this transaction-level advisory lock, so a refresh asked for by a test
 * or a script never overlaps the job's (the job itself runs on one instance at a time: a stately pg-boss queue).
 */
const FIGURES_LOCK = 7_110_011;

/**
 * The figures made of visitors' reports (issue #11): every discount's 30-day counts, success rate and failing
 * flag, recomputed by a periodic job (see docs/decisions/proof-of-codes.md), and a code's reports day by day.
 */
@Injectable()
export class ProofFiguresService implements OnModuleInit {
  private readonly logger = new Logger('ProofService');

  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobsService,
    private readonly holds: BurstHoldsService,
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
   * Recomputes every discount's 30-day figures from the reports in one statement (an index range scan per
   * discount), writes only the rows whose counts changed, and — only then — sends one content_changed
   * NOTIFY so the public caches drop the list once. Answers how many discounts changed.
   */
  async refreshFigures(): Promise<number> {
    return this.holds.holdBursts().then(() => this.em.getConnection().execute<Array<{ changed: number }>>(
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
    await findDiscount(this.em, discountId);
    const rows = await this.em.getConnection().execute<Array<{ day: string; worked: number; failed: number }>>(
      `select to_char(date_trunc('day', created_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
              count(*) filter (where worked)::int as worked, count(*) filter (where not worked)::int as failed
       from discount_reports where discount_id = ? and created_at > now() - make_interval(days => ?)
       group by 1 order by 1`,
      [discountId, REPORT_WINDOW_DAYS],
    );
    return rows.map((r) => ({ day: r.day, worked: r.worked, failed: r.failed }));
  }
}
