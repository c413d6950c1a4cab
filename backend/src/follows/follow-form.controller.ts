import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { PublicUser } from '../../../common/api-types.js';
import { FOLLOW_MSG } from '../../../common/follow-api-types.js';
import { FOLLOW_FORM_PATH, followDonePath, followFormOf, signInToFollowHref } from '../../../common/follow-intent.js';
import { loginPathFor } from '../../../common/login-form.js';
import { RATE_LIMITS } from '../access/rate-limits.js';
import { Public, RateLimit, TakesForm } from '../access/route-labels.js';
import { ApiError } from '../common/api-error.js';
import { FollowsService } from './follows.service.js';

/**
 * POST /follow: every Follow button as a plain form (issue #19), for readers without JavaScript. The cached page is
 * the same for everyone, so the form is too: a signed-in trader follows (or unfollows) and goes back to the page with
 * the outcome in its URL; anyone else goes to /login with the intent, and signing in does the follow. Form-encoded,
 * only from our own origin (`@TakesForm()`, as POST /login); public so that a signed-out visitor is sent to sign in
 * rather than shown a 401, hence rate-limited.
 */
@ApiExcludeController()
@Controller(FOLLOW_FORM_PATH.slice(1))
@Public()
@TakesForm()
@RateLimit(RATE_LIMITS.followForm)
export class FollowFormController {
  constructor(private readonly follows: FollowsService) {}

  @Post()
  @HttpCode(303)
  async submit(@Body() body: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const form = followFormOf(body);
    if (!form) throw new ApiError(400, FOLLOW_MSG.form, { companyId: FOLLOW_MSG.companyId });
    const user = req.user as PublicUser | undefined;
    if (!user) {
      res.redirect(303, form.action === 'follow' ? signInToFollowHref(form.next, form.companyId) : loginPathFor(form.next));
      return;
    }
    if (form.action === 'follow') await this.follows.follow(user.id, form.companyId);
    else await this.follows.unfollow(user.id, form.companyId);
    res.redirect(303, followDonePath(form.next, form.companyId, form.action === 'follow'));
  }
}
