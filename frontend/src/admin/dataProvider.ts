import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'react-admin';
import type { BulkRequest, BulkResult } from '../../../common/bulk.js';
import type { DiscountCheckDto, ReportDayDto } from '../../../common/proof-api-types.js';
import type { CheckResult } from '../../../common/proof.js';
import type { PreviewLinkDto, RevisionDto } from '../../../common/team-api-types.js';

/**
 * The REST face of docs/design.md §3 (`/_api/admin/{resource}`, Content-Range). fetchJson sends JSON with
 * the session cookie (same origin), which the server's CSRF check requires, and throws an
 * HttpError whose message is the body's `message` (our error shape carries one).
 */
const httpClient = (url: string, options: fetchUtils.Options = {}) =>
  fetchUtils.fetchJson(url, { ...options, credentials: 'same-origin' });

/** Calls beyond CRUD, as react-admin's demo adds them: methods on the data provider, used through useDataProvider. */
/** A check as an admin records it: the result, a note, and what was tested (shown on the code's public record). */
export interface CheckInput {
  result?: CheckResult;
  note?: string;
  program?: string;
  size?: number;
}

export interface ProofDataProvider extends DataProvider {
  /** One check (by default 'worked', now) of every given discount, all or none. */
  recordChecks(ids: ReadonlyArray<number | string>, data?: CheckInput): Promise<{ data: DiscountCheckDto[] }>;
  /** A discount's reports per day over the last 30 days. */
  discountReports(id: number | string): Promise<{ data: ReportDayDto[] }>;
  /** Counts a code's held bursts of reports (issue #18). */
  acceptHeldReports(id: number | string): Promise<{ data: { accepted: number } }>;
  /** A record's revisions, newest first (blog posts, companies: issue #20). */
  revisions(resource: string, id: number | string): Promise<{ data: RevisionDto[] }>;
  /** Saves a revision's fields as the record (itself a new revision); answers the record. */
  restoreRevision(resource: string, id: number | string, revisionId: number): Promise<{ data: Record<string, unknown> }>;
  /** Keeps a post's draft as a revision; the post itself does not change. */
  autosavePost(id: number | string, data: object): Promise<{ data: RevisionDto }>;
  /** A signed link anyone can open to see the post as it will be published. */
  previewLink(id: number | string): Promise<{ data: PreviewLinkDto }>;
  /** One action on the ticked records or every record of a filter, on the server in one request (issue #18). */
  bulk(resource: string, request: BulkRequest): Promise<{ data: BulkResult }>;
}

export const dataProvider: ProofDataProvider = {
  ...simpleRestProvider('/_api/admin', httpClient),
  recordChecks: (ids, data = {}) =>
    httpClient('/_api/admin/discount-checks/bulk', {
      method: 'POST',
      body: JSON.stringify({
        ids: ids.map(Number), result: data.result ?? 'worked',
        ...(data.note ? { note: data.note } : {}), ...(data.program ? { program: data.program } : {}), ...(data.size ? { size: data.size } : {}),
      }),
    }).then(({ json }) => ({ data: json as DiscountCheckDto[] })),
  discountReports: (id) =>
    httpClient(`/_api/admin/discounts/${id}/reports`).then(({ json }) => ({ data: json as ReportDayDto[] })),
  acceptHeldReports: (id) =>
    httpClient(`/_api/admin/discounts/${id}/held-reports/accept`, { method: 'POST', body: '{}' })
      .then(({ json }) => ({ data: json as { accepted: number } })),
  revisions: (resource, id) =>
    httpClient(`/_api/admin/${resource}/${id}/revisions`).then(({ json }) => ({ data: json as RevisionDto[] })),
  restoreRevision: (resource, id, revisionId) =>
    httpClient(`/_api/admin/${resource}/${id}/revisions/${revisionId}/restore`, { method: 'POST', body: '{}' })
      .then(({ json }) => ({ data: json as Record<string, unknown> })),
  autosavePost: (id, data) =>
    httpClient(`/_api/admin/blog-posts/${id}/autosave`, { method: 'POST', body: JSON.stringify(data) })
      .then(({ json }) => ({ data: json as RevisionDto })),
  bulk: (resource, request) =>
    httpClient(`/_api/admin/${resource}/bulk`, { method: 'POST', body: JSON.stringify(request) }).then(({ json }) => ({ data: json as BulkResult })),
  previewLink: (id) =>
    httpClient(`/_api/admin/blog-posts/${id}/preview-link`, { method: 'POST', body: '{}' }).then(({ json }) => ({ data: json as PreviewLinkDto })),
};
