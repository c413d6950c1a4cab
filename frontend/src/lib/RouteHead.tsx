import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useMatches } from 'react-router-dom';
import { pageHead } from '../../../common/seo/page-head.js';
import { matchRoute } from '../../../common/seo/page-route.js';
import type { SitePageId } from '../../../common/seo/site-pages.js';
import { PAGES } from '../pages.js';
import { applyPageHead, siteUrlFromDocument } from './page-head.js';

const siteUrl = siteUrlFromDocument();

/**
 * The head of a page the browser navigated to (never the one the server rendered): computed with
 * the same function the server uses and swapped into <head>. A page whose head names what it read (a post,
 * a firm, a code, a comparison, the admin's post) takes it from its entry's head (pages.tsx), the query the
 * page itself shows, as the server render does. Its own chunk (see PageHead): only a navigation needs it.
 */
export function RouteHead({ pathname, search }: { pathname: string; search: string }): null {
  const route = useMemo(() => matchRoute(pathname, search), [pathname, search]);
  // The page the router matched (its id is the page list's): the deepest match.
  const pageId = useMatches().at(-1)?.id;
  const spec = pageId !== undefined && pageId in PAGES ? PAGES[pageId as SitePageId].head : undefined;
  const head = spec && !spec.serverOnly ? spec : undefined;
  const options = head?.query(route);
  const reads = options !== undefined;
  // No query for this page: a disabled observer of nothing (hooks are called whatever the page).
  const answer = useQuery({ queryKey: ['page-head', 'none'], ...options, enabled: reads });

  const waiting = reads && head!.waits && answer.isPending;
  useEffect(() => {
    if (waiting) return;
    const data = head && reads ? head.data(route, { data: answer.data, error: answer.error, pending: answer.isPending, server: false }) : {};
    applyPageHead(pageHead(route, data, siteUrl));
  }, [route, head, reads, waiting, answer.data, answer.error, answer.isPending]);

  return null;
}
