import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #28: the two program rules the challenge simulator needs that the table did not hold: a consistency rule
 * (best day at most N % of the total profit; null: none) and whether a trailing floor stops at the starting balance.
 */
export class Migration20261129010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "firm_programs"
      add column "trailing_stops_at_start" boolean not null default false,
      add column "consistency" numeric(5,2) null`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table "firm_programs" drop column "trailing_stops_at_start", drop column "consistency"');
  }
}
