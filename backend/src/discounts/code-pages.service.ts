import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  RECORD_PAGE_SIZE, hourOf, lastWorkedAt, recordPages, usedToday, utcDay,
  type CodeHistoryEvent, type CodePageDto, type CodeRecordDto, type ExpiredCodeDto, type ExpiredPageDto, type RecordItem,
} from '../../../common/code-record.js';

export type { CodePageDto, ExpiredPageDto } from '../../../common/code-record.js';
import { MSG } from '../../../common/messages.js';
import { successPercent } from '../../../common/proof.js';
import type { ListedSize } from '../../../common/price-rule.js';
import { ApiError } from '../common/api-error.js';
import { Discount, toDiscountDto, toProofFigures, toPublicDiscountDto, type DiscountWithCompanyRow } from './discount.entity.js';

/** Whether the report `r` lies in a hold no admin has accepted (as ProofFiguresService's figures read it). */
const heldSql = (r: string) =>
  `exists (select 1 from report_holds h where h.discount_id = ${r}.discount_id and h.accepted_at is null and ${r}.created_at between h.started_at and h.ended_at)`;

/** A code that is over: expired by an admin, or past its end. */
const endedSql = (d: string) => `(${d}.status = 'expired' or (${d}.valid_until is not null and ${d}.valid_until <= now()))`;

/** When an ended code ended: the earlier of its end date and the moment it was marked expired. */
const endedAtSql = (d: string) => `least(${d}.valid_until,
  (select max(e.at) from discount_events e where e.discount_id = ${d}.id and e.kind = 'expired'),
  case when ${d}.status = 'expired' then ${d}.updated_at end)`;

export type BySlug = { moved: string } | { page: CodePageDto };

/** Codes' pages, public records and the archive (issue #30): reads only, cached by the controller. */
@Injectable()
export class CodePagesService {
  constructor(private readonly em: EntityManager) {}

  /** The page of a code by its slug, or where an old slug moved to; 404 for neither. */
  async bySlug(slug: string, now = new Date()): Promise<BySlug> {
    const rows = await this.em
      .createQueryBuilder(Discount, 'd')
      .select('*')
      .joinAndSelect('d.company', 'c')
      .where({ slug })
      .execute<DiscountWithCompanyRow[]>('all', true);
    const row = rows[0];
    if (!row) {
      const [old] = await this.em.getConnection().execute<Array<{ slug: string }>>(
        'select d.slug from discount_slugs s join discounts d on d.id = s.discount_id where s.slug = ?', [slug],
      );
      if (old) return { moved: old.slug };
      throw new ApiError(404, MSG.notFound('Discount'));
    }
    const [ended] = await this.em.getConnection().execute<Array<{ ended: boolean; ended_at: Date | null }>>(
      `select ${endedSql('d')} as ended, case when ${endedSql('d')} then ${endedAtSql('d')} end as ended_at from discounts d where d.id = ?`, [row.id],
    );
    const listed = await this.listedSizes(row.company.id);
    return {
      page: {
        discount: toPublicDiscountDto(row, listed, now),
        ended: Boolean(ended?.ended),
        endedAt: ended?.ended_at ? new Date(ended.ended_at).toISOString() : null,
        listed,
        record: await this.record(row.id, 1, now),
        history: await this.history(row.id),
      },
    };
  }

  /** Where a renamed code's old slug leads now, or null (a current slug, or none). */
  async movedSlug(slug: string): Promise<string | null> {
    const [row] = await this.em.getConnection().execute<Array<{ slug: string }>>(
      'select d.slug from discount_slugs s join discounts d on d.id = s.discount_id where s.slug = ? and d.slug <> ?', [slug, slug],
    );
    return row?.slug ?? null;
  }

