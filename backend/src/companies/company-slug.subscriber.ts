import type { EventArgs, EventSubscriber } from '@mikro-orm/core';
import { firmSlug, uniqueSlug } from '../../../common/firms.js';
import { Company } from './company.entity.js';

/**
 * A company created without a slug gets one from its name (firmSlug: one the route answers), made unique
 * with -2, -3… (the migration gave existing companies theirs the same way). Here rather than in
 * CompaniesService so every way of creating a company (admin, seeders, CLI, bench) gets one.
 * The slug then stays when the name changes: it is the firm's address.
 */
export class CompanySlugSubscriber implements EventSubscriber<Company> {
  getSubscribedEntities() {
    return [Company];
  }

  async beforeCreate({ entity, em }: EventArgs<Company>): Promise<void> {
    if (entity.slug) return;
    const base = firmSlug(entity.name);
    const root = base || 'firm';
    const rows = await em.getConnection().execute<Array<{ slug: string }>>(
      `select slug from companies where slug = ? or slug like ?`,
      [root, `${root.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`],
    );
    entity.slug = uniqueSlug(base, new Set(rows.map((r: { slug: string }) => r.slug)));
  }
}
