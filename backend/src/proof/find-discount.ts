import type { EntityManager } from '@mikro-orm/postgresql';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import { Discount } from '../discounts/discount.entity.js';

/** The discount a proof route names, or the one 404 (reports over time and accepting holds both start here). */
export async function findDiscount(em: EntityManager, id: number): Promise<Discount> {
  const discount = await em.findOne(Discount, { id });
  if (!discount) throw new ApiError(404, MSG.notFound('Discount'));
  return discount;
}
