import { Controller, Get, Header, Query, Res } from '@nestjs/common';
import { Public } from '../access/route-labels.js';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Inject } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DoubleOptInService } from './double-opt-in.service.js';
import { messagePage } from './message-page.js';

/**
 * GET /newsletter/confirm?token=…: the link of the confirmation mail, answered by the server alone (a mail client
 * opens it without our scripts). 200 "confirmed" (again on a second visit, changing nothing); 400 with a clear
 * page for an altered, expired or unknown token.
 */
@ApiExcludeController()
@Controller('newsletter')
@Public()
export class NewsletterConfirmController {
  constructor(
    private readonly optIn: DoubleOptInService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('confirm')
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  async confirm(@Query('token') token: unknown, @Res() res: Response): Promise<void> {
    const outcome = await this.optIn.confirm(token);
    res.status(outcome.status).type('html').send(messagePage({
      title: outcome.status === 200 ? 'Subscription confirmed' : 'This link does not work',
      message: outcome.message,
      siteUrl: this.config.publicSiteUrl,
      ok: outcome.status === 200,
    }));
  }
}
