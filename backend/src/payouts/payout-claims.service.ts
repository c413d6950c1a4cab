import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { PublicUser } from '../../../common/api-types.js';
import { SITE_NAME } from '../../../common/constants.js';
import type { AdminPayoutClaimDto, ClaimEventDto, PayoutClaimDto } from '../../../common/payout-api-types.js';
import { PAYOUT_MSG } from '../../../common/payout-messages.js';
import {
  canMoveClaim, CLAIM_FILE_WITHIN_DAYS, daysBetween, GUARANTEE_STATS_DAYS, guaranteeStats, isClaimDecided, isClaimOverdue, nextWindowExit,
  type ClaimStatus, type GuaranteeStats,
} from '../../../common/payouts.js';
import { escapeHtml } from '../../../common/seo/page-head.js';
import { ApiError } from '../common/api-error.js';
import { pgArray } from '../common/pg-array.js';
import type { ListParams, ListResult } from '../common/rest-list.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { MailService } from '../mail/mail.service.js';
import { MediaService } from '../media/media.service.js';
import type { ClaimMessageDto, CreateClaimDto, MoveClaimDto } from './dto/payouts.dto.js';

export const CLAIM_SORTABLE = ['id', 'createdAt', 'status'] as const;
type SortField = (typeof CLAIM_SORTABLE)[number];
const SORT_SQL: Record<SortField, string> = { id: 'pc.id', createdAt: 'pc.created_at', status: 'pc.status' };

const SELECT = `select pc.id, pc.report_id, c.name as company_name, c.slug as company_slug, r.amount::float8 as amount, pc.account_id,
    pc.statement, pc.purchase_evidence, pc.status, pc.paid_amount::float8 as paid_amount, to_char(pc.paid_on, 'YYYY-MM-DD') as paid_on,
    pc.created_at, pc.decided_at, pc.user_id, u.email as user_email
  from payout_claims pc join payout_reports r on r.id = pc.report_id join companies c on c.id = r.company_id
  left join users u on u.id = pc.user_id`;

interface Row {
  id: number; report_id: number; company_name: string; company_slug: string; amount: number; account_id: string | null;
  statement: string | null; purchase_evidence: string[]; status: ClaimStatus; paid_amount: number | null; paid_on: string | null;
  created_at: Date; decided_at: Date | null; user_id: number | null; user_email: string | null;
}

const STATUS_WORDS: Record<ClaimStatus, string> = {
  submitted: 'received', 'under-review': 'under review', 'needs-info': 'waiting for information from you',
  approved: 'approved', paid: 'paid', rejected: 'rejected',
};

/**
 * Payout-guarantee claims (issue #17): a trader turns a denied payout report into a claim; admins move it through
 * common/payouts' state machine (a refused move is a 409 that changes nothing); every change is a dated timeline
 * event and an email to the trader.
 */
