import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { PublicUser } from '../../../common/api-types.js';
import type { UserRole } from '../../../common/enums.js';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import { labelsOfContext } from './route-labels.js';

/** What a route without any access label gets: admins only, so a forgotten label never opens a route. */
const UNLABELLED: UserRole[] = ['admin'];

/** Reads @Public() / @Roles(...): 401 without a session, 403 for a role the route does not name. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const { roles, isPublic } = labelsOfContext(this.reflector, context);
    if (isPublic) return true;
    const user = context.switchToHttp().getRequest<Request>().user as PublicUser | undefined;
    if (!user) throw new ApiError(401, MSG.notAuthenticated);
    if (!(roles ?? UNLABELLED).includes(user.role)) throw new ApiError(403, MSG.accessDenied(user.role));
    return true;
  }
}
