import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import { NEWSLETTER_LIMITS } from '../../../common/constants.js';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';

/**
 * Counts every call to the public newsletter routes per client address (shared by all
 * instances through PostgreSQL); past the limit the call is refused with 429 and Retry-After.
 * Runs as a guard, so a refused call never reaches body parsing of superjson or the database row.
 */
@Injectable()
export class NewsletterRateLimitGuard implements CanActivate {
  constructor(private readonly limits: RateLimitService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    // One counter per route (subscribe, unsubscribe) and address.
    const route = (req.route as { path?: string } | undefined)?.path ?? req.path;
    const state = await this.limits.hit(`newsletter:${route}:ip:${req.ip ?? 'unknown'}`, NEWSLETTER_LIMITS.windowSeconds);
    if (state.hits <= NEWSLETTER_LIMITS.perIp) return true;
    const seconds = Math.max(1, Math.ceil((state.resetAt.getTime() - Date.now()) / 1000));
    http.getResponse<Response>().setHeader('Retry-After', String(seconds));
    throw new ApiError(429, MSG.tooManySubscribeAttempts(Math.ceil(seconds / 60)));
  }
}
