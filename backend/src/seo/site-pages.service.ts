import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { PublicUser } from '../../../common/api-types.js';
import { headTagList, isNotFoundPage, pageHead, type PageHeadData } from '../../../common/seo/page-head.js';
import { matchRoute, trailingSlashRedirect, type PageRoute } from '../../../common/seo/page-route.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { PageShellService } from './page-shell.service.js';
import { SeoContentService } from './seo-content.service.js';

/** `private`: never kept by the public cache nor shared (admin pages, previews, anything per user). */
export type SitePage =
  | { status: 301; location: string }
  | { status: 200 | 404; html: string; robots: string; private: boolean };

/** A page request: which route, what the head needs from the database, and the finished HTML. */
@Injectable()
export class SitePagesService {
  constructor(
    private readonly shell: PageShellService,
    private readonly content: SeoContentService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async page(req: Request): Promise<SitePage> {
    const q = req.originalUrl.indexOf('?');
    const search = q >= 0 ? req.originalUrl.slice(q) : '';
    const redirect = trailingSlashRedirect(req.path, search);
    if (redirect) return { status: 301, location: redirect };

    const route = matchRoute(req.path, search);
    const data = await this.headData(route, req.user as PublicUser | undefined);
    const head = pageHead(route, data, this.config.publicSiteUrl);
    return {
      status: isNotFoundPage(route, data) ? 404 : 200,
      html: this.shell.render(headTagList(head)),
      robots: head.robots,
      private: route.kind === 'admin',
    };
  }

  private async headData(route: PageRoute, user: PublicUser | undefined): Promise<PageHeadData> {
    switch (route.kind) {
      case 'post':
        return { post: await this.content.publishedPost(route.slug) };
      case 'blog':
        // Page 1 always exists (an empty list shows its empty state); search pages are not counted.
        if (route.page === 1 || route.q) return {};
        return { pageOutOfRange: route.page > (await this.content.listPageCount(route)) };
      case 'admin':
        // Only an admin may learn a (possibly draft) post's title from the page.
        if (route.section === 'edit-post' && route.postId && user?.role === 'admin') {
          return { adminPostTitle: await this.content.postTitle(route.postId) };
        }
        return {};
      default:
        return {};
    }
  }
}
