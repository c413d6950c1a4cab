/**
 * The public pages' queries (key, fetcher, docs/spec.md §7 caching), shared by the components, the route
 * loaders in the browser and the server render, so data fetched on the server is found under the
 * same key when the browser hydrates.
 */
import type { SearchType } from '../../../common/search.js';
import { queryOptions } from '@tanstack/react-query';
import type { BlogListFilter } from '../../../common/blog-view.js';
import { httpSource, type DataSource } from './data-source.js';
import { retryServerErrors } from './retry.js';

export const SESSION_KEY = ['session'] as const;

/** docs/spec.md §4: fetched once, never stale, retried once. */
export const sessionQuery = (source: DataSource = httpSource) =>
  queryOptions({ queryKey: SESSION_KEY, queryFn: () => source.session(), staleTime: Infinity, retry: 1 });

export const companiesQuery = (source: DataSource = httpSource) =>
  queryOptions({ queryKey: ['companies'], queryFn: () => source.companies() });

export const FOLLOWS_KEY = ['me', 'follows'] as const;

/** The trader's follows (issue #19): read by every Follow button after hydration, and by /account's server render. */
export const followsQuery = (source: DataSource = httpSource) =>
  queryOptions({ queryKey: FOLLOWS_KEY, queryFn: () => source.myFollows() });

export const discountsQuery = (source: DataSource = httpSource) =>
  queryOptions({ queryKey: ['discounts'], queryFn: () => source.discounts(), retry: 1 });

/** The search page's results (issue #29); the header box's suggestions are fetched by the box itself. */
export const searchResultsQuery = (q: string, type: SearchType | undefined, page: number, source: DataSource = httpSource) =>
  queryOptions({ queryKey: ['search', { q, type, page }], queryFn: () => source.search(q, type, page), retry: retryServerErrors });

/** Every blog list page's key starts so (a server render reads one list at most). */
export const BLOG_LIST_KEY = ['blog-posts'] as const;

export const blogListQuery = (page: number, limit: number, filter: BlogListFilter, source: DataSource = httpSource) => {
  const { category, tag, q } = filter;
  return queryOptions({
    queryKey: [...BLOG_LIST_KEY, { page, limit, category, tag, q }],
    queryFn: () => source.blogList(page, limit, { category, tag, q }),
    retry: retryServerErrors,
  });
};

/**
 * One query for a post: the post page and the head (PageHead) share it, so a post is fetched once.
 * A failure the server already met (a missing post) is not fetched again when the page hydrates.
 */
export const blogPostQuery = (slug: string, source: DataSource = httpSource) =>
  queryOptions({ queryKey: ['blog-post', slug], queryFn: () => source.blogPost(slug), retry: retryServerErrors, retryOnMount: false });

/** Who an invitation link is for (issue #35): the /accept-invite page says it before the password is set. */
export const invitationQuery = (token: string, source: DataSource = httpSource) =>
  queryOptions({ queryKey: ['invitation', token], queryFn: () => source.invitation(token), retry: retryServerErrors, staleTime: Infinity });

/** The payout guarantee's live figures: the page and GET /_api/payout-guarantee/stats read the same function. */
export const guaranteeStatsQuery = (source: DataSource = httpSource) =>
  queryOptions({ queryKey: ['payout-guarantee-stats'], queryFn: () => source.guaranteeStats(), retry: retryServerErrors });

/** A code's page (issue #30): the card, its prices, the first page of its record and its history. */
export const discountPageQuery = (slug: string, source: DataSource = httpSource) =>
  queryOptions({ queryKey: ['discount-page', slug], queryFn: () => source.discountPage(slug), retry: retryServerErrors, retryOnMount: false });

/** One page of a code's public record. */
export const discountRecordQuery = (id: number, page: number, source: DataSource = httpSource) =>
  queryOptions({ queryKey: ['discount-record', id, page], queryFn: () => source.discountRecord(id, page), retry: retryServerErrors });

/** A page of the archive of expired codes. */
export const expiredDiscountsQuery = (page: number, source: DataSource = httpSource) =>
  queryOptions({ queryKey: ['discounts-expired', page], queryFn: () => source.expiredDiscounts(page), retry: retryServerErrors });

/** A firm's profile (issue #10). A missing firm the server already met is not fetched again when the page hydrates. */
export const firmQuery = (slug: string, source: DataSource = httpSource) =>
  queryOptions({ queryKey: ['firm', slug], queryFn: () => source.firm(slug), retry: retryServerErrors, retryOnMount: false });

export const compareQuery = (slugs: string[], source: DataSource = httpSource) =>
  queryOptions({ queryKey: ['firms-compare', slugs.join(',')], queryFn: () => source.compare(slugs), retry: retryServerErrors, retryOnMount: false });
