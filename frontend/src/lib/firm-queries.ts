/**
 * The /firms table's query (issue #10), shared by the page, its route loader and the server render (same key, so
 * what the server fetched is found when the browser hydrates). Its own module: it brings the firm filters'
 * rules (common/firms.ts), which only the /firms route loads. A profile's and a comparison's queries are in
 * queries.ts, since the page list (pages.tsx) names them for the head.
 */
import { queryOptions } from '@tanstack/react-query';
import { firmsQueryString, type FirmsQuery } from '../../../common/firms.js';
import { httpSource, type DataSource } from './data-source.js';
import { retryServerErrors } from './retry.js';

export const firmsQuery = (q: FirmsQuery, source: DataSource = httpSource) =>
  queryOptions({ queryKey: ['firms', firmsQueryString(q)], queryFn: () => source.firms(q), retry: retryServerErrors });
