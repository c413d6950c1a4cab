import { EntityManager, raw, ref, type FilterQuery, type QueryOrderMap } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AdminDiscountDto, PriceExampleDto, PublicDiscountDto } from '../../../common/api-types.js';
import { DISCOUNT_STATUSES, type DiscountStatus } from '../../../common/enums.js';
import { MSG } from '../../../common/messages.js';
import { needsCheckSql, notWorkingSql } from './proof-rules.sql.js';
import type { ListedSize } from '../../../common/price-rule.js';
import { ApiError } from '../common/api-error.js';
import { booleanFilter, checkFilterKeys, sortDirection } from '../common/list-filter.js';
import { idsFilter, searchPattern, type ListParams, type ListResult } from '../common/rest-list.js';
import { EditConflicts } from '../audit/edit-conflicts.js';
import { definedOnly } from '../companies/companies.service.js';
import { Company } from '../companies/company.entity.js';
import type { Computed } from '../cache/public-cache.service.js';
import { MediaService } from '../media/media.service.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { freeDiscountSlug } from './discount-slug.subscriber.js';
import { Discount, priceExample, toAdminDiscountDto, toPublicDiscountDto, type DiscountWithCompanyRow } from './discount.entity.js';
import type { BulkDiscountsDto, CreateDiscountDto, DiscountChangesDto } from './dto/discount.dto.js';
import type { BulkResult, DiscountBulkAction } from '../../../common/bulk.js';
import { noteBulkWrite } from '../audit/admin-write-context.js';
import { bulkFilter } from '../common/bulk.dto.js';
import { csvExport } from '../common/csv-export.js';
import type { Readable } from 'node:stream';

/** The status each bulk action other than delete sets. */
const BULK_STATUS: Record<Exclude<DiscountBulkAction, 'delete'>, DiscountStatus> = { activate: 'active', 'coming-soon': 'coming_soon', expire: 'expired' };

export const DISCOUNT_SORTABLE = [
  'id', 'title', 'discountCode', 'status', 'discountAmount', 'discountPercentage', 'originalPrice', 'discountedPrice',
  'validFrom', 'validUntil', 'clicks', 'createdAt', 'updatedAt', 'companyId', 'company.name',
  'lastVerifiedAt', 'successRate', 'reportsCount',
] as const;
type DiscountSortField = (typeof DISCOUNT_SORTABLE)[number];
export const DISCOUNT_FILTERS = ['q', 'companyId', 'status', 'expiringSoon', 'id', 'needsCheck', 'held', 'demoted'] as const;
/** "Expires within 7 days" (the admin filter): not yet past, and past within this many days. */
export const EXPIRING_SOON_DAYS = 7;

/** What a visitor can act on (docs/design.md §7). */
const PUBLIC_STATUSES: DiscountStatus[] = ['active', 'coming_soon'];

/**
 * A closed firm's codes last (no longer promoted: common/firms.ts isPromoted); codes 'Reported not working'
 * after working ones — shown, never hidden; then the featured firm first, the soonest to expire (no expiry
 * last), oldest first. A function: raw() fragments are used up by one query. `c` is the joined company.
 */
const publicOrder = (): QueryOrderMap<Discount>[] => [
  { [raw(() => `(c.status = 'closed')`)]: 'asc' } as QueryOrderMap<Discount>,
  { [raw((a: string) => notWorkingSql(a, 'now()'))]: 'asc' } as QueryOrderMap<Discount>,
  { company: { featured: 'desc' } },
  { validUntil: 'asc nulls last' },
  { id: 'asc' },
];

/** Admin list without a sort: newest first. */
const ADMIN_ORDER: QueryOrderMap<Discount>[] = [{ id: 'desc' }];

/** Rows per read of the streamed export. */
const EXPORT_BATCH = 500;
export const DISCOUNT_CSV_COLUMNS = [
  'id', 'title', 'company', 'discount_code', 'status', 'discount_percentage', 'discount_amount', 'valid_until', 'affiliate_link',
  'clicks', 'last_verified_at', 'success_rate', 'reports_count', 'created_at',
] as const;
const discountCsvRow = (d: AdminDiscountDto) => [
  d.id, d.title, d.company.name, d.discountCode ?? '', d.status, d.discountPercentage ?? '', d.discountAmount ?? '', d.validUntil ?? '',
  d.affiliateLink ?? '', d.clicks, d.lastVerifiedAt ?? '', d.successRate ?? '', d.reportsCount, d.createdAt,
];

/** A visitor's (a network's) repeated follows of one discount within this window count as one click: a day. */
export const CLICK_WINDOW_SECONDS = 24 * 60 * 60;

