/**
 * Pure rules of the public blog pages (docs/spec.md §2 "Blog list", §5 "Blog list query"): the page number
 * read from the URL, the list call with only the parameters that were given, the card date and the
 * pagination links. No framework, no DOM.
 */
import { BLOG_DEFAULT_PAGE } from './constants.js';
import { BLOG_CATEGORIES, type BlogCategory } from './enums.js';
import { BLOG_TEXT } from './messages.js';
import { slugify } from './slugify.js';
import { formatLongUtcDate } from './utc-date.js';

export interface BlogListFilter {
  category?: BlogCategory;
  tag?: string;
  q?: string;
}

/**
 * What a blog list URL asks for: `?category`, `?tag`, `?q` (trimmed; an unknown category is ignored),
 * or only the category of a category route (/blog/news, /blog/guides, /blog/reviews).
 */
export function blogListFilter(params: URLSearchParams, routeCategory?: BlogCategory): BlogListFilter {
  const filter: BlogListFilter = {};
  const category = routeCategory ?? params.get('category')?.trim().toLowerCase();
  if (category && (BLOG_CATEGORIES as readonly string[]).includes(category)) filter.category = category as BlogCategory;
  if (routeCategory) return filter;
  const tag = params.get('tag')?.trim();
  if (tag) filter.tag = tag;
  const q = params.get('q')?.trim();
  if (q) filter.q = q;
  return filter;
}

/**
 * What an empty page of a list says (SPEC §2's 'There are no published posts to display at this time.' only
 * when there is nothing to show at all): a page past the end, a search or a tag that found nothing say so,
 * and lead back to all posts (`allPosts`).
 */
export function blogEmptyText(page: number, totalPages: number, filter: BlogListFilter): { text: string; allPosts: boolean } {
  if (totalPages >= 1 && page > totalPages) return { text: BLOG_TEXT.pastTheEnd(page, totalPages), allPosts: true };
  if (filter.q) return { text: BLOG_TEXT.noSearchResults(filter.q), allPosts: true };
  if (filter.tag) return { text: BLOG_TEXT.noTaggedPosts(filter.tag), allPosts: true };
  return { text: BLOG_TEXT.emptyText, allPosts: !!filter.category };
}

/** GET /_api/blog-posts with only the provided parameters (SPEC §7); blank filters are not sent. */
export function blogListApiPath(page: number, limit: number, filter: BlogListFilter = {}): string {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  for (const key of ['category', 'tag', 'q'] as const) {
    const value = filter[key]?.trim();
    if (value) params.set(key, value);
  }
  return `/_api/blog-posts?${params}`;
}

/** docs/spec.md §2: published date in long US format ('January 5, 2025'), 'N/A' when missing or unreadable. */
export function formatPublishedDate(value: Date | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return BLOG_TEXT.dateMissing;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? BLOG_TEXT.dateMissing : formatLongUtcDate(date);
}

/**
 * The link to another page of the same list: `?page={n}` with the other query parameters kept.
 * Page 1 drops the parameter, so it matches the list's canonical URL.
 */
export function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page > BLOG_DEFAULT_PAGE) params.set('page', String(page));
  else params.delete('page');
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Where a tag link goes (docs/spec.md §2): /blog?tag={tag}. */
export function blogTagPath(tag: string): string {
  return `/blog?${new URLSearchParams({ tag })}`;
}

/** Where the sidebar search goes (docs/spec.md §2): /blog?q={text}, or nowhere when the text is blank. */
export function blogSearchPath(text: string): string | undefined {
  const q = text.trim();
  return q ? `/blog?${new URLSearchParams({ q })}` : undefined;
}

/**
 * Anchor ids for a post's headings, so `/blog/{slug}#payout-speed` can scroll to its section:
 * the heading text slugified, made unique in the page, never clashing with ids already taken.
 */
export function headingIds(texts: string[], taken: Iterable<string> = []): string[] {
  const used = new Set(taken);
  return texts.map((text) => {
    const base = slugify(text) || 'section';
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  });
}

/** The sidebar's category links, in reading order, with the names of their lists. */
export const BLOG_SIDEBAR_CATEGORIES: readonly { category: BlogCategory; name: string }[] = [
  { category: 'news', name: 'News' },
  { category: 'guide', name: 'Guides' },
  { category: 'review', name: 'Reviews' },
  { category: 'general', name: 'General' },
];

/** The name of a category's list ('Reviews'), as the sidebar and the breadcrumbs show it. */
export function blogCategoryListName(category: BlogCategory): string {
  return BLOG_SIDEBAR_CATEGORIES.find((c) => c.category === category)?.name ?? category;
}

/**
 * The one place a search's count becomes text (issue #21): exact up to the cap, then "1,000+ results".
 * `total` is at most the cap; `more` says matches went uncounted past it.
 */
export function searchCountLabel(summary: { total: number; more: boolean }): string {
  const count = `${summary.total.toLocaleString('en-US')}${summary.more ? '+' : ''}`;
  return BLOG_TEXT.searchCount(count, summary.total === 1 && !summary.more);
}
