import { Migration } from '@mikro-orm/migrations';

/**
 * A click on /go/:id only adds to `discounts.clicks`, which no public read shows: such an update no
 * longer sends `content_changed`, so clicks never empty the public caches. Any other change to a
 * discount row (whatever its columns) still does, once per transaction as before.
 */
export class Migration20261122220500 extends Migration {
  override async up(): Promise<void> {
    this.addSql('drop trigger if exists discounts_content_changed on "discounts";');
    this.addSql(`create trigger discounts_content_changed after insert or delete or truncate on "discounts" for each statement execute function notify_content_changed();`);
    this.addSql(`create trigger discounts_content_updated after update on "discounts" for each row when ((to_jsonb(old) - 'clicks') is distinct from (to_jsonb(new) - 'clicks')) execute function notify_content_changed();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists discounts_content_updated on "discounts";');
    this.addSql('drop trigger if exists discounts_content_changed on "discounts";');
    this.addSql(`create trigger discounts_content_changed after insert or update or delete or truncate on "discounts" for each statement execute function notify_content_changed();`);
  }
}
