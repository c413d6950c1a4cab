import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { PublicUser } from '../../../common/api-types.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { labelsOfContext } from './route-labels.js';
import { TooManyRequestsError } from './too-many-requests.js';

/**
 * Reads @RateLimit(policy): one counter per address, and one per account for a signed-in caller, in
 * PostgreSQL (shared by every instance). Past the limit: the one 429 (TooManyRequestsError).
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(private readonly reflector: Reflector, private readonly limits: RateLimitService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = labelsOfContext(this.reflector, context).rateLimit;
    if (!policy) return true;
    const req = context.switchToHttp().getRequest<Request>();
    const user = req.user as PublicUser | undefined;
    const keys = [`${policy.name}:ip:${req.ip ?? 'unknown'}`, ...(user ? [`${policy.name}:user:${user.id}`] : [])];
    const states = await Promise.all(keys.map((key) => this.limits.hit(key, policy.windowSeconds)));
    const over = states.filter((s) => s.hits > policy.limit);
    if (!over.length) return true;
    const resetAt = new Date(Math.max(...over.map((s) => s.resetAt.getTime())));
    throw TooManyRequestsError.until(resetAt, policy.message);
  }
}
