import { Migration } from '@mikro-orm/migrations';

/**
 * The admin lists of issue #7 page, sort and filter in SQL; these indexes serve their sorts at scale.
 * Each sort ends in id in the same direction, so one (field, id) index serves both directions and a page
 * reads only its own rows. The title/author search gets trigram indexes where pg_trgm is available
 * (Migration20261121200514 already tried to add the extension); without it the search scans, as before.
 */
export class Migration20261122220000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index if exists "blog_posts_created_at_index";`);
    this.addSql(`create index "blog_posts_created_at_id_index" on "blog_posts" ("created_at", "id");`);
    this.addSql(`create index "blog_posts_title_id_index" on "blog_posts" ("title", "id");`);
    this.addSql(`create index "blog_posts_published_at_id_index" on "blog_posts" ("published_at", "id");`);
    this.addSql(`create index "discounts_title_id_index" on "discounts" ("title", "id");`);
    this.addSql(`create index "discounts_valid_until_id_index" on "discounts" ("valid_until", "id");`);
    this.addSql(`create index "discounts_clicks_id_index" on "discounts" ("clicks", "id");`);
    this.addSql(`create index "discounts_created_at_id_index" on "discounts" ("created_at", "id");`);
    this.addSql(`do $$
      begin
        create extension if not exists pg_trgm;
        create index "blog_posts_title_trgm_index" on "blog_posts" using gin ("title" gin_trgm_ops);
        create index "blog_posts_author_name_trgm_index" on "blog_posts" using gin ("author_name" gin_trgm_ops);
      exception when others then
        raise notice 'pg_trgm unavailable (%); the admin post search will scan the table', sqlerrm;
      end $$;`);
  }

  override async down(): Promise<void> {
    for (const name of [
      'blog_posts_author_name_trgm_index', 'blog_posts_title_trgm_index', 'discounts_created_at_id_index', 'discounts_clicks_id_index',
      'discounts_valid_until_id_index', 'discounts_title_id_index', 'blog_posts_published_at_id_index', 'blog_posts_title_id_index',
      'blog_posts_created_at_id_index',
    ]) {
      this.addSql(`drop index if exists "${name}";`);
    }
    this.addSql(`create index "blog_posts_created_at_index" on "blog_posts" ("created_at");`);
  }
}
