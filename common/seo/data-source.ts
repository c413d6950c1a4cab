/**
 * The server render's contract, declared once for both sides: the front end implements `DataSource`
 * over HTTP (frontend/src/lib/data-source.ts) and its server entry renders with it; the backend
 * implements it with its services called in-process (backend/src/seo/page-data.source.ts) and loads
 * the built entry as a `ServerEntry`. Both implementations answer the API's shapes.
 */
import type { BlogListResponse, BlogPostWithRelated, CompanyDto, PublicDiscountDto, SessionResponse } from '../api-types.js';
import type { BlogListFilter } from '../blog-view.js';
import type { CodePageDto, CodeRecordDto, ExpiredPageDto } from '../code-record.js';
import type { FirmCompareDto, FirmProfileDto, FirmsListDto } from '../firm-api-types.js';
import type { FirmsQuery } from '../firms.js';
import type { FollowsResponse } from '../follow-api-types.js';
import type { MyPayoutReportDto, PayoutClaimDto } from '../payout-api-types.js';
import type { InvitationPreviewDto } from '../invitations.js';
import type { GuaranteeStats } from '../payouts.js';
import type { SearchResponse, SearchType } from '../search.js';
import type { SimulatorPosted } from '../simulator/form.js';
import type { RenderedHead } from './rendered-head.js';

/** Failures are the browser's error class (`ServerEntry.ApiRequestError`) with the API's status and message. */
export interface DataSource {
  session(): Promise<SessionResponse>;
  companies(): Promise<CompanyDto[]>;
  discounts(): Promise<PublicDiscountDto[]>;
  blogList(page: number, limit: number, filter: BlogListFilter): Promise<BlogListResponse>;
  /** 404 when there is no such (published) post. */
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
  /** The signed-in trader's own reports and claims (/account, issue #17); 401 when signed out. */
  myPayoutReports(): Promise<MyPayoutReportDto[]>;
  myPayoutClaims(): Promise<PayoutClaimDto[]>;
  /** The signed-in trader's follows and alert setting (/account, issue #19); 401 when signed out. */
  myFollows(): Promise<FollowsResponse>;
  /** The payout guarantee's live figures (issue #17), the same as GET /_api/payout-guarantee/stats. */
  guaranteeStats(): Promise<GuaranteeStats>;
  /** Who an invitation link is for (issue #35), without using it: 400/410 as accepting it would answer. */
  invitation(token: string): Promise<InvitationPreviewDto>;
  /** The simulator's form as posted without JavaScript (server only; null for a GET and in the browser). */
  simulatorPosted(): Promise<SimulatorPosted | null>;
}

export interface RenderedPage {
  /** The markup that goes inside <div id="root">. */
  html: string;
  /** The text of the <script type="application/json" id="ssr-state"> element. */
  state: string;
  /** Source files of the lazily loaded routes that rendered (their CSS and chunks go in the head). */
  modules: string[];
  /** The head's data and the page's standing, from what the render itself read (common/seo/rendered-head.ts). */
  head: RenderedHead;
}

/** What the built server entry (frontend/src/entry-server.tsx) exports. */
export interface ServerEntry {
  render(url: string, source: DataSource, now?: Date): Promise<RenderedPage>;
  /** The browser's error class: failures handed to the renderer must be of it to hydrate as they are. */
  ApiRequestError: new (message: string, status: number, errors?: Record<string, string>) => Error;
  SSR_STATE_ID: string;
}
