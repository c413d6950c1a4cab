/**
 * The route objects of the whole site, the same on the server (createStaticHandler) and in the
 * browser (createBrowserRouter), made from the one list of pages (common/seo/site-pages.ts: id, path) and each
 * page's entry (pages.tsx: its data, head and view). Each public route's loader puts its data in TanStack Query: on
 * the server it waits for it (in-process services), in the browser it only starts the fetch, so the page
 * chunk and its data load side by side and the page keeps showing its skeletons while they arrive.
 */
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { Outlet, type RouteObject } from 'react-router-dom';
import { SITE_PAGES, routePath, type SitePageId } from '../../common/seo/site-pages.js';
import type { DataSource } from './lib/data-source.js';
import { PageHead } from './lib/PageHead.js';
import { sessionQuery } from './lib/queries.js';
import { PAGES, type PageEntry } from './pages.js';
import { SiteLayout } from './site/layout/SiteLayout.js';
import { NotFoundPage } from './site/pages/NotFoundPage.js';

export type { RouteHandle } from './pages.js';

export interface RouteDeps {
  queryClient: QueryClient;
  source: DataSource;
  /** Server: loaders wait for their data (and never retry). Browser: they start fetches and return. */
  server: boolean;
}

function RootLayout() {
  return (
    <>
      {/* Title, description, canonical, robots, social tags and JSON-LD follow the route (admin included). */}
      <PageHead />
      <Outlet />
    </>
  );
}

export function createRoutes({ queryClient, source, server }: RouteDeps): RouteObject[] {
  const load = async (query: { queryKey: QueryKey }): Promise<null> => {
    // Any of the public queries (each typed by its own options); prefetchQuery only needs key and fetcher.
    const fetching = queryClient.prefetchQuery((server ? { ...query, retry: false } : query) as FetchQueryOptions);
    if (server) await fetching;
    return null;
  };
  // Route ids are explicit: the server's tree has no admin route, so generated ids would differ.
  const route = (id: SitePageId): RouteObject[] => {
    const { data, view }: PageEntry = PAGES[id];
    if (!view) return [];
    return [{
      id,
      ...(id === 'home' ? { index: true } : { path: routePath(id) }),
      ...(data ? { loader: ({ request, params }) => data({ url: new URL(request.url), params, source, queryClient, load }) } : {}),
      ...view,
    } as RouteObject];
  };

  return [
    {
      id: 'root',
      element: <RootLayout />,
      children: [
        // The admin area has its own layout; only the browser has it (the server never renders it).
        ...route('admin'),
        {
          id: 'site',
          element: <SiteLayout />,
          // The session is never read on the server: a public page is the same for every reader (so signed-in
          // traders share the cached pages); the browser asks for it after hydration (the header's account link).
          loader: server ? () => null : () => load(sessionQuery(source)),
          children: [
            ...SITE_PAGES.filter((p) => p.id !== 'admin').flatMap((p) => route(p.id)),
            { id: 'not-found', path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}
