import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { renderRobotsTxt, renderRss, renderSitemap } from '../../../common/seo/feeds.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { SeoContentService } from './seo-content.service.js';

/** /sitemap.xml, /rss.xml and /robots.txt, from the database; Express adds the ETag and answers 304. */
@ApiExcludeController()
@Controller()
export class SeoFilesController {
  constructor(
    private readonly content: SeoContentService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  async sitemap(): Promise<string> {
    return renderSitemap(this.config.publicSiteUrl, await this.content.sitemapPosts());
  }

  @Get('rss.xml')
  @Header('Content-Type', 'application/rss+xml; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  async rss(): Promise<string> {
    return renderRss(this.config.publicSiteUrl, await this.content.rssPosts());
  }

  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  robots(): string {
    return renderRobotsTxt(this.config.publicSiteUrl);
  }
}
