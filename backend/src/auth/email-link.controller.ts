import { Body, Controller, Get, Header, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import { isEmailAddress } from '../../../common/email-address.js';
import { ACCOUNT_PATH, EMAIL_LINK_PATH, EMAIL_SIGN_IN_TEXT } from '../../../common/email-sign-in.js';
import { escapeHtml } from '../../../common/seo/page-head.js';
import { Public, RateLimit, TakesForm } from '../access/route-labels.js';
import { RATE_LIMITS } from '../rate-limit/rate-limits.js';
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

  /**
   * The mailed link opens a page, changing nothing (issue #35): mail scanners and link previews GET (or HEAD) links
   * before the trader does, and must not use them up. The page says who is signing in; its one button POSTs the
   * token, without script. The referrer stays same-origin so that the browser sends this site as the POST's Origin
   * (with no-referrer it sends "null", which the same-origin guard refuses); the token never leaves the site.
   */
  @Get('auth/email-link')
  @ApiExcludeEndpoint()
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'same-origin')
  async open(@Query('token') token: unknown, @Res() res: Response): Promise<void> {
    const preview = await this.links.preview(token);
    if (!preview.ok) {
      this.refuse(res, preview.message);
      return;
    }
    const form = `<form method="post" action="${EMAIL_LINK_PATH}"><input type="hidden" name="token" value="${escapeHtml(String(token))}">` +
      `<button type="submit">${escapeHtml(EMAIL_SIGN_IN_TEXT.confirmButton)}</button></form>`;
    res.status(200).type('html').send(messagePage({
      title: EMAIL_SIGN_IN_TEXT.confirmTitle, message: EMAIL_SIGN_IN_TEXT.confirmMessage(preview.email),
      siteUrl: this.config.publicSiteUrl, ok: true, extra: form,
    }));
  }

  /** The page's button: signs in (a new session id, the account made on first use), uses the link, lands on its `next` or /account. */
  @Post('auth/email-link')
  @ApiExcludeEndpoint()
  @TakesForm()
  @RateLimit(RATE_LIMITS.emailLinkUse)
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  async signIn(@Body('token') token: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const outcome = await this.links.redeem(token);
    if (!outcome.ok) {
      this.refuse(res, outcome.message);
      return;
    }
    // passport's logIn regenerates the session id: a session fixed before the link cannot ride on it.
    await new Promise<void>((resolve, reject) => req.logIn(outcome.user, (err) => (err ? reject(err) : resolve())));
    // A link asked for to follow a firm follows it (the intent is inside the signed token), with or without script.
    res.redirect(303, outcome.next ? await this.follows.followAfterSignIn(outcome.user.id, outcome.next) : ACCOUNT_PATH);
  }

  private refuse(res: Response, message: string): void {
    res.status(400).type('html').send(messagePage({ title: 'This link does not work', message, siteUrl: this.config.publicSiteUrl, ok: false }));
  }
}
