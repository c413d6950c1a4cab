import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { toCompanyDto } from '../companies/company.entity.js';
import { Company } from '../companies/company.entity.js';
import { Discount, priceExample, toCodeTerms, toDiscountDto, toProofFigures } from '../discounts/discount.entity.js';
import { priceAfterCodeSql } from '../discounts/discount-rules.sql.js';
import { bestCode, codeKind } from '../../../common/price-rule.js';
import { isReportedNotWorking } from '../../../common/proof.js';
import type {
  BestCodeDto, FirmCompareDto, FirmPostDto, FirmProfileDto, FirmRowDto, FirmsListDto, ProgramDto, TimelineEntryDto,
} from '../../../common/firm-api-types.js';
import {
  CRITERIA, FIRMS_PAGE_SIZE, effectiveRating, firmsQueryString, type FirmSort, type FirmsQuery,
} from '../../../common/firms.js';
import { MSG } from '../../../common/messages.js';
import { ASSUMED_PASS_RATE, trueCost, trueCostDto } from '../../../common/true-cost.js';
import { ApiError } from '../common/api-error.js';
import type { CatalogueProgram } from '../../../common/simulator/view.js';
import { FirmChange } from '../companies/firm-change.entity.js';
import { FirmEventsService } from '../companies/firm-events.service.js';
import { FirmPricesService } from './firm-prices.service.js';
import { FirmProfilesService } from '../companies/firm-profiles.service.js';
import { num } from '../companies/firm-mappers.js';
import { earliest, NO_PAYOUT_FIGURES, PAYOUT_WINDOW_DAYS, type PayoutFigures } from '../../../common/payouts.js';
import { PayoutReportsService } from '../payouts/payout-reports.service.js';
import { firmPostsQuery } from '../blog-posts/blog-post.queries.js';

/** One program at one size as the simulator prices it (issue #28). */

/** How many posts a profile lists. */
const FIRM_POSTS_MAX = 6;

/**
 * Each sort of /firms over the narrow row (alias `x`); every sort ends with the same tie-breakers, so pages never shuffle.
 * `assumed` is the pass rate for firms that publish none: a number parsed by parseFirmsQuery, so safe to write in.
 */
const SORT_SQL: Record<FirmSort, (x: string, assumed: number) => string> = {
  price: (x) => `${x}.s_price`,
  priceAfterCode: (x) => `coalesce(${x}.b_after, ${x}.s_price)`,
  profitSplit: (x) => `${x}.p_profit_split`,
  score: (x) => `coalesce(${x}.c_score, ${x}.c_rating)`,
  maxLoss: (x) => `${x}.p_max_loss`,
  payouts: (x) => `${x}.c_payouts`,
  // trueCost of common/true-cost.ts: fee + (100 / rate − 1) × min(reset, fee) + activation, to the cent.
  trueCost: (x, assumed) => {
    const fee = `coalesce(${x}.b_after, ${x}.s_price)`;
    return `round(${fee} + (100 / coalesce(${x}.c_pass_rate, ${Number(assumed)}::numeric) - 1) * least(coalesce(${x}.p_reset_price, ${fee}), ${fee}) + coalesce(${x}.p_activation_fee, 0), 2)`;
  },
};
const tieBreak = (x: string) => `${x}.c_name asc, ${x}.c_id asc, ${x}.p_position asc, ${x}.p_id asc, ${x}.s_size asc`;

/**
 * `bestCode` of common/price-rule.ts in SQL, for one size row (`s` size, `p` program, `c` company): of the
 * firm's codes, the one whose fine print applies and gives the lowest price, the oldest on a tie. One
 * index range per row (discounts by company); the twin test holds it equal to the TypeScript rule.
 */
/** Approved payout reports per firm in the window (the sort key of the 'Payouts (180 days)' column); `?` is now. */
const PAYOUT_COUNTS_SQL = `payout_counts as (
  select company_id, count(*)::int as n from payout_reports
  where status = 'approved' and requested_on >= (?::timestamptz - make_interval(days => ${PAYOUT_WINDOW_DAYS}))::date
  group by company_id
)`;

