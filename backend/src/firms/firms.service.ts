import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { toCompanyDto } from '../companies/company.entity.js';
import { Company } from '../companies/company.entity.js';
import { Discount, toDiscountDto } from '../discounts/discount.entity.js';
import type {
  BestCodeDto, FirmCompareDto, FirmProfileDto, FirmRowDto, FirmsListDto, ProgramDto,
} from '../../../common/firm-api-types.js';
import {
  CRITERIA, FIRMS_PAGE_SIZE, bestCode, codeKind, effectiveRating, firmsQueryString, type FirmSort, type FirmsQuery,
} from '../../../common/firms.js';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import { FirmChange } from './firm-change.entity.js';
import { FirmProfilesService } from './firm-profiles.service.js';
import { num } from './firm-mappers.js';

/** The SQL of each sort of /firms; every sort ends with the same tie-breakers, so pages never shuffle. */
const SORT_SQL: Record<FirmSort, string> = {
  price: 's.price',
  priceAfterCode: 'coalesce(b.after, s.price)',
  profitSplit: 'p.profit_split',
  score: 'coalesce(c.score, c.rating)',
  maxLoss: 'p.max_loss',
};

/**
 * A discount is a usable code while it is active, not past its end and has a code (the rule the
 * /discounts page shows codes by). Its price: `priceAfterCode` of common/firms.ts, in SQL —
 * percentage first, then amount, rounded to cents, never below zero; the best is the lowest, the
 * oldest on a tie (as `bestCode` picks).
 */
const BEST_CODE_SQL = `left join lateral (
  select d.id, d.discount_code, d.discount_percentage, d.discount_amount, d.affiliate_link,
    greatest(0, round(case
      when d.discount_percentage > 0 then s.price * (1 - least(d.discount_percentage, 100) / 100)
      when d.discount_amount > 0 then s.price - d.discount_amount
      else s.price end, 2)) as after
  from discounts d
  where d.company_id = c.id and d.status = 'active' and coalesce(d.discount_code, '') <> ''
    and (d.valid_until is null or d.valid_until > ?)
  order by after asc, d.id asc
  limit 1
) b on true`;

interface RowSql {
  total: string;
  c_id: number; c_slug: string; c_name: string; c_logo_url: string | null; c_status: string; c_affiliate_status: string;
  c_rating: string | null; c_score: string | null; c_platforms: string[]; c_asset_classes: string[];
  p_id: number; p_name: string; p_type: string; p_profit_targets: number[]; p_daily_loss: string | null; p_max_loss: string;
  p_drawdown_type: string; p_min_trading_days: number; p_time_limit_days: number | null; p_profit_split: string;
  p_first_payout_days: number | null; p_payout_frequency: string | null; p_refundable_fee: boolean;
  p_activation_fee: string | null; p_reset_price: string | null;
  s_size: number; s_price: string;
  b_id: number | null; b_code: string | null; b_pct: string | null; b_amount: string | null; b_link: string | null; b_after: string | null;
}

/** The public reads of firm profiles: the /firms table, a profile, a comparison. Read-only. */
@Injectable()
export class FirmsService {
  constructor(private readonly em: EntityManager, private readonly profiles: FirmProfilesService) {}

