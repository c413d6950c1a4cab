import { Catch, Controller, HttpCode, HttpException, Post, Req, Res, UseFilters, UseGuards, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { loginFormErrorOf } from '../../../common/login-form.js';
import { LOGIN_NEXT_PARAM, loginFormRedirect, loginReturnPath } from '../../../common/login-path.js';
import { MSG } from '../../../common/messages.js';
import { Public, TakesForm } from '../access/route-labels.js';
import { isSameOriginRefusal } from '../common/same-origin-refusal.js';
import type { PublicUser } from '../../../common/api-types.js';
import { FollowsService } from '../follows/follows.service.js';
import { LoginGuard } from './login.guard.js';

/**
 * A refused sign-in goes back to the sign-in page with the reason (a code the page turns into SPEC's
 * message), never to a JSON error. The same-origin check (the CSRF defence) is the exception: a forged
 * post gets the plain error and no redirect.
 */
@Catch()
class LoginFormErrors implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const status = error instanceof HttpException ? error.getStatus() : 500;
    const message = error instanceof HttpException ? error.message : MSG.loginFailedRetry;
    if (isSameOriginRefusal(status, message)) {
      res.status(status).json({ statusCode: status, error: message, message });
      return;
    }
    res.redirect(303, loginFormRedirect(req.query[LOGIN_NEXT_PARAM], loginFormErrorOf(status, message)));
  }
}

/**
 * POST /login: the sign-in form as plain HTML (before or without its script). Form-encoded, only from
 * our own origin (`@TakesForm()`: SameOriginGuard takes it without JSON, and only with a matching Origin);
 * the same checks, limits and session as POST /_api/auth/login_with_password (LoginGuard), then 303 to
 * the `next` path the form was opened with, or to / (SPEC §2).
 */
@ApiExcludeController()
@Controller('login')
@Public()
@TakesForm()
@UseFilters(LoginFormErrors)
export class LoginFormController {
  constructor(private readonly follows: FollowsService) {}

  @Post()
  @HttpCode(303)
  @UseGuards(LoginGuard)
  async login(@Req() req: Request, @Res() res: Response): Promise<void> {
    // Signed in to follow a firm: without the page's script, the follow is done here (issue #19).
    res.redirect(303, await this.follows.followAfterSignIn((req.user as PublicUser).id, loginReturnPath(req.query[LOGIN_NEXT_PARAM])));
  }
}
