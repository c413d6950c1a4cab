import { Controller, Get, Header, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import { PageShellService } from './page-shell.service.js';

/**
 * Registered last (SeoModule is the last import of AppModule), so it only sees
 * GETs no other route took: unknown /_api paths get a JSON 404, everything else the page shell.
 */
@ApiExcludeController()
@Controller()
export class SiteController {
  constructor(private readonly shell: PageShellService) {}

  @Get(['/', '*path'])
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  page(@Req() req: Request): string {
    if (/^\/_api(\/|$)/i.test(req.path)) throw new ApiError(404, MSG.routeNotFound);
    return this.shell.html();
  }
}
