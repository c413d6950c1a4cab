import type { Computed } from '../cache/public-cache.service.js';
import type { SitePage } from './site-pages.service.js';

/**
 * A page as the public cache sends it: a strong ETag and 304s come from the cache; no-cache so
 * browsers revalidate; private pages (admin, a trader's /account, previews: no-store) are never kept;
 * X-Robots-Tag mirroring the robots meta on pages that must not be indexed. Who reads a public page
 * changes nothing in it (the header's account state comes from the browser), so every reader, signed
 * in or not, gets the one kept answer (docs/decisions/signed-in-readers-share-cached-pages.md).
 */
export function pageAnswer(page: SitePage): Computed {
  if ('location' in page) {
    return {
      status: page.status,
      contentType: 'text/plain; charset=utf-8',
      body: `${page.status === 301 ? 'Moved Permanently' : 'See Other'}. Redirecting to ${page.location}`,
      // Whether a page sends a reader to sign in depends on who asks: no cache may keep that answer.
      headers: page.status === 303 ? { Location: page.location, 'Cache-Control': 'private, no-store' } : { Location: page.location },
      noStore: true,
    };
  }
  const headers: Record<string, string> = {
    'Cache-Control': page.noStore ? 'private, no-store' : page.private ? 'private, no-cache' : 'no-cache',
  };
  if (page.status === 503) headers['Retry-After'] = '5';
  if (page.robots !== 'index, follow') headers['X-Robots-Tag'] = page.robots;
  return { status: page.status, contentType: 'text/html; charset=utf-8', body: page.html, headers, noStore: page.private || page.noStore === true };
}
