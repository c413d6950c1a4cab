import { Body, Controller, Get, Header, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import { isEmailAddress } from '../../../common/email-address.js';
import { ACCOUNT_PATH, EMAIL_SIGN_IN_TEXT } from '../../../common/email-sign-in.js';
import { Public, RateLimit } from '../access/route-labels.js';
import { RATE_LIMITS } from '../access/rate-limits.js';
import { Validate } from '../common/validators.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { messagePage } from '../newsletter/message-page.js';
import { FollowsService } from '../follows/follows.service.js';
import { EmailLinkService } from './email-link.service.js';

export class EmailLinkDto {
  @ApiProperty()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @Validate(isEmailAddress, EMAIL_SIGN_IN_TEXT.emailInvalid)
  email!: string;

  /** The page to land on after signing in (a same-site path; anything else lands on /account). */
  @ApiProperty({ required: false })
  @IsOptional()
  @IsString({ message: EMAIL_SIGN_IN_TEXT.nextInvalid })
  @MaxLength(2000, { message: EMAIL_SIGN_IN_TEXT.nextInvalid })
  next?: string;
}

/** Sign-in by an emailed link (issue #17). */
@ApiTags('auth')
@Controller()
@Public()
export class EmailLinkController {
  constructor(private readonly links: EmailLinkService, private readonly follows: FollowsService, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Always the same 200 answer, whether or not the address has an account (no enumeration). */
  @Post('_api/auth/email-link')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.emailLink)
  async ask(@Body() { email, next }: EmailLinkDto): Promise<{ message: string }> {
    await this.links.send(email, next);
    return { message: EMAIL_SIGN_IN_TEXT.sent };
  }

  /** The mailed link: signs in (a new session id, the account made on first use) and lands on its `next`, or /account. */
  @Get('auth/email-link')
  @ApiExcludeEndpoint()
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  async open(@Query('token') token: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const outcome = await this.links.redeem(token);
    if (!outcome.ok) {
      res.status(400).type('html').send(messagePage({ title: 'This link does not work', message: outcome.message, siteUrl: this.config.publicSiteUrl, ok: false }));
      return;
    }
    // passport's logIn regenerates the session id: a session fixed before the link cannot ride on it.
    await new Promise<void>((resolve, reject) => req.logIn(outcome.user, (err) => (err ? reject(err) : resolve())));
    // A link asked for to follow a firm follows it (the intent is inside the signed token), with or without script.
    res.redirect(303, outcome.next ? await this.follows.followAfterSignIn(outcome.user.id, outcome.next) : ACCOUNT_PATH);
  }
}
