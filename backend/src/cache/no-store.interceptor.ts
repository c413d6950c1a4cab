import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';

/** Every admin path, whatever the case (Express matches paths case-insensitively). */
const ADMIN_PATH = /^\/_api\/admin(\/|$)/i;
/** A signed-in trader's own answers (payout amounts, follows, claims): theirs alone, and not for the next user of a shared browser. */
const ME_PATH = /^\/_api\/me(\/|$)/i;

/**
 * Registered once, globally (CacheModule), like the admin guard: every answer under /_api/admin carries subscribers' emails or
 * unpublished work, so no browser or proxy may keep a copy (`no-store`). Set before the handler runs, so streamed
 * answers (the CSV export) have it too; errors get it from AllExceptionsFilter. A trader's own answers under /_api/me
 * get `private, no-store` (issue 35): `private` alone let a shared browser keep someone's payout amounts.
 */
@Injectable()
export class AdminNoStoreInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const req = context.switchToHttp().getRequest<Request>();
      const routePath: string = (req.route as { path?: string } | undefined)?.path ?? '';
      const res = context.switchToHttp().getResponse<Response>();
      if (ADMIN_PATH.test(req.path) || ADMIN_PATH.test(routePath)) res.setHeader('Cache-Control', 'no-store');
      else if (ME_PATH.test(req.path) || ME_PATH.test(routePath)) res.setHeader('Cache-Control', 'private, no-store');
    }
    return next.handle();
  }
}
