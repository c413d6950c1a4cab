/**
 * The server renderer (built with Vite's `build.ssr` into dist/frontend-server, loaded by the
 * backend's SsrRendererService): runs the matched routes' loaders against the in-process data
 * source, renders the page with React's server renderer, and returns the HTML with the state the
 * browser hydrates from.
 */
import { QueryClient, dehydrate, type QueryKey } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { App } from './App.js';
import type { BlogPostWithRelated } from '../../common/api-types.js';
import type { DataSource, RenderedPage, ServerEntry } from '../../common/seo/data-source.js';
import type { PageHeadData } from '../../common/seo/page-head.js';
import { matchRoute } from '../../common/seo/page-route.js';
import { isPreviewPost, type RenderedHead } from '../../common/seo/rendered-head.js';
import type { SitePageId } from '../../common/seo/site-pages.js';
import { ApiRequestError } from './lib/api.js';
import { blogPostQuery } from './lib/queries.js';
import { serializeSsrState } from './lib/ssr-state.js';
import { PAGES } from './pages.js';
import { createRoutes, type RouteHandle } from './routes.js';

export type { DataSource, RenderedPage };

export { SSR_STATE_ID } from './lib/ssr-state.js';

/** `url` is the path and query of the request (the origin is irrelevant to the routes). */
export const render: ServerEntry['render'] = async (url: string, source: DataSource, now: Date = new Date()): Promise<RenderedPage> => {
  // One client per request: nothing fetched for one visitor can reach another.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
  const handler = createStaticHandler(createRoutes({ queryClient, source, server: true }));
  const context = await handler.query(new Request(new URL(url, 'http://ssr.invalid')));
  // No loader redirects or throws (they only fill the query cache), so this is always a context.
  if (context instanceof Response) throw new Error(`Unexpected response from the routes (${context.status})`);

  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <App queryClient={queryClient} renderedAt={now}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </App>,
  );
  const state = serializeSsrState({
    queries: dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status !== 'pending' }),
    loaderData: context.loaderData,
    renderedAt: now.toISOString(),
  });
  const modules = context.matches.flatMap((m) => ((m.route.handle as RouteHandle | undefined)?.module ? [(m.route.handle as RouteHandle).module!] : []));
  const head = renderedHead(url, context.matches.at(-1)?.route.id, queryClient, now);
  queryClient.clear();
  return { html, state, modules, head };
};

/**
 * The head's data from the queries this render ran, by the page's own head builder (pages.tsx, the one a
 * navigation uses too), and whether any read failed on the server's side: the same data the body shows, so
 * status, head and body agree.
 */
function renderedHead(url: string, pageId: string | undefined, queryClient: QueryClient, now: Date): RenderedHead {
  const { pathname, search } = new URL(url, 'http://ssr.invalid');
  const route = matchRoute(pathname, search);
  const cache = queryClient.getQueryCache();
  /** The query whose key starts like `key` (a page reads one post, one firm, one list at most), as the page read it. */
  const find = (key: QueryKey) => cache.findAll({ queryKey: key.slice(0, 1) })[0];
  const head = pageId !== undefined && pageId in PAGES ? PAGES[pageId as SitePageId].head : undefined;
  const options = head?.query(route);
  let data: PageHeadData = {};
  const read = options && find(options.queryKey);
  // A head whose query the page did not run (its loader stopped first) names nothing.
  if (head && read) {
    const ok = read.state.status === 'success';
    data = head.data(route, { data: ok ? read.state.data : undefined, error: read.state.error, pending: false, server: true });
  }
  const post = find(blogPostQuery('').queryKey);
  const shown = post?.state.status === 'success' ? (post.state.data as BlogPostWithRelated) : undefined;
  // The in-process source turns every failure into the API's error: 5xx (or anything else) is the server's.
  const failed = cache.getAll().some((q) => q.state.status === 'error' && !(q.state.error instanceof ApiRequestError && q.state.error.status < 500));
  return { data, failed, preview: !!shown && isPreviewPost(shown, now) };
}

export { ApiRequestError } from './lib/api.js';
