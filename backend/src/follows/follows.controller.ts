import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiProperty, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { IsIn, IsInt, Max, Min } from 'class-validator';
import type { PublicUser } from '../../../common/api-types.js';
import { ALERT_FREQUENCIES, FOLLOW_MSG, type AlertFrequency, type FollowsResponse } from '../../../common/follow-api-types.js';
import { escapeHtml } from '../../../common/seo/page-head.js';
import { RATE_LIMITS } from '../access/rate-limits.js';
import { Public, RateLimit, SignedIn, TakesOneClickPost } from '../access/route-labels.js';
import { ApiError } from '../common/api-error.js';
import { MAX_ID } from '../common/id.dto.js';
import { idParam } from '../common/id.param.js';
import { AlertsService } from './alerts.service.js';
import { FollowsService } from './follows.service.js';
import { NoStore } from '../cache/no-store.js';

export class FollowDto {
  @ApiProperty()
  @Max(MAX_ID, { message: FOLLOW_MSG.companyId })
  @Min(1, { message: FOLLOW_MSG.companyId })
  @IsInt({ message: FOLLOW_MSG.companyId })
  companyId!: number;
}

export class AlertSettingsDto {
  @ApiProperty({ enum: ALERT_FREQUENCIES })
  @IsIn(ALERT_FREQUENCIES, { message: FOLLOW_MSG.frequency })
  frequency!: AlertFrequency;
}

const userId = (req: Request) => (req.user as PublicUser).id;

/** A signed-in trader's follows and alert settings (issue #19). */
@ApiTags('me: follows')
@Controller('_api/me')
@NoStore('private, no-store')
@SignedIn()
export class FollowsController {
  constructor(private readonly follows: FollowsService) {}

  @Get('follows')
  async list(@Req() req: Request): Promise<FollowsResponse> {
    const [follows, frequency] = await Promise.all([this.follows.list(userId(req)), this.follows.frequency(userId(req))]);
    return { follows, frequency };
  }

  @Post('follows')
  async follow(@Req() req: Request, @Body() { companyId }: FollowDto): Promise<FollowsResponse> {
    const follows = await this.follows.follow(userId(req), companyId);
    return { follows, frequency: await this.follows.frequency(userId(req)) };
  }

  @Delete('follows/:companyId')
  async unfollow(@Req() req: Request, @Param('companyId', idParam) companyId: number): Promise<FollowsResponse> {
    const follows = await this.follows.unfollow(userId(req), companyId);
    return { follows, frequency: await this.follows.frequency(userId(req)) };
  }

  @Put('alert-settings')
  async settings(@Req() req: Request, @Body() { frequency }: AlertSettingsDto): Promise<{ frequency: AlertFrequency }> {
    return { frequency: await this.follows.setFrequency(userId(req), frequency) };
  }
}

/**
 * RFC 8058 one-click unsubscribe of alert mails: the provider POSTs `List-Unsubscribe=One-Click` with no cookie
 * and no Origin (`@TakesOneClickPost()`: SameOriginGuard takes its form body without an Origin) and gets a 200, no redirect
 * (a token that is not ours: 400, like the newsletter's). A person who opens the
 * link gets a page with a button (a GET changes nothing: mail scanners open links).
 */
@ApiTags('alerts')
@Controller('_api/alerts')
@Public()
export class AlertsController {
  constructor(private readonly alerts: AlertsService) {}

  @Post('unsubscribe')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.alertUnsubscribe)
  @TakesOneClickPost()
  async oneClick(@Query('token') token: unknown, @Body() body: { token?: unknown }): Promise<{ message: string }> {
    const value = typeof token === 'string' ? token : typeof body?.token === 'string' ? body.token : '';
    // 400 in the one error shape, as the newsletter's one-click answers a bad token: a forged link changes nothing and says so.
    if (!(await this.alerts.unsubscribe(value))) throw new ApiError(400, FOLLOW_MSG.badToken, { token: FOLLOW_MSG.badToken });
    return { message: FOLLOW_MSG.unsubscribed };
  }

  @Get('unsubscribe')
  page(@Query('token') token: unknown, @Res() res: Response): void {
    const value = typeof token === 'string' ? token : '';
    res.set('Cache-Control', 'no-store').type('html').send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Stop alert emails</title></head>`
      + `<body><main><h1>Stop alert emails</h1><form method="post" action="/_api/alerts/unsubscribe">`
      + `<input type="hidden" name="token" value="${escapeHtml(value)}"><button type="submit">Stop alert emails</button></form>`
      + `<p><a href="/account">Follow settings</a></p></main></body></html>`,
    );
  }
}
