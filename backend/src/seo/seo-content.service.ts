import { FIRM_SLUG_PATTERN } from '../../../common/firms.js';
import { EntityManager, raw, sql, type ObjectQuery } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BLOG_LIST_PAGE_SIZE } from '../../../common/constants.js';
import type { BlogCategory } from '../../../common/enums.js';
import {
  escapeXml, postSitemapPath, renderPostUrl, RSS_ITEM_COUNT, SITEMAP_CHILD_URLS, type RssPost, type SitemapChild, type SitemapFirm,
  type SitemapNewest,
} from '../../../common/seo/feeds.js';
import type { FirmHeadData, PostHeadData } from '../../../common/seo/page-head.js';
import { effectiveRating } from '../../../common/firms.js';
import { BlogPost } from '../blog-posts/blog-post.entity.js';

/** publishedWhere() in SQL, for the aggregate queries. */
const PUBLISHED_SQL = `"status" = 'published' and "published_at" <= now()`;

/** Rows per query (and per streamed chunk) of a post sitemap child. */
const SITEMAP_CHUNK_URLS = 5000;

/** Only this much of a post's HTML is read for a description of last resort. */
const CONTENT_PREFIX_CHARS = 2000;

/** What visitors may see: published, with a publish date that has come (the status+publishedAt index). */
export function publishedWhere(): ObjectQuery<BlogPost> {
  return { status: 'published', publishedAt: { $lte: sql.now() } };
}

/**
 * The few reads the page heads, the sitemap and the feed need, straight from blog_posts
 * (the blog module owns writing them). Each is one indexed query.
 */
@Injectable()
export class SeoContentService {
  constructor(private readonly em: EntityManager) {}

  /** A published post by slug (unique index), or null. */
  async publishedPost(slug: string): Promise<PostHeadData | null> {
    const row = await this.em
      .createQueryBuilder(BlogPost, 'p')
      .select([
        'slug', 'title', 'excerpt', 'metaTitle', 'metaDescription', 'featuredImageUrl',
        'publishedAt', 'updatedAt', 'authorName', 'category', 'tags',
        raw(`left(p.content, ${CONTENT_PREFIX_CHARS}) as content`),
      ])
      .where({ slug, ...publishedWhere() })
      .limit(1)
      .execute<PostHeadData[]>('all');
    return row[0] ?? null;
  }

  /** How many list pages of published posts there are for a filter (at least 1: an empty list still shows). */
  async listPageCount(filter: { category?: BlogCategory; tag?: string }): Promise<number> {
    const where: ObjectQuery<BlogPost> = publishedWhere();
    if (filter.category) where.category = filter.category;
    if (filter.tag) where.tags = { $contains: [filter.tag] };
    const total = await this.em.count(BlogPost, where);
    return Math.max(1, Math.ceil(total / BLOG_LIST_PAGE_SIZE));
  }

  /** Any post's title by id (the admin edit page); null when there is no such post. */
  async postTitle(id: number): Promise<string | null> {
    const rows = await this.em.createQueryBuilder(BlogPost).select(['title']).where({ id }).execute<{ title: string }[]>('all');
    return rows[0]?.title ?? null;
  }

  /** What a firm profile's head needs, or null when no firm has this slug. */
  async firmHead(slug: string): Promise<FirmHeadData | null> {
    const [row] = await this.em.getConnection().execute<Array<{
      slug: string; name: string; description: string | null; logo_url: string | null; website_url: string | null;
      rating: string | null; score: string | null; founded_year: number | null; last_tested_at: string | null;
    }>>(
      `select "slug", "name", "description", "logo_url", "website_url", "rating", "score", "founded_year",
              to_char("last_tested_at", 'YYYY-MM-DD') as "last_tested_at"
       from "companies" where "slug" = ?`,
      [slug],
    );
    if (!row) return null;
    const num = (v: string | null) => (v === null ? null : Number(v));
    return {
      slug: row.slug, name: row.name, description: row.description, logoUrl: row.logo_url, websiteUrl: row.website_url,
      ...effectiveRating(num(row.score), num(row.rating)), foundedYear: row.founded_year, lastTestedAt: row.last_tested_at,
    };
  }

  /** The names of these firms in the order asked, or null when a slug names no firm. */
  async firmNames(slugs: string[]): Promise<string[] | null> {
    const rows = await this.em.getConnection().execute<Array<{ slug: string; name: string }>>(
      `select "slug", "name" from "companies" where "slug" in (${slugs.map(() => '?').join(', ')})`,
      slugs,
    );
    const bySlug = new Map(rows.map((r) => [r.slug, r.name]));
    return slugs.every((s) => bySlug.has(s)) ? slugs.map((s) => bySlug.get(s)!) : null;
  }

  /** Every firm profile for the pages sitemap, by id: only slugs the /firms/:slug route answers (a sitemap lists no 404). */
  async sitemapFirms(): Promise<SitemapFirm[]> {
    const rows = await this.em.getConnection().execute<Array<{ slug: string; updated_at: Date }>>(
      'select "slug", "updated_at" from "companies" order by "id"',
    );
    return rows.filter((r) => FIRM_SLUG_PATTERN.test(r.slug)).map((r) => ({ slug: r.slug, updatedAt: new Date(r.updated_at) }));
  }

  /** Every active code's page for the pages sitemap (issue #30): an expired or not yet live code is not listed. */
  async sitemapCodes(): Promise<SitemapFirm[]> {
    const rows = await this.em.getConnection().execute<Array<{ slug: string; updated_at: Date }>>(
      `select "slug", "updated_at" from "discounts" where "status" = 'active' and ("valid_until" is null or "valid_until" > now()) order by "id"`,
    );
    return rows.map((r) => ({ slug: r.slug, updatedAt: new Date(r.updated_at) }));
  }

