import { Migration } from '@mikro-orm/migrations';

/**
 * The rest of the post list's sorts, found by the admin bench: status and category (low cardinality, so a page
 * sorted by them scanned the table), and newest published first with undated drafts last — a plain index read
 * backwards is DESC NULLS FIRST, so that order needs its own.
 */
export class Migration20261122223000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "blog_posts_published_at_desc_id_index" on "blog_posts" ("published_at" desc nulls last, "id" desc);`);
    this.addSql(`create index "blog_posts_status_id_index" on "blog_posts" ("status", "id");`);
    this.addSql(`create index "blog_posts_category_id_index" on "blog_posts" ("category", "id");`);
  }

  override async down(): Promise<void> {
    for (const name of ['blog_posts_category_id_index', 'blog_posts_status_id_index', 'blog_posts_published_at_desc_id_index']) {
      this.addSql(`drop index if exists "${name}";`);
    }
  }
}
