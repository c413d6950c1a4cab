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
import type { BlogListResponse, BlogPostWithRelated } from '../../common/api-types.js';
import type { CodePageDto, ExpiredPageDto } from '../../common/code-record.js';
import type { FirmCompareDto, FirmProfileDto } from '../../common/firm-api-types.js';
import type { DataSource, RenderedPage, ServerEntry } from '../../common/seo/data-source.js';
import { matchRoute } from '../../common/seo/page-route.js';
import { headDataFromReads, isPreviewPost, type PageReads, type RenderedHead } from '../../common/seo/rendered-head.js';
import { ApiRequestError } from './lib/api.js';
import { compareQuery, firmQuery } from './lib/firm-queries.js';
import { BLOG_LIST_KEY, blogPostQuery, discountPageQuery, expiredDiscountsQuery } from './lib/queries.js';
import { serializeSsrState } from './lib/ssr-state.js';
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
  const head = renderedHead(url, queryClient, now);
  queryClient.clear();
  return { html, state, modules, head };
};

/**
 * The head's data from the queries this render ran (a page reads one post, one firm, one list at most), and
 * whether any read failed on the server's side: the same data the body shows, so status, head and body agree.
 */
function renderedHead(url: string, queryClient: QueryClient, now: Date): RenderedHead {
  const { pathname, search } = new URL(url, 'http://ssr.invalid');
  const route = matchRoute(pathname, search);
  const cache = queryClient.getQueryCache();
  /** The query whose key starts like `key`: its data, null when it failed, undefined when the page did not read it. */
  const read = <T,>(key: QueryKey): T | null | undefined => {
    const [query] = cache.findAll({ queryKey: key.slice(0, 1) });
    if (!query) return undefined;
    return query.state.status === 'success' ? (query.state.data as T) : null;
  };
  const reads: PageReads = {
    post: read<BlogPostWithRelated>(blogPostQuery('').queryKey),
    list: read<BlogListResponse>(BLOG_LIST_KEY) ?? undefined,
    firm: read<FirmProfileDto>(firmQuery('').queryKey),
    discount: read<CodePageDto>(discountPageQuery('').queryKey),
    expired: read<ExpiredPageDto>(expiredDiscountsQuery(1).queryKey) ?? undefined,
    compare: read<FirmCompareDto>(compareQuery([]).queryKey),
  };
  // The in-process source turns every failure into the API's error: 5xx (or anything else) is the server's.
  const failed = cache.getAll().some((q) => q.state.status === 'error' && !(q.state.error instanceof ApiRequestError && q.state.error.status < 500));
  return { data: headDataFromReads(route, reads), failed, preview: !!reads.post && isPreviewPost(reads.post, now) };
}

export { ApiRequestError } from './lib/api.js';
