import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Uploads are the one kind of write that is not JSON. */
const MULTIPART_ALLOWED = /^\/_api\/admin\/media(\/|$)/i;
/** The newsletter form as plain HTML (works before its script loads); only with our own Origin. */
const FORM_ALLOWED = /^\/newsletter\/subscribe$/i;

/**
 * CSRF defence for cookie sessions: a write must come from our own origin and be
 * JSON (which a plain HTML form cannot send without a CORS preflight).
 */
@Injectable()
export class SameOriginGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(req.method)) return true;
    const origin = req.get('origin');
    if (origin && origin !== 'null') {
      let host: string | undefined;
      try {
        host = new URL(origin).host;
      } catch {
        host = undefined;
      }
      if (host !== req.get('host')) throw new ApiError(403, MSG.crossOrigin);
    } else if (origin === 'null') {
      throw new ApiError(403, MSG.crossOrigin);
    }
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (!hasBody) return true;
    if (req.is('application/json')) return true;
    if (req.is('multipart/form-data') && MULTIPART_ALLOWED.test(req.path)) return true;
    // Browsers always send Origin with a form POST; without one it cannot be told apart from a forged one.
    if (req.is('application/x-www-form-urlencoded') && FORM_ALLOWED.test(req.path) && origin) return true;
    throw new ApiError(415, MSG.jsonRequired);
  }
}
