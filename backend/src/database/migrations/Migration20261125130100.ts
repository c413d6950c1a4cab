import { Migration } from '@mikro-orm/migrations';

/** The program columns whose change is a rule change, and the field name the history uses for each. */
const PROGRAM_FIELDS = [
  ['type', 'type'], ['profit_targets', 'profitTargets'], ['daily_loss', 'dailyLoss'], ['max_loss', 'maxLoss'],
  ['drawdown_type', 'drawdownType'], ['min_trading_days', 'minTradingDays'], ['time_limit_days', 'timeLimitDays'],
  ['profit_split', 'profitSplit'], ['first_payout_days', 'firstPayoutDays'], ['payout_frequency', 'payoutFrequency'],
  ['refundable_fee', 'refundableFee'], ['activation_fee', 'activationFee'], ['reset_price', 'resetPrice'],
];

/**
 * Changes as events (issue #19): `firm_events` is the outbox of what changed at a firm (firm, kind,
 * field, before → after, the editor's note and source), written in the transaction of the change.
 * The profile timeline, the Atom feed and the alert fan-out read it. The admin save writes the rows
 * itself (from the pure diff of common/rule-changes.ts) and says so with the transaction-local
 * setting `vtf.events_recorded`; any other write — raw SQL included — is caught by these triggers,
 * so no change of a rule field or a status escapes the history.
 */
export class Migration20261125130100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "firm_events" ("id" bigserial primary key, "company_id" int not null, "kind" text check ("kind" in ('rule', 'status', 'code')) not null, "program" text null, "field" text not null, "before" jsonb null, "after" jsonb null, "note" text null, "source_url" text null, "created_at" timestamptz not null default now(), "fanned_out_at" timestamptz null);`);
    this.addSql(`alter table "firm_events" add constraint "firm_events_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`create index "firm_events_company_id_created_at_index" on "firm_events" ("company_id", "created_at");`);
    this.addSql(`create index "firm_events_pending_index" on "firm_events" ("id") where "fanned_out_at" is null;`);
    // The profile and feed show these rows: a new one drops their cached answers on every instance.
    this.addSql(`create trigger firm_events_content_changed after insert or update or delete or truncate on "firm_events" for each statement execute function notify_content_changed();`);

    const pairs = PROGRAM_FIELDS.map(([column, field]) => `['${column}', '${field}']`).join(', ');
    this.addSql(`create function firm_programs_record_events() returns trigger language plpgsql as $$
declare
  f text[];
  o jsonb := to_jsonb(old);
  n jsonb := to_jsonb(new);
begin
  if current_setting('vtf.events_recorded', true) = 'on' then return null; end if;
  foreach f slice 1 in array array[${pairs}] loop
    if (o -> f[1]) is distinct from (n -> f[1]) then
      insert into firm_events (company_id, kind, program, field, before, after)
      values (new.company_id, 'rule', new.name, f[2], nullif(o -> f[1], 'null'::jsonb), nullif(n -> f[1], 'null'::jsonb));
    end if;
  end loop;
  return null;
end $$;`);
    this.addSql(`create trigger firm_programs_record_events after update on "firm_programs" for each row execute function firm_programs_record_events();`);

    this.addSql(`create function firm_program_sizes_record_events() returns trigger language plpgsql as $$
begin
  if current_setting('vtf.events_recorded', true) = 'on' then return null; end if;
  insert into firm_events (company_id, kind, program, field, before, after)
  select p.company_id, 'rule', p.name, 'price:' || new.size, to_jsonb(old.price), to_jsonb(new.price)
  from firm_programs p where p.id = new.program_id;
  return null;
end $$;`);
    this.addSql(`create trigger firm_program_sizes_record_events after update of "price" on "firm_program_sizes" for each row when (old.price is distinct from new.price) execute function firm_program_sizes_record_events();`);

    this.addSql(`create function companies_record_status_events() returns trigger language plpgsql as $$
begin
  if current_setting('vtf.events_recorded', true) = 'on' then return null; end if;
  insert into firm_events (company_id, kind, field, before, after) values (new.id, 'status', 'status', to_jsonb(old.status), to_jsonb(new.status));
  return null;
end $$;`);
    this.addSql(`create trigger companies_record_status_events after update of "status" on "companies" for each row when (old.status is distinct from new.status) execute function companies_record_status_events();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists companies_record_status_events on "companies";');
    this.addSql('drop function if exists companies_record_status_events();');
    this.addSql('drop trigger if exists firm_program_sizes_record_events on "firm_program_sizes";');
    this.addSql('drop function if exists firm_program_sizes_record_events();');
    this.addSql('drop trigger if exists firm_programs_record_events on "firm_programs";');
    this.addSql('drop function if exists firm_programs_record_events();');
    this.addSql('drop table if exists "firm_events" cascade;');
  }
}
