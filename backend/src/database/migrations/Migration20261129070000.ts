import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #32: the Outbox (mail kept when there is no SMTP server) lives in the database, not in one copy's
 * DATA_DIR, so the admin of any copy behind a load balancer sees every message. `eml` holds the exact bytes an SMTP
 * server would have received; `id` keeps the file names' form (the send time, then random bytes), so ordering by
 * it orders by time and old links to a message still read.
 */
export class Migration20261129070000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "mail_outbox" (
      "id" varchar(40) primary key,
      "eml" bytea not null,
      "created_at" timestamptz not null default now()
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "mail_outbox";`);
  }
}
