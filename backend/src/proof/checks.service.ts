import { EntityManager, QueryOrder, ref } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { MSG } from '../../../common/messages.js';
import { PROOF_MSG } from '../../../common/proof-messages.js';
import type { DiscountCheckDto } from '../../../common/proof-api-types.js';
import { ApiError } from '../common/api-error.js';
import type { ListParams, ListResult } from '../common/rest-list.js';
import { Discount } from '../discounts/discount.entity.js';
import { MediaService } from '../media/media.service.js';
import { User } from '../users/user.entity.js';
import { DiscountCheck } from './discount-check.entity.js';
import type { BulkCheckDto, CreateCheckDto } from './dto/proof.dto.js';

/** `discountId` (one discount's checks) and `id` (getMany). */
export const CHECK_FILTERS = ['discountId', 'id'] as const;
export const CHECK_SORTABLE = ['id', 'checkedAt', 'result', 'priceSeen', 'createdAt'] as const;
type CheckSortField = (typeof CHECK_SORTABLE)[number];

/**
 * Admins' checks of codes (issue #11): the check log, and each discount's lastVerifiedAt and last result that
 * follow it. Visitors' reports are ReportsService, bursts BurstHoldsService, the figures ProofFiguresService.
 */
@Injectable()
export class ChecksService {
  constructor(
    private readonly em: EntityManager,
    private readonly media: MediaService,
  ) {}








  async listChecks(params: ListParams<CheckSortField>): Promise<ListResult<DiscountCheckDto>> {
    const where: Record<string, unknown> = {};
    const f = params.filter;
    if (f.discountId !== undefined) {
      if (!Number.isInteger(f.discountId)) throw new ApiError(400, MSG.invalidListParam('filter'));
      where.discount = f.discountId;
    }
    if (Array.isArray(f.id)) where.id = { $in: f.id.filter(Number.isInteger) };
    const [items, total] = await this.em.findAndCount(DiscountCheck, where, {
      populate: ['checkedBy'],
      orderBy: params.sort
        ? [{ [params.sort.field]: params.sort.order === 'ASC' ? QueryOrder.ASC_NULLS_LAST : QueryOrder.DESC_NULLS_LAST }, { id: 'desc' }]
        : [{ checkedAt: 'desc' }, { id: 'desc' }],
      limit: params.page?.limit,
      offset: params.page?.offset,
    });
    return { items: items.map(toCheckDto), total };
  }

  async getCheck(id: number): Promise<DiscountCheckDto> {
    return toCheckDto(await this.findCheck(id));
  }

  async createCheck(input: CreateCheckDto, adminId: number): Promise<DiscountCheckDto> {
    const screenshotUrl = (await this.media.resolveImage(input.screenshotUrl ?? null, 'discount', 'screenshotUrl')) ?? null;
    const [check] = await this.record([input.discountId], input, adminId, { priceSeen: input.priceSeen ?? null, screenshotUrl });
    return toCheckDto(check!);
  }

  /** The same check of every selected discount, all or none. */
  async createChecks(input: BulkCheckDto, adminId: number): Promise<DiscountCheckDto[]> {
    return (await this.record([...new Set(input.ids)], input, adminId, {})).map(toCheckDto);
  }

  /** Removes a mistaken check; the discount's lastVerifiedAt and last result follow the log that remains. */
  async removeCheck(id: number): Promise<DiscountCheckDto> {
    const check = await this.findCheck(id);
    const dto = toCheckDto(check);
    await this.em.transactional(async (em) => {
      await em.remove(em.getReference(DiscountCheck, id)).flush();
      await this.syncDiscounts(em, [check.discount.id]);
    });
    return dto;
  }

  private async record(
    ids: number[],
    fields: { result: DiscountCheck['result']; checkedAt?: Date | null; note?: string | null; program?: string | null; size?: number | null },
    adminId: number,
    extra: { priceSeen?: number | null; screenshotUrl?: string | null },
  ): Promise<DiscountCheck[]> {
    return this.em.transactional(async (em) => {
      const found = await em.find(Discount, { id: { $in: ids } });
      const missing = ids.filter((id) => !found.some((d) => d.id === id));
      if (missing.length) {
        const message = PROOF_MSG.discountMissing(missing[0]!);
        throw new ApiError(400, message, { [ids.length === 1 && 'discountId' in fields ? 'discountId' : 'ids']: message });
      }
      const checkedAt = fields.checkedAt ?? new Date();
      const checks = ids.map((id) =>
        em.create(DiscountCheck, {
          discount: ref(Discount, id),
          checkedAt,
          checkedBy: ref(User, adminId),
          result: fields.result,
          note: fields.note ?? null,
          program: fields.program ?? null,
          size: fields.size ?? null,
          priceSeen: extra.priceSeen ?? null,
          screenshotUrl: extra.screenshotUrl ?? null,
        }),
      );
      await em.flush();
      await this.syncDiscounts(em, ids);
      await em.populate(checks, ['checkedBy']);
      return checks;
    });
  }

  /**
   * Writes each discount's lastVerifiedAt (newest 'worked' check) and last result (newest check) from its
   * log, through the ORM so this instance's public cache drops the list at once (FlushInvalidation).
   */
  private async syncDiscounts(em: EntityManager, ids: number[]): Promise<void> {
    const rows = await em.getConnection().execute<Array<{ id: number; verified: Date | null; result: string | null }>>(
      `select d.id,
         (select max(c.checked_at) from discount_checks c where c.discount_id = d.id and c.result = 'worked') as verified,
         (select c.result from discount_checks c where c.discount_id = d.id order by c.checked_at desc, c.id desc limit 1) as result
       from discounts d where d.id in (${ids.map(() => '?').join(', ')})`,
      ids, 'all', em.getTransactionContext(),
    );
    const discounts = await em.find(Discount, { id: { $in: ids } });
    for (const d of discounts) {
      const row = rows.find((r) => r.id === d.id);
      d.lastVerifiedAt = row?.verified ? new Date(row.verified) : null;
      d.lastCheckResult = (row?.result ?? null) as Discount['lastCheckResult'];
    }
    await em.flush();
  }


  private async findCheck(id: number): Promise<DiscountCheck> {
    const check = await this.em.findOne(DiscountCheck, { id }, { populate: ['checkedBy'] });
    if (!check) throw new ApiError(404, MSG.notFound('Check'));
    return check;
  }
}

function toCheckDto(c: DiscountCheck): DiscountCheckDto {
  const by = c.checkedBy?.getEntity();
  return {
    id: c.id,
    discountId: c.discount.id,
    checkedAt: c.checkedAt.toISOString(),
    checkedBy: by ? { id: by.id, name: by.displayName || by.email } : null,
    result: c.result,
    priceSeen: c.priceSeen === null ? null : Number(c.priceSeen),
    note: c.note,
    program: c.program,
    size: c.size,
    screenshotUrl: c.screenshotUrl,
    createdAt: c.createdAt.toISOString(),
  };
}
