import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import { REPORT_LIMITS } from '../../../common/proof.js';
import { PROOF_MSG } from '../../../common/proof-messages.js';
import { ApiError } from '../common/api-error.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';

/**
 * Report calls per client address (shared by all instances through PostgreSQL), whatever the discount:
 * past the limit, 429 with Retry-After before the body is read or a row written.
 */
@Injectable()
export class ReportRateLimitGuard implements CanActivate {
  constructor(private readonly limits: RateLimitService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const state = await this.limits.hit(`report-ip:${req.ip ?? 'unknown'}`, REPORT_LIMITS.windowSeconds);
    if (state.hits <= REPORT_LIMITS.perIp) return true;
    const seconds = Math.max(1, Math.ceil((state.resetAt.getTime() - Date.now()) / 1000));
    http.getResponse<Response>().setHeader('Retry-After', String(seconds));
    throw new ApiError(429, PROOF_MSG.tooManyReports);
  }
}
