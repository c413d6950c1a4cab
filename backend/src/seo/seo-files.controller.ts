import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Public } from '../access/route-labels.js';
import type { OutgoingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  PAGES_SITEMAP_PATH, renderPagesSitemap, renderRobotsTxt, renderRss, renderSitemapIndex, URLSET_CLOSE, URLSET_OPEN,
} from '../../../common/seo/feeds.js';
import { MSG } from '../../../common/messages.js';
import { PublicCache } from '../cache/public-cache.decorator.js';
import { acceptsGzip } from '../cache/http-negotiation.js';
import { PublicCacheService, type Computed } from '../cache/public-cache.service.js';
import { ApiError } from '../common/api-error.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { SeoContentService } from './seo-content.service.js';

const XML = 'application/xml; charset=utf-8';
const NO_CACHE = { 'Cache-Control': 'no-cache' };
/** Post sitemap children, by id range. */
const POSTS_CHILD = /^posts-([1-9]\d{0,5})\.xml$/;
/**
 * Sends XML text as it is produced, gzipped on the fly (level 1: little CPU for a crawler's megabytes) when
 * the client accepts it, and hands every part to `seen` as the bytes that were sent: each text is encoded once,
 * and those bytes are what the cache keeps (no second copy of a 1.5 MB child as one joined text, which would
 * outlive young-generation collections and grow the old one). A failure midway cuts the response (its length was
 * never promised), so a client sees it incomplete rather than wrong. Resolves whether it was sent whole,
 * and the head it went with.
 */
async function streamXml(req: Request, res: Response, parts: AsyncIterable<string>, seen: (part: Buffer) => void): Promise<OutgoingHttpHeaders | undefined> {
  const gzip = acceptsGzip(req.headers['accept-encoding']);
  res.writeHead(200, { 'Content-Type': XML, Vary: 'Accept-Encoding', ...NO_CACHE, ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) });
  const head = res.getHeaders();
  if (req.method === 'HEAD') {
    res.end();
    return undefined;
  }
  const source = Readable.from((async function* () {
    for await (const part of parts) {
      const bytes = Buffer.from(part, 'utf8');
      seen(bytes);
      yield bytes;
    }
  })());
  return (gzip ? pipeline(source, createGzip({ level: 1 }), res) : pipeline(source, res)).then(
    () => head,
    () => {
      res.destroy();
      return undefined;
    },
  );
}

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
    private readonly cache: PublicCacheService,
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
  @Get('sitemaps/pages.xml')
  @PublicCache({ tables: ['blog_posts', 'companies', 'discounts'] })
  async pagesChild(): Promise<Computed> {
    const [scheduled, codesEnd] = await Promise.all([this.content.nextScheduledPost(), this.content.nextContentChange()]);
    const [newest, firms, codes] = await Promise.all([this.content.sitemapNewest(), this.content.sitemapFirms(), this.content.sitemapCodes()]);
    const expiresAt = [scheduled, codesEnd].filter((d): d is Date => d instanceof Date).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
    return { body: renderPagesSitemap(this.config.publicSiteUrl, newest, firms, codes), contentType: XML, headers: NO_CACHE, expiresAt };
  }

  /**
   * A child of post sitemaps (issue #21): up to SITEMAP_CHILD_URLS URLs, written by PostgreSQL in chunks
   * and streamed as they come, so even the first, uncached answer is never held as 10,000 objects; once
   * sent whole, it is kept by the public cache like any answer (and repeats take the fast path, with an
   * ETag). A child of one chunk is not worth streaming: it is answered whole, ETag and all, at once.
   */
  @Get('sitemaps/:name')
  async postsChild(@Param('name') name: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const page = Number(POSTS_CHILD.exec(name)?.[1] ?? Number.NaN);
    if (!Number.isInteger(page)) throw new ApiError(404, MSG.routeNotFound);
    const slot = { key: req.path, tables: ['blog_posts'] };
    const hit = this.cache.lookup(req, slot);
    if (hit) return this.cache.send(req, res, hit);
    const since = this.cache.readStarted();
    const chunks = this.content.sitemapPostChunks(page, this.config.publicSiteUrl);
    // Both at once: one round trip less before the first byte.
    const [expiresAt, first] = await Promise.all([this.content.nextScheduledPost(), chunks.next()]);
    // An id range without published posts is not in the index; asked for anyway, it is not found.
    if (first.done) throw new ApiError(404, MSG.routeNotFound);
    const second = await chunks.next();
    if (second.done) {
      // One chunk is the whole child: answered like any kept answer, with its ETag from the first request.
      const whole = { body: `${URLSET_OPEN}\n${first.value}${URLSET_CLOSE}`, contentType: XML, headers: NO_CACHE, expiresAt };
      return this.cache.send(req, res, this.cache.answer(req, res, slot, whole, since));
    }
    const parts: Buffer[] = [];
    const head = await streamXml(req, res, (async function* () {
      yield `${URLSET_OPEN}\n`;
      yield first.value;
      yield second.value;
      yield* chunks;
      yield URLSET_CLOSE;
    })(), (part) => parts.push(part));
    if (head) this.cache.keepSent(req, slot, { body: Buffer.concat(parts), contentType: XML, headers: NO_CACHE, expiresAt }, since, head);
  }

  @Get('rss.xml')
  @PublicCache({ tables: ['blog_posts'] })
  async rss(): Promise<Computed> {
    const expiresAt = await this.content.nextScheduledPost();
    const body = renderRss(this.config.publicSiteUrl, await this.content.rssPosts());
    return { body, contentType: 'application/rss+xml; charset=utf-8', headers: NO_CACHE, expiresAt };
  }

  /**
   * Depends on the configuration alone: kept like any public answer (no table to watch; the cache's full
   * invalidations and time to live still drop it), so a crawler's repeats take the fast path.
   */
  @Get('robots.txt')
  @PublicCache({ tables: [] })
  robots(): Computed {
    return {
      body: renderRobotsTxt(this.config.publicSiteUrl),
      contentType: 'text/plain; charset=utf-8',
      headers: { 'Cache-Control': 'public, max-age=3600' },
    };
  }
}
