import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BURST, REPORT_WINDOW_DAYS, holdReason } from '../../../common/proof.js';
import { findDiscount } from './find-discount.js';

/** Whether the report `r` lies in a hold no admin has accepted: the figures leave it out. */
export const heldSql = (r: string) =>
  `exists (select 1 from report_holds h where h.discount_id = ${r}.discount_id and h.accepted_at is null and ${r}.created_at between h.started_at and h.ended_at)`;

/**
 * Bursts of reports (issue #11): a run of answers unlike a code's figures is held out of them until an admin
 * accepts it. The figures refresh holds new bursts first.
 */
@Injectable()
export class BurstHoldsService {
  constructor(private readonly em: EntityManager) {}

  /**
   * Holds bursts (common/proof.ts holdReason): each code's reports of the last hour that no hold covers yet,
   * against its figures without them. One read of the recent reports (an index range per code), one insert
   * per code held.
   */
  async holdBursts(): Promise<void> {
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

  /** An admin accepts a code's held reports: they count from the next figures (the route recomputes them at once). */
  async acceptHolds(discountId: number, adminId: number): Promise<{ accepted: number }> {
    await findDiscount(this.em, discountId);
    const rows = await this.em.getConnection().execute<Array<{ id: number }>>(
      'update report_holds set accepted_at = now(), accepted_by_id = ? where discount_id = ? and accepted_at is null returning id',
      [adminId, discountId],
    );
    return { accepted: rows.length };
  }
}
