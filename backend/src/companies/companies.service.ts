import { EntityManager, raw, type EntityName, type FilterQuery, type QueryOrderMap } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { CompanyDto } from '../../../common/api-types.js';
import type { RevisionDto } from '../../../common/team-api-types.js';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import type { Readable } from 'node:stream';
import type { BulkResult } from '../../../common/bulk.js';
import { noteBulkWrite } from '../audit/admin-write-context.js';
import { PublicCacheService } from '../cache/public-cache.service.js';
import { bulkFilter } from '../common/bulk.dto.js';
import { csvExport } from '../common/csv-export.js';
import { booleanFilter, checkFilterKeys, sortDirection } from '../common/list-filter.js';
import { idsFilter, searchPattern, type ListParams, type ListResult } from '../common/rest-list.js';
import { MediaService } from '../media/media.service.js';
import type { AdminCompanyDto } from '../../../common/firm-api-types.js';
import { FirmEventsService } from './firm-events.service.js';
import { FirmProfilesService } from './firm-profiles.service.js';
import { EditConflicts } from '../audit/edit-conflicts.js';
import { RevisionsService, type RevisionKind } from '../audit/revisions.service.js';
import { Company, toCompanyDto } from './company.entity.js';
import type { BulkCompaniesDto, CompanyChangesDto, CreateCompanyDto } from './dto/company.dto.js';

/**
 * Discounts hang off a company and discounts/ builds on this folder, not the other way: the guard against deleting
 * a company that still has codes counts them by entity name.
 */
const DISCOUNT = 'Discount' as EntityName<{ company: Company }>;

export const COMPANY_SORTABLE = ['id', 'name', 'rating', 'featured', 'createdAt', 'updatedAt'] as const;
type CompanySortField = (typeof COMPANY_SORTABLE)[number];
export const COMPANY_FILTERS = ['q', 'featured', 'id'] as const;

/** Featured first, then best rated, then by name: the order visitors see everywhere. */
const PUBLIC_ORDER: QueryOrderMap<Company>[] = [{ featured: 'desc' }, { rating: 'desc nulls last' }, { name: 'asc' }];
/** The public list puts closed firms last (they are no longer promoted: common/firms.ts isPromoted). A function: raw() is used up by one query. */
const publicListOrder = (): QueryOrderMap<Company>[] => [{ [raw((a: string) => `(${a}.status = 'closed')`)]: 'asc' } as QueryOrderMap<Company>, ...PUBLIC_ORDER];
/** The admin's default: the public order, id last so pages of equal names never overlap. */
const ADMIN_ORDER: QueryOrderMap<Company>[] = [...PUBLIC_ORDER, { id: 'asc' }];
/**
 * react-admin's <List> always sends a sort, so the grid can only ask for its default as featured DESC: that sort
 * means the public order, and featured ASC its exact reverse (ordinary per-field sorts would tie by id instead).
 */
const FEATURED_ORDER: Record<'ASC' | 'DESC', QueryOrderMap<Company>[]> = {
  DESC: ADMIN_ORDER,
  ASC: [{ featured: 'asc' }, { rating: 'asc nulls first' }, { name: 'desc' }, { id: 'desc' }],
};

/** Rows per read of the streamed export. */
const EXPORT_BATCH = 500;
export const COMPANY_CSV_COLUMNS = [
  'id', 'name', 'slug', 'website_url', 'rating', 'featured', 'status', 'status_since', 'affiliate_status', 'last_tested_at',
  'pass_rate', 'created_at',
] as const;
const companyCsvRow = (c: Company) => [
  c.id, c.name, c.slug, c.websiteUrl ?? '', c.rating ?? '', c.featured, c.status, c.statusSince ?? '', c.affiliateStatus,
  c.lastTestedAt ?? '', c.passRate ?? '', c.createdAt.toISOString(),
];

@Injectable()
export class CompaniesService {
  constructor(
    private readonly em: EntityManager,
    private readonly media: MediaService,
    private readonly profiles: FirmProfilesService,
    private readonly conflicts: EditConflicts,
    private readonly revisions: RevisionsService,
    private readonly events: FirmEventsService,
    private readonly cache: PublicCacheService,
  ) {}

  async listPublic(): Promise<CompanyDto[]> {
    const companies = await this.em.find(Company, {}, { orderBy: publicListOrder() });
    return companies.map(toCompanyDto);
  }

