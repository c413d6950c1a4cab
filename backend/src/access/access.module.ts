import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { SameOriginGuard } from './same-origin.guard.js';
import { BodyGuard } from './body.guard.js';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard.js';
import { RolesGuard } from './roles.guard.js';

/**
 * The route labels' guards, in the order they run on every route: where a write comes from and what it is
 * (SameOriginGuard), who may call (RolesGuard), reading the body the route allows (BodyGuard), then its
 * rate limit (RateLimitGuard, after the body so a refused form post still knows where to go back to).
 */
@Module({
  imports: [RateLimitModule],
  providers: [
    { provide: APP_GUARD, useClass: SameOriginGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
    { provide: APP_GUARD, useClass: BodyGuard },
    { provide: APP_GUARD, useClass: RateLimitGuard },
  ],
})
export class AccessModule {}
