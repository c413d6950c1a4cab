import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';

/**
 * `/_api/me/*` needs a signed-in user, any role (DESIGN §7). Until the trader sign-in of issue #17 is merged this
 * is the follows' own guard; that branch's guard for every `/_api/me` route replaces it.
 */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (!req.user) throw new ApiError(401, MSG.notAuthenticated);
    return true;
  }
}
