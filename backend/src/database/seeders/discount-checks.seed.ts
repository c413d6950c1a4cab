import type { EntityManager } from '@mikro-orm/postgresql';
import { Discount } from '../../discounts/discount.entity.js';
import { DiscountCheck } from '../../proof/discount-check.entity.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Runs after the discounts step. Every seeded code gets a verification record, so every card shows a date:
 * a 'worked' check 0–6 days back (expired discounts: 'expired'). Only when the log is empty.
 */
export async function seedDiscountChecks(em: EntityManager, now = new Date()): Promise<number> {
  if ((await em.count(DiscountCheck)) > 0) return 0;
  const discounts = await em.find(Discount, {}, { orderBy: { id: 'asc' } });
  discounts.forEach((discount, i) => {
    const result = discount.status === 'expired' ? 'expired' : 'worked';
    const checkedAt = new Date(now.getTime() - (i % 7) * DAY - 60 * 60 * 1000);
    em.create(DiscountCheck, {
      discount, checkedAt, result, note: 'Demo record: checked at the firm’s checkout.',
      priceSeen: discount.discountedPrice,
    });
    discount.lastCheckResult = result;
    if (result === 'worked') discount.lastVerifiedAt = checkedAt;
  });
  await em.flush();
  return discounts.length;
}
