/**
 * The server renderer (built with Vite's `build.ssr` into dist/frontend-server, loaded by the
 * backend's SsrRendererService): runs the matched routes' loaders against the in-process data
 * source, renders the page with React's server renderer, and returns the HTML with the state the
 * browser hydrates from.
 */
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { App } from './App.js';
import type { DataSource, RenderedPage, ServerEntry } from '../../common/seo/data-source.js';
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
  queryClient.clear();
  return { html, state, modules };
};

export { ApiRequestError } from './lib/api.js';
