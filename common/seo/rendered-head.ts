/**
 * A server render's head data, taken from what the page itself read (its queries), so the status code and
 * <head> say what the body shows. The server entry (frontend/src/entry-server.tsx) computes it with each page's
 * head builder (frontend/src/pages.tsx, which a navigation's head uses too) and returns it with the HTML
 * (RenderedPage.head, common/seo/data-source.ts); the backend only reads the answer.
 */
import type { BlogPostWithRelated } from '../api-types.js';
import type { FirmProfileDto } from '../firm-api-types.js';
import type { FirmHeadData, PageHeadData, PostHeadData } from './page-head.js';

/** What the server needs to know besides the HTML: the head's data, and whether the page may be indexed and kept. */
export interface RenderedHead {
  data: PageHeadData;
  /** A content read failed on the server's side (database down...): a 503, not worth indexing. */
  failed: boolean;
  /** The post shown is not public (an admin's or a preview link's draft): never indexed nor kept by a cache. */
  preview: boolean;
}

/** Only this much of a post's HTML is needed for a description of last resort. */
const CONTENT_PREFIX_CHARS = 2000;

/**
 * A post no visitor could see yet: a draft, or published with a date to come (as the post page marks it Preview).
 * The in-process source hands the post over with Dates, the browser with text: both read the same.
 */
export function isPreviewPost(p: Pick<BlogPostWithRelated, 'status'> & { publishedAt: Date | string | null }, now: Date): boolean {
  return p.status !== 'published' || !p.publishedAt || new Date(p.publishedAt) > now;
}

/** What a firm profile's head shows of the profile (the server render and a navigation alike). */
export function firmHeadData({ firm }: FirmProfileDto): FirmHeadData {
  return {
    slug: firm.slug,
    name: firm.name,
    description: firm.description,
    logoUrl: firm.logoUrl,
    websiteUrl: firm.websiteUrl,
    rating: firm.rating,
    ratingSource: firm.ratingSource,
    foundedYear: firm.foundedYear,
    lastTestedAt: firm.lastTestedAt,
  };
}

/** What a post's head shows of the post: its HTML only as far as a description could need. */
export function postHeadData(p: BlogPostWithRelated): PostHeadData {
  return {
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt,
    content: p.content.slice(0, CONTENT_PREFIX_CHARS),
    metaTitle: p.metaTitle,
    metaDescription: p.metaDescription,
    featuredImageUrl: p.featuredImageUrl,
    publishedAt: p.publishedAt,
    updatedAt: p.updatedAt,
    authorName: p.authorName,
    category: p.category,
    tags: p.tags,
  };
}
