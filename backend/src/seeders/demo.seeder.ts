import type { EntityManager } from '@mikro-orm/postgresql';
import type { LoggerService } from '@nestjs/common';
import { seedBlogPosts } from './blog-posts.seed.js';
import { seedCompanies } from './companies.seed.js';
import { seedDiscountChecks } from './discount-checks.seed.js';
import { seedDiscountReports } from './discount-reports.seed.js';
import { seedDiscounts } from './discounts.seed.js';
import { seedFirmChanges, seedFirmPrograms, seedFirmScores } from './firms.seed.js';
import { seedNewsletterSubscribers } from './newsletter.seed.js';
import { seedPayoutReports } from './payout-reports.seed.js';

/**
 * Each step fills its own table only when that table is empty, so a restart or
 * an admin's real content is never touched. Later modules append their step.
 */
const STEPS: Array<{ name: string; run: (em: EntityManager) => Promise<number> }> = [
  { name: 'companies', run: seedCompanies },
  { name: 'discounts', run: (em) => seedDiscounts(em) },
  { name: 'blog posts', run: seedBlogPosts },
  { name: 'newsletter subscribers', run: seedNewsletterSubscribers },
  { name: 'firm programs', run: seedFirmPrograms },
  { name: 'firm criteria scores', run: seedFirmScores },
  { name: 'firm changelog entries', run: seedFirmChanges },
  { name: 'discount verification checks', run: (em) => seedDiscountChecks(em) },
  { name: 'visitor reports', run: (em) => seedDiscountReports(em) },
  { name: 'payout reports', run: (em) => seedPayoutReports(em) },
];

export async function seedDemoContent(em: EntityManager, logger: LoggerService): Promise<void> {
  for (const step of STEPS) {
    const created = await em.transactional((tx) => step.run(tx));
    if (created) logger.log(`Seeded ${created} demo ${step.name}`);
  }
}
