import { Migration } from '@mikro-orm/migrations';

/** Blog posts: full-text search column and GIN index for `q`, GIN index on tags, list-order indexes. */

export class Migration20261121200525 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "blog_posts" add column "search_vector" tsvector generated always as (to_tsvector('english'::regconfig, title || ' ' || coalesce(excerpt, '') || ' ' || regexp_replace(regexp_replace(content, '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g'))) stored null;`);
    this.addSql(`create index "blog_posts_tags_index" on "blog_posts" using gin ("tags");`);
    this.addSql(`create index "blog_posts_search_vector_index" on "blog_posts" using gin ("search_vector");`);
    this.addSql(`create index "blog_posts_created_at_index" on "blog_posts" ("created_at");`);
    this.addSql(`create index "blog_posts_status_category_published_at_index" on "blog_posts" ("status", "category", "published_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "blog_posts_tags_index";`);
    this.addSql(`drop index "blog_posts_search_vector_index";`);
    this.addSql(`drop index "blog_posts_created_at_index";`);
    this.addSql(`drop index "blog_posts_status_category_published_at_index";`);
    this.addSql(`alter table "blog_posts" drop column "search_vector";`);
  }

}
