import { EntityManager, raw, sql, type ObjectQuery } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BLOG_LIST_PAGE_SIZE } from '../../../common/constants.js';
import type { BlogCategory } from '../../../common/enums.js';
import { RSS_ITEM_COUNT, type RssPost, type SitemapPost } from '../../../common/seo/feeds.js';
import type { PostHeadData } from '../../../common/seo/page-head.js';
import { BlogPost } from '../blog-posts/blog-post.entity.js';

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

  async sitemapPosts(): Promise<SitemapPost[]> {
    return this.em
      .createQueryBuilder(BlogPost)
      .select(['slug', 'category', 'updatedAt'])
      .where(publishedWhere())
      .orderBy({ publishedAt: 'desc', id: 'desc' })
      .execute<SitemapPost[]>('all');
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
