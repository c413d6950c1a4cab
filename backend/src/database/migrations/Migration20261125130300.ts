import { Migration } from '@mikro-orm/migrations';

/**
 * Follow a firm (issue #19): who follows which firm, how each trader wants alerts, and the alert
 * queue — `alert_items` (one per follower and change, written by the fan-out from `firm_events`)
 * grouped into `alert_deliveries` (one mail each). None of these is cached content: no
 * `content_changed` trigger, so a follow never clears cached pages. Code events (a new or renewed
 * code, one ending within 3 days) join the outbox from a trigger on discounts, so every write of a
 * discount, raw SQL included, is heard.
 */
export class Migration20261125130300 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "follows" ("user_id" int not null, "company_id" int not null, "created_at" timestamptz not null default now(), constraint "follows_pkey" primary key ("user_id", "company_id"));`);
    this.addSql(`create index "follows_company_id_index" on "follows" ("company_id");`);
    this.addSql(`alter table "follows" add constraint "follows_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "follows" add constraint "follows_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`create table "alert_settings" ("user_id" int primary key, "frequency" text check ("frequency" in ('immediate', 'weekly', 'off')) not null default 'immediate', "updated_at" timestamptz not null default now());`);
    this.addSql(`alter table "alert_settings" add constraint "alert_settings_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`create table "alert_deliveries" ("id" bigserial primary key, "user_id" int not null, "kind" text check ("kind" in ('alert', 'weekly')) not null default 'alert', "created_at" timestamptz not null default now(), "claimed_at" timestamptz null, "sent_at" timestamptz null, "failed_at" timestamptz null);`);
    this.addSql(`alter table "alert_deliveries" add constraint "alert_deliveries_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`create index "alert_deliveries_user_id_created_at_index" on "alert_deliveries" ("user_id", "created_at");`);
    this.addSql(`create index "alert_deliveries_pending_index" on "alert_deliveries" ("id") where "sent_at" is null and "failed_at" is null;`);

    this.addSql(`create table "alert_items" ("id" bigserial primary key, "user_id" int not null, "event_id" bigint not null, "delivery_id" bigint null, "created_at" timestamptz not null default now(), constraint "alert_items_user_event_unique" unique ("user_id", "event_id"));`);
    this.addSql(`alter table "alert_items" add constraint "alert_items_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "alert_items" add constraint "alert_items_event_id_foreign" foreign key ("event_id") references "firm_events" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "alert_items" add constraint "alert_items_delivery_id_foreign" foreign key ("delivery_id") references "alert_deliveries" ("id") on update cascade on delete set null;`);
    this.addSql(`create index "alert_items_pending_index" on "alert_items" ("user_id") where "delivery_id" is null;`);
    this.addSql(`create index "alert_items_delivery_id_index" on "alert_items" ("delivery_id");`);

    // Code events: which discount, so an alert can link to it.
    this.addSql(`alter table "firm_events" add column "discount_id" int null;`);
    this.addSql(`alter table "firm_events" add constraint "firm_events_discount_id_foreign" foreign key ("discount_id") references "discounts" ("id") on update cascade on delete set null;`);
    // One "ends soon" event per code and end date, however often the scan runs.
    this.addSql(`create unique index "firm_events_code_ending_unique" on "firm_events" ("discount_id", ("after" #>> '{}')) where "field" = 'code-ending';`);

    this.addSql(`create function discounts_record_code_events() returns trigger language plpgsql as $$
declare
  usable_now boolean := new.status = 'active' and coalesce(new.discount_code, '') <> '' and (new.valid_until is null or new.valid_until > now());
  usable_before boolean := tg_op = 'UPDATE' and old.status = 'active' and coalesce(old.discount_code, '') <> '' and (old.valid_until is null or old.valid_until > now());
begin
  if not usable_now then return null; end if;
  if not usable_before then
    insert into firm_events (company_id, kind, field, after, discount_id) values (new.company_id, 'code', 'code-new', to_jsonb(new.discount_code), new.id);
  elsif new.valid_until is distinct from old.valid_until and (new.valid_until is null or (old.valid_until is not null and new.valid_until > old.valid_until)) then
    insert into firm_events (company_id, kind, field, before, after, discount_id)
    values (new.company_id, 'code', 'code-renewed', to_jsonb(new.discount_code), to_jsonb(coalesce(to_char(new.valid_until at time zone 'UTC', 'YYYY-MM-DD'), 'no end date')), new.id);
  end if;
  return null;
end $$;`);
    this.addSql(`create trigger discounts_record_code_events after insert or update of "status", "discount_code", "valid_until" on "discounts" for each row execute function discounts_record_code_events();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists discounts_record_code_events on "discounts";');
    this.addSql('drop function if exists discounts_record_code_events();');
    this.addSql('drop index if exists "firm_events_code_ending_unique";');
    this.addSql('alter table "firm_events" drop column "discount_id";');
    this.addSql('drop table if exists "alert_items" cascade;');
    this.addSql('drop table if exists "alert_deliveries" cascade;');
    this.addSql('drop table if exists "alert_settings" cascade;');
    this.addSql('drop table if exists "follows" cascade;');
  }
}