/** Where /go/:id sends a visitor it cannot send to a firm. */
export const DISCOUNTS_PAGE = '/discounts';

/** Read-only fields react-admin sends back with a PUT; never written. */
@Injectable()
export class DiscountsService {
  constructor(
    private readonly em: EntityManager,
    private readonly media: MediaService,
    private readonly limits: RateLimitService,
    private readonly conflicts: EditConflicts,
  ) {}

  /**
   * GET /_api/discounts: one SQL query with the company joined in. The rows are mapped
   * to plain objects, not hydrated into managed entities: for a few hundred discounts
   * that is about ten times cheaper, and this is the busiest public read.
   */
  async listPublic(now = new Date()): Promise<PublicDiscountDto[]> {
    const rows = await this.em
      .createQueryBuilder(Discount, 'd')
      .select('*')
      .joinAndSelect('d.company', 'c')
      .where({ status: { $in: PUBLIC_STATUSES }, $or: [{ validUntil: null }, { validUntil: { $gt: now } }] })
      .orderBy(publicOrder())
      .execute<DiscountWithCompanyRow[]>('all', true);
    const listed = await this.listedSizes([...new Set(rows.map((r) => r.company.id))]);
    return rows.map((r) => toPublicDiscountDto(r, listed.get(r.company.id) ?? [], now));
  }

  /**
   * Each discount's "Was … now …" (common/price-rule.ts cheapestEligible over its firm's listed sizes), exactly as
   * GET /_api/discounts answers it: for the digest's deal cards. A discount not found is left out.
   */
  async priceExamples(ids: number[], now = new Date()): Promise<Map<number, PriceExampleDto | null>> {
    if (!ids.length) return new Map();
    const discounts = await this.em.fork().find(Discount, { id: { $in: ids } });
    const listed = await this.listedSizes([...new Set(discounts.map((d) => d.company.id))]);
    return new Map(discounts.map((d) => [d.id, priceExample(listed.get(d.company.id) ?? [], d, now)]));
  }

  /** Every listed size of these firms (program name, size, price): what a card's "Was … now …" is chosen from. */
  private async listedSizes(companyIds: number[]): Promise<Map<number, ListedSize[]>> {
    const result = new Map<number, ListedSize[]>();
    if (!companyIds.length) return result;
    const rows = await this.em.getConnection().execute<Array<{ company_id: number; program: string; size: number; price: string }>>(
      `select p.company_id, p.name as program, s.size, s.price from firm_program_sizes s join firm_programs p on p.id = s.program_id
       where p.company_id in (${companyIds.map(() => '?').join(', ')}) order by p.company_id, p.position, p.id, s.size`,
      companyIds,
    );
    for (const r of rows) {
      const list = result.get(r.company_id) ?? [];
      list.push({ program: r.program, size: r.size, price: Number(r.price) });
      result.set(r.company_id, list);
    }
    return result;
  }

  /**
   * The public list and the moment it next changes without a write: the first listed discount
   * to pass its validUntil. Asked before the list, so a boundary passed in between expires the entry at once.
   */
  async listPublicUntilChange(now = new Date()): Promise<Computed> {
    const [row] = await this.em.getConnection().execute<Array<{ next: Date | null }>>(
      `select min("valid_until") as "next" from "discounts" where "status" in (?, ?) and "valid_until" > ?`,
      [...PUBLIC_STATUSES, now],
    );
    return { expiresAt: row?.next ? new Date(row.next) : null, body: await this.listPublic(now) };
  }

  /** The next moment a listed code passes its end (a code page or the archive changes then), or null. */
  async nextEnd(now = new Date()): Promise<Date | null> {
    const [row] = await this.em.getConnection().execute<Array<{ next: Date | null }>>(
      `select min("valid_until") as "next" from "discounts" where "status" in (?, ?) and "valid_until" > ?`,
      [...PUBLIC_STATUSES, now],
    );
    return row?.next ? new Date(row.next) : null;
  }

  /** Both admin faces: everything, filtered, sorted and paged in SQL. */
  async list(params: ListParams<DiscountSortField>): Promise<ListResult<AdminDiscountDto>> {
    const [items, total] = await this.em.findAndCount(Discount, adminWhere(params.filter, new Date()), {
      populate: ['company'],
      strategy: 'joined',
      // id in the sort's direction: one index (field, id) serves both directions, and pages never overlap.
      orderBy: params.sort
        ? [this.adminOrder(params.sort.field, params.sort.order), { id: sortDirection(params.sort.order, false) }]
        : ADMIN_ORDER,
      limit: params.page?.limit,
      offset: params.page?.offset,
    });
    return { items: items.map(toAdminDiscountDto), total };
  }

