import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { pageHead, type PageHeadData } from '../../../common/seo/page-head.js';
import { matchRoute } from '../../../common/seo/page-route.js';
import { blogPostQuery, discountPageQuery } from './queries.js';
import { compareQuery, firmQuery } from './firm-queries.js';
import { ApiRequestError } from './api.js';
import { applyPageHead, fetchAdminPostTitle, siteUrlFromDocument } from './page-head.js';

const siteUrl = siteUrlFromDocument();

/**
 * The head of a page the browser navigated to (never the one the server rendered): computed with
 * the same function the server uses and swapped into <head>. Posts, firm pages and the admin edit
 * page wait for their data. Its own chunk (see PageHead): only a navigation needs it.
 */
export function RouteHead({ pathname, search }: { pathname: string; search: string }): null {
  const route = useMemo(() => matchRoute(pathname, search), [pathname, search]);

  const slug = route.kind === 'post' ? route.slug : undefined;
  const post = useQuery({ ...blogPostQuery(slug ?? ''), enabled: slug !== undefined });
  const editId = route.kind === 'admin' && route.section === 'edit-post' ? route.postId : undefined;
  const adminPost = useQuery({
    queryKey: ['page-head', 'admin-post', editId],
    queryFn: () => fetchAdminPostTitle(editId!),
    enabled: editId !== undefined,
    retry: false,
  });

  // Firm pages name the firm(s) in their head: the same queries as the pages (one fetch each).
  const firmSlug = route.kind === 'firm' ? route.slug : undefined;
  const firm = useQuery({ ...firmQuery(firmSlug ?? ''), enabled: firmSlug !== undefined });
  const compareSlugs = route.kind === 'compare' ? route.slugs : null;
  const compare = useQuery({ ...compareQuery(compareSlugs ?? []), enabled: compareSlugs !== null });

  // A code page names its code (issue #30): the page's own query.
  const codeSlug = route.kind === 'discount' ? route.slug : undefined;
  const code = useQuery({ ...discountPageQuery(codeSlug ?? ''), enabled: codeSlug !== undefined });

  const postPending = (slug !== undefined && post.isPending) || (firmSlug !== undefined && firm.isPending) || (compareSlugs !== null && compare.isPending)
    || (codeSlug !== undefined && code.isPending);
  useEffect(() => {
    if (postPending) return;
    const data: PageHeadData = {};
    if (route.kind === 'post') data.post = post.data ?? null;
    if (route.kind === 'firm') data.firm = firm.data?.firm ?? null;
    if (route.kind === 'discount') {
      const c = code.data;
      data.discount = c ? { title: c.discount.title, firmName: c.discount.company.name, description: c.discount.description, ended: c.ended } : null;
    }
    if (route.kind === 'compare' && compare.data) data.compareNames = compare.data.firms.map((f) => f.firm.name);
    if (route.kind === 'compare' && compare.error instanceof ApiRequestError && compare.error.status === 404) data.compareNames = null;
    if (editId !== undefined) {
      data.adminPostTitle = adminPost.data ?? null;
      data.adminPostLoading = adminPost.isPending;
    }
    applyPageHead(pageHead(route, data, siteUrl));
  }, [route, postPending, post.data, firm.data, code.data, compare.data, compare.error, editId, adminPost.data, adminPost.isPending]);

  return null;
}
