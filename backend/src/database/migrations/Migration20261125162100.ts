import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #21: the /firms table without pricing every row per request.
 *
 * Each `firm_program_sizes` row keeps the best code of its firm for it and the price after that code
 * (`best_discount_id`, `price_after_code`), with the window they hold for: from `prices_from` (the
 * moment they were computed) until `prices_until` (the earliest end of one of the firm's codes after
 * that moment; null: nothing ends). Inside that window the set of usable codes cannot change without a
 * write, so the kept values equal what `bestCode` of common/price-rule.ts gives at any instant in it;
 * outside it the table's query computes the row live (FirmsService.list), and the job
 * `firm-prices-refresh` recomputes rows whose window ended.
 *
 * Kept by PostgreSQL itself, so every writer (the admin, the seeders, a bench's bulk insert) is covered:
 * - a BEFORE trigger on firm_program_sizes computes the row's values on insert and on any update of its
 *   program, size, price or `prices_from` (setting `prices_from = null` is how the others ask for a recompute);
 * - statement triggers on discounts (a code added, removed, or any of its rule's columns changed) and on
 *   firm_programs (a program renamed or moved: codes may name programs) ask for the firm's rows.
 *
 * The rule's SQL below is `priceAfterCodeSql` of backend/src/discounts/discount-rules.sql.ts as it is at
 * this migration, written out (a migration must not change when the code does). backend/test/rule-twins.e2e-spec.ts
 * checks the kept values against the TypeScript rule: a change to the rule needs a migration replacing
 * `firm_program_size_prices()`.
 */
export class Migration20261125162100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "firm_program_sizes"
      add column "best_discount_id" int null,
      add column "price_after_code" numeric(10,2) null,
      add column "prices_from" timestamptz null,
      add column "prices_until" timestamptz null;`);
    // "Does any row's window exclude this moment?" (FirmPricesService.keptPricesHold) is two index probes.
    this.addSql(`create index "firm_program_sizes_prices_until_index" on "firm_program_sizes" ("prices_until") where "prices_until" is not null;`);
    this.addSql(`create index "firm_program_sizes_prices_from_index" on "firm_program_sizes" ("prices_from");`);
    this.addSql(`create function firm_program_size_prices() returns trigger language plpgsql as $$
declare
  firm int;
  best record;
begin
  select p.company_id into firm from firm_programs p where p.id = new.program_id;
  select x.id, x.after into best from (
    select d.id, (case
      when not (d.status = 'active' and coalesce(btrim(d.discount_code), '') <> '' and (d.valid_until is null or d.valid_until > now())) then null
      when cardinality(d.eligible_programs) > 0
        and not exists (select 1 from unnest(d.eligible_programs) e where lower(btrim(e)) = lower(btrim(p.name))) then null
      when cardinality(d.eligible_sizes) > 0 and not (new.size = any(d.eligible_sizes)) then null
      when d.min_price > 0 and round(new.price::numeric, 2) < d.min_price then null
      when nullif(greatest(d.discount_percentage, 0), 0) is not null then case when round(round(new.price::numeric, 2) * (1 - least(nullif(greatest(d.discount_percentage, 0), 0), 100) / 100), 2) <= 0 and nullif(greatest(d.discount_percentage, 0), 0) < 100 then null else greatest(0, round(round(new.price::numeric, 2) * (1 - least(nullif(greatest(d.discount_percentage, 0), 0), 100) / 100), 2)) end
      when nullif(greatest(d.discount_amount, 0), 0) is not null then case when nullif(greatest(d.discount_amount, 0), 0) >= round(new.price::numeric, 2) then null else round(new.price::numeric, 2) - nullif(greatest(d.discount_amount, 0), 0) end
      else round(new.price::numeric, 2)
    end) as after
    from discounts d join firm_programs p on p.id = new.program_id
    where d.company_id = firm
  ) x where x.after is not null order by x.after, x.id limit 1;
  new.best_discount_id := best.id;
  new.price_after_code := coalesce(best.after, round(new.price::numeric, 2));
  new.prices_from := now();
  new.prices_until := (select min(d.valid_until) from discounts d where d.company_id = firm and d.valid_until > now());
  return new;
end $$;`);
    this.addSql(`create trigger firm_program_sizes_prices before insert or update of "program_id", "size", "price", "prices_from"
      on "firm_program_sizes" for each row execute function firm_program_size_prices();`);
    // Which firms' rows a statement on discounts or firm_programs may have changed; the transition tables
    // give one UPDATE per statement, whatever the number of rows it wrote.
    this.addSql(`create function firm_prices_after_discounts() returns trigger language plpgsql as $$
declare
  firms int[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct n.company_id) into firms from new_rows n;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct o.company_id) into firms from old_rows o;
  else
    -- Only the columns the price rule reads: the proof figures a report updates change no price.
    select array_agg(distinct v.company_id) into firms
    from old_rows o join new_rows n on n.id = o.id
    cross join lateral (values (o.company_id), (n.company_id)) v(company_id)
    where (o.company_id, o.status, o.discount_code, o.discount_percentage, o.discount_amount, o.valid_until,
           o.eligible_programs, o.eligible_sizes, o.min_price)
      is distinct from (n.company_id, n.status, n.discount_code, n.discount_percentage, n.discount_amount, n.valid_until,
           n.eligible_programs, n.eligible_sizes, n.min_price);
  end if;
  if firms is not null then
    update firm_program_sizes s set prices_from = null
    from firm_programs p where p.id = s.program_id and p.company_id = any(firms);
  end if;
  return null;
end $$;`);
    this.addSql(`create function firm_prices_after_programs() returns trigger language plpgsql as $$
begin
  update firm_program_sizes s set prices_from = null
  from old_rows o join new_rows n on n.id = o.id
  where s.program_id = n.id and (o.name, o.company_id) is distinct from (n.name, n.company_id);
  return null;
end $$;`);
    this.addSql(`create trigger discounts_firm_prices_insert after insert on "discounts"
      referencing new table as new_rows for each statement execute function firm_prices_after_discounts();`);
    this.addSql(`create trigger discounts_firm_prices_update after update on "discounts"
      referencing old table as old_rows new table as new_rows for each statement execute function firm_prices_after_discounts();`);
    this.addSql(`create trigger discounts_firm_prices_delete after delete on "discounts"
      referencing old table as old_rows for each statement execute function firm_prices_after_discounts();`);
    this.addSql(`create trigger firm_programs_firm_prices_update after update on "firm_programs"
      referencing old table as old_rows new table as new_rows for each statement execute function firm_prices_after_programs();`);
    // Rows that exist get their values now.
    this.addSql(`update "firm_program_sizes" set "prices_from" = null;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists firm_programs_firm_prices_update on "firm_programs";');
    this.addSql('drop trigger if exists discounts_firm_prices_delete on "discounts";');
    this.addSql('drop trigger if exists discounts_firm_prices_update on "discounts";');
    this.addSql('drop trigger if exists discounts_firm_prices_insert on "discounts";');
    this.addSql('drop function if exists firm_prices_after_programs();');
    this.addSql('drop function if exists firm_prices_after_discounts();');
    this.addSql('drop trigger if exists firm_program_sizes_prices on "firm_program_sizes";');
    this.addSql('drop function if exists firm_program_size_prices();');
    this.addSql(`alter table "firm_program_sizes" drop column "best_discount_id", drop column "price_after_code",
      drop column "prices_from", drop column "prices_until";`);
  }
}