  /** CSV of every discount of the admin filter, newest first (csvExport), read by keyset on id. */
  exportCsv(filter: Record<string, unknown>): Promise<Readable> {
    const now = new Date();
    return csvExport<Discount>({
      columns: DISCOUNT_CSV_COLUMNS,
      // The filter is built per read: its raw() proof-rule fragment is used up by one query.
      readBatch: (last) => this.em.find(Discount, { $and: [adminWhere(filter, now), ...(last ? [{ id: { $lt: last.id } }] : [])] }, {
        populate: ['company'], strategy: 'joined', orderBy: ADMIN_ORDER, limit: EXPORT_BATCH,
      }),
      row: (d) => discountCsvRow(toAdminDiscountDto(d)),
      batchSize: EXPORT_BATCH,
      afterBatch: () => this.em.clear(),
    });
  }

  private adminOrder(field: DiscountSortField, order: 'ASC' | 'DESC'): QueryOrderMap<Discount> {
    if (field === 'companyId') return { company: sortDirection(order, false) };
    if (field === 'company.name') return { company: { name: sortDirection(order, false) } };
    const nullable = Boolean(this.em.getMetadata(Discount).properties[field]?.nullable);
    return { [field]: sortDirection(order, nullable) } as QueryOrderMap<Discount>;
  }

  async get(id: number): Promise<AdminDiscountDto> {
    return toAdminDiscountDto(await this.find(id));
  }

  async create(input: CreateDiscountDto): Promise<AdminDiscountDto> {
    const { companyId, mediaUrl, status, ...fields } = input;
    const company = await this.findCompany(companyId);
    const discount = this.em.create(Discount, {
      ...fields,
      company,
      status: status ?? 'active',
      mediaUrl: (await this.media.resolveImage(mediaUrl ?? null, 'discount')) ?? null,
    });
    await this.em.flush();
    return toAdminDiscountDto(discount);
  }

  /** Read-only fields never arrive here (ReadOnlyFieldsInterceptor); a stale `version` is a 409 (EditConflicts). */
  async update(id: number, changes: DiscountChangesDto): Promise<AdminDiscountDto> {
    const { companyId, mediaUrl, version, ...fields } = changes;
    const discount = await this.find(id);
    await this.conflicts.assertCurrent('discounts', discount, version);
    const data: Partial<Discount> = definedOnly(fields) as Partial<Discount>;
    if (companyId !== undefined) data.company = ref(await this.findCompany(companyId));
    if (mediaUrl !== undefined) data.mediaUrl = (await this.media.resolveImage(mediaUrl, 'discount')) ?? null;
    return this.em.transactional(async (em) => {
      const before = { slug: discount.slug, title: discount.title, companyId: discount.company.id };
      em.assign(discount, data);
      if (discount.title !== before.title || discount.company.id !== before.companyId) await this.moveSlug(em, discount, before.slug);
      await em.flush();
      return toAdminDiscountDto(discount);
    });
  }

  /**
   * A renamed code (or one moved to another firm) gets the slug of its new title; the old one is kept in
   * discount_slugs, so its page and its API answer 301 to the new (issue #30). A slug it held before is its own again.
   */
  private async moveSlug(em: EntityManager, discount: Discount, old: string): Promise<void> {
    const slug = await freeDiscountSlug(em, discount.company.id, discount.title, discount.id);
    if (slug === old) return;
    const conn = em.getConnection();
    const ctx = em.getTransactionContext();
    await conn.execute('delete from discount_slugs where slug = ?', [slug], 'run', ctx);
    await conn.execute(
      'insert into discount_slugs (slug, discount_id) values (?, ?) on conflict (slug) do update set discount_id = excluded.discount_id',
      [old, discount.id], 'run', ctx,
    );
    discount.slug = slug;
  }

  /**
   * POST /_api/admin/discounts/bulk (issue #18): one status for, or the deletion of, the ticked discounts or every
   * discount of the list's filter, in one transaction (all or none). The filter is the list's own (it can reach the
   * company's name and the proof rules), so the matching ids are read with it first; the writes go through the ORM, so
   * versions move on and the public answers are dropped as for a single save. `count` is what changed.
   */
  async bulk({ action, ...scope }: BulkDiscountsDto): Promise<BulkResult> {
    const filter = bulkFilter(scope);
    checkFilterKeys(filter, DISCOUNT_FILTERS);
    const where = adminWhere(filter, new Date());
    const count = await this.em.transactional(async (em) => {
      const matching = await em.find(Discount, where);
      const changed = action === 'delete' ? matching : matching.filter((d) => d.status !== BULK_STATUS[action]);
      for (const d of changed) {
        if (action === 'delete') em.remove(d);
        else d.status = BULK_STATUS[action];
      }
      await em.flush();
      return changed.length;
    });
    noteBulkWrite({ action, ...(scope.ids ? { ids: scope.ids.length } : { filter }), count });
    return { action, count };
  }

