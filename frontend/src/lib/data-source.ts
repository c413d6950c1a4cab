/**
 * Where the public pages' data comes from in the browser: the API over HTTP. On the server
 * (entry-server.tsx) the backend hands in its own implementation of the same contract
 * (common/seo/data-source.ts), the Nest services called in-process, so a page render never makes an
 * HTTP request to its own process.
 */
import type { BlogListResponse, BlogPostWithRelated, CompanyDto, PublicDiscountDto, SessionResponse } from '../../../common/api-types.js';
import { blogListApiPath } from '../../../common/blog-view.js';
import type { FollowsResponse } from '../../../common/follow-api-types.js';
import type { FirmCompareDto, FirmProfileDto, FirmsListDto } from '../../../common/firm-api-types.js';
import type { CodePageDto, CodeRecordDto, ExpiredPageDto } from '../../../common/code-record.js';
import { INVITATION_PREVIEW_PATH, type InvitationPreviewDto } from '../../../common/invitations.js';
import type { GuaranteeStats } from '../../../common/payouts.js';
import { MSG } from '../../../common/messages.js';
import type { MyPayoutReportDto, PayoutClaimDto } from '../../../common/payout-api-types.js';
import type { SearchResponse } from '../../../common/search.js';
import type { DataSource } from '../../../common/seo/data-source.js';
import { apiFetch, apiGetSuperjson } from './api.js';

export type { DataSource };

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
  invitation: (token) => apiFetch<InvitationPreviewDto>(`${INVITATION_PREVIEW_PATH}?token=${encodeURIComponent(token)}`),
};
