import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { PublicUser } from '../../../common/api-types.js';
import { networkVisitorKey } from '../common/visitor.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { RateLimitService } from './rate-limit.service.js';
import { RATE_LIMIT_KEY, type RateLimitPolicy } from './rate-limit.policy.js';
import { TooManyRequestsError } from '../common/too-many-requests.js';

/**
 * Reads @RateLimit(policy): one counter per network (an IPv4 address, an IPv6 /64: what one person can
 * easily use), and one per account for a signed-in caller, in PostgreSQL (shared by every instance). The
 * network is kept only as its daily keyed hash (networkVisitorKey): no address is stored. Past the limit:
 * the one 429 (TooManyRequestsError).
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.getAllAndOverride<RateLimitPolicy | undefined>(RATE_LIMIT_KEY, [context.getHandler(), context.getClass()]);
    if (!policy) return true;
    const req = context.switchToHttp().getRequest<Request>();
    const user = req.user as PublicUser | undefined;
    const network = networkVisitorKey(this.config.visitorKey, req.ip, new Date());
    const keys = [`${policy.name}:net:${network}`, ...(user ? [`${policy.name}:user:${user.id}`] : [])];
    const states = await Promise.all(keys.map((key) => this.limits.hit(key, policy.windowSeconds)));
    const over = states.filter((s) => s.hits > policy.limit);
    if (!over.length) return true;
    const resetAt = new Date(Math.max(...over.map((s) => s.resetAt.getTime())));
    throw TooManyRequestsError.until(resetAt, policy.message);
  }
}