  /** A code page's head when the page is not rendered on the server; null: no such code. */
  async headData(slug: string): Promise<{ title: string; firmName: string; description: string | null; ended: boolean } | null> {
    const [row] = await this.em.getConnection().execute<Array<{ title: string; name: string; description: string | null; ended: boolean }>>(
      `select d.title, c.name, d.description, ${endedSql('d')} as ended from discounts d join companies c on c.id = d.company_id where d.slug = ?`, [slug],
    );
    return row ? { title: row.title, firmName: row.name, description: row.description, ended: row.ended } : null;
  }

  /** The public record of a code, newest first, RECORD_PAGE_SIZE a page; a page past the end is empty. */
  async record(id: number, page: number, now = new Date()): Promise<CodeRecordDto> {
    const conn = this.em.getConnection();
    const [d] = await conn.execute<Array<Parameters<typeof toProofFigures>[0] & { id: number }>>(
      `select id, last_verified_at as "lastVerifiedAt", last_check_result as "lastCheckResult", reports_count as "reportsCount",
              worked_count as "workedCount", failing_since as "failingSince" from discounts where id = ?`, [id],
    );
    if (!d) throw new ApiError(404, MSG.notFound('Discount'));
    const figures = toProofFigures(d);
    const [newest] = await conn.execute<Array<{ check_at: Date | null; report_at: Date | null; total: number }>>(
      `select (select max(c.checked_at) from discount_checks c where c.discount_id = ? and c.result = 'worked') as check_at,
              (select max(r.created_at) from discount_reports r where r.discount_id = ? and r.worked and not ${heldSql('r')}) as report_at,
              ((select count(*) from discount_checks c where c.discount_id = ?) + (select count(*) from discount_reports r where r.discount_id = ?))::int as total`,
      [id, id, id, id],
    );
    const clicks = await conn.execute<Array<{ day: string; clicks: number }>>(
      `select to_char(day, 'YYYY-MM-DD') as day, clicks from discount_click_days where discount_id = ? and day = ?::date`, [id, utcDay(now)],
    );
    const offset = (page - 1) * RECORD_PAGE_SIZE;
    const items = await conn.execute<Array<{ at: Date; kind: 'check' | 'report'; worked: boolean; program: string | null; size: number | null; held: boolean }>>(
      `select * from (
         select c.checked_at as at, 'check' as kind, c.result = 'worked' as worked, c.program, c.size, false as held, c.id::bigint as id
         from discount_checks c where c.discount_id = ?
         union all
         select r.created_at as at, 'report' as kind, r.worked, null, null, ${heldSql('r')} as held, r.id
         from discount_reports r where r.discount_id = ?
       ) x order by at desc, kind, id desc limit ? offset ?`,
      [id, id, RECORD_PAGE_SIZE, offset],
    );
    return {
      lastWorkedAt: lastWorkedAt(
        newest?.check_at ? [{ at: newest.check_at, result: 'worked' }] : [],
        // A visitor's answer is dated to the hour only, in "last worked" as in the record.
        newest?.report_at ? [{ at: hourOf(newest.report_at), worked: true, held: false }] : [],
      ),
      usedToday: usedToday(clicks.map((c) => ({ day: c.day, clicks: Number(c.clicks) })), now),
      successRate: successPercent(figures),
      reportsCount: figures.reportsCount,
      items: items.map(toRecordItem),
      page,
      pages: recordPages(newest?.total ?? 0),
    };
  }

  /** The code's history, oldest first: added, first verified, value and fine-print changes, expired. */
  async history(id: number): Promise<CodeHistoryEvent[]> {
    const rows = await this.em.getConnection().execute<Array<{ at: Date; kind: string; detail: Record<string, number | string | null> }>>(
      `select at, kind, detail from discount_events where discount_id = ?
       union all
       select min(checked_at), 'first-verified', '{}'::jsonb from discount_checks where discount_id = ? and result = 'worked' having count(*) > 0
       order by at, kind`,
      [id, id],
    );
    return rows.map((r) => ({ at: new Date(r.at).toISOString(), ...historyText(r.kind, r.detail) }));
  }

