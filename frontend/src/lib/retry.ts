import { ApiRequestError } from './api.js';

/** A 4xx answer (a missing post, a bad parameter) stays the same; a server or network failure gets one more try. */
export function retryServerErrors(failures: number, error: Error): boolean {
  return failures < 1 && !(error instanceof ApiRequestError && error.status < 500);
}
