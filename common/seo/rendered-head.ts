/**
 * A server render's head data, taken from what the page itself read (its queries), so the status code and
 * <head> say what the body shows. The server entry (frontend/src/entry-server.tsx) computes it and returns it
 * with the HTML (RenderedPage.head, common/seo/data-source.ts); the backend only reads the answer.
 */
import type { BlogListResponse, BlogPostWithRelated } from '../api-types.js';
import type { CodePageDto, ExpiredPageDto } from '../code-record.js';
import type { FirmCompareDto, FirmProfileDto } from '../firm-api-types.js';
import type { FirmHeadData, PageHeadData, PostHeadData } from './page-head.js';
import type { PageRoute } from './page-route.js';

/** What the page's queries hold; null: read and failed (no such post, firm, code or firms). */
export interface PageReads {
  post?: BlogPostWithRelated | null;
  list?: BlogListResponse;
  firm?: FirmProfileDto | null;
  discount?: CodePageDto | null;
  expired?: ExpiredPageDto;
  compare?: FirmCompareDto | null;
}

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

/** The head's data from what the render read: the post it shows, whether a list page is past the end. */
export function headDataFromReads(route: PageRoute, reads: PageReads): PageHeadData {
  if (route.kind === 'post') return { post: reads.post ? postHeadData(reads.post) : null };
  if (route.kind === 'blog' && route.page > 1 && !route.q && reads.list) return { pageOutOfRange: route.page > reads.list.pagination.totalPages };
  if (route.kind === 'firm') return { firm: reads.firm ? firmHeadData(reads.firm) : null };
  if (route.kind === 'discount' && reads.discount !== undefined) {
    const p = reads.discount;
    return { discount: p ? { title: p.discount.title, firmName: p.discount.company.name, description: p.discount.description, ended: p.ended } : null };
  }
  if (route.kind === 'discounts-expired' && route.page > 1 && reads.expired) return { pageOutOfRange: route.page > reads.expired.pages };
  if (route.kind === 'compare' && route.slugs) return { compareNames: reads.compare ? reads.compare.firms.map((f) => f.firm.name) : null };
  return {};
}

function firmHeadData({ firm }: FirmProfileDto): FirmHeadData {
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

function postHeadData(p: BlogPostWithRelated): PostHeadData {
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
