import { Controller, Get, Header, Inject, Param } from '@nestjs/common';
import { Public } from '../access/route-labels.js';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  PAGES_SITEMAP_PATH, renderPagesSitemap, renderPostsSitemap, renderRobotsTxt, renderRss, renderSitemapIndex,
} from '../../../common/seo/feeds.js';
import { MSG } from '../../../common/messages.js';
import { PublicCache } from '../cache/public-cache.decorator.js';
import type { Computed } from '../cache/public-cache.service.js';
import { ApiError } from '../common/api-error.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { SeoContentService } from './seo-content.service.js';

const XML = 'application/xml; charset=utf-8';
const NO_CACHE = { 'Cache-Control': 'no-cache' };
/** Child sitemaps: the site's pages, and the posts by id range. */
const CHILD = /^(?:pages|posts-([1-9]\d{0,5}))\.xml$/;

/**
 * /sitemap.xml (an index of child sitemaps), its children, /rss.xml and /robots.txt. The
 * database-backed ones are kept by the public cache until a post changes or a scheduled one appears.
 */
@ApiExcludeController()
@Controller()
@Public()
export class SeoFilesController {
  constructor(
    private readonly content: SeoContentService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('sitemap.xml')
  @PublicCache({ tables: ['blog_posts'] })
  async sitemap(): Promise<Computed> {
    const expiresAt = await this.content.nextScheduledPost();
    const [newest, posts] = await Promise.all([this.content.sitemapNewest(), this.content.sitemapPostChildren()]);
    const body = renderSitemapIndex(this.config.publicSiteUrl, [{ path: PAGES_SITEMAP_PATH, lastmod: newest.all }, ...posts]);
    return { body, contentType: XML, headers: NO_CACHE, expiresAt };
  }

  // The pages child lists the firm profiles too (issue #10).
  @Get('sitemaps/:name')
  @PublicCache({ tables: ['blog_posts', 'companies'] })
  async child(@Param('name') name: string): Promise<Computed> {
    const match = CHILD.exec(name);
    if (!match) throw new ApiError(404, MSG.routeNotFound);
    const expiresAt = await this.content.nextScheduledPost();
    if (!match[1]) {
      const [newest, firms] = await Promise.all([this.content.sitemapNewest(), this.content.sitemapFirms()]);
      return { body: renderPagesSitemap(this.config.publicSiteUrl, newest, firms), contentType: XML, headers: NO_CACHE, expiresAt };
    }
    const posts = await this.content.sitemapPosts(Number(match[1]));
    // An id range without published posts is not in the index; asked for anyway, it is not found.
    if (posts.length === 0) throw new ApiError(404, MSG.routeNotFound);
    return { body: renderPostsSitemap(this.config.publicSiteUrl, posts), contentType: XML, headers: NO_CACHE, expiresAt };
  }

  @Get('rss.xml')
  @PublicCache({ tables: ['blog_posts'] })
  async rss(): Promise<Computed> {
    const expiresAt = await this.content.nextScheduledPost();
    const body = renderRss(this.config.publicSiteUrl, await this.content.rssPosts());
    return { body, contentType: 'application/rss+xml; charset=utf-8', headers: NO_CACHE, expiresAt };
  }

  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  robots(): string {
    return renderRobotsTxt(this.config.publicSiteUrl);
  }
}
