/**
 * Where the public pages' data comes from. In the browser: the API over HTTP. On the server
 * (entry-server.tsx): the Nest services called in-process, handed in by the backend, so a page
 * render never makes an HTTP request to its own process. Both answer the same shapes.
 */
import type { BlogListResponse, BlogPostWithRelated, CompanyDto, PublicDiscountDto, SessionResponse } from '../../../common/api-types.js';
import { blogListApiPath, type BlogListFilter } from '../../../common/blog-view.js';
import type { FollowsResponse } from '../../../common/follow-api-types.js';
import type { FirmCompareDto, FirmProfileDto, FirmsListDto } from '../../../common/firm-api-types.js';
import type { FirmsQuery } from '../../../common/firms.js';
import type { CodePageDto, CodeRecordDto, ExpiredPageDto } from '../../../common/code-record.js';
import type { GuaranteeStats } from '../../../common/payouts.js';
import type { SimulatorPosted } from '../../../common/simulator/form.js';
import { MSG } from '../../../common/messages.js';
import type { MyPayoutReportDto, PayoutClaimDto } from '../../../common/payout-api-types.js';
import type { SearchResponse, SearchType } from '../../../common/search.js';
import { apiFetch, apiGetSuperjson } from './api.js';

export interface DataSource {
  session(): Promise<SessionResponse>;
  companies(): Promise<CompanyDto[]>;
  discounts(): Promise<PublicDiscountDto[]>;
  blogList(page: number, limit: number, filter: BlogListFilter): Promise<BlogListResponse>;
  /** Fails with ApiRequestError 404 when there is no such (published) post. */
  blogPost(slug: string): Promise<BlogPostWithRelated>;
  /** The site search (issue #29), GET /_api/search. */
  search(q: string, type: SearchType | undefined, page: number): Promise<SearchResponse>;
  /** Firm pages (issue #10): the table, a profile (404: no such firm), 2–3 profiles side by side. */
  firms(query: FirmsQuery): Promise<FirmsListDto>;
  firm(slug: string): Promise<FirmProfileDto>;
  /** A code's page (issue #30): 404 for no such code. */
  discountPage(slug: string): Promise<CodePageDto>;
  discountRecord(id: number, page: number): Promise<CodeRecordDto>;
  expiredDiscounts(page: number): Promise<ExpiredPageDto>;
  compare(slugs: string[]): Promise<FirmCompareDto>;
  /** The signed-in trader's own reports and claims (/account, issue #17); ApiRequestError 401 when signed out. */
  myPayoutReports(): Promise<MyPayoutReportDto[]>;
  myPayoutClaims(): Promise<PayoutClaimDto[]>;
  /** The signed-in trader's follows and alert setting (/account, issue #19); ApiRequestError 401 when signed out. */
  myFollows(): Promise<FollowsResponse>;
  /** The payout guarantee's live figures (issue #17), the same as GET /_api/payout-guarantee/stats. */
  guaranteeStats(): Promise<GuaranteeStats>;
  /** The simulator's form as posted without JavaScript (server only; null for a GET and in the browser). */
  simulatorPosted(): Promise<SimulatorPosted | null>;
}

export const httpSource: DataSource = {
  session: () => apiFetch<SessionResponse>('/_api/auth/session', {}, MSG.sessionCheckFailed),
  companies: () => apiFetch<CompanyDto[]>('/_api/companies'),
  discounts: () => apiFetch<PublicDiscountDto[]>('/_api/discounts'),
  blogList: (page, limit, filter) => apiGetSuperjson<BlogListResponse>(blogListApiPath(page, limit, filter)),
  search: (q, type, page) =>
    apiFetch<SearchResponse>(`/_api/search?${new URLSearchParams({ q, ...(type ? { type } : {}), page: String(page) }).toString()}`),
  blogPost: (slug) => apiGetSuperjson<BlogPostWithRelated>(`/_api/blog-posts/by-slug?slug=${encodeURIComponent(slug)}`),
  // The firm rules load with the firm pages, not in every page's first-load JavaScript (docs/design.md §6).
  firms: async (query) => {
    const { firmsQueryString } = await import('../../../common/firms.js');
    const qs = firmsQueryString(query);
    return apiFetch<FirmsListDto>(`/_api/firms${qs ? `?${qs}` : ''}`);
  },
  firm: (slug) => apiFetch<FirmProfileDto>(`/_api/firms/${encodeURIComponent(slug)}`),
  discountPage: (slug) => apiFetch<CodePageDto>(`/_api/discounts/by-slug/${encodeURIComponent(slug)}`),
  discountRecord: (id, page) => apiFetch<CodeRecordDto>(`/_api/discounts/${id}/record?page=${page}`),
  expiredDiscounts: (page) => apiFetch<ExpiredPageDto>(`/_api/discounts/expired?page=${page}`),
  compare: (slugs) => apiFetch<FirmCompareDto>(`/_api/firms/compare?firms=${slugs.map(encodeURIComponent).join(',')}`),
  myPayoutReports: () => apiFetch<MyPayoutReportDto[]>('/_api/me/payout-reports'),
  myPayoutClaims: () => apiFetch<PayoutClaimDto[]>('/_api/me/payout-claims'),
  myFollows: () => apiFetch<FollowsResponse>('/_api/me/follows'),
  // A posted form is answered by the server's render; the browser runs its simulations in a worker.
  simulatorPosted: async () => null,
  guaranteeStats: () => apiFetch<GuaranteeStats>('/_api/payout-guarantee/stats'),
};