  /** The archive: every expired or withdrawn code, the newest ended first, RECORD_PAGE_SIZE a page. */
  async expired(page: number): Promise<ExpiredPageDto> {
    const conn = this.em.getConnection();
    const [count] = await conn.execute<Array<{ n: number }>>(`select count(*)::int as n from discounts d where ${endedSql('d')}`);
    const rows = await conn.execute<Array<{ id: number; ended_at: Date | null }>>(
      `select d.id, ${endedAtSql('d')} as ended_at from discounts d where ${endedSql('d')} order by 2 desc nulls last, d.id desc limit ? offset ?`,
      [RECORD_PAGE_SIZE, (page - 1) * RECORD_PAGE_SIZE],
    );
    const discounts = rows.length ? await this.em.fork().find(Discount, { id: { $in: rows.map((r) => r.id) } }, { populate: ['company'] }) : [];
    const items: ExpiredCodeDto[] = [];
    for (const r of rows) {
      const d = discounts.find((x) => x.id === r.id)!;
      const record = await this.record(d.id, 1);
      const company = d.company.getEntity();
      items.push({
        discount: { ...toDiscountDto(d), company: { name: company.name, slug: company.slug } },
        endedAt: r.ended_at ? new Date(r.ended_at).toISOString() : null,
        lastWorkedAt: record.lastWorkedAt,
        successRate: record.successRate,
        reportsCount: record.reportsCount,
      });
    }
    return { items, page, pages: recordPages(count?.n ?? 0) };
  }

  /** The firm's listed sizes (program, size, price), as the cards' "Was … now …" reads them. */
  private async listedSizes(companyId: number): Promise<ListedSize[]> {
    const rows = await this.em.getConnection().execute<Array<{ program: string; size: number; price: string }>>(
      `select p.name as program, s.size, s.price from firm_program_sizes s join firm_programs p on p.id = s.program_id
       where p.company_id = ? order by p.position, p.id, s.size`,
      [companyId],
    );
    return rows.map((r) => ({ program: r.program, size: Number(r.size), price: Number(r.price) }));
  }
}

function toRecordItem(r: { at: Date; kind: 'check' | 'report'; worked: boolean; program: string | null; size: number | null; held: boolean }): RecordItem {
  if (r.kind === 'check') {
    const tested = [r.program, r.size ? `$${Number(r.size).toLocaleString('en-US')} account` : null].filter(Boolean).join(', ');
    return { at: new Date(r.at).toISOString(), kind: 'check', worked: r.worked, ...(tested ? { note: `Tested on ${tested}` } : {}) };
  }
  // A visitor's answer: the hour and the result, nothing else.
  return { at: hourOf(r.at), kind: 'report', worked: r.worked, ...(r.held ? { held: true as const } : {}) };
}

const money = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
const valueText = (pct: number | null, amount: number | null) =>
  pct !== null ? `${pct}% off` : amount !== null ? `$${amount.toFixed(2).replace(/\.00$/, '')} off` : 'no set value';

function historyText(kind: string, detail: Record<string, number | string | null>): Omit<CodeHistoryEvent, 'at'> {
  switch (kind) {
    case 'added':
      return { kind: 'added', text: `Added: ${valueText(money(detail.percentage), money(detail.amount))}` };
    case 'first-verified':
      return { kind: 'first-verified', text: 'First verified by us' };
    case 'value':
      return {
        kind: 'changed',
        text: `Changed from ${valueText(money(detail.fromPercentage), money(detail.fromAmount))} to ${valueText(money(detail.toPercentage), money(detail.toAmount))}`,
      };
    case 'fine-print':
      return { kind: 'changed', text: 'Fine print changed' };
    case 'restored':
      return { kind: 'changed', text: 'Listed again' };
    default:
      return { kind: 'expired', text: 'Expired' };
  }
}
