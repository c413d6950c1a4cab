import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import { sendPage, SitePagesService } from './site-pages.service.js';

/**
 * Registered last (SeoModule is the last import of AppModule, this its last controller), so it only
 * sees GETs no other route took: unknown /_api paths get a JSON 404, everything else the page shell
 * with that route's head and status.
 */
@ApiExcludeController()
@Controller()
export class SiteController {
  constructor(private readonly pages: SitePagesService) {}

  @Get(['/', '*path'])
  async page(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (/^\/_api(\/|$)/i.test(req.path)) throw new ApiError(404, MSG.routeNotFound);
    sendPage(res, await this.pages.page(req));
  }
}
