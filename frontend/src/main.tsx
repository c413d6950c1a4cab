// First: zod must be told before any schema exists (see the module).
import './lib/zod-jitless.js';
import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes } from 'react-router-dom';
import { App } from './App.js';
import { httpSource } from './lib/data-source.js';
import { queryClient } from './lib/query-client.js';
import { SSR_STATE_ID, parseSsrState } from './lib/ssr-state.js';
import { createRoutes } from './routes.js';

document.documentElement.classList.add('dark');

/**
 * Lets the browser take its turn (a tap, a frame) between the steps of starting a rendered page: each step is
 * tens of milliseconds on a slow phone, and run together they were one task that held a tap for 200 ms and more.
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  const routes = createRoutes({ queryClient, source: httpSource, server: false });
  const root = document.getElementById('root')!;
  const stateText = document.getElementById(SSR_STATE_ID)?.textContent;

  if (!stateText) {
    // A page the server does not render (the admin area, or a build without the server renderer).
    createRoot(root).render(
      <App queryClient={queryClient} renderedAt={null}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </App>,
    );
    return;
  }

  // The server's data goes into the browser's cache first, so nothing it sent is fetched again.
  const state = parseSsrState(stateText);
  hydrate(queryClient, state.queries);
  // The matched pages' chunks load before hydrating, so the first render is the server's markup.
  const lazyMatches = matchRoutes(routes, window.location)?.filter((m) => m.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async (m) => {
      const loaded = await (m.route.lazy as () => Promise<object>)();
      Object.assign(m.route, { ...loaded, lazy: undefined });
    }),
  );
  await yieldToBrowser();
  const router = createBrowserRouter(routes, { hydrationData: { loaderData: state.loaderData } });
  await yieldToBrowser();
  // As a transition, hydration yields to the browser every few milliseconds instead of one long task: the
  // page is already painted and readable, and a tap meanwhile is not held behind it (mobile TBT).
  startTransition(() => {
    hydrateRoot(
      root,
      <App queryClient={queryClient} renderedAt={new Date(state.renderedAt)}>
        <RouterProvider router={router} />
      </App>,
    );
  });
}

void start();
