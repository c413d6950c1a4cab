import {
  Body, Catch, Controller, Get, HttpCode, HttpException, Post, Query, Req, Res, UseFilters, type ArgumentsHost, type ExceptionFilter,
} from '@nestjs/common';
import { ApiExcludeEndpoint, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import type { PublicUser } from '../../../common/api-types.js';
import {
  AFTER_ACCEPT_PATH, INVITATION_PREVIEW_PATH, USERS_TEXT, acceptInviteFormCode, acceptInviteFormRedirect, newPasswordRule, type InvitationPreviewDto,
} from '../../../common/invitations.js';
import { MSG } from '../../../common/messages.js';
import { RATE_LIMITS } from '../rate-limit/rate-limits.js';
import { Public, RateLimit, TakesForm } from '../access/route-labels.js';
import { Validate } from '../common/validators.js';
import { isSameOriginRefusal } from '../common/same-origin-refusal.js';
import { toPublicUser, type User } from './user.entity.js';
import { InvitationsService } from './invitations.service.js';
import { NoStore } from '../cache/no-store.js';

export class AcceptInvitationDto {
  @ApiProperty({ description: 'The token of the invitation link' })
  @IsString({ message: USERS_TEXT.linkInvalid })
  @MaxLength(600, { message: USERS_TEXT.linkInvalid })
  token!: string;

  @ApiProperty({ description: 'The new password (12 to 128 characters)' })
  @Validate((v) => typeof v === 'string' && newPasswordRule(v) === true, MSG.passwordRequired, {
    message: ({ value }) => {
      const verdict = newPasswordRule(typeof value === 'string' ? value : '');
      return verdict === true ? MSG.passwordRequired : verdict;
    },
  })
  password!: string;
}

/** passport's logIn (it regenerates the session id, so a session fixed before the link cannot ride on it). */
function signIn(req: Request, user: User): Promise<void> {
  return new Promise((resolve, reject) => req.logIn(user, (err) => (err ? reject(err) : resolve())));
}

/** A refused plain-form accept goes back to the page with the reason's code (as POST /login does); a forged post gets the plain error. */
@Catch()
class AcceptFormErrors implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const status = error instanceof HttpException ? error.getStatus() : 500;
    const message = error instanceof HttpException ? error.message : MSG.internalError;
    if (isSameOriginRefusal(status, message)) {
      res.status(status).json({ statusCode: status, error: message, message });
      return;
    }
    const token = (req.body as { token?: unknown } | undefined)?.token;
    res.redirect(303, acceptInviteFormRedirect(token, acceptInviteFormCode(status, message)));
  }
}

/** Accepting an invitation (issue #20): as JSON, and as the /accept-invite page's plain form (no script needed). */
@ApiTags('auth')
@Controller()
@Public()
@RateLimit(RATE_LIMITS.invitationAccept)
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  /**
   * Who a link is for, changing nothing (issue #35): the /accept-invite page says it before the password is set.
   * A spent or replaced link answers as accepting it would (410), one we did not sign 400.
   */
  @Get(INVITATION_PREVIEW_PATH.slice(1))
  @NoStore('private, no-store')
  @RateLimit(RATE_LIMITS.invitationPreview)
  preview(@Query('token') token: unknown): Promise<InvitationPreviewDto> {
    return this.invitations.preview(token);
  }

  /** Sets the password, activates the account and signs it in; answers the user. */
  @Post('_api/auth/invitations/accept')
  @HttpCode(200)
  async accept(@Body() { token, password }: AcceptInvitationDto, @Req() req: Request): Promise<PublicUser> {
    const user = await this.invitations.accept(token, password);
    await signIn(req, user);
    return toPublicUser(user);
  }

  /** The same from the page's form without JavaScript: 303 to the admin, or back to the page with the reason. */
  @Post('accept-invite')
  @ApiExcludeEndpoint()
  @TakesForm()
  @UseFilters(AcceptFormErrors)
  async acceptForm(@Body() { token, password }: AcceptInvitationDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    const user = await this.invitations.accept(token, password);
    await signIn(req, user);
    res.redirect(303, AFTER_ACCEPT_PATH);
  }
}
