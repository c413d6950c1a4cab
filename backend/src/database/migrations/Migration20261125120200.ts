import { Migration } from '@mikro-orm/migrations';

/** Posts name the firms they are about (issue #18): profiles list them, posts link to the profiles. */
export class Migration20261125120200 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "blog_posts" add column "company_ids" int[] not null default '{}';`);
    this.addSql(`create index "blog_posts_company_ids_index" on "blog_posts" using gin ("company_ids");`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "blog_posts_company_ids_index";');
    this.addSql('alter table "blog_posts" drop column "company_ids";');
  }
}
