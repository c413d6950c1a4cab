import { Controller, Get, Req } from '@nestjs/common';
import { Public } from '../access/route-labels.js';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { MSG } from '../../../common/messages.js';
import { PublicCache } from '../cache/public-cache.decorator.js';
import { CONTENT_TABLES, type Computed } from '../cache/public-cache.service.js';
import { ApiError } from '../common/api-error.js';
import { FIRM_TABLES } from '../firms/firms.controller.js';
import { pageAnswer } from './page-answer.js';
import { SeoContentService } from './seo-content.service.js';
import { SitePagesService } from './site-pages.service.js';
import { GUARANTEE_PATH, earliest } from '../../../common/payouts.js';
import { PayoutClaimsService } from '../payouts/payout-claims.service.js';
import { PayoutReportsService } from '../payouts/payout-reports.service.js';

/** The firm pages show the firm tables too (a changelog entry is its own table); the guarantee page its claims. */
const PAGE_TABLES = [...new Set([...CONTENT_TABLES, ...FIRM_TABLES, 'payout_claims'])];

/**
 * Registered last (SeoModule is the last import of AppModule, this its last controller), so it only
 * sees GETs no other route took: unknown /_api paths get a JSON 404, everything else the page with
 * that route's head and status. Pages are kept per URL (one answer for every reader: a page never shows
 * who reads it) by the public cache until the
 * content they show changes (any content table) or the next discount ends or scheduled post appears.
 */
@ApiExcludeController()
@Controller()
@Public()
export class SiteController {
  constructor(
    private readonly pages: SitePagesService,
    private readonly content: SeoContentService,
    private readonly reports: PayoutReportsService,
    private readonly claims: PayoutClaimsService,
  ) {}

  @Get(['/', '*path'])
  @PublicCache({ tables: PAGE_TABLES })
  async page(@Req() req: Request): Promise<Computed> {
    if (/^\/_api(\/|$)/i.test(req.path)) throw new ApiError(404, MSG.routeNotFound);
    const answer = pageAnswer(await this.pages.page(req));
    // Only an answer the cache keeps needs to know when it stops being true (and a failed render must not fail twice).
    if ((answer.status ?? 200) === 200 && !answer.noStore) answer.expiresAt = await this.nextChange(req.path);
    return answer;
  }

  /**
   * When this page next changes without a write: a discount ends, a scheduled post appears, and on the pages
   * showing payout figures (firms) or the guarantee's (its page), an entry leaves their window (issue #17).
   */
  private async nextChange(path: string): Promise<Date | null> {
    const now = new Date();
    const [content, figures, stats] = await Promise.all([
      this.content.nextContentChange(),
      /^\/firms(\/|$)/.test(path) ? this.reports.nextFiguresChange(now) : null,
      path === GUARANTEE_PATH ? this.claims.nextStatsChange(now) : null,
    ]);
    return earliest(content, figures, stats);
  }
}
