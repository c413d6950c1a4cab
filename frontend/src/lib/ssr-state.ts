/**
 * What the server hands the browser with a rendered page: TanStack Query's dehydrated cache, the
 * router's loader data and the render time, in superjson (dates stay dates, a failed query keeps
 * its ApiRequestError), inside a non-executing <script type="application/json"> (CSP allows it).
 */
import type { DehydratedState } from '@tanstack/react-query';
import superjson from 'superjson';
import { ApiRequestError } from './api.js';

export const SSR_STATE_ID = 'ssr-state';

export interface SsrState {
  queries: DehydratedState;
  loaderData: Record<string, unknown>;
  /** When the server rendered the page (ISO), for time-dependent text to hydrate identically. */
  renderedAt: string;
}

superjson.registerCustom<ApiRequestError, { message: string; status: number; errors?: Record<string, string> }>(
  {
    isApplicable: (v): v is ApiRequestError => v instanceof ApiRequestError,
    serialize: (e) => ({ message: e.message, status: e.status, ...(e.errors ? { errors: e.errors } : {}) }),
    deserialize: (v) => new ApiRequestError(v.message, v.status, v.errors),
  },
  'ApiRequestError',
);

/** The <script> element's text: JSON with `<`, U+2028 and U+2029 escaped, so no content can close the element. */
export function serializeSsrState(state: SsrState): string {
  return JSON.stringify(superjson.serialize(state)).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export function parseSsrState(text: string): SsrState {
  return superjson.deserialize<SsrState>(JSON.parse(text));
}
