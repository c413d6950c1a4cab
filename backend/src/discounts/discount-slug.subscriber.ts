import type { EntityManager, EventArgs, EventSubscriber } from '@mikro-orm/core';
import { discountSlug } from '../../../common/code-record.js';
import { uniqueSlug } from '../../../common/firms.js';
import { Discount } from './discount.entity.js';

/**
 * A code created without a slug gets one from its firm and title (issue #30), unique among every slug any code
 * answers now or answered before (discount_slugs), with -2, -3… Here, like CompanySlugSubscriber, so every way of
 * creating a code through the ORM gets one; a plain SQL insert gets the migration's fallback.
 */
export class DiscountSlugSubscriber implements EventSubscriber<Discount> {
  getSubscribedEntities() {
    return [Discount];
  }

  async beforeCreate({ entity, em }: EventArgs<Discount>): Promise<void> {
    if (entity.slug) return;
    entity.slug = await freeDiscountSlug(em, entity.company.id, entity.title, null);
  }
}

/** The slug a code of this firm and title gets, not taken by another code (`self`: the code being renamed keeps its own). */
export async function freeDiscountSlug(em: EntityManager, companyId: number, title: string, self: number | null): Promise<string> {
  const conn = em.getConnection();
  const ctx = em.getTransactionContext();
  const [company] = await conn.execute<Array<{ slug: string }>>('select slug from companies where id = ?', [companyId], 'all', ctx);
  const base = discountSlug(company?.slug ?? 'firm', title);
  const like = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`;
  const rows = await conn.execute<Array<{ slug: string }>>(
    `select slug from discounts where (slug = ? or slug like ?) and id is distinct from ?
     union select slug from discount_slugs where (slug = ? or slug like ?) and discount_id is distinct from ?`,
    [base, like, self, base, like, self],
    'all',
    ctx,
  );
  return uniqueSlug(base, new Set(rows.map((r: { slug: string }) => r.slug)));
}
