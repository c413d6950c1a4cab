import type { EntityManager } from '@mikro-orm/postgresql';
import { Discount } from '../discounts/discount.entity.js';
import { DiscountCheck } from '../proof/discount-check.entity.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Runs after the discounts step. Every seeded code gets a verification record, so every card shows a date:
 * a 'worked' check 0–6 days back. An expired discount's log says it worked two days before its end and was
 * found expired the day after. Only when the log is empty.
 */
export async function seedDiscountChecks(em: EntityManager, now = new Date()): Promise<number> {
  if ((await em.count(DiscountCheck)) > 0) return 0;
  const discounts = await em.find(Discount, {}, { orderBy: { id: 'asc' } });
  let created = 0;
  const check = (discount: Discount, checkedAt: Date, result: 'worked' | 'expired') => {
    em.create(DiscountCheck, {
      discount, checkedAt, result, note: 'Demo record: checked at the firm’s checkout.',
      priceSeen: result === 'worked' ? discount.discountedPrice : null,
    });
    discount.lastCheckResult = result;
    if (result === 'worked') discount.lastVerifiedAt = checkedAt;
    created++;
  };
  discounts.forEach((discount, i) => {
    if (discount.status === 'expired') {
      const end = discount.validUntil ?? new Date(now.getTime() - 10 * DAY);
      check(discount, new Date(end.getTime() - 2 * DAY), 'worked');
      check(discount, new Date(Math.min(now.getTime(), end.getTime() + DAY)), 'expired');
    } else {
      check(discount, new Date(now.getTime() - (i % 7) * DAY - 60 * 60 * 1000), 'worked');
    }
  });
  await em.flush();
  return created;
}
