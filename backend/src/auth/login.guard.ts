import { Inject, Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { loginSchema } from '../../../common/schemas.js';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { LoginLimiter } from './login-limiter.service.js';
import { AuditService } from '../audit/audit.service.js';
import type { User } from '../users/user.entity.js';
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
    const parsed = loginSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
      throw new ApiError(400, parsed.error.issues[0].message, errors);
    }
    req.body = parsed.data;
    const ip = req.ip ?? 'unknown';
    await this.limiter.assertAllowed(ip, parsed.data.email);
    try {
      await super.canActivate(context);
    } catch (error) {
      await this.limiter.recordFailure(ip, parsed.data.email);
      // The address typed, never the password (issue #20: failed sign-ins are audited).
      await this.audit.append({ actor: { id: null, email: parsed.data.email }, action: 'sign-in-failed', resource: 'auth' });
      throw error;
    }
    await super.logIn(req);
    await this.limiter.recordSuccess(ip, parsed.data.email);
    const user = req.user as User;
    await this.users.recordSignIn(user.id);
    await this.audit.append({ actor: { id: user.id, email: user.email }, action: 'sign-in', resource: 'auth', resourceId: user.id });
    return true;
  }
}