export const bestCodeLateralSql = (now: string, onlyIf = 'true') => `left join lateral (
    select x.id as b_id, x.after as b_after from (
      select d.id, ${priceAfterCodeSql('d', { program: 'p.name', size: 's.size', price: 's.price', isReset: 'false', now })} as after
      from discounts d where d.company_id = c.id and ${onlyIf}
    ) x where x.after is not null order by x.after, x.id limit 1
  ) b on true`;

/**
 * Whether a size row's kept best code and price (Migration20261125162100: computed by PostgreSQL on every
 * write that can change them) hold at the moment `now` (SQL): inside the window they were computed for.
 * Outside it the row is priced live by bestCodeLateralSql, which this condition gates off for the others
 * (a condition on the outer row only: PostgreSQL skips the lateral's scan where it is false).
 */
const keptPricesHoldSql = (now: string) =>
  `(s.prices_from is not null and s.prices_from <= ${now} and (s.prices_until is null or s.prices_until > ${now}))`;

interface RowSql {
  total: string;
  c_id: number; c_slug: string; c_name: string; c_logo_url: string | null; c_status: string; c_affiliate_status: string;
  c_rating: string | null; c_score: string | null; c_platforms: string[]; c_asset_classes: string[]; c_payouts?: number;
  p_id: number; p_name: string; p_type: string; p_profit_targets: number[]; p_daily_loss: string | null; p_max_loss: string;
  p_drawdown_type: string; p_min_trading_days: number; p_time_limit_days: number | null; p_profit_split: string;
  p_first_payout_days: number | null; p_payout_frequency: string | null; p_refundable_fee: boolean;
  p_activation_fee: string | null; p_reset_price: string | null; p_consistency: string | null; p_trailing_stops_at_start: boolean;
  s_size: number; s_price: string; c_pass_rate: string | null;
  b_id: number | null; b_code: string | null; b_pct: string | null; b_amount: string | null; b_link: string | null; b_after: string | null;
  b_programs: string[] | null; b_sizes: number[] | null; b_min_price: string | null; b_new_only: boolean | null; b_resets: boolean | null;
  b_stacks: boolean | null; b_valid_until: Date | null;
}

/** The public reads of firm profiles: the /firms table, a profile, a comparison. Read-only. */
@Injectable()
export class FirmsService {
  constructor(
    private readonly em: EntityManager,
    private readonly profiles: FirmProfilesService,
    private readonly payouts: PayoutReportsService,
    private readonly events: FirmEventsService,
    private readonly prices: FirmPricesService,
  ) {}

