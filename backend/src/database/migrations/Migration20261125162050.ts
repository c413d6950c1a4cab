import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #20, publishing you can rely on, and versions of campaigns.
 *
 * - `blog_posts.went_live_at`: when a published post's publication took effect — at the save for a post
 *   published now, by its pg-boss job (or the catch-up at start) for one scheduled ahead. Null while a scheduled
 *   post waits: those rows are the dashboard's "scheduled next", and the catch-up's work after a downtime.
 *   Posts already public count as gone live at their date.
 * - `campaigns.version`: optimistic locking of campaign saves (a stale save is a 409), as the other editable records.
 */
export class Migration20261125162050 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "blog_posts" add column "went_live_at" timestamptz null;`);
    this.addSql(`update "blog_posts" set "went_live_at" = "published_at" where "status" = 'published' and "published_at" <= now();`);
    this.addSql(`create index "blog_posts_waiting_index" on "blog_posts" ("published_at") where "status" = 'published' and "went_live_at" is null;`);
    this.addSql(`alter table "campaigns" add column "version" int not null default 1;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "campaigns" drop column "version";`);
    this.addSql(`drop index if exists "blog_posts_waiting_index";`);
    this.addSql(`alter table "blog_posts" drop column "went_live_at";`);
  }
}