@Injectable()
export class PayoutClaimsService {
  constructor(
    private readonly em: EntityManager,
    private readonly media: MediaService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(input: CreateClaimDto, user: PublicUser, now = new Date()): Promise<{ id: number; status: 'submitted' }> {
    const conn = this.em.getConnection();
    const [report] = await conn.execute<Array<{ user_id: number | null; outcome: string; status: string; denied_on: string; claim: number | null }>>(
      `select user_id, outcome, status, to_char(coalesce(resolved_on, requested_on), 'YYYY-MM-DD') as denied_on,
         (select id from payout_claims where report_id = r.id) as claim
       from payout_reports r where id = ?`,
      [input.reportId],
    );
    if (!report || report.user_id !== user.id) throw new ApiError(404, PAYOUT_MSG.reportNotFound);
    const refuse = (message: string, status = 400) => new ApiError(status, message, { reportId: message });
    if (report.outcome !== 'denied' || report.status === 'rejected') throw refuse(PAYOUT_MSG.claimNeedsDenied);
    if (report.claim) throw refuse(PAYOUT_MSG.claimExists, 409);
    if (daysBetween(report.denied_on, now.toISOString()) > CLAIM_FILE_WITHIN_DAYS) throw refuse(PAYOUT_MSG.claimTooLate);

    // All the images or none; and none left behind if the claim is not saved (issue #35).
    const evidence = await this.media.storePrivateAll(input.purchaseEvidence, user.id, 'purchaseEvidence');
    let id: number;
    try {
      const [row] = await conn.execute<Array<{ id: number }>>(
        `with claim as (
           insert into payout_claims (user_id, report_id, purchase_evidence, account_id, statement) values (?, ?, ?::text[], ?, ?) returning id
         ), event as (insert into payout_claim_events (claim_id, by, status, note) select id, 'trader', 'submitted', null from claim)
         select id from claim`,
        [user.id, input.reportId, pgArray(evidence), input.accountId, input.statement],
      );
      id = row!.id;
    } catch (error) {
      await this.media.removePrivate(evidence);
      if ((error as { code?: string }).code === '23505' || (error as Error).name === 'UniqueConstraintViolationException') throw refuse(PAYOUT_MSG.claimExists, 409);
      throw error;
    }
    await this.notify(id, 'submitted', null);
    return { id, status: 'submitted' };
  }

  async mine(userId: number): Promise<PayoutClaimDto[]> {
    const rows = await this.em.getConnection().execute<Row[]>(`${SELECT} where pc.user_id = ? order by pc.created_at desc, pc.id desc`, [userId]);
    return Promise.all(rows.map((r) => this.withTimeline(r)));
  }

  /** The trader's own claim; anyone else's is a 404 as for no claim. */
  async getMine(id: number, user: PublicUser): Promise<PayoutClaimDto> {
    const row = await this.row(id);
    if (row.user_id !== user.id) throw new ApiError(404, PAYOUT_MSG.claimNotFound);
    return this.withTimeline(row);
  }

  /** The trader answers a question: only while the claim needs information; it goes back under review. */
  async answer(id: number, user: PublicUser, { message }: ClaimMessageDto): Promise<PayoutClaimDto> {
    const row = await this.row(id);
    if (row.user_id !== user.id) throw new ApiError(404, PAYOUT_MSG.claimNotFound);
    const moved = await this.em.getConnection().execute<Array<{ id: number }>>(
      `with moved as (update payout_claims set status = 'under-review', updated_at = now() where id = ? and status = 'needs-info' returning id)
       , event as (insert into payout_claim_events (claim_id, by, status, note) select id, 'trader', 'under-review', ? from moved)
       select id from moved`,
      [id, message],
    );
    if (!moved.length) throw new ApiError(409, PAYOUT_MSG.messageNotExpected);
    return this.getMine(id, user);
  }

  async adminGet(id: number, now = new Date()): Promise<AdminPayoutClaimDto> {
    return this.toAdmin(await this.row(id), now);
  }

  async list(params: ListParams<SortField>, now = new Date()): Promise<ListResult<AdminPayoutClaimDto>> {
    const where: string[] = [];
    const args: unknown[] = [];
    const f = params.filter;
    if (f.status !== undefined) {
      if (typeof f.status !== 'string') throw new ApiError(400, PAYOUT_MSG.claimStatusInvalid);
      where.push('pc.status = ?');
      args.push(f.status);
    }
    if (f.olderThanDays !== undefined) {
      if (!Number.isSafeInteger(f.olderThanDays) || (f.olderThanDays as number) < 0) throw new ApiError(400, 'olderThanDays must be a whole number of days');
      where.push('pc.created_at < ?::timestamptz - make_interval(days => ?)');
      args.push(now, f.olderThanDays);
    }
    if (f.overdue === true) {
      where.push(`pc.status not in ('approved', 'paid', 'rejected') and pc.created_at < ?::timestamptz - interval '14 days'`);
      args.push(now);
    }
    if (Array.isArray(f.id)) {
      where.push('pc.id = any(?::int[])');
      args.push(pgArray(f.id.filter((x): x is number => Number.isSafeInteger(x) && (x as number) > 0 && (x as number) <= 2_147_483_647)));
    }
    const whereSql = where.length ? `where ${where.join(' and ')}` : '';
    const order = params.sort ? `${SORT_SQL[params.sort.field]} ${params.sort.order}, pc.id desc` : 'pc.created_at asc, pc.id asc';
    const page = params.page ? `limit ${params.page.limit} offset ${params.page.offset}` : '';
    const conn = this.em.getConnection();
    const [rows, [count]] = await Promise.all([
      conn.execute<Row[]>(`${SELECT} ${whereSql} order by ${order} ${page}`, args),
      conn.execute<Array<{ n: number }>>(`select count(*)::int as n from payout_claims pc ${whereSql}`, args),
    ]);
    return { items: await Promise.all(rows.map((r) => this.toAdmin(r, now))), total: count!.n };
  }

  /**
   * An admin's move. The state machine decides (409 and nothing changed for a move it does not allow, also when
   * another admin moved the claim first); paid needs paidAmount, rejected a note (the reason).
   */
  async move(id: number, input: MoveClaimDto, now = new Date()): Promise<AdminPayoutClaimDto> {
    const current = await this.row(id);
    // The record sent back as it is (react-admin's stock update): no move, no event, no mail.
    if (input.status === current.status && !input.note && (input.paidAmount ?? null) === current.paid_amount) return this.adminGet(id, now);
    if (!canMoveClaim(current.status, input.status)) throw new ApiError(409, PAYOUT_MSG.claimMoveRefused(current.status, input.status));
    if (input.status === 'paid' && !input.paidAmount) throw new ApiError(400, PAYOUT_MSG.paidAmountRequired, { paidAmount: PAYOUT_MSG.paidAmountRequired });
    if (input.status === 'rejected' && !input.note) throw new ApiError(400, PAYOUT_MSG.noteRequiredToReject, { note: PAYOUT_MSG.noteRequiredToReject });
    const decides = isClaimDecided(input.status) && !isClaimDecided(current.status);
    const moved = await this.em.getConnection().execute<Array<{ id: number }>>(
      `with moved as (
         update payout_claims set status = ?, updated_at = now(),
           paid_amount = case when ? = 'paid' then ?::numeric else paid_amount end,
           paid_on = case when ? = 'paid' then ?::date else paid_on end,
           decided_at = case when ?::boolean then ?::timestamptz else decided_at end
         where id = ? and status = ? returning id)
       , event as (insert into payout_claim_events (claim_id, by, status, note) select id, 'admin', ?, ? from moved)
       select id from moved`,
      [input.status, input.status, input.paidAmount ?? null, input.status, now.toISOString().slice(0, 10), decides, now, id, current.status,
        input.status, input.note ?? null],
    );
    if (!moved.length) throw new ApiError(409, PAYOUT_MSG.claimMoveRefused(current.status, input.status));
    await this.notify(id, input.status, input.note ?? null);
    return this.adminGet(id, now);
  }

  /** The guarantee page's live figures (claims filed in the last 12 months), through common/payouts' guaranteeStats. */
  /** The guarantee's figures and when they next change with no write: the first claim leaving the 12 months. */
  async statsUntilChange(now = new Date()): Promise<{ body: GuaranteeStats; expiresAt: Date | null }> {
    const [body, expiresAt] = await Promise.all([this.stats(now), this.nextStatsChange(now)]);
    return { body, expiresAt };
  }

  async nextStatsChange(now = new Date()): Promise<Date | null> {
    // Exact seconds, as guaranteeStats compares: the oldest claim still counted.
    const [row] = await this.em.getConnection().execute<Array<{ first: Date | null }>>(
      `select min(created_at) as first from payout_claims where created_at >= ?::timestamptz - make_interval(secs => ?)`,
      [now, GUARANTEE_STATS_DAYS * 86_400],
    );
    return nextWindowExit(row?.first ? [new Date(row.first).toISOString()] : [], GUARANTEE_STATS_DAYS, now);
  }

  async stats(now = new Date()): Promise<GuaranteeStats> {
    const rows = await this.em.getConnection().execute<Array<{ status: ClaimStatus; created_at: Date; decided_at: Date | null; paid_amount: number | null }>>(
      `select status, created_at, decided_at, paid_amount::float8 as paid_amount from payout_claims where created_at >= ?::timestamptz - interval '366 days'`,
      [now],
    );
    return guaranteeStats(rows.map((r) => ({
      status: r.status, createdAt: new Date(r.created_at).toISOString(),
      decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null, paidAmount: r.paid_amount,
    })), now);
  }

  private async row(id: number): Promise<Row> {
    const [row] = await this.em.getConnection().execute<Row[]>(`${SELECT} where pc.id = ?`, [id]);
    if (!row) throw new ApiError(404, PAYOUT_MSG.claimNotFound);
    return row;
  }

  private async timeline(id: number): Promise<ClaimEventDto[]> {
    const rows = await this.em.getConnection().execute<Array<{ at: Date; by: 'trader' | 'admin'; status: ClaimStatus | null; note: string | null }>>(
      'select at, by, status, note from payout_claim_events where claim_id = ? order by at, id', [id],
    );
    return rows.map((r) => ({ at: new Date(r.at).toISOString(), by: r.by, status: r.status, note: r.note }));
  }

  private async withTimeline(r: Row): Promise<PayoutClaimDto> {
    return {
      id: r.id, reportId: r.report_id, companyName: r.company_name, companySlug: r.company_slug, amount: Number(r.amount),
      accountId: r.account_id, statement: r.statement, purchaseEvidence: r.purchase_evidence ?? [], status: r.status,
      paidAmount: r.paid_amount, paidOn: r.paid_on, createdAt: new Date(r.created_at).toISOString(),
      decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null, timeline: await this.timeline(r.id),
    };
  }

  private async toAdmin(r: Row, now: Date): Promise<AdminPayoutClaimDto> {
    const dto = await this.withTimeline(r);
    return { ...dto, userId: r.user_id, userEmail: r.user_email, overdue: isClaimOverdue(dto, now) };
  }

  /** Each change mails the trader, with the admin's note; stored as a job, so a mail server that is down loses nothing. */
  private async notify(id: number, status: ClaimStatus, note: string | null): Promise<void> {
    const claim = await this.row(id);
    if (!claim.user_email) return;
    const url = `${this.config.publicSiteUrl}/account`;
    const subject = `Your payout-guarantee claim #${id} is ${STATUS_WORDS[status]}`;
    const paid = status === 'paid' && claim.paid_amount ? `We paid $${claim.paid_amount.toFixed(2)}.` : '';
    const lines = [`Your claim #${id} on ${claim.company_name} is ${STATUS_WORDS[status]}.`, paid, note ? `Our note: ${note}` : '', `Follow it: ${url}`].filter(Boolean);
    await this.mail.enqueue({
      to: claim.user_email,
      subject,
      text: `${lines.join('\n\n')}\n\n${SITE_NAME}`,
      html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') + `<p>${escapeHtml(SITE_NAME)}</p>`,
    });
  }

  /** A deleted account's claims stay (the guarantee's figures count them) with nothing that names the trader. */
  async forgetClaimant(userId: number): Promise<void> {
    await this.em.getConnection().execute(`update payout_claims set account_id = null, statement = null, purchase_evidence = '{}' where user_id = ?`, [userId]);
  }
}
