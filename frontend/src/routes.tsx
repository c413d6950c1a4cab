/**
 * The route objects of the whole site, the same on the server (createStaticHandler) and in the
 * browser (createBrowserRouter). Their ids and paths are the one list of pages (common/seo/site-pages.ts) that the
 * server's matchRoute reads too; each adds its loader (its data) and its component here. Each public route's loader puts its data in TanStack Query: on the
 * server it waits for it (in-process services), in the browser it only starts the fetch, so the page
 * chunk and its data load side by side and the page keeps showing its skeletons while they arrive.
 */
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { Suspense, lazy, type ComponentType } from 'react';
import { Outlet, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { blogListFilter } from '../../common/blog-view.js';
import { matchRoute, parsePage } from '../../common/seo/page-route.js';
import { routePath } from '../../common/seo/site-pages.js';
import { BLOG_LIST_PAGE_SIZE } from '../../common/constants.js';
import type { BlogCategory } from '../../common/enums.js';
import type { DataSource } from './lib/data-source.js';
import { PageHead } from './lib/PageHead.js';
import {
  blogListQuery, blogPostQuery, companiesQuery, discountPageQuery, discountRecordQuery, discountsQuery, expiredDiscountsQuery, guaranteeStatsQuery,
  invitationQuery, searchResultsQuery, sessionQuery,
} from './lib/queries.js';
import { SiteLayout } from './site/layout/SiteLayout.js';
import { HomePage } from './site/pages/HomePage.js';
import { NotFoundPage } from './site/pages/NotFoundPage.js';

export interface RouteDeps {
  queryClient: QueryClient;
  source: DataSource;
  /** Server: loaders wait for their data (and never retry). Browser: they start fetches and return. */
  server: boolean;
}

/** The source file of a lazily loaded route, so the server can send its CSS and preload its chunk. */
export interface RouteHandle {
  module?: string;
}

// The admin area is its own chunk, only in the browser: the server never renders it (nor bundles it).
const AdminApp = import.meta.env.SSR ? null : lazy(() => import('./admin/AdminApp.js'));

function RootLayout() {
  return (
    <>
      {/* Title, description, canonical, robots, social tags and JSON-LD follow the route (admin included). */}
      <PageHead />
      <Outlet />
    </>
  );
}

// The firm routes' rules and queries load with those routes only: they are not in the first-load
// JavaScript of every other page (docs/design.md §6, 150 KB). The import starts alongside the page chunk.
const firmRules = () => import('../../common/firms.js');
const firmQueries = () => import('./lib/firm-queries.js');
const accountQueries = () => import('./site/pages/account/account-queries.js');

/** A lazily loaded page: react-router loads the chunk before rendering (and, when hydrating, before hydration). */
function page(module: string, load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy' | 'handle'> {
  return { handle: { module } satisfies RouteHandle, lazy: async () => ({ Component: await load() }) };
}

export function createRoutes({ queryClient, source, server }: RouteDeps): RouteObject[] {
  const load = (query: { queryKey: QueryKey }) => async () => {
    // Any of the public queries (each typed by its own options); prefetchQuery only needs key and fetcher.
    const fetching = queryClient.prefetchQuery((server ? { ...query, retry: false } : query) as FetchQueryOptions);
    if (server) await fetching;
    return null;
  };
  const blogList = (category?: Exclude<BlogCategory, 'general'>) => ({ request }: LoaderFunctionArgs) => {
    const params = new URL(request.url).searchParams;
    const page = parsePage(params.get('page'));
    // A page parameter that is not a page (abc, 0, 2.5) shows the not-found page: nothing to read.
    if (page === undefined) return null;
    return load(blogListQuery(page, BLOG_LIST_PAGE_SIZE, blogListFilter(params, category), source))();
  };
  const categoryList = (category: Exclude<BlogCategory, 'general'>) => ({
    loader: blogList(category),
    ...page('site/pages/blog/BlogListPage.tsx', () =>
      import('./site/pages/blog/BlogListPage.js').then(({ BlogListPage }) => () => <BlogListPage key={category} category={category} />),
    ),
  });

  return [
    {
      id: 'root',
      element: <RootLayout />,
      children: [
        ...(AdminApp ? [{ id: 'admin', path: routePath('admin'), element: <Suspense fallback={null}><AdminApp /></Suspense> }] : []),
        {
          id: 'site',
          element: <SiteLayout />,
          // Route ids are explicit: the server's tree has no admin route, so generated ids would differ.
          // The session is never read on the server: a public page is the same for every reader (so signed-in
          // traders share the cached pages); the browser asks for it after hydration (the header's account link).
          loader: server ? () => null : load(sessionQuery(source)),
          children: [
            { id: 'home', index: true, loader: load(companiesQuery(source)), element: <HomePage /> },
            {
              id: 'discounts',
              path: routePath('discounts'),
              loader: load(discountsQuery(source)),
              ...page('site/pages/DiscountsPage.tsx', () => import('./site/pages/DiscountsPage.js').then((m) => m.DiscountsPage)),
            },
            {
              id: 'discounts-expired',
              path: routePath('discounts-expired'),
              loader: ({ request }) => load(expiredDiscountsQuery(parsePage(new URL(request.url).searchParams.get('page')) ?? 1, source))(),
              ...page('site/pages/ExpiredDiscountsPage.tsx', () => import('./site/pages/ExpiredDiscountsPage.js').then((m) => m.ExpiredDiscountsPage)),
            },
            {
              id: 'discount',
              path: routePath('discount'),
              loader: async ({ params, request }) => {
                const recordPage = parsePage(new URL(request.url).searchParams.get('page')) ?? 1;
                const query = discountPageQuery(params.slug ?? '', source);
                await load(query)();
                // Later pages of the record: the code's id comes with its page (on the server, already read).
                const id = queryClient.getQueryData(query.queryKey)?.discount.id;
                if (recordPage > 1 && id !== undefined) await load(discountRecordQuery(id, recordPage, source))();
                return null;
              },
              ...page('site/pages/DiscountPage.tsx', () => import('./site/pages/DiscountPage.js').then((m) => m.DiscountPage)),
            },
            {
              id: 'how-we-test',
              path: routePath('how-we-test'),
              ...page('site/pages/HowWeTestPage.tsx', () => import('./site/pages/HowWeTestPage.js').then((m) => m.HowWeTestPage)),
            },
            {
              id: 'firms',
              path: routePath('firms'),
              loader: async ({ request }) => {
                const [{ parseFirmsQuery }, { firmsQuery }] = await Promise.all([firmRules(), firmQueries()]);
                // Bad filters render the page's message (no data to read); the route says 400.
                const parsed = parseFirmsQuery(new URL(request.url).searchParams, { ignoreUnknown: true });
                return parsed.ok ? load(firmsQuery(parsed.query, source))() : null;
              },
              ...page('site/pages/firms/FirmsPage.tsx', () => import('./site/pages/firms/FirmsPage.js').then((m) => m.FirmsPage)),
            },
            {
              id: 'firms-compare',
              path: routePath('firms-compare'),
              loader: async ({ request }) => {
                const [{ parseCompareFirms }, { compareQuery }] = await Promise.all([firmRules(), firmQueries()]);
                const slugs = parseCompareFirms(new URL(request.url).searchParams.getAll('firms').join(','));
                await Promise.all([load(companiesQuery(source))(), ...(slugs ? [load(compareQuery(slugs, source))()] : [])]);
                return null;
              },
              ...page('site/pages/firms/ComparePage.tsx', () => import('./site/pages/firms/ComparePage.js').then((m) => m.ComparePage)),
            },
            {
              id: 'firm',
              path: routePath('firm'),
              loader: async ({ params }) => load((await firmQueries()).firmQuery(params.slug ?? '', source))(),
              ...page('site/pages/firms/FirmProfilePage.tsx', () => import('./site/pages/firms/FirmProfilePage.js').then((m) => m.FirmProfilePage)),
            },
            {
              id: 'methodology',
              path: routePath('methodology'),
              ...page('site/pages/firms/MethodologyPage.tsx', () => import('./site/pages/firms/MethodologyPage.js').then((m) => m.MethodologyPage)),
            },
            {
              id: 'simulator',
              path: routePath('simulator'),
              // Only a server render has a posted form (POST /simulator without JavaScript); the browser simulates in a worker.
              loader: () => source.simulatorPosted(),
              ...page('site/pages/simulator/SimulatorPage.tsx', () => import('./site/pages/simulator/SimulatorPage.js').then((m) => m.SimulatorPage)),
            },
            {
              id: 'payout-guarantee',
              path: routePath('payout-guarantee'),
              loader: load(guaranteeStatsQuery(source)),
              ...page('site/pages/PayoutGuaranteePage.tsx', () => import('./site/pages/PayoutGuaranteePage.js').then((m) => m.PayoutGuaranteePage)),
            },
            { id: 'about', path: routePath('about'), ...page('site/pages/AboutPage.tsx', () => import('./site/pages/AboutPage.js').then((m) => m.AboutPage)) },
            {
              id: 'unsubscribe',
              path: routePath('unsubscribe'),
              ...page('site/pages/UnsubscribePage.tsx', () => import('./site/pages/UnsubscribePage.js').then((m) => m.UnsubscribePage)),
            },
            {
              // The trader's own page (issue #17): the server renders it for its owner only and sends others to /login.
              id: 'account',
              path: routePath('account'),
              loader: async () => {
                const { ACCOUNT_QUERIES } = await accountQueries();
                // This page is its reader's alone (never cached), so unlike the public pages it may carry the session:
                // its header shows "Account" from the first paint.
                await Promise.all([...ACCOUNT_QUERIES(source), sessionQuery(source)].map((q) => load(q)()));
                return null;
              },
              ...page('site/pages/account/AccountPage.tsx', () => import('./site/pages/account/AccountPage.js').then((m) => m.AccountPage)),
            },
            // The sign-in form brings zod and react-hook-form; other pages do not need them.
            { id: 'login', path: routePath('login'), ...page('site/pages/LoginPage.tsx', () => import('./site/pages/LoginPage.js').then((m) => m.LoginPage)) },
            {
              id: 'accept-invite',
              path: routePath('accept-invite'),
              // Who the link is for, read without using it (a page with a token is its reader's alone: SitePagesService).
              loader: ({ request }) => {
                const token = new URL(request.url).searchParams.get('token');
                return token ? load(invitationQuery(token, source))() : null;
              },
              ...page('site/pages/AcceptInvitePage.tsx', () => import('./site/pages/AcceptInvitePage.js').then((m) => m.AcceptInvitePage)),
            },
            {
              id: 'blog',
              path: routePath('blog'),
              loader: blogList(),
              ...page('site/pages/blog/BlogListPage.tsx', () => import('./site/pages/blog/BlogListPage.js').then((m) => m.BlogListPage)),
            },
            { id: 'blog-news', path: routePath('blog-news'), ...categoryList('news') },
            { id: 'blog-guides', path: routePath('blog-guides'), ...categoryList('guide') },
            { id: 'blog-reviews', path: routePath('blog-reviews'), ...categoryList('review') },
            {
              id: 'post',
              path: routePath('post'),
              loader: ({ params }) => load(blogPostQuery(params.slug ?? '', source))(),
              ...page('site/pages/blog/BlogPostPage.tsx', () => import('./site/pages/blog/BlogPostPage.js').then((m) => m.BlogPostPage)),
            },
            {
              id: 'search',
              path: routePath('search'),
              loader: async ({ request }) => {
                const route = matchRoute('/search', new URL(request.url).searchParams);
                // The empty state suggests firms; a text the route refused (too long) reads nothing else.
                const firms = load(companiesQuery(source))();
                if (route.kind !== 'search' || !route.q || route.error) return firms;
                await Promise.all([firms, load(searchResultsQuery(route.q, route.type, route.page, source))()]);
                return null;
              },
              ...page('site/pages/SearchPage.tsx', () => import('./site/pages/SearchPage.js').then((m) => m.SearchPage)),
            },
            { id: 'not-found', path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}
