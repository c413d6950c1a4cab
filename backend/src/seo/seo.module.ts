import { Module } from '@nestjs/common';
import { PageShellService } from './page-shell.service.js';
import { SeoContentService } from './seo-content.service.js';
import { SeoFilesController } from './seo-files.controller.js';
import { SitePagesService } from './site-pages.service.js';
import { SiteController } from './site.controller.js';

/** SiteController's catch-all must stay the last controller (and this the last module of AppModule). */
@Module({
  controllers: [SeoFilesController, SiteController],
  providers: [PageShellService, SeoContentService, SitePagesService],
})
export class SeoModule {}
