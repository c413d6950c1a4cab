import { Migration } from '@mikro-orm/migrations';

/**
 * Firm status for "will I get paid?" (issue #17): the status gains `under-watch`, and each change keeps the
 * day it took effect, a one-line reason and a source link. The status trigger (the net for writes that do
 * not record their own history) now writes the reason and source into the changelog entry it makes.
 */
export class Migration20261125161750 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "companies" drop constraint if exists "companies_status_check";`);
    this.addSql(`alter table "companies" add constraint "companies_status_check" check ("status" in ('active', 'under-watch', 'paused', 'closed'));`);
    this.addSql(`alter table "companies" add column "status_since" date null, add column "status_reason" varchar(200) null, add column "status_source" text null;`);
    this.addSql(`create or replace function companies_record_status_events() returns trigger language plpgsql as $$
begin
  if current_setting('vtf.events_recorded', true) = 'on' then return null; end if;
  insert into firm_events (company_id, kind, field, before, after, note, source_url)
  values (new.id, 'status', 'status', to_jsonb(old.status), to_jsonb(new.status), new.status_reason, new.status_source);
  return null;
end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`create or replace function companies_record_status_events() returns trigger language plpgsql as $$
begin
  if current_setting('vtf.events_recorded', true) = 'on' then return null; end if;
  insert into firm_events (company_id, kind, field, before, after) values (new.id, 'status', 'status', to_jsonb(old.status), to_jsonb(new.status));
  return null;
end $$;`);
    this.addSql(`alter table "companies" drop column "status_since", drop column "status_reason", drop column "status_source";`);
    this.addSql(`update "companies" set "status" = 'active' where "status" = 'under-watch';`);
    this.addSql(`alter table "companies" drop constraint if exists "companies_status_check";`);
    this.addSql(`alter table "companies" add constraint "companies_status_check" check ("status" in ('active', 'paused', 'closed'));`);
  }
}
