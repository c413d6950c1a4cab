import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #21: a firm profile's "posts about the firm" read every published post's content with a regex (8 s at
 * 100,000 posts for a firm few posts name). A post is about a firm when it names the firm (`company_ids`, the
 * admin's picker), carries a tag equal to the firm's slug or name (any case), or links to `/firms/<slug>`.
 * That answer is now kept per post in `blog_post_firms` (company_id, published_at, post_id), so a profile's
 * newest six are an index range whatever the number of posts. PostgreSQL keeps it, as `blog_post_tags`:
 *
 * - `blog_post_firm_keys(tags, content)`: what in a post can name a firm, as keys `t:<tag in lower case>` and
 *   `l:<the text after /firms/ up to a quote, ?, # or />` (exactly the links the old regex matched);
 *   a GIN index on it finds a firm's posts when the firm is created or renamed.
 * - a trigger on blog_posts (per statement on insert, so a bulk load stays one statement; per row on update)
 *   and one on companies (insert, or a new slug or name); deletes cascade.
 */
export class Migration20261127220000 extends Migration {
  override async up(): Promise<void> {
    // Escapes, not quote characters: \\x27 ', \\x22 ", \\x3f ? (a literal '?' would be taken for a placeholder).
    this.addSql(`create function blog_post_firm_keys(tags text[], content text) returns text[]
      language sql immutable parallel safe as $$
  select array(
    select 't:' || lower(t) from unnest(tags) as t
    union
    select 'l:' || m[1] from regexp_matches(content, '/firms/([^\\x27\\x22\\x3f#/<>\\x20\\t\\r\\n]{1,200})(?=[\\x27\\x22\\x3f#/]|$)', 'g') as m
  )
$$;`);
    this.addSql(`create index "blog_posts_firm_keys_index" on "blog_posts" using gin (blog_post_firm_keys("tags", "content"));`);
    this.addSql(`create table "blog_post_firms" (
      "company_id" int not null references "companies" ("id") on update cascade on delete cascade,
      "published_at" timestamptz not null,
      "post_id" int not null references "blog_posts" ("id") on update cascade on delete cascade,
      primary key ("company_id", "published_at", "post_id")
    );`);
    this.addSql(`create index "blog_post_firms_post_id_index" on "blog_post_firms" ("post_id");`);
    // The firms of the given published posts, by equality joins (hash joins for a bulk load, not a scan per post).
    this.addSql(`create function blog_post_firms_add(ids int[]) returns void language sql as $$
  with "posts" as (
    select p."id", p."published_at", p."company_ids", blog_post_firm_keys(p."tags", p."content") as "keys"
    from "blog_posts" p where p."id" = any(ids) and p."status" = 'published' and p."published_at" is not null
  ), "firm_keys" as (
    select c."id", 't:' || lower(c."slug") as "key" from "companies" c
    union all select c."id", 't:' || lower(c."name") from "companies" c
    union all select c."id", 'l:' || c."slug" from "companies" c
  )
  insert into "blog_post_firms" ("company_id", "published_at", "post_id")
  select f."id", p."published_at", p."id" from "posts" p cross join unnest(p."keys") as k("key") join "firm_keys" f on f."key" = k."key"
  union
  select c."id", p."published_at", p."id" from "posts" p cross join unnest(p."company_ids") as i("id") join "companies" c on c."id" = i."id"
  on conflict do nothing
$$;`);
    this.addSql(`create function blog_post_firms_inserted() returns trigger language plpgsql as $$
begin
  perform blog_post_firms_add(array(select n."id" from "inserted" n where n."status" = 'published' and n."published_at" is not null));
  return null;
end $$;`);
    this.addSql(`create trigger blog_post_firms_inserted after insert on "blog_posts" referencing new table as "inserted"
      for each statement execute function blog_post_firms_inserted();`);
    this.addSql(`create function blog_post_firms_sync() returns trigger language plpgsql as $$
begin
  if new.status is not distinct from old.status and new.published_at is not distinct from old.published_at
     and new.tags is not distinct from old.tags and new.company_ids is not distinct from old.company_ids
     and new.content is not distinct from old.content then
    return null;
  end if;
  delete from "blog_post_firms" where "post_id" = old.id;
  perform blog_post_firms_add(array[new.id]);
  return null;
end $$;`);
    this.addSql(`create trigger blog_post_firms_sync after update on "blog_posts" for each row execute function blog_post_firms_sync();`);
    // A new firm, or a new slug or name: its posts again, found through the keys' GIN index and company_ids' one.
    this.addSql(`create function blog_post_firms_company() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    if new.slug is not distinct from old.slug and new.name is not distinct from old.name then
      return null;
    end if;
    delete from "blog_post_firms" where "company_id" = old.id;
  end if;
  insert into "blog_post_firms" ("company_id", "published_at", "post_id")
  select new.id, p."published_at", p."id" from "blog_posts" p
  where p."status" = 'published' and p."published_at" is not null
    and (blog_post_firm_keys(p."tags", p."content") && array['t:' || lower(new.slug), 't:' || lower(new.name), 'l:' || new.slug]
         or p."company_ids" @> array[new.id])
  on conflict do nothing;
  return null;
end $$;`);
    this.addSql(`create trigger blog_post_firms_company after insert or update of "slug", "name" on "companies"
      for each row execute function blog_post_firms_company();`);
    this.addSql(`select blog_post_firms_add(array(select "id" from "blog_posts"));`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists blog_post_firms_company on "companies";');
    this.addSql('drop function if exists blog_post_firms_company();');
    this.addSql('drop trigger if exists blog_post_firms_sync on "blog_posts";');
    this.addSql('drop function if exists blog_post_firms_sync();');
    this.addSql('drop trigger if exists blog_post_firms_inserted on "blog_posts";');
    this.addSql('drop function if exists blog_post_firms_inserted();');
    this.addSql('drop function if exists blog_post_firms_add(int[]);');
    this.addSql('drop table if exists "blog_post_firms";');
    this.addSql('drop index if exists "blog_posts_firm_keys_index";');
    this.addSql('drop function if exists blog_post_firm_keys(text[], text);');
  }
}