  /** One row per program and account size, filtered, sorted and paged in SQL. */
  async list(q: FirmsQuery, now = new Date()): Promise<FirmsListDto> {
    const where: string[] = [`c.status in (${q.status.map(() => '?').join(', ')})`];
    const best = await this.bestCodeSql(now);
    // The payout window's moment, the best code's moments; then the filters.
    const params: unknown[] = [now, ...best.params, ...q.status];
    const filter = (sql: string, value: unknown) => {
      where.push(sql);
      params.push(value);
    };
    if (q.size !== null) filter('s.size = ?', q.size);
    if (q.type) filter('p.type = ?', q.type);
    if (q.platform) filter('? = any(c.platforms)', q.platform);
    if (q.asset) filter('? = any(c.asset_classes)', q.asset);
    if (q.drawdown) filter('p.drawdown_type = ?', q.drawdown);
    const order = q.order === 'asc' ? 'asc' : 'desc';
    const assumed = q.passRate ?? ASSUMED_PASS_RATE;
    const orderBy = (x: string) => `${SORT_SQL[q.sort](x, assumed)} ${order} nulls last, ${tieBreak(x)}`;
    const maxPrice = q.maxPrice === null ? '' : 'where coalesce(r.b_after, r.s_price) <= ?';
    if (q.maxPrice !== null) params.push(q.maxPrice);
    // Narrow rows (ids and sort keys) with the best code's id and price: kept on the row where they hold at
    // `now`, else computed live. Counting, sorting and paging these is what the table costs; the wide
    // columns are read afterwards for the page's rows only.
    const rowsSql = `select s.id as s_id, p.id as p_id, c.id as c_id, c.name as c_name, c.score as c_score, c.rating as c_rating,
          p.position as p_position, p.profit_split as p_profit_split, p.max_loss as p_max_loss, s.size as s_size, s.price as s_price,
          coalesce(pc.n, 0) as c_payouts, p.reset_price as p_reset_price, p.activation_fee as p_activation_fee, c.pass_rate as c_pass_rate,
          ${best.columns}
        from firm_program_sizes s
        join firm_programs p on p.id = s.program_id
        join companies c on c.id = p.company_id
        ${best.joins}
        left join payout_counts pc on pc.company_id = c.id
        where ${where.join(' and ')}`;
    const sql = `with ${PAYOUT_COUNTS_SQL}
      select q.total, q.b_after, q.b_id, q.s_size, q.s_price,
        c.id as c_id, c.slug as c_slug, c.name as c_name, c.logo_url as c_logo_url, c.status as c_status,
        c.affiliate_status as c_affiliate_status, c.rating as c_rating, c.score as c_score, c.platforms as c_platforms,
        c.asset_classes as c_asset_classes, c.pass_rate as c_pass_rate,
        p.id as p_id, p.name as p_name, p.type as p_type, p.profit_targets as p_profit_targets,
        p.daily_loss as p_daily_loss, p.max_loss as p_max_loss, p.drawdown_type as p_drawdown_type,
        p.min_trading_days as p_min_trading_days, p.time_limit_days as p_time_limit_days, p.profit_split as p_profit_split,
        p.first_payout_days as p_first_payout_days, p.payout_frequency as p_payout_frequency,
        p.refundable_fee as p_refundable_fee, p.activation_fee as p_activation_fee, p.reset_price as p_reset_price,
        p.consistency as p_consistency, p.trailing_stops_at_start as p_trailing_stops_at_start,
        d.discount_code as b_code, d.discount_percentage as b_pct, d.discount_amount as b_amount, d.affiliate_link as b_link,
        d.eligible_programs as b_programs, d.eligible_sizes as b_sizes, d.min_price as b_min_price,
        d.new_accounts_only as b_new_only, d.applies_to_resets as b_resets, d.stacks as b_stacks, d.valid_until as b_valid_until
      from (
        select count(*) over () as total, r.* from (${rowsSql}) r ${maxPrice}
        order by ${orderBy('r')}
        limit ? offset ?
      ) q
      join firm_programs p on p.id = q.p_id
      join companies c on c.id = q.c_id
      left join discounts d on d.id = q.b_id
      order by ${orderBy('q')}`;
    const countSql = `with ${PAYOUT_COUNTS_SQL} select count(*) as n from (${rowsSql}) r ${maxPrice}`;
    params.push(FIRMS_PAGE_SIZE, (q.page - 1) * FIRMS_PAGE_SIZE);
    const rows = await this.em.getConnection().execute<RowSql[]>(sql, params);
    const total = rows.length ? Number(rows[0]!.total) : await this.count(countSql, params.slice(0, -2));
    const payouts = await this.payouts.figuresFor([...new Set(rows.map((r) => r.c_id))], now);
    return {
      rows: rows.map((r) => toRow(r, payouts.get(r.c_id) ?? NO_PAYOUT_FIGURES, assumed)),
      total,
      page: q.page,
      pageSize: FIRMS_PAGE_SIZE,
      totalPages: Math.max(1, Math.ceil(total / FIRMS_PAGE_SIZE)),
      query: firmsQueryString(q),
    };
  }

