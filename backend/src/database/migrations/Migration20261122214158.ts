import { Migration } from '@mikro-orm/migrations';
import { uniqueSlug } from '../../../../common/firms.js';
import { slugify } from '../../../../common/slugify.js';

/** Tables of firm profiles whose changes the public reads show (NOTIFY as Migration20261121213000). */
const FIRM_TABLES = ['firm_programs', 'firm_program_sizes', 'firm_changes', 'firm_scores'];

/**
 * Firm profiles (issue #10): company profile fields, programs with account sizes, changelog and
 * criteria scores. Existing companies keep everything and get a unique slug from their name by
 * docs/spec.md §4's slug rule (-2, -3… in id order), and the affiliate status 'partner' when one of their
 * discounts carries an affiliate link (otherwise 'no-program').
 */
export class Migration20261122214158 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "firm_changes" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "date" date not null, "change" text not null, "source_url" text null);`);
    this.addSql(`create index "firm_changes_company_id_date_index" on "firm_changes" ("company_id", "date");`);

    this.addSql(`create table "firm_programs" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "position" int not null default 0, "name" varchar(200) not null, "type" text check ("type" in ('one-step', 'two-step', 'three-step', 'instant', 'other')) not null, "profit_targets" jsonb not null default '[]', "daily_loss" numeric(5,2) null, "max_loss" numeric(5,2) not null, "drawdown_type" text check ("drawdown_type" in ('static', 'trailing', 'eod-trailing')) not null, "min_trading_days" int not null default 0, "time_limit_days" int null, "profit_split" numeric(5,2) not null, "first_payout_days" int null, "payout_frequency" varchar(100) null, "refundable_fee" boolean not null default false, "activation_fee" numeric(10,2) null, "reset_price" numeric(10,2) null);`);
    this.addSql(`create index "firm_programs_company_id_index" on "firm_programs" ("company_id");`);
    this.addSql(`create index "firm_programs_type_index" on "firm_programs" ("type");`);
    this.addSql(`create index "firm_programs_drawdown_type_index" on "firm_programs" ("drawdown_type");`);

    this.addSql(`create table "firm_program_sizes" ("id" serial primary key, "program_id" int not null, "size" int not null, "price" numeric(10,2) not null);`);
    this.addSql(`create index "firm_program_sizes_size_index" on "firm_program_sizes" ("size");`);
    this.addSql(`alter table "firm_program_sizes" add constraint "firm_program_sizes_program_id_size_unique" unique ("program_id", "size");`);

    this.addSql(`create table "firm_scores" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "criterion" text check ("criterion" in ('payout-reliability', 'rules-clarity', 'cost', 'support', 'platform-execution', 'longevity')) not null, "score" numeric(2,1) not null, "note" text null);`);
    this.addSql(`alter table "firm_scores" add constraint "firm_scores_company_id_criterion_unique" unique ("company_id", "criterion");`);

    this.addSql(`alter table "firm_changes" add constraint "firm_changes_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "firm_programs" add constraint "firm_programs_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "firm_program_sizes" add constraint "firm_program_sizes_program_id_foreign" foreign key ("program_id") references "firm_programs" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "firm_scores" add constraint "firm_scores_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "companies" add column "slug" varchar(200) null, add column "status" text check ("status" in ('active', 'paused', 'closed')) not null default 'active', add column "founded_year" int null, add column "headquarters" varchar(100) null, add column "platforms" text[] not null default '{}', add column "asset_classes" text[] not null default '{}', add column "restricted_countries" text[] not null default '{}', add column "affiliate_status" text check ("affiliate_status" in ('partner', 'no-program', 'ended')) not null default 'no-program', add column "last_tested_at" date null, add column "score" numeric(2,1) null;`);
    this.addSql(`create index "companies_status_index" on "companies" ("status");`);
    this.addSql(`update "companies" c set "affiliate_status" = 'partner' where exists (select 1 from "discounts" d where d."company_id" = c."id" and d."affiliate_link" is not null);`);
    for (const table of FIRM_TABLES) {
      this.addSql(`create trigger ${table}_content_changed after insert or update or delete or truncate on "${table}" for each statement execute function notify_content_changed();`);
    }
    // The queued statements above run before the next execute(), inside the same transaction.
    await this.flushQueued();
    const companies = (await this.execute('select "id", "name" from "companies" order by "id"')) as Array<{ id: number; name: string }>;
    const taken = new Set<string>();
    for (const { id, name } of companies) {
      const slug = uniqueSlug(slugify(name), taken);
      taken.add(slug);
      await this.execute('update "companies" set "slug" = ? where "id" = ?', [slug, id]);
    }
    await this.execute(`alter table "companies" alter column "slug" set not null;`);
    await this.execute(`alter table "companies" add constraint "companies_slug_unique" unique ("slug");`);
  }

  private async flushQueued(): Promise<void> {
    for (const sql of this.getQueries().splice(0)) await this.execute(sql as string);
  }

  override async down(): Promise<void> {
    for (const table of FIRM_TABLES) this.addSql(`drop trigger if exists ${table}_content_changed on "${table}";`);
    this.addSql(`alter table "firm_program_sizes" drop constraint "firm_program_sizes_program_id_foreign";`);

    this.addSql(`drop table if exists "firm_changes" cascade;`);

    this.addSql(`drop table if exists "firm_programs" cascade;`);

    this.addSql(`drop table if exists "firm_program_sizes" cascade;`);

    this.addSql(`drop table if exists "firm_scores" cascade;`);

    this.addSql(`alter table "companies" drop constraint "companies_slug_unique";`);
    this.addSql(`drop index "companies_status_index";`);
    this.addSql(`alter table "companies" drop column "slug", drop column "status", drop column "founded_year", drop column "headquarters", drop column "platforms", drop column "asset_classes", drop column "restricted_countries", drop column "affiliate_status", drop column "last_tested_at", drop column "score";`);
  }

}
