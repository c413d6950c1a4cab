/**
 * The public reads of blog_posts as SQL text (issue #21), one place for the service that runs them and
 * the plan test that EXPLAINs them (backend/test/query-plans.e2e-spec.ts): each is an index path whose
 * cost does not grow with the number of posts (see docs/performance.md). Placeholders are `?`, in order.
 */
import type { BlogCategory } from '../../../common/enums.js';

/** What a visitor may see: published, with a date that has come (a future one schedules the post). */
const VISIBLE = `p."status" = 'published' and p."published_at" <= now()`;

const POST_COLUMNS = `p."id", p."slug", p."title", p."excerpt", p."content", p."meta_title", p."meta_description",
  p."featured_image_url", p."published_at", p."author_name", p."category", p."tags", p."company_ids", p."status", p."created_at", p."updated_at"`;

/** Newest first; id breaks ties so pages never overlap (the order of blog_posts_public_order_index). */
const PUBLIC_ORDER = `p."published_at" desc, p."id" desc`;

/** Only what a card shows: a related post never reads its content. */
const CARD_COLUMNS = `p."id", p."slug", p."title", p."excerpt", p."featured_image_url", p."published_at", p."author_name", p."category"`;

/** Candidates per shared tag and from the same category, taken newest first before ranking. */
export const RELATED_CANDIDATES = 30;

export interface SqlQuery {
  sql: string;
  params: unknown[];
}

/** A visible post by slug: one lookup in the unique slug index. */
export function postBySlugQuery(slug: string): SqlQuery {
  return { sql: `select ${POST_COLUMNS} from "blog_posts" p where p."slug" = ? and ${VISIBLE}`, params: [slug] };
}

/**
 * Up to `count` related cards: same category first, then most shared tags, then newest. Ranked among a
 * bounded set of candidates only: the newest few posts of each of its tags (blog_post_tags' primary key),
 * the newest few of its category (the status+category+published_at index) and the newest few overall
 * (so a post without tags or neighbours still gets cards) — never a scan of every post. The candidates are
 * read back by primary key (`= any(array(…))`): a join would let the planner scan the table for them.
 */
export function relatedQuery(post: { id: number; category: BlogCategory; tags: string[] }, count: number): SqlQuery {
  const sql = `with "candidates" as (
      select bt."post_id" as "id" from jsonb_array_elements_text(?::jsonb) as t("tag")
      cross join lateral (
        select bt."post_id" from "blog_post_tags" bt where bt."tag" = t."tag" and bt."published_at" <= now()
        order by bt."published_at" desc, bt."post_id" desc limit ${RELATED_CANDIDATES}
      ) bt
      union
      select c."id" from (
        select p."id" from "blog_posts" p where p."status" = 'published' and p."category" = ? and p."published_at" <= now()
        order by p."published_at" desc limit ${RELATED_CANDIDATES}
      ) c
      union
      select n."id" from (
        select p."id" from "blog_posts" p where ${VISIBLE}
        order by p."published_at" desc nulls last, p."id" desc limit ${count + 1}
      ) n
    )
    select ${CARD_COLUMNS} from "blog_posts" p
    where p."id" = any(array(select "id" from "candidates")) and p."id" <> ? and ${VISIBLE}
    order by (p."category" = ?) desc,
      cardinality(array(select unnest(p."tags") intersect select jsonb_array_elements_text(?::jsonb))) desc,
      p."published_at" desc, p."id" desc
    limit ${count}`;
  // The tags go as one JSON parameter: the driver would spread an array into a list of parameters.
  const tags = JSON.stringify(post.tags);
  return { sql, params: [tags, post.category, post.id, post.category, tags] };
}

/** A list page's filters; its search (`q`) is the site search's (SearchService.posts). */
export interface ListFilter {
  category?: BlogCategory;
  tag?: string;
}

function filterSql(filter: ListFilter): SqlQuery {
  const parts = [VISIBLE];
  const params: unknown[] = [];
  if (filter.category) {
    parts.push(`p."category" = ?`);
    params.push(filter.category);
  }
  if (filter.tag) {
    parts.push(`p."tags" @> array[?]::text[]`);
    params.push(filter.tag);
  }
  return { sql: parts.join(' and '), params };
}

/**
 * A page of the public list, newest first: its ids from the (status[, category], published_at desc, id desc)
 * index alone, skipped rows never read, then those rows by primary key.
 */
export function listPageQuery(filter: ListFilter, limit: number, offset: number): SqlQuery {
  const where = filterSql(filter);
  return {
    sql: `select ${POST_COLUMNS} from "blog_posts" p where p."id" = any(array(
        select p."id" from "blog_posts" p where ${where.sql} order by ${PUBLIC_ORDER} limit ? offset ?
      )) order by ${PUBLIC_ORDER}`,
    params: [...where.params, limit, offset],
  };
}

/** How many posts the list shows. */
export function listCountQuery(filter: ListFilter): SqlQuery {
  const where = filterSql(filter);
  return { sql: `select count(*)::int as "n" from "blog_posts" p where ${where.sql}`, params: where.params };
}

/**
 * Visible posts by id (a search's page, found by SearchService.posts), by primary key. The ids go as one JSON
 * parameter: the driver would spread an array into a list of parameters.
 */
export function postsByIdsQuery(ids: number[]): SqlQuery {
  return {
    sql: `select ${POST_COLUMNS} from "blog_posts" p
      where p."id" = any(array(select jsonb_array_elements_text(?::jsonb)::int)) and ${VISIBLE}`,
    params: [JSON.stringify(ids)],
  };
}

/**
 * The newest `count` visible posts about each firm (a firm profile's "posts about the firm"), as card columns:
 * an index range of blog_post_firms' primary key per firm, its rows read by primary key — never the content
 * of every post (PostgreSQL keeps which firms a post is about: Migration20261127220000).
 */
export function firmPostsQuery(companyIds: number[], now: Date, count: number): SqlQuery {
  const sql = `select c."id" as "company_id", p."slug", p."title", p."excerpt", p."category", p."published_at"
    from "companies" c
    cross join lateral (
      select b."slug", b."title", b."excerpt", b."category", b."published_at"
      from "blog_post_firms" f join "blog_posts" b on b."id" = f."post_id"
      where f."company_id" = c."id" and f."published_at" <= ?
      order by f."published_at" desc, f."post_id" desc
      limit ${count}
    ) p
    where c."id" in (${companyIds.map(() => '?').join(', ')})
    order by p."published_at" desc`;
  return { sql, params: [now, ...companyIds] };
}
