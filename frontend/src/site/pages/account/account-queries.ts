/**
 * The /account page's queries (issue #17), shared by its sections, the route loader and the server render (same
 * keys, so what the server read is found when the browser hydrates). A section that needs data on first paint adds
 * its query to ACCOUNT_QUERIES.
 */
import { queryOptions } from '@tanstack/react-query';
import { httpSource, type DataSource } from '../../../lib/data-source.js';
import { companiesQuery, followsQuery } from '../../../lib/queries.js';
import { retryServerErrors } from '../../../lib/retry.js';

export const MY_REPORTS_KEY = ['me', 'payout-reports'] as const;
export const MY_CLAIMS_KEY = ['me', 'payout-claims'] as const;

export const myReportsQuery = (source: DataSource = httpSource) =>
  queryOptions({ queryKey: MY_REPORTS_KEY, queryFn: () => source.myPayoutReports(), retry: retryServerErrors, retryOnMount: false });

export const myClaimsQuery = (source: DataSource = httpSource) =>
  queryOptions({ queryKey: MY_CLAIMS_KEY, queryFn: () => source.myPayoutClaims(), retry: retryServerErrors, retryOnMount: false });

/**
 * What the page reads before it renders (on the server: in-process, for the signed-in reader only); the firms are
 * the report form's choices (/account?report=<slug> renders it open).
 */
export const ACCOUNT_QUERIES = (source: DataSource = httpSource) => [myReportsQuery(source), myClaimsQuery(source), companiesQuery(source), followsQuery(source)];
