import type { Request } from 'express';
import type { PublicUser } from '../../../common/api-types.js';
import type { Computed } from '../cache/public-cache.service.js';
import type { SitePage } from './site-pages.service.js';

/**
 * Whose page this is, for the cache: signed-in pages are kept apart per role (an admin's header
 * differs from a visitor's), anonymous ones shared. Undefined is the anonymous audience, the only
 * one the fast path (which runs before sessions are read) may answer.
 */
export function pageAudience(req: Request): string | undefined {
  const user = req.user as PublicUser | undefined;
  return user ? `role:${user.role}` : undefined;
}

/**
 * A page as the public cache sends it: a strong ETag and 304s come from the cache; no-cache so
 * browsers revalidate; private for signed-in readers and private pages (admin, previews: no-store), which
 * are never kept; X-Robots-Tag mirroring the robots meta on pages that must not be indexed.
 */
export function pageAnswer(page: SitePage, signedIn: boolean): Computed {
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
    'Cache-Control': page.noStore ? 'private, no-store' : page.private || signedIn ? 'private, no-cache' : 'no-cache',
  };
  if (page.status === 503) headers['Retry-After'] = '5';
  if (page.robots !== 'index, follow') headers['X-Robots-Tag'] = page.robots;
  return { status: page.status, contentType: 'text/html; charset=utf-8', body: page.html, headers, noStore: page.private || page.noStore === true };
}
