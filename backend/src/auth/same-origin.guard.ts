import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Uploads are the one kind of write that is not JSON. */
const MULTIPART_ALLOWED = /^\/_api\/admin\/media(\/|$)/i;
/** The newsletter form as plain HTML (works before its script loads); only with our own Origin. */
const FORM_ALLOWED = /^\/newsletter\/subscribe$/i;
/** RFC 8058 one-click unsubscribe: a mail provider's POST, with no cookie and no Origin; the signed token is the proof. */
const ONE_CLICK_ALLOWED = /^\/_api\/alerts\/unsubscribe$/i;

/**
 * CSRF defence for cookie sessions: a write must come from our own origin and be
 * JSON (which a plain HTML form cannot send without a CORS preflight).
 */
@Injectable()
export class SameOriginGuard implements CanActivate {
  /** scheme://host:port of PUBLIC_SITE_URL, as a browser writes it in Origin. */
  private readonly siteOrigin: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.siteOrigin = new URL(config.publicSiteUrl).origin;
  }

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(req.method)) return true;
    if (ONE_CLICK_ALLOWED.test(req.path)) return true;
    const origin = req.get('origin');
    if (origin && !this.isOwnOrigin(origin, req)) throw new ApiError(403, MSG.crossOrigin);
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (!hasBody) return true;
    if (req.is('application/json')) return true;
    if (req.is('multipart/form-data') && MULTIPART_ALLOWED.test(req.path)) return true;
    // Browsers always send Origin with a form POST; without one it cannot be told apart from a forged one.
    if (req.is('application/x-www-form-urlencoded') && FORM_ALLOWED.test(req.path) && origin) return true;
    throw new ApiError(415, MSG.jsonRequired);
  }

  /**
   * The site's own origin is PUBLIC_SITE_URL (a proxy may rewrite Host). Outside production the
   * request's host is accepted too: a dev server or a test may reach the site under another name.
   */
  private isOwnOrigin(origin: string, req: Request): boolean {
    if (origin === 'null') return false;
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      return false;
    }
    if (parsed.origin === this.siteOrigin) return true;
    return !this.config.isProduction && parsed.host === req.get('host');
  }
}
