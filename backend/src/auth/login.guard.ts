import { Inject, Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import { createValidationPipe } from '../common/validation.pipe.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { LoginLimiter } from './login-limiter.service.js';
import { AuditService } from '../audit/audit.service.js';
import type { User } from '../users/user.entity.js';
import { LoginDto } from './dto/login.dto.js';
import { UsersService } from '../users/users.service.js';

/**
 * Checks the body (SPEC's login messages), the rate limits, then the password
 * through passport-local, and finally starts the session (passport regenerates its id).
 */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  constructor(
    private readonly limiter: LoginLimiter,
    private readonly audit: AuditService,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    // express-session silently sets no Secure cookie over http: say so instead of a sign-in that does not stick.
    if (this.config.publicSiteUrl.startsWith('https://') && !req.secure) throw new ApiError(403, MSG.signInNeedsHttps);
    // The guard runs before any pipe, so it takes the body through the one validation pipe itself.
    const body = (await createValidationPipe().transform(req.body ?? {}, { type: 'body', metatype: LoginDto })) as LoginDto;
    req.body = body;
    const ip = req.ip ?? 'unknown';
    await this.limiter.assertAllowed(ip, body.email);
    try {
      await super.canActivate(context);
    } catch (error) {
      await this.limiter.recordFailure(ip, body.email);
      // The address typed, never the password (issue #20: failed sign-ins are audited).
      await this.audit.append({ actor: { id: null, email: body.email }, action: 'sign-in-failed', resource: 'auth' });
      throw error;
    }
    await super.logIn(req);
    await this.limiter.recordSuccess(ip, body.email);
    const user = req.user as User;
    await this.users.recordSignIn(user.id);
    await this.audit.append({ actor: { id: user.id, email: user.email }, action: 'sign-in', resource: 'auth', resourceId: user.id });
    return true;
  }
}
