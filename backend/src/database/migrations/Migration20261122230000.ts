import { Migration } from '@mikro-orm/migrations';

/** Columns the report figures job writes: no public-cache NOTIFY per row; the job sends one when any changed. */
const FIGURE_COLUMNS = `array['clicks', 'reports_count', 'worked_count', 'success_rate', 'failing_since']`;

/**
 * Proof of codes (issue #11): admins' checks, visitors' reports (append-only, no address kept) and
 * the figures materialised on the discount row.
 */
export class Migration20261122230000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "discount_checks" ("id" serial primary key, "discount_id" int not null, "checked_at" timestamptz not null, "checked_by_id" int null, "result" text check ("result" in ('worked', 'failed', 'expired')) not null, "price_seen" numeric(10,2) null, "note" text null, "screenshot_url" text null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "discount_checks_discount_id_checked_at_index" on "discount_checks" ("discount_id", "checked_at");`);
    this.addSql(`alter table "discount_checks" add constraint "discount_checks_discount_id_foreign" foreign key ("discount_id") references "discounts" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "discount_checks" add constraint "discount_checks_checked_by_id_foreign" foreign key ("checked_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`create table "discount_reports" ("id" bigserial primary key, "discount_id" int not null, "worked" boolean not null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "discount_reports_discount_id_created_at_index" on "discount_reports" ("discount_id", "created_at");`);
    this.addSql(`alter table "discount_reports" add constraint "discount_reports_discount_id_foreign" foreign key ("discount_id") references "discounts" ("id") on update cascade on delete cascade;`);
    // Append-only: a report is never changed; only its discount's deletion removes it.
    this.addSql(`create function discount_reports_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'discount_reports is append-only';
end $$;`);
    this.addSql(`create trigger discount_reports_no_update before update on "discount_reports" for each row execute function discount_reports_append_only();`);

    this.addSql(`alter table "discounts" add column "last_verified_at" timestamptz null, add column "last_check_result" text null, add column "reports_count" int not null default 0, add column "worked_count" int not null default 0, add column "success_rate" smallint null, add column "failing_since" timestamptz null;`);

    this.addSql('drop trigger if exists discounts_content_updated on "discounts";');
    this.addSql(`create trigger discounts_content_updated after update on "discounts" for each row when ((to_jsonb(old) - ${FIGURE_COLUMNS}) is distinct from (to_jsonb(new) - ${FIGURE_COLUMNS})) execute function notify_content_changed();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists discounts_content_updated on "discounts";');
    this.addSql(`create trigger discounts_content_updated after update on "discounts" for each row when ((to_jsonb(old) - 'clicks') is distinct from (to_jsonb(new) - 'clicks')) execute function notify_content_changed();`);
    this.addSql(`alter table "discounts" drop column "last_verified_at", drop column "last_check_result", drop column "reports_count", drop column "worked_count", drop column "success_rate", drop column "failing_since";`);
    this.addSql('drop table if exists "discount_reports" cascade;');
    this.addSql('drop function if exists discount_reports_append_only();');
    this.addSql('drop table if exists "discount_checks" cascade;');
  }
}
