import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { PublicUser } from '../../../common/api-types.js';
import type { AdminPayoutReportDto, FirmPayoutsDto, MyPayoutReportDto, PayoutMonthDto, PublicPayoutReportDto } from '../../../common/payout-api-types.js';
import { PAYOUT_MSG } from '../../../common/payout-messages.js';
import {
  amountBand, daysBetween, PAYOUT_REPORT_STATUSES, inPayoutWindow, nextWindowExit, NO_PAYOUT_FIGURES, PAYOUT_BURST, PAYOUT_WINDOW_DAYS, payoutFigures,
  type PayoutReportFacts,
} from '../../../common/payouts.js';
import { ApiError } from '../common/api-error.js';
import { pgArray } from '../common/pg-array.js';
import { idsFilter, type ListParams, type ListResult } from '../common/rest-list.js';
import type { BulkResult } from '../../../common/bulk.js';
import { noteBulkWrite } from '../audit/admin-write-context.js';
import { bulkFilter } from '../common/bulk.dto.js';
import { booleanFilter, checkFilterKeys } from '../common/list-filter.js';
import { MediaService } from '../media/media.service.js';
import { MailService } from '../mail/mail.service.js';
import { escapeHtml } from '../../../common/seo/page-head.js';
import type { BulkPayoutReportsDto, CreatePayoutReportDto, ReviewPayoutReportDto } from './dto/payouts.dto.js';

export const PAYOUT_REPORT_SORTABLE = ['id', 'createdAt', 'requestedOn', 'amount', 'status', 'outcome'] as const;
type SortField = (typeof PAYOUT_REPORT_SORTABLE)[number];
const SORT_SQL: Record<SortField, string> = {
  id: 'r.id', createdAt: 'r.created_at', requestedOn: 'r.requested_on', amount: 'r.amount', status: 'r.status', outcome: 'r.outcome',
};
/** How many recent approved reports a profile lists. */
const RECENT_REPORTS = 10;

const SELECT = `select r.id, r.company_id, c.name as company_name, c.slug as company_slug, r.program_name, r.account_size,
    r.amount::float8 as amount, to_char(r.requested_on, 'YYYY-MM-DD') as requested_on, r.outcome,
    to_char(r.resolved_on, 'YYYY-MM-DD') as resolved_on, r.firm_reason, r.note, r.proof, r.status, r.rejection_reason,
    r.created_at, r.user_id, u.email as user_email, r.proof_verified, r.flagged, r.flag_reason, r.reviewed_at,
    (select pc.id from payout_claims pc where pc.report_id = r.id) as claim_id
  from payout_reports r join companies c on c.id = r.company_id left join users u on u.id = r.user_id`;

interface Row {
  id: number; company_id: number; company_name: string; company_slug: string; program_name: string | null;
  account_size: number | null; amount: number; requested_on: string; outcome: AdminPayoutReportDto['outcome'];
  resolved_on: string | null; firm_reason: string | null; note: string | null; proof: string[];
  status: AdminPayoutReportDto['status']; rejection_reason: string | null; created_at: Date; user_id: number | null;
  user_email: string | null; proof_verified: boolean; flagged: boolean; flag_reason: string | null; reviewed_at: Date | null;
  claim_id: number | null;
}

/** The admin list's filters, shared by the list and bulk approval. */
export const PAYOUT_REPORT_FILTERS = ['status', 'companyId', 'flagged', 'id'] as const;

/** The WHERE clause of the admin list's filter (empty without one); a bad value is a 400, as on every list. */
function reportWhere(f: Record<string, unknown>): { sql: string; args: unknown[] } {
  const where: string[] = [];
  const args: unknown[] = [];
  if (f.status !== undefined) {
    if (!(PAYOUT_REPORT_STATUSES as readonly unknown[]).includes(f.status)) throw new ApiError(400, PAYOUT_MSG.statusInvalid);
    where.push('r.status = ?');
    args.push(f.status);
  }
  if (f.companyId !== undefined) {
    if (!Number.isSafeInteger(f.companyId)) throw new ApiError(400, PAYOUT_MSG.companyRequired);
    where.push('r.company_id = ?');
    args.push(f.companyId);
  }
  const flagged = booleanFilter(f, 'flagged');
  if (flagged !== undefined) {
    where.push('r.flagged = ?');
    args.push(flagged);
  }
  const ids = idsFilter(f);
  if (ids) {
    where.push('r.id = any(?::int[])');
    args.push(pgArray(ids));
  }
  return { sql: where.length ? `where ${where.join(' and ')}` : '', args };
}

