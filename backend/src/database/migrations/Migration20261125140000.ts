import { Migration } from '@mikro-orm/migrations';

/** Every table whose entity extends BaseEntity gets the optimistic-locking `version` (issue #20). */
const VERSIONED = ['users', 'companies', 'discounts', 'blog_posts', 'firm_programs', 'firm_changes', 'firm_scores'];

/**
 * An admin a team can trust (issue #20): versions, the audit log (append-only, kept for a set time) and
 * revisions of posts and firm profiles.
 */
export class Migration20261125140000 extends Migration {
  override async up(): Promise<void> {
    for (const table of VERSIONED) this.addSql(`alter table "${table}" add column "version" int not null default 1;`);

    this.addSql(`create table "audit_log" ("id" bigserial primary key, "at" timestamptz not null default now(), "actor_id" int null, "actor_email" varchar(254) null, "action" varchar(40) not null, "resource" varchar(60) not null, "resource_id" varchar(60) null, "changes" jsonb not null default '{}');`);
    this.addSql(`create index "audit_log_at_index" on "audit_log" ("at", "id");`);
    this.addSql(`create index "audit_log_resource_index" on "audit_log" ("resource", "resource_id", "at");`);
    this.addSql(`create index "audit_log_actor_index" on "audit_log" ("actor_id", "at");`);
    // Entries are never changed; only the retention sweep deletes them (by age).
    this.addSql(`create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end $$;`);
    this.addSql(`create trigger audit_log_no_update before update on "audit_log" for each row execute function audit_log_append_only();`);

    this.addSql(`create table "revisions" ("id" bigserial primary key, "resource" varchar(60) not null, "record_id" int not null, "at" timestamptz not null default now(), "actor_id" int null, "actor_name" varchar(254) null, "kind" varchar(20) not null, "fields" jsonb not null);`);
    this.addSql(`create index "revisions_record_index" on "revisions" ("resource", "record_id", "id");`);
  }
}
