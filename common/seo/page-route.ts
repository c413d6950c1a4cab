/**
 * Which page a URL is (docs/spec.md §2 routes), decided the same way by the server (status code and <head>)
 * and by the client (the head kept in step while navigating), against the one list of pages (site-pages.ts) the
 * router also takes its paths from; here each page's parameters are read and checked. Pure: no framework, no DOM.
 */
import { normaliseSearchQuery, SEARCH_MAX_PAGE, SEARCH_TYPES, type SearchType } from '../search.js';
import { FIRM_SLUG_PATTERN } from '../firms.js';
import { BLOG_CATEGORIES, type BlogCategory } from '../enums.js';
import { parseCompareFirms, parseFirmsQuery, type FirmsQueryResult } from '../firms.js';
import { findPage } from './site-pages.js';

export type AdminSection =
  | 'dashboard'
  | 'companies'
  | 'discounts'
  | 'blog-posts'
  | 'new-post'
  | 'edit-post'
  | 'newsletter'
  | 'firm-changes'
  | 'new-firm-change'
  | 'edit-firm-change'
  | 'other';

export type PageRoute =
  | { kind: 'home' | 'about' | 'discounts' | 'login' | 'unsubscribe' | 'methodology' | 'accept-invite' | 'payout-guarantee' | 'simulator'; path: string }
  /** /firms: the comparison table; `query` is the parsed filters (not ok: the page says what is wrong, with a 400). */
  | { kind: 'firms'; path: string; query: FirmsQueryResult }
  | { kind: 'firm'; path: string; slug: string }
  /** /firms/compare?firms=a,b,c; `slugs` null when the parameter is not 2–3 different slugs (a 400). */
  | { kind: 'compare'; path: string; slugs: string[] | null }
  /** The not-found page: unknown paths and malformed list parameters. */
  | { kind: 'notFound'; path: string }
  /**
   * A blog list: /blog (optionally ?category=, ?tag=, ?q=) or a category route (/blog/news ...).
   * `path` is the list's own path; `page` is 1 when absent.
   */
  | { kind: 'blog'; path: string; page: number; category?: BlogCategory; tag?: string; q?: string }
  | { kind: 'post'; path: string; slug: string }
  | { kind: 'admin'; path: string; section: AdminSection; postId?: number }
  /** A signed-in trader's own page (issue #17): per person, never indexed nor kept by a shared cache. */
  | { kind: 'account'; path: string }
  /** A code's page (issue #30): /discounts/<slug>, its record paged by ?page=. */
  | { kind: 'discount'; path: string; slug: string; page: number }
  /** The archive of expired and withdrawn codes (issue #30), paged. */
  | { kind: 'discounts-expired'; path: string; page: number }
  /** How codes are sourced and tested (issue #30). */
  | { kind: 'how-we-test'; path: string }
  /** The site search (issue #29): /search?q=&type=&page=; `error` when the text is too long (a 400 saying so). */
  | { kind: 'search'; path: string; q: string; type?: SearchType; page: number; error?: string };

const ADMIN_SECTIONS: Record<string, AdminSection> = {
  companies: 'companies',
  discounts: 'discounts',
  'blog-posts': 'blog-posts',
  newsletter: 'newsletter',
  'firm-changes': 'firm-changes',
};

/** Longest slug the database holds (blog_posts.slug varchar(200)). */
const MAX_SLUG_LENGTH = 200;

/**
 * The route of a URL path (as the browser sends it, percent-encoded) and its query string.
 * Static segments match case-insensitively, as the client router does; trailing slashes are
 * ignored here (the server redirects them, see trailingSlashRedirect).
 */
