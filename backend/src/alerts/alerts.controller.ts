import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { FOLLOW_MSG } from '../../../common/follow-api-types.js';
import { escapeHtml } from '../../../common/seo/page-head.js';
import { RATE_LIMITS } from '../rate-limit/rate-limits.js';
import { Public, RateLimit, TakesOneClickPost } from '../access/route-labels.js';
import { ApiError } from '../common/api-error.js';
import { AlertsService } from './alerts.service.js';

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