  /**
   * Every program and size of the firms that still sell (not closed, not paused) with its rules, its price and the
   * price after its best code: the same kept-or-live best code as the /firms table (bestCodeSql), so the simulator's
   * prices (issue #28) cannot differ from the table's.
   */
  async catalogue(now = new Date()): Promise<CatalogueProgram[]> {
    const best = await this.bestCodeSql(now);
    const rows = await this.em.getConnection().execute<Array<{
      c_slug: string; c_name: string; p_id: number; p_name: string; p_profit_targets: number[]; p_daily_loss: string | null;
      p_max_loss: string; p_drawdown_type: string; p_min_trading_days: number; p_time_limit_days: number | null;
      p_activation_fee: string | null; p_reset_price: string | null; s_size: number; s_price: string;
      p_consistency: string | null; p_trailing_stops_at_start: boolean;
      b_after: string | null; b_code: string | null; b_slug: string | null;
    }>>(
      `select q.*, d.discount_code as b_code, d.slug as b_slug from (
         select c.slug as c_slug, c.name as c_name, p.id as p_id, p.name as p_name, p.profit_targets as p_profit_targets,
           p.daily_loss as p_daily_loss, p.max_loss as p_max_loss, p.drawdown_type as p_drawdown_type,
           p.min_trading_days as p_min_trading_days, p.time_limit_days as p_time_limit_days,
           p.consistency as p_consistency, p.trailing_stops_at_start as p_trailing_stops_at_start,
           p.activation_fee as p_activation_fee, p.reset_price as p_reset_price, s.size as s_size, s.price as s_price,
           c.id as c_id, p.position as p_position, ${best.columns}
         from firm_program_sizes s
         join firm_programs p on p.id = s.program_id
         join companies c on c.id = p.company_id
         ${best.joins}
         where c.status not in ('closed', 'paused')
       ) q left join discounts d on d.id = q.b_id
       order by q.c_name, q.c_id, q.p_position, q.p_id, q.s_size`,
      best.params,
    );
    return rows.map((r) => {
      const price = Number(r.s_price);
      return {
        programId: r.p_id,
        companySlug: r.c_slug,
        companyName: r.c_name,
        // "FTMO 1-Step" already names its firm: no "FTMO FTMO 1-Step".
        programName: r.p_name.toLowerCase().startsWith(r.c_name.toLowerCase()) ? r.p_name : `${r.c_name} ${r.p_name}`,
        rules: {
          profitTargets: r.p_profit_targets.map(Number),
          dailyLoss: num(r.p_daily_loss),
          maxLoss: Number(r.p_max_loss),
          drawdownType: r.p_drawdown_type as CatalogueProgram['rules']['drawdownType'],
          minTradingDays: r.p_min_trading_days,
          timeLimitDays: r.p_time_limit_days,
          consistency: num(r.p_consistency),
          trailingStopsAtStart: r.p_trailing_stops_at_start,
        },
        size: r.s_size,
        price,
        priceAfterCode: r.b_after === null ? price : Number(r.b_after),
        discountCode: r.b_after === null ? null : r.b_code,
        discountSlug: r.b_after === null ? null : r.b_slug,
        resetPrice: num(r.p_reset_price),
        activationFee: num(r.p_activation_fee),
      };
    });
  }

  /**
   * The best code's id and price after it (`b_id`, `b_after`: null without a code) for each size row `s`:
   * the values kept on the row when every row's hold at `now` (the usual case: the statement then reads
   * no discount at all); else the kept values where they hold and the live rule for the other rows.
   */
  private async bestCodeSql(now: Date): Promise<{ columns: string; joins: string; params: unknown[] }> {
    const kept = 'case when s.best_discount_id is not null then s.price_after_code end';
    if (await this.prices.keptPricesHold(now)) {
      return { columns: `s.best_discount_id as b_id, ${kept} as b_after`, joins: '', params: [] };
    }
    return {
      columns: `case when k.kept then s.best_discount_id else b.b_id end as b_id, case when k.kept then ${kept} else b.b_after end as b_after`,
      joins: `cross join lateral (select ${keptPricesHoldSql('?::timestamptz')} as kept) k
        ${bestCodeLateralSql('?', 'not k.kept')}`,
      params: [now, now, now],
    };
  }

