import { Migration } from '@mikro-orm/migrations';

/**
 * A code's fine print as data (issue #18): the programs and sizes it is for, a minimum price, new accounts
 * only, resets, stacking. Defaults are the widest reading, so existing codes keep their prices until an
 * admin narrows them.
 */
export class Migration20261125120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "discounts"
      add column "eligible_programs" text[] not null default '{}',
      add column "eligible_sizes" int[] not null default '{}',
      add column "min_price" numeric(10,2) null,
      add column "new_accounts_only" boolean not null default false,
      add column "applies_to_resets" boolean not null default false,
      add column "stacks" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "discounts" drop column "eligible_programs", drop column "eligible_sizes", drop column "min_price",
      drop column "new_accounts_only", drop column "applies_to_resets", drop column "stacks";`);
  }
}