  /** One row per program and account size, filtered, sorted and paged in SQL. */
  async list(q: FirmsQuery, now = new Date()): Promise<FirmsListDto> {
    const where: string[] = [`c.status in (${q.status.map(() => '?').join(', ')})`];
    const params: unknown[] = [now, ...q.status];
    if (q.size !== null) where.push('s.size = ?'), params.push(q.size);
    if (q.type) where.push('p.type = ?'), params.push(q.type);
    if (q.platform) where.push('? = any(c.platforms)'), params.push(q.platform);
    if (q.asset) where.push('? = any(c.asset_classes)'), params.push(q.asset);
    if (q.drawdown) where.push('p.drawdown_type = ?'), params.push(q.drawdown);
    if (q.maxPrice !== null) where.push('coalesce(b.after, s.price) <= ?'), params.push(q.maxPrice);
    const order = q.order === 'asc' ? 'asc' : 'desc';
    const sql = `select count(*) over () as total,
        c.id as c_id, c.slug as c_slug, c.name as c_name, c.logo_url as c_logo_url, c.status as c_status,
        c.affiliate_status as c_affiliate_status, c.rating as c_rating, c.score as c_score, c.platforms as c_platforms,
        c.asset_classes as c_asset_classes,
        p.id as p_id, p.name as p_name, p.type as p_type, p.profit_targets as p_profit_targets, p.daily_loss as p_daily_loss,
        p.max_loss as p_max_loss, p.drawdown_type as p_drawdown_type, p.min_trading_days as p_min_trading_days,
        p.time_limit_days as p_time_limit_days, p.profit_split as p_profit_split, p.first_payout_days as p_first_payout_days,
        p.payout_frequency as p_payout_frequency, p.refundable_fee as p_refundable_fee, p.activation_fee as p_activation_fee,
        p.reset_price as p_reset_price,
        s.size as s_size, s.price as s_price,
        b.id as b_id, b.discount_code as b_code, b.discount_percentage as b_pct, b.discount_amount as b_amount,
        b.affiliate_link as b_link, b.after as b_after
      from firm_program_sizes s
      join firm_programs p on p.id = s.program_id
      join companies c on c.id = p.company_id
      ${BEST_CODE_SQL}
      where ${where.join(' and ')}
      order by ${SORT_SQL[q.sort]} ${order} nulls last, c.name asc, c.id asc, p.position asc, p.id asc, s.size asc
      limit ? offset ?`;
    params.push(FIRMS_PAGE_SIZE, (q.page - 1) * FIRMS_PAGE_SIZE);
    const rows = await this.em.getConnection().execute<RowSql[]>(sql, params);
    const total = rows.length ? Number(rows[0]!.total) : await this.count(where, params.slice(0, -2));
    return {
      rows: rows.map(toRow),
      total,
      page: q.page,
      pageSize: FIRMS_PAGE_SIZE,
      totalPages: Math.max(1, Math.ceil(total / FIRMS_PAGE_SIZE)),
      query: firmsQueryString(q),
    };
  }

  /** When the best codes next change without a write: the first usable code to pass its end. */
  async nextCodeChange(now = new Date()): Promise<Date | null> {
    const [row] = await this.em.getConnection().execute<Array<{ next: Date | null }>>(
      `select min(valid_until) as next from discounts where status = 'active' and valid_until > ?`, [now],
    );
    return row?.next ? new Date(row.next) : null;
  }

  async profile(slug: string, now = new Date()): Promise<FirmProfileDto> {
    const company = await this.em.findOne(Company, { slug });
    if (!company) throw new ApiError(404, MSG.notFound('Firm'));
    return (await this.profilesOf([company], now))[0]!;
  }

  /** Two or three firms, in the order asked; 404 names the first unknown slug. */
  async compare(slugs: string[], now = new Date()): Promise<FirmCompareDto> {
    const companies = await this.em.find(Company, { slug: { $in: slugs } });
    const bySlug = new Map(companies.map((c) => [c.slug, c]));
    const missing = slugs.find((s) => !bySlug.has(s));
    if (missing) throw new ApiError(404, `${MSG.notFound('Firm')}: ${missing}`);
    return { firms: await this.profilesOf(slugs.map((s) => bySlug.get(s)!), now) };
  }

