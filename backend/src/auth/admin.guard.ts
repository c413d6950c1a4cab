import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { PublicUser } from '../../../common/api-types.js';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';

/** Express matches paths case-insensitively, so the check must too. */
export const ADMIN_PATH = /^\/_api\/admin(\/|$)/i;

/**
 * Registered once, globally: every route under /_api/admin needs an admin
 * session, so a new admin controller cannot be left open by forgetting a decorator.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const routePath: string = (req.route as { path?: string } | undefined)?.path ?? '';
    if (!ADMIN_PATH.test(req.path) && !ADMIN_PATH.test(routePath)) return true;
    const user = req.user as PublicUser | undefined;
    if (!user) throw new ApiError(401, MSG.notAuthenticated);
    if (user.role !== 'admin') throw new ApiError(403, MSG.accessDenied(user.role));
    return true;
  }
}
