import { Migration } from '@mikro-orm/migrations';

/**
 * The true cost of getting funded (issue #19): a firm's published pass rate (percent of attempts
 * that pass, as the firm states it), with the page that states it and the date it was read.
 */
export class Migration20261125130200 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "companies" add column "pass_rate" numeric(5,2) null check ("pass_rate" > 0 and "pass_rate" <= 100), add column "pass_rate_source_url" text null, add column "pass_rate_date" date null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "companies" drop column "pass_rate", drop column "pass_rate_source_url", drop column "pass_rate_date";`);
  }
}
