import { Migration } from '@mikro-orm/migrations';

/**
 * Payout evidence and the claimable guarantee (issue #17). No IP address is stored anywhere. A report's author
 * may be deleted: the report keeps its figures (user_id set null, personal fields cleared by the service).
 */
export class Migration20261125110200 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "payout_reports" (
      "id" serial primary key,
      "user_id" int null references "users" ("id") on update cascade on delete set null,
      "company_id" int not null references "companies" ("id") on update cascade on delete cascade,
      "program_name" varchar(120) null,
      "account_size" int null,
      "amount" numeric(12,2) not null check ("amount" > 0),
      "requested_on" date not null,
      "outcome" text not null check ("outcome" in ('paid', 'denied', 'pending')),
      "resolved_on" date null check ("resolved_on" is null or "resolved_on" >= "requested_on"),
      "firm_reason" text null,
      "note" text null,
      "proof" text[] not null default '{}',
      "status" text not null default 'awaiting-review' check ("status" in ('awaiting-review', 'approved', 'rejected')),
      "proof_verified" boolean not null default false,
      "rejection_reason" text null,
      "flagged" boolean not null default false,
      "flag_reason" text null,
      "reviewed_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now());`);
    // One report per trader per firm and request date.
    this.addSql(`create unique index "payout_reports_user_company_requested_unique" on "payout_reports" ("user_id", "company_id", "requested_on");`);
    this.addSql(`create index "payout_reports_company_status_requested_index" on "payout_reports" ("company_id", "status", "requested_on");`);
    this.addSql(`create index "payout_reports_status_created_index" on "payout_reports" ("status", "created_at");`);
    // Only a review changes what is public (new reports await review): updates and deletes drop the public cache.
    this.addSql(`create trigger payout_reports_content_changed after update or delete or truncate on "payout_reports" for each statement execute function notify_content_changed();`);

    this.addSql(`create table "payout_claims" (
      "id" serial primary key,
      "user_id" int null references "users" ("id") on update cascade on delete set null,
      "report_id" int not null unique references "payout_reports" ("id") on update cascade on delete cascade,
      "purchase_evidence" text[] not null default '{}',
      "account_id" varchar(120) null,
      "statement" text null,
      "status" text not null default 'submitted' check ("status" in ('submitted', 'under-review', 'needs-info', 'approved', 'paid', 'rejected')),
      "paid_amount" numeric(12,2) null,
      "paid_on" date null,
      "decided_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now());`);
    this.addSql(`create index "payout_claims_status_created_index" on "payout_claims" ("status", "created_at");`);
    this.addSql(`create table "payout_claim_events" (
      "id" serial primary key,
      "claim_id" int not null references "payout_claims" ("id") on update cascade on delete cascade,
      "at" timestamptz not null default now(),
      "by" text not null check ("by" in ('trader', 'admin')),
      "status" text null,
      "note" text null);`);
    this.addSql(`create index "payout_claim_events_claim_index" on "payout_claim_events" ("claim_id", "at");`);
    this.addSql(`create trigger payout_claims_content_changed after insert or update or delete or truncate on "payout_claims" for each statement execute function notify_content_changed();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "payout_claim_events";`);
    this.addSql(`drop table if exists "payout_claims";`);
    this.addSql(`drop table if exists "payout_reports";`);
  }
}