  private async profilesOf(companies: Company[], now: Date): Promise<FirmProfileDto[]> {
    const ids = companies.map((c) => c.id);
    const [programs, scores, discounts, changes] = await Promise.all([
      this.profiles.programs(this.em, ids),
      Promise.all(ids.map((id) => this.profiles.scores(this.em, id))),
      this.em.find(
        Discount,
        { company: { $in: ids }, status: 'active', $or: [{ validUntil: null }, { validUntil: { $gt: now } }] },
        { orderBy: [{ validUntil: 'asc nulls last' }, { id: 'asc' }] },
      ),
      this.em.find(FirmChange, { company: { $in: ids } }, { orderBy: [{ date: 'desc' }, { id: 'desc' }] }),
    ]);
    return companies.map((company, i) => {
      const companyDto = toCompanyDto(company);
      const { featured: _f, createdAt: _c, updatedAt: _u, ...firm } = companyDto;
      const own = discounts.filter((d) => d.company.id === company.id);
      // Oldest first, so a tie goes to the same code as in the table's SQL.
      const usable = own.filter((d) => d.discountCode).sort((a, b) => a.id - b.id);
      const byCriterion = new Map(scores[i]!.map((s) => [s.criterion, s]));
      return {
        firm,
        criteria: CRITERIA.map((c) => ({
          criterion: c.key, label: c.label, weight: c.weight,
          score: byCriterion.get(c.key)?.score ?? null, note: byCriterion.get(c.key)?.note ?? null,
        })),
        programs: (programs.get(company.id) ?? []).map((p: ProgramDto) => ({
          ...p,
          sizes: p.sizes.map((s) => {
            const best = bestCode(s.price, usable);
            return { ...s, priceAfterCode: best?.price ?? s.price, code: best ? toBestCode(best.code) : null };
          }),
        })),
        codes: own.map((d) => ({ ...toDiscountDto(d), company: companyDto })),
        changelog: changes
          .filter((c) => c.company.id === company.id)
          .map((c) => ({ id: c.id, date: c.date, change: c.change, sourceUrl: c.sourceUrl })),
      };
    });
  }

  private async count(where: string[], params: unknown[]): Promise<number> {
    const [row] = await this.em.getConnection().execute<Array<{ n: string }>>(
      `select count(*) as n from firm_program_sizes s join firm_programs p on p.id = s.program_id
        join companies c on c.id = p.company_id ${BEST_CODE_SQL} where ${where.join(' and ')}`,
      params,
    );
    return Number(row?.n ?? 0);
  }
}

function toBestCode(d: Discount): BestCodeDto {
  return {
    discountId: d.id,
    code: d.discountCode!,
    kind: codeKind(d),
    discountPercentage: num(d.discountPercentage),
    discountAmount: num(d.discountAmount),
    affiliateLink: d.affiliateLink,
  };
}

function toRow(r: RowSql): FirmRowDto {
  const price = Number(r.s_price);
  return {
    firm: {
      id: r.c_id,
      slug: r.c_slug,
      name: r.c_name,
      logoUrl: r.c_logo_url,
      status: r.c_status as FirmRowDto['firm']['status'],
      affiliateStatus: r.c_affiliate_status as FirmRowDto['firm']['affiliateStatus'],
      ...effectiveRating(num(r.c_score), num(r.c_rating)),
      platforms: r.c_platforms as FirmRowDto['firm']['platforms'],
      assetClasses: r.c_asset_classes as FirmRowDto['firm']['assetClasses'],
    },
    program: {
      id: r.p_id,
      name: r.p_name,
      type: r.p_type as FirmRowDto['program']['type'],
      profitTargets: r.p_profit_targets.map(Number),
      dailyLoss: num(r.p_daily_loss),
      maxLoss: Number(r.p_max_loss),
      drawdownType: r.p_drawdown_type as FirmRowDto['program']['drawdownType'],
      minTradingDays: r.p_min_trading_days,
      timeLimitDays: r.p_time_limit_days,
      profitSplit: Number(r.p_profit_split),
      firstPayoutDays: r.p_first_payout_days,
      payoutFrequency: r.p_payout_frequency,
      refundableFee: r.p_refundable_fee,
      activationFee: num(r.p_activation_fee),
      resetPrice: num(r.p_reset_price),
    },
    size: r.s_size,
    price,
    priceAfterCode: r.b_after === null ? price : Number(r.b_after),
    code: r.b_id === null ? null : {
      discountId: r.b_id,
      code: r.b_code!,
      kind: codeKind({ discountPercentage: r.b_pct, discountAmount: r.b_amount }),
      discountPercentage: num(r.b_pct),
      discountAmount: num(r.b_amount),
      affiliateLink: r.b_link,
    },
  };
}
