import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminGuard } from './admin.guard.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LocalStrategy } from './local.strategy.js';
import { LoginGuard } from './login.guard.js';
import { LoginLimiter } from './login-limiter.service.js';
import { SameOriginGuard } from './same-origin.guard.js';
import { SessionMiddleware } from './session.middleware.js';
import { SessionSerializer } from './session.serializer.js';

@Module({
  imports: [UsersModule, RateLimitModule, PassportModule.register({ session: true })],
  controllers: [AuthController],
  providers: [
    AuthService, LocalStrategy, SessionSerializer, LoginGuard, LoginLimiter, SessionMiddleware,
    { provide: APP_GUARD, useClass: SameOriginGuard },
    { provide: APP_GUARD, useClass: AdminGuard },
  ],
  exports: [SessionMiddleware, AuthService],
})
export class AuthModule {}
