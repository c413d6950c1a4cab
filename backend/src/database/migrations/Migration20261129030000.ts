import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #30: every code has a page and a public record.
 *
 * - `discounts.slug`: the code page's address, from the firm's slug and the title (common/code-record.ts
 *   `discountSlug`; here the same folding without accents), unique (a duplicate gets its id appended).
 * - `discount_slugs`: every slug a code answered before a rename, so the old address answers 301.
 * - `discount_click_days`: counted /go clicks per code per UTC day ("Used N times today").
 * - `discount_events`: the code's history (added, changes to its value or fine print, expired or withdrawn),
 *   written by a trigger, so every path that writes a discount (admin, bulk, seeders, scripts) records it.
 *   Existing codes get 'added' at their creation and 'expired' at their last change when expired.
 * - `discount_checks.program`, `.size`: what an admin check tested.
 * - NOTIFY for the record's tables, so the cached record is dropped by the next answer or check.
 */
export class Migration20261129030000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "discounts" add column "slug" varchar(200) null;`);
    this.addSql(`with base as (
      select d.id, c.slug || coalesce(nullif('-' || trim(both '-' from regexp_replace(lower(d.title), '[^a-z0-9]+', '-', 'g')), '-'), '') as s
      from discounts d join companies c on c.id = d.company_id
    ), ranked as (select id, left(s, 180) as s, row_number() over (partition by left(s, 180) order by id) as n from base)
    update discounts d set slug = case when r.n = 1 then r.s else r.s || '-' || d.id end from ranked r where r.id = d.id;`);
    this.addSql(`alter table "discounts" alter column "slug" set not null;`);
    this.addSql(`alter table "discounts" add constraint "discounts_slug_unique" unique ("slug");`);
    // The ORM's inserts carry a slug (DiscountSlugSubscriber); a plain SQL insert (a script, a bench) gets one here, kept unique by the id.
    this.addSql(`create function discounts_default_slug() returns trigger language plpgsql as $$
begin
  if new.slug is null then
    new.slug := (select c.slug from companies c where c.id = new.company_id)
      || coalesce(nullif('-' || trim(both '-' from regexp_replace(lower(left(new.title, 150)), '[^a-z0-9]+', '-', 'g')), '-'), '') || '-' || new.id;
  end if;
  return new;
end
$$;`);
    this.addSql(`create trigger discounts_default_slug before insert on "discounts" for each row execute function discounts_default_slug();`);

    this.addSql(`create table "discount_slugs" (
      "slug" varchar(200) primary key,
      "discount_id" int not null references "discounts" ("id") on update cascade on delete cascade,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(`create index "discount_slugs_discount_id_index" on "discount_slugs" ("discount_id");`);

    this.addSql(`create table "discount_click_days" (
      "discount_id" int not null references "discounts" ("id") on update cascade on delete cascade,
      "day" date not null,
      "clicks" int not null default 0,
      primary key ("discount_id", "day")
    );`);

    this.addSql(`alter table "discount_checks" add column "program" varchar(100) null, add column "size" int null;`);

    this.addSql(`create table "discount_events" (
      "id" bigserial primary key,
      "discount_id" int not null references "discounts" ("id") on update cascade on delete cascade,
      "at" timestamptz not null default now(),
      "kind" text not null,
      "detail" jsonb not null default '{}'
    );`);
    this.addSql(`create index "discount_events_discount_id_at_index" on "discount_events" ("discount_id", "at");`);
    this.addSql(`insert into discount_events (discount_id, at, kind, detail)
      select id, created_at, 'added', jsonb_build_object('percentage', discount_percentage, 'amount', discount_amount) from discounts;`);
    this.addSql(`insert into discount_events (discount_id, at, kind, detail)
      select id, updated_at, 'expired', '{}'::jsonb from discounts where status = 'expired';`);
    this.addSql(`create function discount_events_record() returns trigger language plpgsql as $$
begin
  if TG_OP = 'INSERT' then
    insert into discount_events (discount_id, kind, detail)
      values (new.id, 'added', jsonb_build_object('percentage', new.discount_percentage, 'amount', new.discount_amount));
    return null;
  end if;
  if (old.discount_percentage, old.discount_amount) is distinct from (new.discount_percentage, new.discount_amount) then
    insert into discount_events (discount_id, kind, detail) values (new.id, 'value', jsonb_build_object(
      'fromPercentage', old.discount_percentage, 'toPercentage', new.discount_percentage,
      'fromAmount', old.discount_amount, 'toAmount', new.discount_amount));
  end if;
  if (old.terms_and_conditions, old.eligible_programs, old.eligible_sizes, old.min_price, old.new_accounts_only, old.applies_to_resets, old.stacks)
     is distinct from (new.terms_and_conditions, new.eligible_programs, new.eligible_sizes, new.min_price, new.new_accounts_only, new.applies_to_resets, new.stacks) then
    insert into discount_events (discount_id, kind, detail) values (new.id, 'fine-print', '{}'::jsonb);
  end if;
  if old.status <> 'expired' and new.status = 'expired' then
    insert into discount_events (discount_id, kind, detail) values (new.id, 'expired', '{}'::jsonb);
  end if;
  if old.status = 'expired' and new.status <> 'expired' then
    insert into discount_events (discount_id, kind, detail) values (new.id, 'restored', '{}'::jsonb);
  end if;
  return null;
end
$$;`);
    this.addSql(`create trigger discounts_events after insert or update on "discounts" for each row execute function discount_events_record();`);

    // The record's tables tell the public cache when they change (notify_content_changed names the table).
    this.addSql(`create trigger discount_reports_content_changed after insert on "discount_reports" for each statement execute function notify_content_changed();`);
    this.addSql(`create trigger discount_checks_content_changed after insert or update or delete on "discount_checks" for each statement execute function notify_content_changed();`);
    this.addSql(`create trigger report_holds_content_changed after insert or update or delete on "report_holds" for each statement execute function notify_content_changed();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists report_holds_content_changed on "report_holds";');
    this.addSql('drop trigger if exists discount_checks_content_changed on "discount_checks";');
    this.addSql('drop trigger if exists discount_reports_content_changed on "discount_reports";');
    this.addSql('drop trigger if exists discounts_events on "discounts";');
    this.addSql('drop trigger if exists discounts_default_slug on "discounts";');
    this.addSql('drop function if exists discounts_default_slug();');
    this.addSql('drop function if exists discount_events_record();');
    this.addSql('drop table if exists "discount_events";');
    this.addSql('alter table "discount_checks" drop column "program", drop column "size";');
    this.addSql('drop table if exists "discount_click_days";');
    this.addSql('drop table if exists "discount_slugs";');
    this.addSql('alter table "discounts" drop column "slug";');
  }
}