  async list(params: ListParams<CompanySortField>): Promise<ListResult<CompanyDto>> {
    const where = adminWhere(params.filter);
    const { sort } = params;
    const nullable = sort ? Boolean(this.em.getMetadata(Company).properties[sort.field]?.nullable) : false;
    const orderBy = !sort
      ? ADMIN_ORDER
      : sort.field === 'featured'
        ? FEATURED_ORDER[sort.order]
        : [{ [sort.field]: sortDirection(sort.order, nullable) } as QueryOrderMap<Company>, { id: sortDirection(sort.order, false) }];
    const [items, total] = await this.em.findAndCount(Company, where, {
      orderBy,
      limit: params.page?.limit,
      offset: params.page?.offset,
    });
    return { items: items.map(toCompanyDto), total };
  }

  /** CSV of every company of the admin filter (csvExport), in the admin list's default order. */
  exportCsv(filter: Record<string, unknown>): Promise<Readable> {
    const where = adminWhere(filter);
    return csvExport({
      columns: COMPANY_CSV_COLUMNS,
      readBatch: (_last, offset) => this.em.find(Company, where, { orderBy: ADMIN_ORDER, limit: EXPORT_BATCH, offset }),
      row: companyCsvRow,
      batchSize: EXPORT_BATCH,
      afterBatch: () => this.em.clear(),
    });
  }

  /**
   * POST /_api/admin/companies/bulk (issue #18): deletes the ticked companies or every company of the list's filter,
   * all or none in one transaction. As for a single delete (docs/design.md §7), companies that still have discounts
   * are not deleted: then nothing is, and the 409 says how many discounts stand in the way. `count` is what went.
   */
  async bulk({ action, ...scope }: BulkCompaniesDto): Promise<BulkResult> {
    const filter = bulkFilter(scope);
    checkFilterKeys(filter, COMPANY_FILTERS);
    const where = adminWhere(filter);
    const count = await this.em.transactional(async (em) => {
      const matching = await em.find(Company, where, { fields: ['id'] });
      if (!matching.length) return 0;
      const ids = matching.map((c) => c.id);
      const discounts = await em.count(DISCOUNT, { company: { $in: ids } });
      if (discounts > 0) throw new ApiError(409, MSG.companyHasDiscounts(discounts));
      return em.nativeDelete(Company, { id: { $in: ids } });
    });
    // One statement, no ORM flush: the public answers showing firms are dropped here (other instances hear NOTIFY).
    if (count) this.cache.invalidate('companies');
    noteBulkWrite({ action, ...(scope.ids ? { ids: scope.ids.length } : { filter }), count });
    return { action, count };
  }

  /** The admin record carries the firm's programs and criteria scores (FirmProfilesService) and its version. */
  async get(id: number): Promise<AdminCompanyDto> {
    const company = await this.find(id);
    return this.profiles.withProfile(this.em, { ...toCompanyDto(company), version: company.version });
  }

  /** The saved profile as the answer and as a revision (issue #20), kept in the same transaction. */
  private async saved(em: EntityManager, company: Company, kind: RevisionKind): Promise<AdminCompanyDto> {
    await em.flush();
    // The logo's background is set by PostgreSQL from the stored picture (Migration20261125162200): read it back.
    await em.refresh(company);
    const dto = await this.profiles.withProfile(em, { ...toCompanyDto(company), version: company.version });
    this.revisions.record(em, 'companies', company.id, companyRevisionFields(dto), kind);
    return dto;
  }

  async revisionsOf(id: number): Promise<RevisionDto[]> {
    await this.find(id);
    return this.revisions.list('companies', id);
  }

  /** Restores a revision by saving its fields: the save is itself a new revision. */
  async restore(id: number, revisionId: number): Promise<AdminCompanyDto> {
    const revision = await this.revisions.find('companies', id, revisionId);
    return this.update(id, revision.fields as CompanyChangesDto, 'restore');
  }

  async create(input: CreateCompanyDto): Promise<AdminCompanyDto> {
    // A new firm has no history: the editor's note of a change has nothing to go with.
    const { programs, scores, changeNote: _n, changeSourceUrl: _s, ...fields } = input;
    this.profiles.check({ programs, scores });
    const logoUrl = await this.media.resolveImage(fields.logoUrl, 'logo');
    return this.em.transactional(async (em) => {
      const company = em.create(Company, { ...fields, logoUrl, featured: fields.featured ?? false });
      if (company.status !== 'active' && !company.statusSince) company.statusSince = utcDay(new Date());
      if (company.featured) await this.clearFeatured(em);
      await this.profiles.save(em, company, { slug: fields.slug, programs, scores });
      return this.saved(em, company, 'create');
    });
  }