export function matchRoute(pathname: string, search: string | URLSearchParams = ''): PageRoute {
  const segments = decodeSegments(pathname);
  const notFound: PageRoute = { kind: 'notFound', path: normalisedPath(pathname) };
  if (!segments) return notFound;
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const lower = segments.map((s) => s.toLowerCase());
  const path = `/${lower.join('/')}`;

  const found = findPage(segments);
  if (!found) return notFound;
  const { page: sitePage, params: { slug = '' } } = found;
  switch (sitePage.kind) {
    case 'admin':
      return adminRoute(lower, path);
    case 'discounts-expired':
    case 'discount': {
      const page = parsePage(params.get('page'));
      if (page === undefined) return notFound;
      if (sitePage.kind === 'discounts-expired') return { kind: 'discounts-expired', path, page };
      // Code slugs are lower-case ASCII (common/code-record.ts discountSlug); anything else names no code.
      if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) || slug.length > MAX_SLUG_LENGTH) return notFound;
      return { kind: 'discount', path: `/discounts/${slug}`, slug, page };
    }
    case 'search':
      return searchRoute(params, path);
    case 'firms':
      // A page URL may carry tracking tags (utm_…): unknown parameters are not the visitor's mistake.
      return { kind: 'firms', path, query: parseFirmsQuery(params, { ignoreUnknown: true }) };
    case 'compare':
      // The plain form sends one `firms` per choice; a shared link one comma list.
      return { kind: 'compare', path, slugs: parseCompareFirms(params.getAll('firms').join(',')) };
    case 'firm':
      // Firm slugs are lower-case ASCII (docs/spec.md §4's slug rule); anything else names no firm.
      if (!FIRM_SLUG_PATTERN.test(slug)) return notFound;
      return { kind: 'firm', path: `/firms/${slug}`, slug };
    case 'blog':
      return blogList(params, path, sitePage.category) ?? notFound;
    case 'post':
      if (slug.length > MAX_SLUG_LENGTH) return notFound;
      return { kind: 'post', path: `/blog/${encodeURIComponent(slug)}`, slug };
    default:
      return { kind: sitePage.kind, path };
  }
}

/**
 * Old-style URLs with a trailing slash (`/blog/`, `/about/?x=1`) move for good to the path
 * without it, keeping the query string. Always a same-site path (never `//host`).
 */
export function trailingSlashRedirect(pathname: string, search = ''): string | null {
  if (pathname === '/' || !pathname.endsWith('/')) return null;
  const clean = `/${pathname.split('/').filter(Boolean).join('/')}`;
  return clean + (search && !search.startsWith('?') ? `?${search}` : search);
}

/** The page number of a list, or undefined when the parameter is present but not a positive integer. */
export function parsePage(value: string | null): number | undefined {
  if (value === null || value === '') return 1;
  if (!/^\d{1,9}$/.test(value)) return undefined;
  const page = Number(value);
  return page >= 1 ? page : undefined;
}

function blogList(params: URLSearchParams, path: string, routeCategory?: BlogCategory): PageRoute | undefined {
  const page = parsePage(params.get('page'));
  if (page === undefined) return undefined;
  const route: PageRoute = { kind: 'blog', path, page };
  if (routeCategory) {
    route.category = routeCategory;
    return route;
  }
  const category = params.get('category')?.trim().toLowerCase();
  if (category && (BLOG_CATEGORIES as readonly string[]).includes(category)) route.category = category as BlogCategory;
  const tag = params.get('tag')?.trim();
  if (tag) route.tag = tag;
  const q = params.get('q')?.trim();
  if (q) route.q = q;
  return route;
}

function adminRoute(lower: string[], path: string): PageRoute {
  if (lower.length === 1) return { kind: 'admin', path, section: 'dashboard' };
  const section = ADMIN_SECTIONS[lower[1]] ?? 'other';
  if (section === 'blog-posts' && lower.length === 3 && lower[2] === 'new') return { kind: 'admin', path, section: 'new-post' };
  if (section === 'firm-changes' && lower.length === 3) return { kind: 'admin', path, section: lower[2] === 'create' ? 'new-firm-change' : 'edit-firm-change' };
  if (section === 'blog-posts' && lower.length === 4 && lower[3] === 'edit') {
    const postId = /^\d{1,9}$/.test(lower[2]) ? Number(lower[2]) : undefined;
    return postId ? { kind: 'admin', path, section: 'edit-post', postId } : { kind: 'admin', path, section: 'edit-post' };
  }
  return { kind: 'admin', path, section };
}

/** Decoded, non-empty path segments; undefined for a malformed escape. `/` gives []. */
function decodeSegments(pathname: string): string[] | undefined {
  const parts = pathname.split('/').filter(Boolean);
  try {
    const decoded = parts.map((p) => decodeURIComponent(p));
    return decoded.some((s) => s.includes('/') || s.trim() === '') ? undefined : decoded;
  } catch {
    return undefined;
  }
}

function normalisedPath(pathname: string): string {
  return `/${pathname.split('/').filter(Boolean).join('/')}`;
}

/** /search's parameters: any text (checked by common/search.ts), an optional kind, a page (unknown ones are ignored). */
function searchRoute(params: URLSearchParams, path: string): PageRoute {
  const query = normaliseSearchQuery(params.get('q') ?? '');
  const rawType = params.get('type') ?? '';
  const type = (SEARCH_TYPES as readonly string[]).includes(rawType) ? (rawType as SearchType) : undefined;
  const page = Math.min(parsePage(params.get('page')) ?? 1, SEARCH_MAX_PAGE);
  if (!query.ok) return { kind: 'search', path, q: '', type, page: 1, error: query.message };
  return { kind: 'search', path, q: query.q, type, page };
}
