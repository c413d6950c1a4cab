import { Migration } from '@mikro-orm/migrations';

/** Bursts of reports held out of a code's figures until an admin accepts them (issue #18). */
export class Migration20261125120100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "report_holds" ("id" serial primary key, "discount_id" int not null, "started_at" timestamptz not null, "ended_at" timestamptz not null, "reason" text not null, "accepted_at" timestamptz null, "accepted_by_id" int null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "report_holds_discount_id_ended_at_index" on "report_holds" ("discount_id", "ended_at");`);
    this.addSql(`alter table "report_holds" add constraint "report_holds_discount_id_foreign" foreign key ("discount_id") references "discounts" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "report_holds" add constraint "report_holds_accepted_by_id_foreign" foreign key ("accepted_by_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "discounts" add column "held_reports" int not null default 0;`);
    // held_reports is a figure the job writes, like reports_count: no public-cache NOTIFY for it alone.
    this.addSql('drop trigger if exists discounts_content_updated on "discounts";');
    this.addSql(`create trigger discounts_content_updated after update on "discounts" for each row when ((to_jsonb(old) - array['clicks', 'reports_count', 'worked_count', 'success_rate', 'failing_since', 'held_reports']) is distinct from (to_jsonb(new) - array['clicks', 'reports_count', 'worked_count', 'success_rate', 'failing_since', 'held_reports'])) execute function notify_content_changed();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists discounts_content_updated on "discounts";');
    this.addSql(`create trigger discounts_content_updated after update on "discounts" for each row when ((to_jsonb(old) - array['clicks', 'reports_count', 'worked_count', 'success_rate', 'failing_since']) is distinct from (to_jsonb(new) - array['clicks', 'reports_count', 'worked_count', 'success_rate', 'failing_since'])) execute function notify_content_changed();`);
    this.addSql('alter table "discounts" drop column "held_reports";');
    this.addSql('drop table if exists "report_holds" cascade;');
  }
}
