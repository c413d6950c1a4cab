import { Body, Controller, Post, Redirect, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PublicUser } from '../../../common/api-types.js';
import { FOLLOW_MSG } from '../../../common/follow-api-types.js';
import {
  ALERT_SETTINGS_FORM_PATH, ALERTS_SAVED_PATH, FOLLOW_FORM_PATH, alertSettingsFormOf, followDonePath, followFormOf, signInToFollowHref,
} from '../../../common/follow-intent.js';
import { ACCOUNT_PATH } from '../../../common/email-sign-in.js';
import { loginPathFor } from '../../../common/login-path.js';
import { RATE_LIMITS } from '../rate-limit/rate-limits.js';
import { Public, RateLimit, TakesForm } from '../access/route-labels.js';
import { ApiError } from '../common/api-error.js';
import { FollowsService } from './follows.service.js';

/**
 * The follow forms for readers without JavaScript (issue #19). POST /follow is every Follow button as a plain form.
 * The cached page is the same for everyone, so the form is too: a signed-in trader follows (or unfollows) and goes
 * back to the page with the outcome in its URL; anyone else goes to /login with the intent, and signing in does the
 * follow. POST /alert-settings is /account's alert-emails choice. Form-encoded, only from our own origin
 * (`@TakesForm()`, as POST /login); public so that a signed-out visitor is sent to sign in rather than shown a 401,
 * hence rate-limited.
 */
@ApiExcludeController()
@Controller()
@Public()
@TakesForm()
@RateLimit(RATE_LIMITS.followForm)
export class FollowFormController {
  constructor(private readonly follows: FollowsService) {}

  @Post(FOLLOW_FORM_PATH.slice(1))
  @Redirect(undefined, 303)
  async submit(@Body() body: unknown, @Req() req: Request): Promise<{ url: string }> {
    const form = followFormOf(body);
    if (!form) throw new ApiError(400, FOLLOW_MSG.form, { companyId: FOLLOW_MSG.companyId });
    const user = req.user as PublicUser | undefined;
    if (!user) return { url: form.action === 'follow' ? signInToFollowHref(form.next, form.companyId) : loginPathFor(form.next) };
    if (form.action === 'follow') await this.follows.follow(user.id, form.companyId);
    else await this.follows.unfollow(user.id, form.companyId);
    return { url: followDonePath(form.next, form.companyId, form.action === 'follow') };
  }

  /** /account's alert-emails choice (as they happen, weekly, none): saved, then back to /account saying so. */
  @Post(ALERT_SETTINGS_FORM_PATH.slice(1))
  @Redirect(undefined, 303)
  async alertSettings(@Body() body: unknown, @Req() req: Request): Promise<{ url: string }> {
    const frequency = alertSettingsFormOf(body);
    if (!frequency) throw new ApiError(400, FOLLOW_MSG.frequency, { frequency: FOLLOW_MSG.frequency });
    const user = req.user as PublicUser | undefined;
    if (!user) return { url: loginPathFor(ACCOUNT_PATH) };
    await this.follows.setFrequency(user.id, frequency);
    return { url: ALERTS_SAVED_PATH };
  }
}
