import { Migration } from '@mikro-orm/migrations';

/**
 * Every change to the public content tables sends `NOTIFY content_changed, '<table>'`, once per
 * statement (and once per transaction: PostgreSQL folds identical notifications), so every app
 * instance drops its cached public reads (PublicCacheService) whoever made the change.
 */
export class Migration20261121213000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function notify_content_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('content_changed', TG_TABLE_NAME);
  return null;
end
$$;`);
    for (const table of ['companies', 'discounts', 'blog_posts']) {
      this.addSql(`create trigger ${table}_content_changed after insert or update or delete or truncate on "${table}" for each statement execute function notify_content_changed();`);
    }
  }

  override async down(): Promise<void> {
    for (const table of ['companies', 'discounts', 'blog_posts']) {
      this.addSql(`drop trigger if exists ${table}_content_changed on "${table}";`);
    }
    this.addSql('drop function if exists notify_content_changed();');
  }
}
