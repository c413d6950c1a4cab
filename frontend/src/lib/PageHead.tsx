import { Suspense, lazy } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The server wrote the first page's head (it knew the status and the data); only a navigation
 * needs the head builders, the route matcher and the firm queries, so they are their own chunk
 * and stay out of the first-load JavaScript (docs/design.md §6, 150 KB).
 */
const inBrowser = typeof document !== 'undefined';
// The same test as lib/page-head.ts headFromServer, inlined so this module pulls in no head code.
const serverRendered =
  inBrowser && document.head.querySelector('meta[name="robots"]') !== null ? window.location.pathname + window.location.search : undefined;
let leftServerPage = false;
const RouteHead = inBrowser ? lazy(() => import('./RouteHead.js').then((m) => ({ default: m.RouteHead }))) : null;

/** Mounted once inside the router: keeps <head> in step with the route once the visitor navigates. */
export function PageHead() {
  const { pathname, search } = useLocation();
  if (pathname + search !== serverRendered) leftServerPage = true;
  // Nothing on the server and while hydrating the server's page: both render the same (nothing).
  if (!RouteHead || !leftServerPage) return null;
  return (
    <Suspense fallback={null}>
      <RouteHead pathname={pathname} search={search} />
    </Suspense>
  );
}
