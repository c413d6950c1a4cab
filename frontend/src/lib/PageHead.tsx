import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { pageHead, type PageHeadData } from '../../../common/seo/page-head.js';
import { matchRoute } from '../../../common/seo/page-route.js';
import { blogPostQuery } from './queries.js';
import { applyPageHead, fetchAdminPostTitle, headFromServer, siteUrlFromDocument } from './page-head.js';

/** The URL the server rendered; its head is left as the server wrote it (it knew the status and the data). */
const inBrowser = typeof document !== 'undefined';
const serverRendered = inBrowser && headFromServer() ? window.location.pathname + window.location.search : undefined;
let leftServerPage = false;
const siteUrl = inBrowser ? siteUrlFromDocument() : '';

/**
 * Mounted once inside the router: on every route change computes the head with the same function
 * the server uses and swaps it into <head>. Posts (and the admin edit page) wait for their data.
 */
export function PageHead(): null {
  const { pathname, search } = useLocation();
  const url = pathname + search;
  if (url !== serverRendered) leftServerPage = true;
  const fromServer = !leftServerPage;
  const route = useMemo(() => matchRoute(pathname, search), [pathname, search]);

  const slug = route.kind === 'post' ? route.slug : undefined;
  const post = useQuery({ ...blogPostQuery(slug ?? ''), enabled: slug !== undefined && !fromServer });
  const editId = route.kind === 'admin' && route.section === 'edit-post' ? route.postId : undefined;
  const adminPost = useQuery({
    queryKey: ['page-head', 'admin-post', editId],
    queryFn: () => fetchAdminPostTitle(editId!),
    enabled: editId !== undefined && !fromServer,
    retry: false,
  });

  const postPending = slug !== undefined && post.isPending;
  useEffect(() => {
    if (fromServer || postPending) return;
    const data: PageHeadData = {};
    if (route.kind === 'post') data.post = post.data ?? null;
    if (editId !== undefined) {
      data.adminPostTitle = adminPost.data ?? null;
      data.adminPostLoading = adminPost.isPending;
    }
    applyPageHead(pageHead(route, data, siteUrl));
  }, [fromServer, route, postPending, post.data, editId, adminPost.data, adminPost.isPending]);

  return null;
}
