/**
 * Where the public pages' data comes from. In the browser: the API over HTTP. On the server
 * (entry-server.tsx): the Nest services called in-process, handed in by the backend, so a page
 * render never makes an HTTP request to its own process. Both answer the same shapes.
 */
import type { BlogListResponse, BlogPostWithRelated, CompanyDto, PublicDiscountDto, SessionResponse } from '../../../common/api-types.js';
import { blogListApiPath, type BlogListFilter } from '../../../common/blog-view.js';
import { MSG } from '../../../common/messages.js';
import { apiFetch, apiGetSuperjson } from './api.js';

export interface DataSource {
  session(): Promise<SessionResponse>;
  companies(): Promise<CompanyDto[]>;
  discounts(): Promise<PublicDiscountDto[]>;
  blogList(page: number, limit: number, filter: BlogListFilter): Promise<BlogListResponse>;
  /** Fails with ApiRequestError 404 when there is no such (published) post. */
  blogPost(slug: string): Promise<BlogPostWithRelated>;
}

export const httpSource: DataSource = {
  session: () => apiFetch<SessionResponse>('/_api/auth/session', {}, MSG.sessionCheckFailed),
  companies: () => apiFetch<CompanyDto[]>('/_api/companies'),
  discounts: () => apiFetch<PublicDiscountDto[]>('/_api/discounts'),
  blogList: (page, limit, filter) => apiGetSuperjson<BlogListResponse>(blogListApiPath(page, limit, filter)),
  blogPost: (slug) => apiGetSuperjson<BlogPostWithRelated>(`/_api/blog-posts/by-slug?slug=${encodeURIComponent(slug)}`),
};
