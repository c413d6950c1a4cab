import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #21: reads that cost the same at 100,000 posts as at 100.
 *
 * - `blog_post_tags`: one row per (tag, published post), kept by PostgreSQL itself (a trigger on
 *   blog_posts, a cascading foreign key), with the primary key (tag, published_at desc, post_id desc):
 *   "the newest posts with this tag" is an index range of a few rows, whatever the number of posts.
 *   Related posts take their candidates from it (and from the category's newest) before ranking.
 * - (status, published_at desc, id desc) and the same per category: a list page finds its ids by an
 *   index-only scan, then reads its 9 rows by primary key (a deep page no longer drags every skipped row's content).
 * - (id) include (slug, updated_at, published_at) for published posts: a sitemap child never reads the heap.
 * - The search's capped count and the typo suggestions use the GIN indexes that exist
 *   (search_vector, title trigrams); nothing to add for them.
 */
export class Migration20261125150000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "blog_post_tags" (
      "tag" text not null,
      "published_at" timestamptz not null,
      "post_id" int not null references "blog_posts" ("id") on update cascade on delete cascade,
      primary key ("tag", "published_at", "post_id")
    );`);
    this.addSql(`create index "blog_post_tags_post_id_index" on "blog_post_tags" ("post_id");`);
    // Only published posts with a date are candidates; whether the date has come is asked at read time.
    this.addSql(`create function blog_post_tags_sync() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    if new.tags is not distinct from old.tags and new.status is not distinct from old.status
       and new.published_at is not distinct from old.published_at then
      return null;
    end if;
    delete from "blog_post_tags" where "post_id" = old.id;
  end if;
  if new.status = 'published' and new.published_at is not null then
    insert into "blog_post_tags" ("tag", "published_at", "post_id")
      select distinct t, new.published_at, new.id from unnest(new.tags) as t
      on conflict do nothing;
  end if;
  return null;
end $$;`);
    this.addSql(`create trigger blog_post_tags_sync after update on "blog_posts" for each row execute function blog_post_tags_sync();`);
    // Inserts set-based, once per statement: a bulk load of 100,000 posts is one INSERT here too.
    this.addSql(`create function blog_post_tags_insert() returns trigger language plpgsql as $$
begin
  insert into "blog_post_tags" ("tag", "published_at", "post_id")
    select distinct t, n."published_at", n."id" from "inserted" n, unnest(n."tags") as t
    where n."status" = 'published' and n."published_at" is not null
    on conflict do nothing;
  return null;
end $$;`);
    this.addSql(`create trigger blog_post_tags_inserted after insert on "blog_posts" referencing new table as "inserted" for each statement execute function blog_post_tags_insert();`);
    // A list page reads its ids from these alone (an index-only scan, however deep the page), then its 9 rows.
    this.addSql(`create index "blog_posts_public_order_index" on "blog_posts" ("status", "published_at" desc, "id" desc);`);
    this.addSql(`create index "blog_posts_public_category_order_index" on "blog_posts" ("status", "category", "published_at" desc, "id" desc);`);
    // A post sitemap child reads id, slug and dates from this alone (an index-only scan of its id range).
    this.addSql(`create index "blog_posts_sitemap_index" on "blog_posts" ("id") include ("slug", "updated_at", "published_at") where "status" = 'published';`);
    this.addSql(`insert into "blog_post_tags" ("tag", "published_at", "post_id")
      select distinct t, p."published_at", p."id" from "blog_posts" p, unnest(p."tags") as t
      where p."status" = 'published' and p."published_at" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists blog_post_tags_inserted on "blog_posts";');
    this.addSql('drop function if exists blog_post_tags_insert();');
    this.addSql('drop trigger if exists blog_post_tags_sync on "blog_posts";');
    this.addSql('drop function if exists blog_post_tags_sync();');
    this.addSql('drop table if exists "blog_post_tags";');
    this.addSql('drop index if exists "blog_posts_sitemap_index";');
    this.addSql('drop index if exists "blog_posts_public_category_order_index";');
    this.addSql('drop index if exists "blog_posts_public_order_index";');
  }
}
