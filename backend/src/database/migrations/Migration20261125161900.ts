import { Migration } from '@mikro-orm/migrations';

/**
 * Weekly alerts folded into the Monday digest (issue #19): a weekly trader's week of changes sent as the
 * "Firms you follow" section of their digest copy is recorded as an alert delivery of kind `digest`.
 */
export class Migration20261125161900 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "alert_deliveries" drop constraint if exists "alert_deliveries_kind_check";`);
    this.addSql(`alter table "alert_deliveries" add constraint "alert_deliveries_kind_check" check ("kind" in ('alert', 'weekly', 'digest'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "alert_items" where "delivery_id" in (select "id" from "alert_deliveries" where "kind" = 'digest');`);
    this.addSql(`delete from "alert_deliveries" where "kind" = 'digest';`);
    this.addSql(`alter table "alert_deliveries" drop constraint if exists "alert_deliveries_kind_check";`);
    this.addSql(`alter table "alert_deliveries" add constraint "alert_deliveries_kind_check" check ("kind" in ('alert', 'weekly'));`);
  }
}
