import { Entity, Enum, Index, Property, Unique, type Opt } from '@mikro-orm/core';
import type { AdminBlogPostListItem, BlogPostDto, BlogPostJson } from '../../../common/api-types.js';
import { BLOG_CATEGORIES, BLOG_STATUSES, type BlogCategory, type BlogStatus } from '../../../common/enums.js';
import { SEARCH_CONFIG } from '../../../common/search.js';
import { BaseEntity } from '../db/base.entity.js';

/** Weighted (Migration20261129020000): a title match ranks above an excerpt match, which ranks above the body. */
const SEARCH_DOCUMENT =
  `setweight(to_tsvector('${SEARCH_CONFIG}'::regconfig, coalesce(title, '')), 'A') || ` +
  `setweight(to_tsvector('${SEARCH_CONFIG}'::regconfig, coalesce(excerpt, '')), 'B') || ` +
  `setweight(to_tsvector('${SEARCH_CONFIG}'::regconfig, ` +
  `regexp_replace(regexp_replace(content, '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g')), 'C')`;

@Entity({ tableName: 'blog_posts' })
@Index({ properties: ['status', 'publishedAt'] })
@Index({ properties: ['status', 'category', 'publishedAt'] })
// Admin list sorts (Migration20261122220000): (field, id) serves both directions; trigram for the title/author search.
@Index({ name: 'blog_posts_created_at_id_index', properties: ['createdAt', 'id'] })
@Index({ name: 'blog_posts_title_id_index', properties: ['title', 'id'] })
@Index({ name: 'blog_posts_published_at_id_index', properties: ['publishedAt', 'id'] })
@Index({
  name: 'blog_posts_published_at_desc_id_index',
  expression: 'create index "blog_posts_published_at_desc_id_index" on "blog_posts" ("published_at" desc nulls last, "id" desc)',
})
@Index({ name: 'blog_posts_status_id_index', properties: ['status', 'id'] })
@Index({ name: 'blog_posts_category_id_index', properties: ['category', 'id'] })
@Index({
  name: 'blog_posts_title_trgm_index',
  expression: 'create index "blog_posts_title_trgm_index" on "blog_posts" using gin ("title" gin_trgm_ops)',
})
@Index({
  name: 'blog_posts_author_name_trgm_index',
  expression: 'create index "blog_posts_author_name_trgm_index" on "blog_posts" using gin ("author_name" gin_trgm_ops)',
})
// What in a post can name a firm (Migration20261127220000): a new or renamed firm finds its posts through it.
@Index({
  name: 'blog_posts_firm_keys_index',
  expression: 'create index "blog_posts_firm_keys_index" on "blog_posts" using gin (blog_post_firm_keys("tags", "content"))',
})
export class BlogPost extends BaseEntity {
  @Unique()
  @Property({ type: 'string', length: 200 })
  slug!: string;

  @Property({ type: 'string', length: 300 })
  title!: string;

  @Property({ type: 'text', nullable: true })
  excerpt: string | null = null;

  /** Sanitised HTML: safe to render as it is stored. */
  @Property({ type: 'text' })
  content!: string;

  @Property({ type: 'string', length: 300, nullable: true })
  metaTitle: string | null = null;

  @Property({ type: 'text', nullable: true })
  metaDescription: string | null = null;

  @Property({ type: 'text', nullable: true })
  featuredImageUrl: string | null = null;

  /** When the post goes (or went) public; a future date schedules it. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  publishedAt: Date | null = null;

  /**
   * When the publication took effect: at the save for a post published now; for one scheduled ahead, when its
   * pg-boss job (or the catch-up at start) published it (backend/src/publishing). Null while it waits.
   */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true, hidden: true })
  wentLiveAt: Date | null = null;

  @Property({ type: 'string', length: 120, nullable: true })
  authorName: string | null = null;

  @Enum({ items: [...BLOG_CATEGORIES], default: 'general' })
  category: BlogCategory & Opt = 'general';

  /** The firms the post is about (issue #18): their profiles list it, and it links to them. */
  @Index({ name: 'blog_posts_company_ids_index', type: 'gin' })
  @Property({ type: 'integer[]', default: '{}' })
  companyIds: number[] & Opt = [];

  @Index({ name: 'blog_posts_tags_index', type: 'gin' })
  @Property({ type: 'text[]', default: '{}' })
  tags: string[] & Opt = [];

  @Enum({ items: [...BLOG_STATUSES], default: 'draft' })
  status: BlogStatus & Opt = 'draft';

  /**
   * Full-text search document for the public `q` filter: title, excerpt and the text of the
   * content (tags and entities stripped), kept up to date by PostgreSQL itself. Never loaded.
   */
  @Index({ name: 'blog_posts_search_vector_index', type: 'gin' })
  @Property({
    type: 'unknown',
    columnType: 'tsvector',
    generated: `(${SEARCH_DOCUMENT}) stored`,
    lazy: true,
    hidden: true,
    nullable: true,
  })
  searchVector?: unknown & Opt;
}

/** The post as the public (superjson) calls send it: dates stay dates. */
export function toBlogPostDto(p: BlogPost): BlogPostDto {
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt,
    content: p.content,
    metaTitle: p.metaTitle,
    metaDescription: p.metaDescription,
    featuredImageUrl: p.featuredImageUrl,
    publishedAt: p.publishedAt,
    authorName: p.authorName,
    category: p.category,
    tags: p.tags,
    companyIds: (p.companyIds ?? []).map(Number),
    status: p.status,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

/** The post as the admin (plain JSON) calls send it. */
export function toBlogPostJson(p: BlogPost): BlogPostJson {
  const dto = toBlogPostDto(p);
  return {
    ...dto,
    publishedAt: dto.publishedAt ? dto.publishedAt.toISOString() : null,
    createdAt: dto.createdAt.toISOString(),
    updatedAt: dto.updatedAt.toISOString(),
    version: p.version,
  };
}

/** A row of the paged admin list: loaded without `content` (see BlogPostsService.list). */
export function toBlogPostListItem(p: Omit<BlogPost, 'content'>): AdminBlogPostListItem {
  // The mapping reads content only to copy it, and it is dropped here.
  const { content: _content, ...item } = toBlogPostJson(p as BlogPost);
  return item;
}
