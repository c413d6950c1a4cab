/**
 * The firm pages' queries (issue #10), shared by the pages, the route loaders and the server render
 * (same keys, so what the server fetched is found when the browser hydrates).
 */
import { queryOptions } from '@tanstack/react-query';
import { firmsQueryString, type FirmsQuery } from '../../../common/firms.js';
import { httpSource, type DataSource } from './data-source.js';
import { retryServerErrors } from './retry.js';

export const firmsQuery = (q: FirmsQuery, source: DataSource = httpSource) =>
  queryOptions({ queryKey: ['firms', firmsQueryString(q)], queryFn: () => source.firms(q), retry: retryServerErrors });

/** A missing firm the server already met is not fetched again when the page hydrates. */
export const firmQuery = (slug: string, source: DataSource = httpSource) =>
  queryOptions({ queryKey: ['firm', slug], queryFn: () => source.firm(slug), retry: retryServerErrors, retryOnMount: false });

export const compareQuery = (slugs: string[], source: DataSource = httpSource) =>
  queryOptions({ queryKey: ['firms-compare', slugs.join(',')], queryFn: () => source.compare(slugs), retry: retryServerErrors, retryOnMount: false });
