import type { NextFunction, Request, Response } from 'express';
import type { OutgoingHttpHeaders } from 'node:http';

/**
 * An answer that sets a cookie (a signed-in reader's rolling session) is that reader's alone: its Cache-Control
 * becomes private whatever the answer said, so no shared cache (a CDN) keeps a public page together with someone's
 * session cookie. Mounted before the session middleware: hooks on writeHead run last-mounted first, so this one
 * runs after express-session has set its cookie.
 */
export function privateWhenSettingCookie(_req: Request, res: Response, next: NextFunction): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, status: number, ...rest: unknown[]) {
    // writeHead(status, [reason], [headers]): headers given inline are set first, so the check sees them all.
    const at = rest.findIndex((a) => a !== null && typeof a === 'object' && !Array.isArray(a));
    if (at >= 0) {
      for (const [name, value] of Object.entries(rest[at] as OutgoingHttpHeaders)) if (value !== undefined) this.setHeader(name, value);
      rest.splice(at, 1);
    }
    if (this.hasHeader('set-cookie')) {
      const cacheControl = String(this.getHeader('cache-control') ?? '');
      if (!/\b(private|no-store)\b/i.test(cacheControl)) this.setHeader('Cache-Control', cacheControl ? `private, ${cacheControl}` : 'private');
    }
    return (writeHead as (...args: unknown[]) => Response).call(this, status, ...rest);
  } as Response['writeHead'];
  next();
}
