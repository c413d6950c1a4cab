/**
 * The site's pages, listed once: each page's id (the react-router route id), its path pattern and the kind of
 * page it is (PageRoute['kind'], which the <head>, status code and head data are keyed by, page-head.ts). The
 * browser's and the server's router (frontend/src/routes.tsx) take their paths from here, and matchRoute
 * (page-route.ts, used by the server and by the head kept in step while navigating) matches against it, so a
 * path is written in one place. Pure: no framework.
 */
import type { BlogCategory } from '../enums.js';

export interface SitePage {
  id: string;
  /** `/a/b`, `:name` for one segment, a trailing `*` for any rest. Static segments match case-insensitively. */
  path: string;
  kind: SitePageKind;
  /** A category list's own category (/blog/news...). */
  category?: Exclude<BlogCategory, 'general'>;
}

export type SitePageKind =
  | 'home' | 'about' | 'discounts' | 'login' | 'unsubscribe' | 'methodology' | 'accept-invite' | 'payout-guarantee' | 'simulator'
  | 'firms' | 'firm' | 'compare' | 'blog' | 'post' | 'admin' | 'account' | 'discount' | 'discounts-expired' | 'how-we-test' | 'search';

export const SITE_PAGES = [
  { id: 'admin', path: '/admin/*', kind: 'admin' },
  { id: 'home', path: '/', kind: 'home' },
  { id: 'discounts', path: '/discounts', kind: 'discounts' },
  { id: 'discounts-expired', path: '/discounts/expired', kind: 'discounts-expired' },
  { id: 'discount', path: '/discounts/:slug', kind: 'discount' },
  { id: 'how-we-test', path: '/how-we-test-codes', kind: 'how-we-test' },
  { id: 'firms', path: '/firms', kind: 'firms' },
  { id: 'firms-compare', path: '/firms/compare', kind: 'compare' },
  { id: 'firm', path: '/firms/:slug', kind: 'firm' },
  { id: 'methodology', path: '/methodology', kind: 'methodology' },
  { id: 'simulator', path: '/simulator', kind: 'simulator' },
  { id: 'payout-guarantee', path: '/payout-guarantee', kind: 'payout-guarantee' },
  { id: 'about', path: '/about', kind: 'about' },
  { id: 'unsubscribe', path: '/newsletter/unsubscribe', kind: 'unsubscribe' },
  { id: 'account', path: '/account', kind: 'account' },
  { id: 'login', path: '/login', kind: 'login' },
  { id: 'accept-invite', path: '/accept-invite', kind: 'accept-invite' },
  { id: 'blog', path: '/blog', kind: 'blog' },
  { id: 'blog-news', path: '/blog/news', kind: 'blog', category: 'news' },
  { id: 'blog-guides', path: '/blog/guides', kind: 'blog', category: 'guide' },
  { id: 'blog-reviews', path: '/blog/reviews', kind: 'blog', category: 'review' },
  { id: 'post', path: '/blog/:slug', kind: 'post' },
  { id: 'search', path: '/search', kind: 'search' },
] as const satisfies readonly SitePage[];

export type SitePageId = (typeof SITE_PAGES)[number]['id'];

/** A page's path as a react-router child route writes it (relative: no leading slash). */
export function routePath(id: SitePageId): string {
  return SITE_PAGES.find((p) => p.id === id)!.path.slice(1);
}

/**
 * The page that decoded path segments are, as react-router ranks them: a static segment beats a parameter
 * (/firms/compare is not a firm), a splat matches any rest; the params keep their case. Undefined: no page.
 */
export function findPage(segments: string[]): { page: SitePage; params: Record<string, string> } | undefined {
  let best: { page: SitePage; params: Record<string, string>; score: number } | undefined;
  for (const page of SITE_PAGES as readonly SitePage[]) {
    const pattern = page.path.split('/').filter(Boolean);
    const splat = pattern.at(-1) === '*';
    const fixed = splat ? pattern.slice(0, -1) : pattern;
    if (splat ? segments.length < fixed.length : segments.length !== fixed.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    const matches = fixed.every((part, i) => {
      if (part.startsWith(':')) return (params[part.slice(1)] = segments[i]!), true;
      score++;
      return part === segments[i]!.toLowerCase();
    });
    if (matches && (!best || score > best.score)) best = { page, params, score };
  }
  return best && { page: best.page, params: best.params };
}
