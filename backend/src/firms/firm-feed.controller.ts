import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { renderFirmAtom } from '../../../common/firm-feed.js';
import { MSG } from '../../../common/messages.js';
import { Public } from '../access/route-labels.js';
import { PublicCache } from '../cache/public-cache.decorator.js';
import type { Computed } from '../cache/public-cache.service.js';
import { ApiError } from '../common/api-error.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { FIRM_TABLES } from './firms.controller.js';
import { FirmsService } from './firms.service.js';

/** /firms/<slug>/changes.xml: a firm's Atom feed of changes (issue #19), cached like the profile. */
@ApiExcludeController()
@Controller('firms')
@Public()
export class FirmFeedController {
  constructor(private readonly firms: FirmsService, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get(':slug/changes.xml')
  @PublicCache({ tables: FIRM_TABLES })
  async feed(@Param('slug') slug: string): Promise<Computed> {
    if (!/^[a-z0-9-]{1,200}$/.test(slug)) throw new ApiError(404, MSG.notFound('Firm'));
    const { firm, timeline } = await this.firms.history(slug);
    return {
      body: renderFirmAtom(this.config.publicSiteUrl, firm, timeline),
      contentType: 'application/atom+xml; charset=utf-8',
      headers: { 'Cache-Control': 'no-cache' },
    };
  }
}
