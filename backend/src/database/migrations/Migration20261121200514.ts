import { Migration } from '@mikro-orm/migrations';

/**
 * Newsletter admin list at 100,000 rows: indexes for the newest-first order, for filtering or
 * sorting by status, and a trigram index for the email search. pg_trgm is a trusted extension
 * (any database owner may add it); where the server refuses it, the migration still succeeds and
 * the search falls back to a scan.
 */
export class Migration20261121200514 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop index "newsletter_subscribers_subscribed_at_index";`);

    this.addSql(`create index "newsletter_subscribers_status_subscribed_at_id_index" on "newsletter_subscribers" ("status", "subscribed_at", "id");`);
    this.addSql(`create index "newsletter_subscribers_subscribed_at_id_index" on "newsletter_subscribers" ("subscribed_at", "id");`);

    this.addSql(`do $$
      begin
        create extension if not exists pg_trgm;
        create index "newsletter_subscribers_email_trgm_index" on "newsletter_subscribers" using gin ("email" gin_trgm_ops);
      exception when others then
        raise notice 'pg_trgm unavailable (%); the subscriber email search will scan the table', sqlerrm;
      end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "newsletter_subscribers_email_trgm_index";`);
    this.addSql(`drop index "newsletter_subscribers_status_subscribed_at_id_index";`);
    this.addSql(`drop index "newsletter_subscribers_subscribed_at_id_index";`);

    this.addSql(`create index "newsletter_subscribers_subscribed_at_index" on "newsletter_subscribers" ("subscribed_at");`);
  }

}
