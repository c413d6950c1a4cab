import type { BlogPostCardDto, BlogPostDto } from '../../../common/api-types.js';
import type { BlogCategory, BlogStatus } from '../../../common/enums.js';

/** A blog_posts row as the public queries (blog-post.queries.ts) select it. */
export interface PostRow extends CardRow {
  content: string;
  meta_title: string | null;
  meta_description: string | null;
  tags: string[];
  company_ids: Array<number | string> | null;
  status: BlogStatus;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The card columns only. */
export interface CardRow {
  id: number;
  slug: string;
  title: string;
  excerpt: string | null;
  featured_image_url: string | null;
  published_at: Date | string | null;
  author_name: string | null;
  category: BlogCategory;
}

const date = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

export function cardFromRow(r: CardRow): BlogPostCardDto {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt,
    featuredImageUrl: r.featured_image_url,
    publishedAt: r.published_at === null ? null : date(r.published_at),
    authorName: r.author_name,
    category: r.category,
  };
}

/** The same object, key for key, as toBlogPostDto makes from the entity. */
export function postFromRow(r: PostRow): BlogPostDto {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt,
    content: r.content,
    metaTitle: r.meta_title,
    metaDescription: r.meta_description,
    featuredImageUrl: r.featured_image_url,
    publishedAt: r.published_at === null ? null : date(r.published_at),
    authorName: r.author_name,
    category: r.category,
    tags: r.tags,
    companyIds: (r.company_ids ?? []).map(Number),
    status: r.status,
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
  };
}
