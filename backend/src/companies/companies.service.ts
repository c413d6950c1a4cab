import { EntityManager, type FilterQuery, type QueryOrderMap } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { CompanyDto } from '../../../common/api-types.js';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import { booleanFilter, checkFilterKeys } from '../common/list-filter.js';
import { idsFilter, searchPattern, type ListParams, type ListResult } from '../common/rest-list.js';
import { Discount } from '../discounts/discount.entity.js';
import { PublicCacheService } from '../cache/public-cache.service.js';
import { MediaService } from '../media/media.service.js';
import { Company, toCompanyDto } from './company.entity.js';
import type { CompanyChangesDto, CreateCompanyDto } from './dto/company.dto.js';

export const COMPANY_SORTABLE = ['id', 'name', 'rating', 'featured', 'createdAt', 'updatedAt'] as const;
type CompanySortField = (typeof COMPANY_SORTABLE)[number];
const COMPANY_FILTERS = ['q', 'featured', 'id'] as const;

/** Featured first, then best rated, then by name: the order visitors see everywhere. */
const PUBLIC_ORDER: QueryOrderMap<Company>[] = [{ featured: 'desc' }, { rating: 'desc nulls last' }, { name: 'asc' }];
/** The admin's default: the public order, id last so pages of equal names never overlap. */
const ADMIN_ORDER: QueryOrderMap<Company>[] = [...PUBLIC_ORDER, { id: 'asc' }];

@Injectable()
export class CompaniesService {
  constructor(
    private readonly em: EntityManager,
    private readonly media: MediaService,
    private readonly cache: PublicCacheService,
  ) {}

  async listPublic(): Promise<CompanyDto[]> {
    const companies = await this.em.find(Company, {}, { orderBy: PUBLIC_ORDER });
    return companies.map(toCompanyDto);
  }

  async list(params: ListParams<CompanySortField>): Promise<ListResult<CompanyDto>> {
    checkFilterKeys(params.filter, COMPANY_FILTERS);
    const where: FilterQuery<Company> = {};
    const ids = idsFilter(params.filter);
    if (ids) where.id = { $in: ids };
    const q = searchPattern(params.filter);
    if (q) where.$or = [{ name: { $ilike: q } }, { description: { $ilike: q } }];
    const featured = booleanFilter(params.filter, 'featured');
    if (featured !== undefined) where.featured = featured;
    const dir = params.sort?.order === 'ASC' ? 'asc' : 'desc';
    const orderBy = params.sort
      ? [{ [params.sort.field]: `${dir} nulls last` } as QueryOrderMap<Company>, { id: dir } as const]
      : ADMIN_ORDER;
    const [items, total] = await this.em.findAndCount(Company, where, {
      orderBy,
      limit: params.page?.limit,
      offset: params.page?.offset,
    });
    return { items: items.map(toCompanyDto), total };
  }

  async get(id: number): Promise<CompanyDto> {
    return toCompanyDto(await this.find(id));
  }

  async create(input: CreateCompanyDto): Promise<CompanyDto> {
    const logoUrl = await this.media.resolveImage(input.logoUrl, 'logo');
    return this.cache.afterWrite(['companies'], () => this.em.transactional(async (em) => {
      const company = em.create(Company, { ...input, logoUrl, featured: input.featured ?? false });
      if (company.featured) await this.clearFeatured(em);
      await em.flush();
      return toCompanyDto(company);
    }));
  }

  async update(id: number, changes: CompanyChangesDto): Promise<CompanyDto> {
    if (changes.logoUrl !== undefined) changes = { ...changes, logoUrl: await this.media.resolveImage(changes.logoUrl, 'logo') };
    return this.cache.afterWrite(['companies'], () => this.em.transactional(async (em) => {
      const company = await this.find(id, em);
      const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = changes as CompanyChangesDto & Record<string, unknown>;
      if (fields.featured && !company.featured) await this.clearFeatured(em);
      em.assign(company, definedOnly(fields));
      await em.flush();
      return toCompanyDto(company);
    }));
  }

  /** Refused (409, nothing deleted) while discounts still point at the company: DESIGN §7. */
  async remove(id: number): Promise<CompanyDto> {
    const company = await this.find(id);
    const discounts = await this.em.count(Discount, { company: id });
    if (discounts > 0) throw new ApiError(409, MSG.companyHasDiscounts(discounts));
    const dto = toCompanyDto(company);
    await this.em.remove(company).flush();
    this.cache.invalidate('companies');
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

/** Leaves out what the client did not send, so an update only changes what it names. */
export function definedOnly<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
}