const today = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * Traders' payout reports (issue #17): written by signed-in accounts with private proof, reviewed by admins;
 * only approved reports count in the public figures (`figuresFor`, through common/payouts' payoutFigures).
 */
@Injectable()
export class PayoutReportsService {
  constructor(private readonly em: EntityManager, private readonly media: MediaService, private readonly mail: MailService) {}

  async create(input: CreatePayoutReportDto, user: PublicUser, now = new Date()): Promise<{ id: number; status: 'awaiting-review' }> {
    const errors: Record<string, string> = {};
    if (input.requestedOn > today(now)) errors.requestedOn = PAYOUT_MSG.dateInFuture;
    if (input.resolvedOn && input.resolvedOn > today(now)) errors.resolvedOn = PAYOUT_MSG.dateInFuture;
    else if (input.resolvedOn && input.resolvedOn < input.requestedOn) errors.resolvedOn = PAYOUT_MSG.resolvedBeforeRequested;
    const first = Object.values(errors)[0];
    if (first) throw new ApiError(400, first, errors);
    const conn = this.em.getConnection();
    const [company] = await conn.execute<Array<{ id: number }>>('select id from companies where id = ?', [input.companyId]);
    if (!company) throw new ApiError(400, PAYOUT_MSG.companyMissing, { companyId: PAYOUT_MSG.companyMissing });
    const [dup] = await conn.execute<Array<{ id: number }>>(
      'select id from payout_reports where user_id = ? and company_id = ? and requested_on = ?', [user.id, input.companyId, input.requestedOn],
    );
    if (dup) throw new ApiError(409, PAYOUT_MSG.duplicate, { requestedOn: PAYOUT_MSG.duplicate });

    // All the images or none (issue #35: a failure part-way left the first image stored with no report).
    const proof = await this.media.storePrivateAll(input.proof ?? [], user.id, 'proof');
    try {
      const flag = await this.burstFlag(user.id, input.companyId);
      const [row] = await conn.execute<Array<{ id: number }>>(
        `insert into payout_reports (user_id, company_id, program_name, account_size, amount, requested_on, outcome, resolved_on,
           firm_reason, note, proof, flagged, flag_reason)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::text[], ?, ?) returning id`,
        [user.id, input.companyId, input.programName ?? null, input.accountSize ?? null, input.amount, input.requestedOn, input.outcome,
          input.resolvedOn ?? null, input.firmReason ?? null, input.note ?? null, pgArray(proof), flag !== null, flag],
      );
      return { id: row!.id, status: 'awaiting-review' };
    } catch (error) {
      // No report saved (two identical ones at once, where the unique index keeps one; or the database failed):
      // its files go with it.
      await this.media.removePrivate(proof);
      if ((error as { code?: string }).code === '23505' || (error as Error).name === 'UniqueConstraintViolationException') {
        throw new ApiError(409, PAYOUT_MSG.duplicate, { requestedOn: PAYOUT_MSG.duplicate });
      }
      throw error;
    }
  }

  /**
   * Abuse rule: a report from an account younger than a day, when young accounts already reported this firm
   * PAYOUT_BURST.reports − 1 times in the last day, is flagged for the moderators (every report awaits review).
   */
  private async burstFlag(userId: number, companyId: number): Promise<string | null> {
    const [row] = await this.em.getConnection().execute<Array<{ young: boolean; others: number }>>(
      `select (select created_at > now() - make_interval(hours => ?) from users where id = ?) as young,
         (select count(*)::int from payout_reports r join users u on u.id = r.user_id
          where r.company_id = ? and r.created_at > now() - make_interval(hours => ?)
            and u.created_at > r.created_at - make_interval(hours => ?)) as others`,
      [PAYOUT_BURST.accountAgeHours, userId, companyId, PAYOUT_BURST.hours, PAYOUT_BURST.accountAgeHours],
    );
    return row?.young && row.others + 1 >= PAYOUT_BURST.reports
      ? `Burst: ${row.others + 1} reports on this firm within ${PAYOUT_BURST.hours} h from accounts younger than a day`
      : null;
  }

  async mine(userId: number): Promise<MyPayoutReportDto[]> {
    const rows = await this.em.getConnection().execute<Row[]>(`${SELECT} where r.user_id = ? order by r.created_at desc, r.id desc`, [userId]);
    return rows.map(toMine);
  }

  /** One report for its author (else 404, as for no such report) or an admin. */
  async getFor(id: number, viewer: PublicUser): Promise<AdminPayoutReportDto> {
    const report = await this.get(id);
    if (report.userId !== viewer.id && viewer.role !== 'admin') throw new ApiError(404, PAYOUT_MSG.reportNotFound);
    return report;
  }

  async get(id: number): Promise<AdminPayoutReportDto> {
    const [row] = await this.em.getConnection().execute<Row[]>(`${SELECT} where r.id = ?`, [id]);
    if (!row) throw new ApiError(404, PAYOUT_MSG.reportNotFound);
    return toAdmin(row);
  }

  async list(params: ListParams<SortField>): Promise<ListResult<AdminPayoutReportDto>> {
    const { sql: whereSql, args } = reportWhere(params.filter);
    const order = params.sort ? `${SORT_SQL[params.sort.field]} ${params.sort.order}, r.id desc` : 'r.created_at desc, r.id desc';
    const page = params.page ? `limit ${params.page.limit} offset ${params.page.offset}` : '';
    const conn = this.em.getConnection();
    const [rows, [count]] = await Promise.all([
      conn.execute<Row[]>(`${SELECT} ${whereSql} order by ${order} ${page}`, args),
      conn.execute<Array<{ n: number }>>(`select count(*)::int as n from payout_reports r ${whereSql}`, args),
    ]);
    return { items: rows.map(toAdmin), total: count!.n };
  }

  /** An admin's review: approve, reject (with a reason), or mark the proof verified. */
  async review(id: number, input: ReviewPayoutReportDto): Promise<AdminPayoutReportDto> {
    const current = await this.get(id);
    const status = input.status ?? current.status;
    const reason = input.rejectionReason !== undefined ? input.rejectionReason : current.rejectionReason;
    if (status === 'rejected' && !reason) {
      throw new ApiError(400, PAYOUT_MSG.rejectionReasonRequired, { rejectionReason: PAYOUT_MSG.rejectionReasonRequired });
    }
    await this.em.getConnection().execute(
      `update payout_reports set status = ?, rejection_reason = ?, proof_verified = ?, updated_at = now(),
         reviewed_at = case when status <> ? then now() else reviewed_at end
       where id = ?`,
      [status, status === 'rejected' ? reason : null, input.proofVerified ?? current.proofVerified, status, id],
    );
    // A rejection tells its author why (once: only when the report was not rejected already).
    if (status === 'rejected' && current.status !== 'rejected' && current.userEmail) {
      const text = `Your payout report on ${current.companyName} (requested on ${current.requestedOn}) was not approved.\n\nReason: ${reason}`;
      await this.mail.enqueue({
        to: current.userEmail,
        subject: `Your payout report on ${current.companyName} was not approved`,
        text,
        html: text.split('\n\n').map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
      });
    }
    return this.get(id);
  }

  /**
   * POST /_api/admin/payout-reports/bulk (issue #18): approves the ticked reports or every report of the list's
   * filter, in one statement (all or none). Only reports not yet approved are written (their review time is now),
   * so `count` is what changed.
   */
  async bulk({ action, ...scope }: BulkPayoutReportsDto): Promise<BulkResult> {
    const filter = bulkFilter(scope);
    checkFilterKeys(filter, PAYOUT_REPORT_FILTERS);
    const { sql, args } = reportWhere(filter);
    const result = await this.em.getConnection().execute<{ affectedRows: number }>(
      `update payout_reports r set status = 'approved', rejection_reason = null, updated_at = now(), reviewed_at = now()
       ${sql ? `${sql} and` : 'where'} r.status <> 'approved'`,
      args, 'run',
    );
    const count = result.affectedRows;
    noteBulkWrite({ action, ...(scope.ids ? { ids: scope.ids.length } : { filter }), count });
    return { action, count };
  }

  /**
   * The public payout figures of each firm asked (all firms when `companyIds` is undefined), from its approved
   * reports in the window: counts and rates through payoutFigures, the recent reports (banded amounts, no names)
   * and the months for the chart.
   */
  /**
   * When the public payout figures next change with no write: the first approved report still in the 180-day
   * window leaves it (common/payouts.ts nextWindowExit). Cached answers showing the figures expire then.
   */
  async nextFiguresChange(now = new Date()): Promise<Date | null> {
    // A day counts from its UTC midnight, in exact seconds, as inPayoutWindow compares: the oldest report still counted.
    const [row] = await this.em.getConnection().execute<Array<{ day: string | null }>>(
      `select to_char(min(requested_on), 'YYYY-MM-DD') as day from payout_reports
       where status = 'approved' and (requested_on::timestamp at time zone 'UTC') >= ?::timestamptz - make_interval(secs => ?)`,
      [now, PAYOUT_WINDOW_DAYS * 86_400],
    );
    return nextWindowExit(row?.day ? [row.day] : [], PAYOUT_WINDOW_DAYS, now);
  }

  async figuresFor(companyIds: number[] | undefined, now = new Date()): Promise<Map<number, FirmPayoutsDto>> {
    const rows = await this.em.getConnection().execute<Array<{
      company_id: number; outcome: PayoutReportFacts['outcome']; requested_on: string; resolved_on: string | null;
      created_at: Date; amount: number; program_name: string | null;
    }>>(
      `select company_id, outcome, to_char(requested_on, 'YYYY-MM-DD') as requested_on, to_char(resolved_on, 'YYYY-MM-DD') as resolved_on,
         created_at, amount::float8 as amount, program_name
       from payout_reports
       where status = 'approved' and requested_on >= (?::timestamptz - make_interval(days => ?))::date
         ${companyIds ? 'and company_id = any(?::int[])' : ''}
       order by requested_on desc, id desc`,
      [now, PAYOUT_WINDOW_DAYS + 1, ...(companyIds ? [pgArray(companyIds)] : [])],
    );
    const byCompany = new Map<number, typeof rows>();
    for (const r of rows) byCompany.set(r.company_id, [...(byCompany.get(r.company_id) ?? []), r]);
    const result = new Map<number, FirmPayoutsDto>();
    for (const id of companyIds ?? [...byCompany.keys()]) {
      const own = byCompany.get(id) ?? [];
      const facts = own.map((r) => ({ outcome: r.outcome, requestedOn: r.requested_on, resolvedOn: r.resolved_on, createdAt: new Date(r.created_at).toISOString() }));
      const figures = own.length ? payoutFigures(facts, now) : NO_PAYOUT_FIGURES;
      const inWindow = own.filter((_, i) => inPayoutWindow(facts[i]!.requestedOn, now));
      result.set(id, { ...figures, recent: inWindow.slice(0, RECENT_REPORTS).map(toPublic), months: months(inWindow) });
    }
    return result;
  }

  /** Deleting an account: its reports lose every personal field; approved ones stay as anonymous figures. */
  async forgetAuthor(userId: number): Promise<void> {
    const conn = this.em.getConnection();
    await conn.execute(`delete from payout_reports where user_id = ? and status <> 'approved'`, [userId]);
    await conn.execute(
      `update payout_reports set user_id = null, note = null, firm_reason = null, program_name = null, proof = '{}', updated_at = now() where user_id = ?`,
      [userId],
    );
  }
}

function toPublic(r: { outcome: PayoutReportFacts['outcome']; requested_on: string; resolved_on: string | null; amount: number; program_name: string | null }): PublicPayoutReportDto {
  return {
    amountBand: amountBand(r.amount),
    programName: r.program_name,
    outcome: r.outcome,
    days: r.resolved_on ? daysBetween(r.requested_on, r.resolved_on) : null,
    requestedOn: r.requested_on,
  };
}

/** Paid and denied per calendar month (oldest first) over the reports given. */
function months(rows: Array<{ outcome: string; requested_on: string }>): PayoutMonthDto[] {
  const byMonth = new Map<string, PayoutMonthDto>();
  for (const r of rows) {
    const month = r.requested_on.slice(0, 7);
    const m = byMonth.get(month) ?? { month, paid: 0, denied: 0 };
    if (r.outcome === 'paid') m.paid++;
    if (r.outcome === 'denied') m.denied++;
    byMonth.set(month, m);
  }
  return [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month));
}

function toMine(r: Row): MyPayoutReportDto {
  return {
    id: r.id, companyId: r.company_id, companyName: r.company_name, companySlug: r.company_slug, programName: r.program_name,
    accountSize: r.account_size, amount: Number(r.amount), requestedOn: r.requested_on, outcome: r.outcome, resolvedOn: r.resolved_on,
    firmReason: r.firm_reason, note: r.note, proof: r.proof ?? [], status: r.status, rejectionReason: r.rejection_reason,
    createdAt: new Date(r.created_at).toISOString(), claimId: r.claim_id,
  };
}

function toAdmin(r: Row): AdminPayoutReportDto {
  return {
    ...toMine(r), userId: r.user_id, userEmail: r.user_email, proofVerified: r.proof_verified, flagged: r.flagged,
    flagReason: r.flag_reason, reviewedAt: r.reviewed_at ? new Date(r.reviewed_at).toISOString() : null,
  };
}
