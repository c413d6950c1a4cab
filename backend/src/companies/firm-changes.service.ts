import { EntityManager, QueryOrder, ref, type FilterQuery, type QueryOrderMap } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AdminFirmChangeDto } from '../../../common/firm-api-types.js';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import type { Readable } from 'node:stream';
import { csvExport } from '../common/csv-export.js';
import { idsFilter, searchPattern, type ListParams, type ListResult } from '../common/rest-list.js';
import { definedOnly } from './companies.service.js';
import { Company } from './company.entity.js';
import type { CreateFirmChangeDto, FirmChangeChangesDto } from './dto/firm-change.dto.js';
import { FirmChange } from './firm-change.entity.js';

/** `id` (getMany), `q` (the change or the firm's name contains), `companyId` (one firm's entries). */
export const FIRM_CHANGE_FILTERS = ['id', 'q', 'companyId'] as const;
export const FIRM_CHANGE_SORTABLE = ['id', 'date', 'change', 'companyId', 'company.name', 'createdAt', 'updatedAt'] as const;
type FirmChangeSortField = (typeof FIRM_CHANGE_SORTABLE)[number];

type ReadOnly = { id?: unknown; company?: unknown; createdAt?: unknown; updatedAt?: unknown };

/** Newest first: the list without a sort and the export. */
const DEFAULT_ORDER: QueryOrderMap<FirmChange>[] = [{ date: 'desc' }, { id: 'desc' }];
/** Rows per read of the streamed export. */
const EXPORT_BATCH = 500;
export const FIRM_CHANGE_CSV_COLUMNS = ['id', 'date', 'company', 'change', 'source_url'] as const;

/** The changelog of every firm, for both admin faces. Newest first unless sorted. */
@Injectable()
export class FirmChangesService {
  constructor(private readonly em: EntityManager) {}

  /** CSV of every entry of the admin filter, newest first (csvExport). */
  exportCsv(filter: Record<string, unknown>): Promise<Readable> {
    const where = changeWhere(filter);
    return csvExport<FirmChange>({
      columns: FIRM_CHANGE_CSV_COLUMNS,
      readBatch: (_last, offset) =>
        this.em.find(FirmChange, where, { populate: ['company'], strategy: 'joined', orderBy: DEFAULT_ORDER, limit: EXPORT_BATCH, offset }),
      row: (c) => {
        const d = toAdminFirmChangeDto(c);
        return [d.id, d.date, d.company.name, d.change, d.sourceUrl ?? ''];
      },
      batchSize: EXPORT_BATCH,
      afterBatch: () => this.em.clear(),
    });
  }

  async list(params: ListParams<FirmChangeSortField>): Promise<ListResult<AdminFirmChangeDto>> {
    const [items, total] = await this.em.findAndCount(FirmChange, changeWhere(params.filter), {
      populate: ['company'],
      strategy: 'joined',
      orderBy: params.sort ? [order(params.sort.field, params.sort.order), { id: 'asc' }] : DEFAULT_ORDER,
      limit: params.page?.limit,
      offset: params.page?.offset,
    });
    return { items: items.map(toAdminFirmChangeDto), total };
  }

  async get(id: number): Promise<AdminFirmChangeDto> {
    return toAdminFirmChangeDto(await this.find(id));
  }

  async create(input: CreateFirmChangeDto): Promise<AdminFirmChangeDto> {
    const { companyId, ...fields } = input;
    const company = await this.findCompany(companyId);
    const entry = this.em.create(FirmChange, { ...fields, sourceUrl: fields.sourceUrl ?? null, company });
    await this.em.flush();
    return toAdminFirmChangeDto(entry);
  }

  async update(id: number, changes: FirmChangeChangesDto & ReadOnly): Promise<AdminFirmChangeDto> {
    const { id: _id, company: _company, createdAt: _c, updatedAt: _u, companyId, ...fields } = changes;
    const entry = await this.find(id);
    const data: Partial<FirmChange> = definedOnly(fields) as Partial<FirmChange>;
    if (companyId !== undefined) data.company = ref(await this.findCompany(companyId));
    this.em.assign(entry, data);
    await this.em.flush();
    return toAdminFirmChangeDto(entry);
  }

  async remove(id: number): Promise<AdminFirmChangeDto> {
    const entry = await this.find(id);
    const dto = toAdminFirmChangeDto(entry);
    await this.em.remove(entry).flush();
    return dto;
  }

  private async find(id: number): Promise<FirmChange> {
    const entry = await this.em.findOne(FirmChange, { id }, { populate: ['company'] });
    if (!entry) throw new ApiError(404, MSG.notFound('Changelog entry'));
    return entry;
  }

  private async findCompany(id: number): Promise<Company> {
    const company = await this.em.findOne(Company, { id });
    if (!company) throw new ApiError(400, MSG.companyMissing(id), { companyId: MSG.companyMissing(id) });
    return company;
  }
}

function order(field: FirmChangeSortField, dir: 'ASC' | 'DESC'): QueryOrderMap<FirmChange> {
  const o = dir === 'ASC' ? QueryOrder.ASC_NULLS_LAST : QueryOrder.DESC_NULLS_LAST;
  if (field === 'companyId') return { company: o };
  if (field === 'company.name') return { company: { name: o } };
  return { [field]: o } as QueryOrderMap<FirmChange>;
}

/** Needs the company loaded. */
function toAdminFirmChangeDto(c: FirmChange): AdminFirmChangeDto {
  const company = c.company.getEntity();
  return {
    id: c.id,
    companyId: company.id,
    company: { id: company.id, name: company.name },
    date: c.date,
    change: c.change,
    sourceUrl: c.sourceUrl,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** The admin list's filters, shared by the list and the export. */
function changeWhere(filter: Record<string, unknown>): FilterQuery<FirmChange> {
  const where: FilterQuery<FirmChange> = {};
  const ids = idsFilter(filter);
  if (ids) where.id = { $in: ids };
  const q = searchPattern(filter);
  if (q) where.$or = [{ change: { $ilike: q } }, { company: { name: { $ilike: q } } }];
  if (filter.companyId !== undefined) where.company = { $in: idsFilter({ id: filter.companyId })! };
  return where;
}
