import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils } from 'react-admin';

/**
 * The REST face of DESIGN §3 (`/_api/admin/{resource}`, Content-Range). fetchJson sends JSON with
 * the session cookie (same origin), which the server's CSRF check requires, and throws an
 * HttpError whose message is the body's `message` (our error shape carries one).
 */
const httpClient = (url: string, options: fetchUtils.Options = {}) =>
  fetchUtils.fetchJson(url, { ...options, credentials: 'same-origin' });

export const dataProvider = simpleRestProvider('/_api/admin', httpClient);