  async remove(id: number): Promise<AdminDiscountDto> {
    const discount = await this.find(id);
    const dto = toAdminDiscountDto(discount);
    await this.em.remove(discount).flush();
    return dto;
  }

  /**
   * Where /go/:id leads. A visitor's follow (`visitor`: their key from common/visitor.ts; none for a
   * bot) counts once per discount within CLICK_WINDOW_SECONDS on every instance (a counter in
   * rate_limits), in an atomic UPDATE … RETURNING. Clicks are no public read's business: the
   * trigger sends no NOTIFY for them and no cache entry is dropped.
   */
  async follow(rawId: string, visitor: string | undefined): Promise<string> {
    if (!/^\d{1,9}$/.test(rawId)) return DISCOUNTS_PAGE;
    const count = visitor !== undefined && (await this.limits.hit(`click:${Number(rawId)}:${visitor}`, CLICK_WINDOW_SECONDS)).hits === 1;
    // A counted click also counts on its UTC day ("Used N times today", issue #30), in the same statement.
    const sql = count
      ? `with d as (update "discounts" set "clicks" = "clicks" + 1 where "id" = ? and "affiliate_link" ~* ? returning "id", "affiliate_link"),
         day as (insert into discount_click_days (discount_id, day, clicks) select id, (now() at time zone 'UTC')::date, 1 from d
                 on conflict (discount_id, day) do update set clicks = discount_click_days.clicks + 1)
         select "affiliate_link" from d`
      : `select "affiliate_link" from "discounts" where "id" = ? and "affiliate_link" ~* ?`;
    const rows = await this.em.getConnection().execute<Array<{ affiliate_link: string }>>(sql, [Number(rawId), '^https?://']);
    return rows[0]?.affiliate_link ?? DISCOUNTS_PAGE;
  }

  private async find(id: number): Promise<Discount> {
    const discount = await this.em.findOne(Discount, { id }, { populate: ['company'] });
    if (!discount) throw new ApiError(404, MSG.notFound('Discount'));
    return discount;
  }

  private async findCompany(id: number): Promise<Company> {
    const company = await this.em.findOne(Company, { id });
    if (!company) throw new ApiError(400, MSG.companyMissing(id), { companyId: MSG.companyMissing(id) });
    return company;
  }
}

function adminWhere(filter: Record<string, unknown>, now: Date): FilterQuery<Discount> {
  const where: FilterQuery<Discount> & Record<string, unknown> = {};
  const ids = idsFilter(filter);
  if (ids) where.id = { $in: ids };
  const q = searchPattern(filter);
  if (q) {
    where.$or = [
      { title: { $ilike: q } },
      { discountCode: { $ilike: q } },
      { description: { $ilike: q } },
      { company: { name: { $ilike: q } } },
    ];
  }
  if (isSet(filter.status)) {
    const statuses = Array.isArray(filter.status) ? filter.status : [filter.status];
    if (!statuses.every((s) => (DISCOUNT_STATUSES as readonly unknown[]).includes(s))) {
      throw new ApiError(400, MSG.invalidListParam('filter'));
    }
    where.status = { $in: statuses as DiscountStatus[] };
  }
  const needs = booleanFilter(filter, 'needsCheck');
  if (needs !== undefined) (where as Record<string, unknown>)[raw((a: string) => needsCheckSql(a, 'now()'))] = needs;
  // Active codes demoted by visitors' answers or a failed check, awaiting a re-test (issue #30: the dashboard's card).
  const demoted = booleanFilter(filter, 'demoted');
  if (demoted !== undefined) {
    (where as Record<string, unknown>)[raw((a: string) => `(${a}.status = 'active' and ${notWorkingSql(a, 'now()')})`)] = demoted;
  }
  // Codes with a burst of reports awaiting an admin's accept (issue #18).
  const held = booleanFilter(filter, 'held');
  if (held !== undefined) where.heldReports = held ? { $gt: 0 } : 0;
  if (isSet(filter.companyId)) {
    const companyIds = idsFilter({ id: filter.companyId });
    where.company = { $in: companyIds };
  }
  if (booleanFilter(filter, 'expiringSoon')) {
    where.validUntil = { $gt: now, $lte: new Date(now.getTime() + EXPIRING_SOON_DAYS * 86_400_000) };
  }
  return where;
}

/** A cleared filter input may arrive as '' or null: the same as not filtering. */
function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

