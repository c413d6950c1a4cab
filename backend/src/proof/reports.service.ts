import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { MSG } from '../../../common/messages.js';
import { BURST, REPORT_REPEAT_SECONDS, type ReportAnswer } from '../../../common/proof.js';
import { ApiError } from '../common/api-error.js';
import { reportableSql } from '../discounts/discount-rules.sql.js';
import { hitCounterSql } from '../rate-limit/rate-limit.service.js';

/**
 * Visitors' reports of whether a code worked (issue #11). A report is one SQL statement; what becomes of it is
 * BurstHoldsService's and ProofFiguresService's (see docs/decisions/proof-of-codes.md).
 */
@Injectable()
export class ReportsService {
  constructor(private readonly em: EntityManager) {}

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
         ${hitCounterSql('select ?, 1, now() + make_interval(secs => ?) from target where ?::boolean')}
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
}
