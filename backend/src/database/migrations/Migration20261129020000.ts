import { Migration } from '@mikro-orm/migrations';

/** The weighted document of a post (issue #29): title A, excerpt B, body text C (tags and entities stripped). */
const POST_DOCUMENT = `setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || `
  + `setweight(to_tsvector('english'::regconfig, coalesce(excerpt, '')), 'B') || `
  + `setweight(to_tsvector('english'::regconfig, regexp_replace(regexp_replace(content, '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g')), 'C')`;

/** Trigram indexes (pg_trgm folds case itself) for typo-tolerant names, titles and codes: [index, table, column]. */
const TRIGRAM_INDEXES: Array<[string, string, string]> = [
  ['companies_name_trgm_index', 'companies', `"name"`],
  ['discounts_title_trgm_index', 'discounts', `"title"`],
  ['discounts_discount_code_trgm_index', 'discounts', `"discount_code"`],
];

/**
 * Issue #29, one search over firms, codes and posts:
 * - `companies.aliases`: other names a firm goes by ("The 5%ers" for The5ers), searched like the name;
 * - `blog_posts.search_vector` weighted (title over excerpt over body) so ranking prefers a title match; the
 *   column is redefined only if it is not weighted yet, so a retried run does not rewrite the table again;
 * - trigram GIN indexes on the names, titles and codes a typo should still find.
 * Not transactional: the indexes are built CONCURRENTLY so a large blog_posts keeps serving reads and writes
 * while they build; every statement can run again after a failure (an invalid half-built index is dropped first).
 */
export class Migration20261129020000 extends Migration {
  override isTransactional(): boolean {
    return false;
  }

  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`alter table "companies" add column if not exists "aliases" text[] not null default '{}';`);
    this.addSql(`do $$ begin
      if not exists (select 1 from information_schema.columns where table_schema = current_schema() and table_name = 'blog_posts'
                     and column_name = 'search_vector' and generation_expression like '%setweight%') then
        alter table "blog_posts" drop column if exists "search_vector";
        alter table "blog_posts" add column "search_vector" tsvector generated always as (${POST_DOCUMENT}) stored;
      end if;
    end $$;`);
    this.addSql(`drop index concurrently if exists "blog_posts_search_vector_index";`);
    this.addSql(`create index concurrently "blog_posts_search_vector_index" on "blog_posts" using gin ("search_vector");`);
    for (const [name, table, expression] of TRIGRAM_INDEXES) {
      this.addSql(`drop index concurrently if exists "${name}";`);
      this.addSql(`create index concurrently "${name}" on "${table}" using gin (${expression} gin_trgm_ops);`);
    }
  }

  override async down(): Promise<void> {
    for (const [name] of TRIGRAM_INDEXES) this.addSql(`drop index concurrently if exists "${name}";`);
    this.addSql(`alter table "blog_posts" drop column "search_vector";`);
    this.addSql(`alter table "blog_posts" add column "search_vector" tsvector generated always as (to_tsvector('english'::regconfig, title || ' ' || coalesce(excerpt, '') || ' ' || regexp_replace(regexp_replace(content, '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g'))) stored null;`);
    this.addSql(`create index concurrently "blog_posts_search_vector_index" on "blog_posts" using gin ("search_vector");`);
    this.addSql(`alter table "companies" drop column "aliases";`);
  }
}
