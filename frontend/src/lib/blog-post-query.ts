import { queryOptions } from '@tanstack/react-query';
import type { BlogPostWithRelated } from '../../../common/api-types.js';
import { apiGetSuperjson } from './api.js';
import { retryServerErrors } from './retry.js';

/** One query for a post: the post page and the head (PageHead) share it, so a post is fetched once. */
export function blogPostQuery(slug: string) {
  return queryOptions({
    queryKey: ['blog-post', slug],
    queryFn: () => apiGetSuperjson<BlogPostWithRelated>(`/_api/blog-posts/by-slug?slug=${encodeURIComponent(slug)}`),
    retry: retryServerErrors,
  });
}