  /** Read-only fields never arrive here (ReadOnlyFieldsInterceptor); a stale `version` is a 409 (EditConflicts). */
  async update(id: number, changes: CompanyChangesDto, kind: RevisionKind = 'save'): Promise<AdminCompanyDto> {
    this.profiles.check(changes);
    if (changes.logoUrl !== undefined) changes = { ...changes, logoUrl: await this.media.resolveImage(changes.logoUrl, 'logo') };
    return this.em.transactional(async (em) => {
      await this.events.claim(em);
      const company = await this.find(id, em);
      const { programs, scores, version, changeNote, changeSourceUrl, ...fields } = changes;
      await this.conflicts.assertCurrent('companies', company, version);
      const statusBefore = company.status;
      const sinceBefore = company.statusSince;
      const programsBefore = programs ? (await this.profiles.programs(em, [id])).get(id) ?? [] : undefined;
      if (fields.featured && !company.featured) await this.clearFeatured(em);
      em.assign(company, definedOnly(fields));
      if (company.status !== statusBefore) Object.assign(company, statusChangeDefaults(fields, sinceBefore, new Date()));
      await this.profiles.save(em, company, { slug: changes.slug, programs, scores });
      // The history of rule fields and status, in this transaction with the revision: saved together or not at all.
      await this.events.record(em, id, {
        status: { before: statusBefore, after: company.status, reason: company.statusReason, source: company.statusSource },
        programs: programs && programsBefore ? { before: programsBefore, after: programs } : undefined,
      }, { note: changeNote, sourceUrl: changeSourceUrl });
      return this.saved(em, company, kind);
    });
  }

  /** Refused (409, nothing deleted) while discounts still point at the company: docs/design.md §7. */
  async remove(id: number): Promise<CompanyDto> {
    const company = await this.find(id);
    const discounts = await this.em.count(DISCOUNT, { company: id });
    if (discounts > 0) throw new ApiError(409, MSG.companyHasDiscounts(discounts));
    const dto = toCompanyDto(company);
    await this.em.remove(company).flush();
    return dto;
  }

  private async find(id: number, em: EntityManager = this.em): Promise<Company> {
    const company = await em.findOne(Company, { id });
    if (!company) throw new ApiError(404, MSG.notFound('Company'));
    return company;
  }

  private async clearFeatured(em: EntityManager): Promise<void> {
    await em.nativeUpdate(Company, { featured: true }, { featured: false });
  }
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A new status starts its own record: the day defaults to today (also when the save sends back the old
 * status's day unchanged, as a form does), and a reason or source the save does not give is cleared rather
 * than carried over from the old status (a closed firm must not show why it was paused).
 */
export function statusChangeDefaults(
  fields: { statusSince?: string | null; statusReason?: string | null; statusSource?: string | null },
  sinceBefore: string | null,
  now: Date,
): { statusSince: string; statusReason: string | null; statusSource: string | null } {
  const since = fields.statusSince && fields.statusSince !== sinceBefore ? fields.statusSince : null;
  return {
    statusSince: since ?? utcDay(now),
    statusReason: fields.statusReason ?? null,
    statusSource: fields.statusSource ?? null,
  };
}

/** Leaves out what the client did not send, so an update only changes what it names. */
export function definedOnly<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * What a company revision keeps: the editable fields of the record and its profile. A rating that is the
 * criteria's weighted score is left out (restoring it would turn a computed figure into an entered one).
 */
export function companyRevisionFields(dto: AdminCompanyDto): Record<string, unknown> {
  const { id: _id, createdAt: _c, updatedAt: _u, version: _v, ratingSource, rating, programs, ...fields } = dto;
  return {
    ...fields,
    ...(ratingSource === 'entered' ? { rating } : {}),
    // Program and size ids are the stored rows'; a save replaces them, so a revision keeps only the content.
    programs: programs.map(({ id: _p, sizes, ...program }) => ({ ...program, sizes: sizes.map(({ id: _s, ...size }) => size) })),
  };
}

/** The admin list's filters (q on name or description, featured, id), shared by the list, the export and bulk. */
function adminWhere(filter: Record<string, unknown>): FilterQuery<Company> {
  const where: FilterQuery<Company> = {};
  const ids = idsFilter(filter);
  if (ids) where.id = { $in: ids };
  const q = searchPattern(filter);
  if (q) where.$or = [{ name: { $ilike: q } }, { description: { $ilike: q } }];
  const featured = booleanFilter(filter, 'featured');
  if (featured !== undefined) where.featured = featured;
  return where;
}
