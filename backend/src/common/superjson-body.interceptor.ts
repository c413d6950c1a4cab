import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import superjson from 'superjson';
import { MSG } from '../../../common/messages.js';
import { ApiError } from './api-error.js';

/** A superjson envelope: `json` and, optionally, `meta` and nothing else. */
export function isSuperjsonEnvelope(body: unknown): body is { json: unknown; meta?: unknown } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  return keys.includes('json') && keys.every((k) => k === 'json' || k === 'meta');
}

/**
 * For calls that accept a body either plain or serialized with superjson (docs/design.md §3):
 * unwraps `{json, meta}` before the validation pipe sees it (interceptors run before pipes),
 * so the DTO validates the same object either way. A plain body passes through untouched.
 */
@Injectable()
export class SuperjsonBodyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    if (isSuperjsonEnvelope(req.body)) {
      let value: unknown;
      try {
        value = superjson.deserialize(req.body as Parameters<typeof superjson.deserialize>[0]);
      } catch {
        throw new ApiError(400, MSG.invalidSuperjson);
      }
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ApiError(400, MSG.invalidSuperjson);
      req.body = value;
    }
    return next.handle();
  }
}