  /** The post children of the sitemap index: one per id range holding published posts, with its newest change. */
  async sitemapPostChildren(): Promise<SitemapChild[]> {
    const rows = await this.em.getConnection().execute<Array<{ page: number; lastmod: Date }>>(
      `select (("id" - 1) / ?)::int + 1 as "page", max("updated_at") as "lastmod" from "blog_posts"
       where ${PUBLISHED_SQL} group by 1 order by 1`,
      [SITEMAP_CHILD_URLS],
    );
    return rows.map((r) => ({ path: postSitemapPath(r.page), lastmod: new Date(r.lastmod) }));
  }

  /** The newest published post's change, overall and per category (the list pages' lastmod). */
  async sitemapNewest(): Promise<SitemapNewest> {
    const rows = await this.em.getConnection().execute<Array<{ category: BlogCategory; lastmod: Date }>>(
      `select "category", max("updated_at") as "lastmod" from "blog_posts" where ${PUBLISHED_SQL} group by 1`,
    );
    const byCategory = Object.fromEntries(rows.map((r) => [r.category, new Date(r.lastmod)]));
    const all = rows.reduce<Date | null>((max, r) => (!max || r.lastmod > max ? new Date(r.lastmod) : max), null);
    return { all, byCategory };
  }

  /**
   * Child `page`'s <url> elements in order of id, one text per SITEMAP_CHUNK_URLS ids, each formatted by
   * PostgreSQL: 10,000 URLs never become 10,000 JavaScript objects, and a response can be streamed chunk by
   * chunk. The chunks are fixed id ranges, so they are all asked at once (each on its own pooled connection)
   * and the child waits for the slowest chunk, not for their sum. Empty ranges give nothing. Slugs that need
   * escaping (none that the API accepts) are formatted here, as renderPostsSitemap does.
   */
  async *sitemapPostChunks(page: number, siteUrl: string): AsyncGenerator<string> {
    const site = siteUrl.replace(/\/+$/, '');
    const prefix = `<url><loc>${escapeXml(`${site}/blog/`)}`;
    const suffix = '<changefreq>monthly</changefreq><priority>0.6</priority></url>';
    const pending: Array<Promise<string | null>> = [];
    for (let after = (page - 1) * SITEMAP_CHILD_URLS; after < page * SITEMAP_CHILD_URLS; after += SITEMAP_CHUNK_URLS) {
      const chunk = this.sitemapChunk(site, prefix, suffix, after, after + SITEMAP_CHUNK_URLS);
      // A client gone before a later chunk is awaited must not leave its failure unhandled (the awaiting code sees it).
      chunk.catch(() => undefined);
      pending.push(chunk);
    }
    for (const chunk of pending) {
      const text = await chunk;
      if (text) yield text;
    }
  }

  /** The <url> elements of the published posts with ids in (after, last], as one text; null when there are none. */
  private async sitemapChunk(site: string, prefix: string, suffix: string, after: number, last: number): Promise<string | null> {
    const [row] = await this.em.getConnection().execute<Array<{ xml: string | null; odd: Array<{ slug: string; updated_at: string }> | null }>>(
      `select string_agg(? || p."slug" || '</loc><lastmod>' || overlay(left((p."updated_at" at time zone 'UTC')::text, 19) placing 'T' from 11)
                || 'Z</lastmod>' || ?, E'\n' order by p."id") filter (where p."slug" ~ '^[a-z0-9-]+$') || E'\n' as "xml",
              json_agg(json_build_object('slug', p."slug", 'updated_at', p."updated_at") order by p."id")
                filter (where p."slug" !~ '^[a-z0-9-]+$') as "odd"
       from "blog_posts" p where ${PUBLISHED_SQL} and p."id" > ? and p."id" <= ?`,
      [prefix, suffix, after, last],
    );
    if (!row?.xml && !row?.odd) return null;
    // The usual chunk is PostgreSQL's text as it came (ending in a newline): copying 750 KB to append one
    // costs as much garbage again.
    if (!row.odd) return row.xml;
    const odd = row.odd.map((r) => `${renderPostUrl(site, { slug: r.slug, updatedAt: new Date(r.updated_at) })}\n`);
    return (row.xml ?? '') + odd.join('');
  }

  /**
   * When what the public pages show next changes without a write: the first listed discount
   * passing its validUntil, or the next scheduled post appearing. Asked before the data it guards.
   */
  async nextContentChange(): Promise<Date | null> {
    const [row] = await this.em.getConnection().execute<Array<{ next: Date | null }>>(
      `select least(
         (select min("valid_until") from "discounts" where "status" in ('active', 'coming_soon') and "valid_until" > now()),
         (select min("published_at") from "blog_posts" where "status" = 'published' and "published_at" > now())
       ) as "next"`,
    );
    return row?.next ? new Date(row.next) : null;
  }

  /** When the next scheduled post appears (the sitemap and the feed change then). */
  async nextScheduledPost(): Promise<Date | null> {
    const [row] = await this.em.getConnection().execute<Array<{ next: Date | null }>>(
      `select min("published_at") as "next" from "blog_posts" where "status" = 'published' and "published_at" > now()`,
    );
    return row?.next ? new Date(row.next) : null;
  }

  async rssPosts(): Promise<RssPost[]> {
    return this.em
      .createQueryBuilder(BlogPost, 'p')
      .select([
        'slug', 'title', 'excerpt', 'metaDescription', 'category', 'authorName', 'publishedAt',
        raw(`left(p.content, ${CONTENT_PREFIX_CHARS}) as content`),
      ])
      .where(publishedWhere())
      .orderBy({ publishedAt: 'desc', id: 'desc' })
      .limit(RSS_ITEM_COUNT)
      .execute<RssPost[]>('all');
  }
}
