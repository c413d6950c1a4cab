/**
 * The site's pages as the front end serves them: for each page of the one list (common/seo/site-pages.ts, which
 * gives its id, path and kind), what it reads before it renders (its data), what its <head> names from that read
 * (its head, built in page-heads.ts) and what it shows (its view). The router (routes.tsx) makes its routes from these; the server render
 * (entry-server.tsx) and the head kept in step while navigating (lib/RouteHead.tsx) take a page's head data from
 * the same entry, so nothing else keeps a table keyed by page.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { Suspense, lazy, type ComponentType } from 'react';
import type { Params, RouteObject } from 'react-router-dom';
import { blogListFilter } from '../../common/blog-view.js';
import { BLOG_LIST_PAGE_SIZE } from '../../common/constants.js';
import type { BlogCategory } from '../../common/enums.js';
import type { SitePageId } from '../../common/seo/site-pages.js';
import type { DataSource } from './lib/data-source.js';
import {
  blogListQuery, blogPostQuery, companiesQuery, compareQuery, discountPageQuery, discountRecordQuery, discountsQuery, expiredDiscountsQuery,
  firmQuery, guaranteeStatsQuery, invitationQuery, searchResultsQuery, sessionQuery,
} from './lib/queries.js';
import {
  ADMIN_HEAD, BLOG_LIST_HEAD, COMPARE_HEAD, DISCOUNT_HEAD, EXPIRED_DISCOUNTS_HEAD, FIRM_HEAD, POST_HEAD, type PageHead,
} from './page-heads.js';
import { HomePage } from './site/pages/HomePage.js';

/** What a page's data reads with: the request, the one source (in-process on the server, HTTP in the browser). */
export interface PageDataArgs {
  url: URL;
  params: Params;
  source: DataSource;
  queryClient: QueryClient;
  /** Puts one query's data in the cache: waited for on the server, only started in the browser. */
  load: (query: { queryKey: QueryKey }) => Promise<null>;
}

/** A page entry: `data` is the route's loader, `view` its component (lazily loaded: its own chunk). */
export interface PageEntry {
  data?: (args: PageDataArgs) => unknown;
  /** What its <head> names from what it read (page-heads.ts). */
  head?: PageHead;
  view: Pick<RouteObject, 'lazy' | 'handle' | 'element'> | null;
}

/** The source file of a lazily loaded route, so the server can send its CSS and preload its chunk. */
export interface RouteHandle {
  module?: string;
}

/** A lazily loaded page: react-router loads the chunk before rendering (and, when hydrating, before hydration). */
function view(module: string, load: () => Promise<ComponentType>): PageEntry['view'] {
  return { handle: { module } satisfies RouteHandle, lazy: async () => ({ Component: await load() }) };
}

// The admin area is its own chunk, only in the browser: the server never renders it (nor bundles it).
const AdminApp = import.meta.env.SSR ? null : lazy(() => import('./admin/AdminApp.js'));

// The firm table's rules and query load with that route only: they are not in the first-load
// JavaScript of every other page (docs/design.md §6, 150 KB). The import starts alongside the page chunk.
const firmRules = () => import('../../common/firms.js');
// The route parser reads /firms filters with those rules, so it loads with the pages that need it, the same way.
const pageRoute = () => import('../../common/seo/page-route.js');
const firmsTableQuery = () => import('./lib/firm-queries.js');
const accountQueries = () => import('./site/pages/account/account-queries.js');

const blogListPage = () => import('./site/pages/blog/BlogListPage.js');

/** A blog list (/blog, or a category's own list): ?page= that is not a page (abc, 0, 2.5) shows the not-found page. */
const blogList = (category?: Exclude<BlogCategory, 'general'>): PageEntry => ({
  data: async ({ url, source, load }) => {
    const page = (await pageRoute()).parsePage(url.searchParams.get('page'));
    return page === undefined ? null : load(blogListQuery(page, BLOG_LIST_PAGE_SIZE, blogListFilter(url.searchParams, category), source));
  },
  head: BLOG_LIST_HEAD,
  view: category
    ? view('site/pages/blog/BlogListPage.tsx', () => blogListPage().then(({ BlogListPage }) => () => <BlogListPage key={category} category={category} />))
    : view('site/pages/blog/BlogListPage.tsx', () => blogListPage().then((m) => m.BlogListPage)),
});