  /**
   * When the firm reads next change without a write: a code passes its end, or an approved payout report leaves
   * the 180-day window of the figures (issue #17).
   */
  async nextChange(now = new Date()): Promise<Date | null> {
    const [code, figures] = await Promise.all([this.nextCodeChange(now), this.payouts.nextFiguresChange(now)]);
    return earliest(code, figures);
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

  /** A firm's history for its feed; 404 for an unknown slug. */
  async history(slug: string): Promise<{ firm: { slug: string; name: string; updatedAt: string }; timeline: TimelineEntryDto[] }> {
    const company = await this.em.findOne(Company, { slug });
    if (!company) throw new ApiError(404, MSG.notFound('Firm'));
    const timeline = (await this.events.timelines(this.em, [company.id])).get(company.id) ?? [];
    return { firm: { slug: company.slug, name: company.name, updatedAt: company.updatedAt.toISOString() }, timeline };
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
    const [programs, scores, discounts, changes, posts, payouts, timelines, followers] = await Promise.all([
      this.profiles.programs(this.em, ids),
      Promise.all(ids.map((id) => this.profiles.scores(this.em, id))),
      this.em.find(
        Discount,
        { company: { $in: ids }, status: 'active', $or: [{ validUntil: null }, { validUntil: { $gt: now } }] },
        { orderBy: [{ validUntil: 'asc nulls last' }, { id: 'asc' }] },
      ),
      this.em.find(FirmChange, { company: { $in: ids } }, { orderBy: [{ date: 'desc' }, { id: 'desc' }] }),
      this.postsAbout(ids, now),
      this.payouts.figuresFor(ids, now),
      this.events.timelines(this.em, ids),
      this.followerCounts(ids),
    ]);
    return companies.map((company, i) => {
      const companyDto = toCompanyDto(company);
      const { featured: _f, createdAt: _c, updatedAt: _u, ...firm } = companyDto;
      const own = discounts.filter((d) => d.company.id === company.id);
      const terms = own.map(toCodeTerms);
      const firmPrograms = programs.get(company.id) ?? [];
      const listed = firmPrograms.flatMap((p) => p.sizes.map((s) => ({ program: p.name, size: s.size, price: s.price })));
      const byCriterion = new Map(scores[i]!.map((s) => [s.criterion, s]));
      return {
        firm,
        criteria: CRITERIA.map((c) => ({
          criterion: c.key, label: c.label, weight: c.weight,
          score: byCriterion.get(c.key)?.score ?? null, note: byCriterion.get(c.key)?.note ?? null,
        })),
        programs: firmPrograms.map((p: ProgramDto) => ({
          ...p,
          sizes: p.sizes.map((s) => {
            const best = bestCode({ program: p.name, size: s.size, price: s.price, purchase: 'new', on: now }, terms);
            const after = best?.price ?? s.price;
            const cost = trueCost({
              feeAfterCode: after, resetPrice: p.resetPrice, activationFee: p.activationFee, publishedPassRate: companyDto.passRate,
            });
            return {
              ...s, priceAfterCode: after, code: best ? toBestCode(own.find((d) => d.id === best.code.id)!) : null, trueCost: trueCostDto(cost),
            };
          }),
        })),
        // Codes 'Reported not working' after working ones, as on /discounts (issue #11); stable, so the order holds otherwise.
        codes: own
          .map((d) => ({ ...toDiscountDto(d), ...toProofFigures(d), company: companyDto, priceExample: priceExample(listed, d, now) }))
          .sort((a, b) => Number(isReportedNotWorking(a, now)) - Number(isReportedNotWorking(b, now))),
        changelog: changes
          .filter((c) => c.company.id === company.id)
          .map((c) => ({ id: c.id, date: c.date, change: c.change, sourceUrl: c.sourceUrl })),
        posts: posts.get(company.id) ?? [],
        payouts: payouts.get(company.id)!,
        timeline: timelines.get(company.id) ?? [],
        followers: followers.get(company.id) ?? 0,
      };
    });
  }

  /**
   * Published posts about each firm, newest first: naming it (the admin's picker), tagged with its slug or name
   * (any case), or linking to its profile. PostgreSQL keeps that answer per post in blog_post_firms
   * (Migration20261127220000), so each firm's newest are an index range, whatever the number of posts.
   */
  private async postsAbout(ids: number[], now: Date): Promise<Map<number, FirmPostDto[]>> {
    const { sql, params } = firmPostsQuery(ids, now, FIRM_POSTS_MAX);
    const rows = await this.em.getConnection().execute<Array<{
      company_id: number; slug: string; title: string; excerpt: string | null; category: FirmPostDto['category']; published_at: Date;
    }>>(sql, params);
    const result = new Map<number, FirmPostDto[]>();
    for (const r of rows) {
      const list = result.get(r.company_id) ?? [];
      list.push({ slug: r.slug, title: r.title, excerpt: r.excerpt, category: r.category, publishedAt: new Date(r.published_at).toISOString() });
      result.set(r.company_id, list);
    }
    return result;
  }

  private async followerCounts(ids: number[]): Promise<Map<number, number>> {
    const rows = await this.em.execute<Array<{ company_id: number; n: number }>>(
      'select company_id, count(*)::int as n from follows where company_id in (?) group by company_id', [ids],
    );
    return new Map(rows.map((r) => [r.company_id, r.n]));
  }

  /** The total when the page is past the end (the window count came with no row). */
  private async count(sql: string, params: unknown[]): Promise<number> {
    const [row] = await this.em.getConnection().execute<Array<{ n: string }>>(sql, params);
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
    eligiblePrograms: d.eligiblePrograms,
    eligibleSizes: d.eligibleSizes.map(Number),
    minPrice: num(d.minPrice),
    newAccountsOnly: d.newAccountsOnly,
    appliesToResets: d.appliesToResets,
    stacks: d.stacks,
    validUntil: d.validUntil ? d.validUntil.toISOString() : null,
  };
}

function toRow(r: RowSql, payouts: PayoutFigures, assumedPassRate: number): FirmRowDto {
  const price = Number(r.s_price);
  const after = r.b_after === null ? price : Number(r.b_after);
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
      payouts,
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
      consistency: num(r.p_consistency),
      trailingStopsAtStart: r.p_trailing_stops_at_start,
      profitSplit: Number(r.p_profit_split),
      firstPayoutDays: r.p_first_payout_days,
      payoutFrequency: r.p_payout_frequency,
      refundableFee: r.p_refundable_fee,
      activationFee: num(r.p_activation_fee),
      resetPrice: num(r.p_reset_price),
    },
    size: r.s_size,
    price,
    priceAfterCode: after,
    trueCost: trueCostDto(trueCost({
      feeAfterCode: after, resetPrice: num(r.p_reset_price), activationFee: num(r.p_activation_fee),
      publishedPassRate: num(r.c_pass_rate), assumedPassRate,
    })),
    code: r.b_id === null ? null : {
      discountId: r.b_id,
      code: r.b_code!,
      kind: codeKind({ discountPercentage: r.b_pct, discountAmount: r.b_amount }),
      discountPercentage: num(r.b_pct),
      discountAmount: num(r.b_amount),
      affiliateLink: r.b_link,
      eligiblePrograms: r.b_programs ?? [],
      eligibleSizes: (r.b_sizes ?? []).map(Number),
      minPrice: num(r.b_min_price),
      newAccountsOnly: Boolean(r.b_new_only),
      appliesToResets: Boolean(r.b_resets),
      stacks: Boolean(r.b_stacks),
      validUntil: r.b_valid_until ? new Date(r.b_valid_until).toISOString() : null,
    },
  };
}
