import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { UsersModule } from '../users/users.module.js';
import { FollowsModule } from '../follows/follows.module.js';
import { AuthController } from './auth.controller.js';
import { EmailLinkController } from './email-link.controller.js';
import { EmailLinkService } from './email-link.service.js';
import { AuthService } from './auth.service.js';
import { LocalStrategy } from './local.strategy.js';
import { LoginFormController } from './login-form.controller.js';
import { LoginGuard } from './login.guard.js';
import { LoginLimiter } from './login-limiter.service.js';
import { SessionMiddleware } from './session.middleware.js';
import { SessionSerializer } from './session.serializer.js';

@Module({
  imports: [UsersModule, RateLimitModule, FollowsModule, PassportModule.register({ session: true })],
  controllers: [AuthController, LoginFormController, EmailLinkController],
  providers: [
    AuthService, EmailLinkService, LocalStrategy, SessionSerializer, LoginGuard, LoginLimiter, SessionMiddleware,
  ],
  exports: [SessionMiddleware, AuthService],
})
export class AuthModule {}
