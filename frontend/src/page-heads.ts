/**
 * What a page's <head> names from what the page read: one query of the page's own (the one its body shows, so one
 * fetch) and the builder of its head data. The page list (pages.tsx) names these per page; the server render
 * (entry-server.tsx) and a navigation's head (lib/RouteHead.tsx) use the same one, so both say the same. Pure data
 * and functions: no page components, so the head chunk and tests take them without the pages.
 */
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { BLOG_LIST_PAGE_SIZE } from '../../common/constants.js';
import type { PageHeadData } from '../../common/seo/page-head.js';
import type { PageRoute } from '../../common/seo/page-route.js';
import { firmHeadData, postHeadData } from '../../common/seo/rendered-head.js';
import { ApiRequestError } from './lib/api.js';
import type { DataSource } from './lib/data-source.js';
import { blogListQuery, blogPostQuery, compareQuery, discountPageQuery, expiredDiscountsQuery, firmQuery } from './lib/queries.js';

/** A head query's answer as far as it has come. */
export interface HeadAnswer<T> {
  data: T | undefined;
  error: unknown;
  pending: boolean;
  /** Read by the server render (a failure there is a 503 page), not after a navigation. */
  server: boolean;
}

/** What a page's head names, from one of the page's own queries (the same one the body shows: one fetch). */
export interface PageHead<T = unknown, K extends QueryKey = QueryKey> {
  /** The query for this address; undefined: this address's head names nothing read. */
  query(route: PageRoute, source?: DataSource): UseQueryOptions<T, Error, T, K> | undefined;
  data(route: PageRoute, answer: HeadAnswer<T>): PageHeadData;
  /** Navigating, the head waits for the answer (false: it shows a loading head meanwhile). */
  waits: boolean;
  /** Only the server's status code uses it (a list past its end): navigating, the page shows its own not-found text. */
  serverOnly?: boolean;
}

// Each head is typed by its own query; the page list only needs them told apart by page.
const head = <T, K extends QueryKey>(spec: PageHead<T, K>) => spec as unknown as PageHead;

/** A blog list past its end (a 404), judged by the server. */
export const BLOG_LIST_HEAD = head({
  // Page 1 always exists (an empty list shows its empty state); search pages are not counted.
  query: (route, source) =>
    route.kind === 'blog' && route.page > 1 && !route.q
      ? blogListQuery(route.page, BLOG_LIST_PAGE_SIZE, { category: route.category, tag: route.tag }, source)
      : undefined,
  data: (route, { data }) => (route.kind === 'blog' && data ? { pageOutOfRange: route.page > data.pagination.totalPages } : {}),
  waits: true,
  serverOnly: true,
});

/**
 * The admin's edit page names its post, a loading title meanwhile. Only an admin may learn a (possibly draft) post's
 * title from the page; the server's head reads it itself (SitePagesService).
 */
export const ADMIN_HEAD = head({
  query: (route) =>
    route.kind === 'admin' && route.section === 'edit-post' && route.postId !== undefined
      ? {
          queryKey: ['page-head', 'admin-post', route.postId],
          queryFn: async () => (await import('./lib/page-head.js')).fetchAdminPostTitle(route.postId!),
          retry: false,
        }
      : undefined,
  data: (_route, { data, pending }) => ({ adminPostTitle: data ?? null, adminPostLoading: pending }),
  waits: false,
});

/** The archive past its last page (a 404), judged by the server. */
export const EXPIRED_DISCOUNTS_HEAD = head({
  query: (route, source) => (route.kind === 'discounts-expired' && route.page > 1 ? expiredDiscountsQuery(route.page, source) : undefined),
  data: (route, { data }) => (route.kind === 'discounts-expired' && data ? { pageOutOfRange: route.page > data.pages } : {}),
  waits: true,
  serverOnly: true,
});

/** A code page names its code (issue #30). */
export const DISCOUNT_HEAD = head({
  query: (route, source) => (route.kind === 'discount' ? discountPageQuery(route.slug, source) : undefined),
  data: (_route, { data: c }) => ({
    discount: c ? { title: c.discount.title, firmName: c.discount.company.name, description: c.discount.description, ended: c.ended } : null,
  }),
  waits: true,
});

/**
 * A comparison names its firms. A slug that names no firm is no page (404); on the server any failure is (its 503
 * says why), while a navigation that failed otherwise keeps the comparison's own head.
 */
export const COMPARE_HEAD = head({
  query: (route, source) => (route.kind === 'compare' && route.slugs ? compareQuery(route.slugs, source) : undefined),
  data: (_route, { data, error, server }) => {
    if (data) return { compareNames: data.firms.map((f) => f.firm.name) };
    return server || (error instanceof ApiRequestError && error.status === 404) ? { compareNames: null } : {};
  },
  waits: true,
});

/** A firm profile names its firm. */
export const FIRM_HEAD = head({
  query: (route, source) => (route.kind === 'firm' ? firmQuery(route.slug, source) : undefined),
  data: (_route, { data }) => ({ firm: data ? firmHeadData(data) : null }),
  waits: true,
});

/** A post names itself; one that failed to load is missing (a 404 head). */
export const POST_HEAD = head({
  query: (route, source) => (route.kind === 'post' ? blogPostQuery(route.slug, source) : undefined),
  data: (_route, { data }) => ({ post: data ? postHeadData(data) : null }),
  waits: true,
});
