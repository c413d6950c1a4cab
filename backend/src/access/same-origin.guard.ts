import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { labelsOfContext } from './route-labels.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);


/**
 * CSRF defence for cookie sessions: a write must come from our own origin and be
 * JSON (which a plain HTML form cannot send without a CORS preflight). Multipart only on routes labelled
 * @TakesUploads(), a form post only on routes labelled @TakesForm() (and only with our own Origin).
 */
@Injectable()
export class SameOriginGuard implements CanActivate {
  /** scheme://host:port of PUBLIC_SITE_URL, as a browser writes it in Origin. */
  private readonly siteOrigin: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig, private readonly reflector: Reflector) {
    this.siteOrigin = new URL(config.publicSiteUrl).origin;
  }

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(req.method)) return true;
    const { bodyKind } = labelsOfContext(this.reflector, context);
    // RFC 8058: a mail provider's one-click POST carries no cookie and no Origin; its signed token is its authority.
    if (bodyKind === 'one-click' && req.is('application/x-www-form-urlencoded')) return true;
    const origin = req.get('origin');
    if (origin && !this.isOwnOrigin(origin, req)) throw new ApiError(403, MSG.crossOrigin);
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (!hasBody) return true;
    if (req.is('application/json')) return true;
    if (req.is('multipart/form-data') && bodyKind === 'upload') return true;
    // Browsers always send Origin with a form POST; without one it cannot be told apart from a forged one. The
    // route does take forms, so the answer names the origin, not the body's type.
    const isForm = req.is('application/x-www-form-urlencoded') && (bodyKind === 'form' || bodyKind === 'results-form');
    if (isForm || (req.is('multipart/form-data') && bodyKind === 'results-form')) {
      if (origin) return true;
      throw new ApiError(403, MSG.originUnconfirmed);
    }
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
