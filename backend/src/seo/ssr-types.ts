/**
 * The server entry's interface as the backend sees it (frontend/src/entry-server.tsx, loaded at
 * runtime from the build): declared here because the backend compiles without the front end.
 */
import type { BlogListResponse, BlogPostWithRelated, CompanyDto, PublicDiscountDto, SessionResponse } from '../../../common/api-types.js';
import type { BlogListFilter } from '../../../common/blog-view.js';
import type { FollowsResponse } from '../../../common/follow-api-types.js';
import type { FirmCompareDto, FirmProfileDto, FirmsListDto } from '../../../common/firm-api-types.js';
import type { FirmsQuery } from '../../../common/firms.js';
import type { CodePageDto, CodeRecordDto, ExpiredPageDto } from '../../../common/code-record.js';
import type { MyPayoutReportDto, PayoutClaimDto } from '../../../common/payout-api-types.js';
import type { GuaranteeStats } from '../../../common/payouts.js';
import type { SimulatorPosted } from '../../../common/simulator/form.js';
import type { SearchResponse, SearchType } from '../../../common/search.js';

export interface DataSource {
  session(): Promise<SessionResponse>;
  companies(): Promise<CompanyDto[]>;
  discounts(): Promise<PublicDiscountDto[]>;
  blogList(page: number, limit: number, filter: BlogListFilter): Promise<BlogListResponse>;
  blogPost(slug: string): Promise<BlogPostWithRelated>;
  search(q: string, type: SearchType | undefined, page: number): Promise<SearchResponse>;
  firms(query: FirmsQuery): Promise<FirmsListDto>;
  firm(slug: string): Promise<FirmProfileDto>;
  /** A code's page (issue #30): 404 for no such code. */
  discountPage(slug: string): Promise<CodePageDto>;
  discountRecord(id: number, page: number): Promise<CodeRecordDto>;
  expiredDiscounts(page: number): Promise<ExpiredPageDto>;
  compare(slugs: string[]): Promise<FirmCompareDto>;
  /** The signed-in trader's own reports and claims (/account); 401 when signed out. */
  myPayoutReports(): Promise<MyPayoutReportDto[]>;
  myPayoutClaims(): Promise<PayoutClaimDto[]>;
  myFollows(): Promise<FollowsResponse>;
  guaranteeStats(): Promise<GuaranteeStats>;
  /** The simulator's form as posted without JavaScript (server only; null for a GET and in the browser). */
  simulatorPosted(): Promise<SimulatorPosted | null>;
}

export interface RenderedPage {
  html: string;
  state: string;
  modules: string[];
}

export interface ServerEntry {
  render(url: string, source: DataSource, now?: Date): Promise<RenderedPage>;
  /** The browser's error class: failures handed to the renderer must be of it to hydrate as they are. */
  ApiRequestError: new (message: string, status: number, errors?: Record<string, string>) => Error;
  SSR_STATE_ID: string;
}