export const PAGES: Record<SitePageId, PageEntry> = {
  admin: {
    head: ADMIN_HEAD,
    view: AdminApp ? { element: <Suspense fallback={null}><AdminApp /></Suspense> } : null,
  },
  home: { data: ({ source, load }) => load(companiesQuery(source)), view: { element: <HomePage /> } },
  discounts: {
    data: ({ source, load }) => load(discountsQuery(source)),
    view: view('site/pages/DiscountsPage.tsx', () => import('./site/pages/DiscountsPage.js').then((m) => m.DiscountsPage)),
  },
  'discounts-expired': {
    data: async ({ url, source, load }) => load(expiredDiscountsQuery((await pageRoute()).parsePage(url.searchParams.get('page')) ?? 1, source)),
    head: EXPIRED_DISCOUNTS_HEAD,
    view: view('site/pages/ExpiredDiscountsPage.tsx', () => import('./site/pages/ExpiredDiscountsPage.js').then((m) => m.ExpiredDiscountsPage)),
  },
  discount: {
    data: async ({ url, params, source, queryClient, load }) => {
      const recordPage = (await pageRoute()).parsePage(url.searchParams.get('page')) ?? 1;
      const query = discountPageQuery(params.slug ?? '', source);
      await load(query);
      // Later pages of the record: the code's id comes with its page (on the server, already read).
      const id = queryClient.getQueryData(query.queryKey)?.discount.id;
      if (recordPage > 1 && id !== undefined) await load(discountRecordQuery(id, recordPage, source));
      return null;
    },
    head: DISCOUNT_HEAD,
    view: view('site/pages/DiscountPage.tsx', () => import('./site/pages/DiscountPage.js').then((m) => m.DiscountPage)),
  },
  'how-we-test': { view: view('site/pages/HowWeTestPage.tsx', () => import('./site/pages/HowWeTestPage.js').then((m) => m.HowWeTestPage)) },
  firms: {
    data: async ({ url, source, load }) => {
      const [{ parseFirmsQuery }, { firmsQuery }] = await Promise.all([firmRules(), firmsTableQuery()]);
      // Bad filters render the page's message (no data to read); the route says 400.
      const parsed = parseFirmsQuery(url.searchParams, { ignoreUnknown: true });
      return parsed.ok ? load(firmsQuery(parsed.query, source)) : null;
    },
    view: view('site/pages/firms/FirmsPage.tsx', () => import('./site/pages/firms/FirmsPage.js').then((m) => m.FirmsPage)),
  },
  'firms-compare': {
    data: async ({ url, source, load }) => {
      const { parseCompareFirms } = await firmRules();
      const slugs = parseCompareFirms(url.searchParams.getAll('firms').join(','));
      await Promise.all([load(companiesQuery(source)), ...(slugs ? [load(compareQuery(slugs, source))] : [])]);
      return null;
    },
    head: COMPARE_HEAD,
    view: view('site/pages/firms/ComparePage.tsx', () => import('./site/pages/firms/ComparePage.js').then((m) => m.ComparePage)),
  },
  firm: {
    data: ({ params, source, load }) => load(firmQuery(params.slug ?? '', source)),
    head: FIRM_HEAD,
    view: view('site/pages/firms/FirmProfilePage.tsx', () => import('./site/pages/firms/FirmProfilePage.js').then((m) => m.FirmProfilePage)),
  },
  methodology: { view: view('site/pages/firms/MethodologyPage.tsx', () => import('./site/pages/firms/MethodologyPage.js').then((m) => m.MethodologyPage)) },
  simulator: {
    // Only a server render has a posted form (POST /simulator without JavaScript); the browser simulates in a worker.
    data: ({ source }) => source.simulatorPosted(),
    view: view('site/pages/simulator/SimulatorPage.tsx', () => import('./site/pages/simulator/SimulatorPage.js').then((m) => m.SimulatorPage)),
  },
  'payout-guarantee': {
    data: ({ source, load }) => load(guaranteeStatsQuery(source)),
    view: view('site/pages/PayoutGuaranteePage.tsx', () => import('./site/pages/PayoutGuaranteePage.js').then((m) => m.PayoutGuaranteePage)),
  },
  about: { view: view('site/pages/AboutPage.tsx', () => import('./site/pages/AboutPage.js').then((m) => m.AboutPage)) },
  unsubscribe: { view: view('site/pages/UnsubscribePage.tsx', () => import('./site/pages/UnsubscribePage.js').then((m) => m.UnsubscribePage)) },
  // The trader's own page (issue #17): the server renders it for its owner only and sends others to /login.
  account: {
    data: async ({ source, load }) => {
      const { ACCOUNT_QUERIES } = await accountQueries();
      // This page is its reader's alone (never cached), so unlike the public pages it may carry the session:
      // its header shows "Account" from the first paint.
      await Promise.all([...ACCOUNT_QUERIES(source), sessionQuery(source)].map((q) => load(q)));
      return null;
    },
    view: view('site/pages/account/AccountPage.tsx', () => import('./site/pages/account/AccountPage.js').then((m) => m.AccountPage)),
  },
  // The sign-in form brings zod and react-hook-form; other pages do not need them.
  login: { view: view('site/pages/LoginPage.tsx', () => import('./site/pages/LoginPage.js').then((m) => m.LoginPage)) },
  'accept-invite': {
    // Who the link is for, read without using it (a page with a token is its reader's alone: SitePagesService).
    data: ({ url, source, load }) => {
      const token = url.searchParams.get('token');
      return token ? load(invitationQuery(token, source)) : null;
    },
    view: view('site/pages/AcceptInvitePage.tsx', () => import('./site/pages/AcceptInvitePage.js').then((m) => m.AcceptInvitePage)),
  },
  blog: blogList(),
  'blog-news': blogList('news'),
  'blog-guides': blogList('guide'),
  'blog-reviews': blogList('review'),
  post: {
    data: ({ params, source, load }) => load(blogPostQuery(params.slug ?? '', source)),
    head: POST_HEAD,
    view: view('site/pages/blog/BlogPostPage.tsx', () => import('./site/pages/blog/BlogPostPage.js').then((m) => m.BlogPostPage)),
  },
  search: {
    data: async ({ url, source, load }) => {
      const route = (await pageRoute()).matchRoute('/search', url.searchParams);
      // The empty state suggests firms; a text the route refused (too long) reads nothing else.
      const firms = load(companiesQuery(source));
      if (route.kind !== 'search' || !route.q || route.error) return firms;
      await Promise.all([firms, load(searchResultsQuery(route.q, route.type, route.page, source))]);
      return null;
    },
    view: view('site/pages/SearchPage.tsx', () => import('./site/pages/SearchPage.js').then((m) => m.SearchPage)),
  },
};
