import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { createHash } from 'node:crypto';
import type { PublicUser } from '../../../common/api-types.js';
import { SPLASH_HEAD_SCRIPT } from '../../../common/boot-splash.js';
import { DEFERRED_SCRIPTS_LOADER } from '../../../common/deferred-scripts.js';
import { headTagList, pageHead, pageStatus, type PageHeadData } from '../../../common/seo/page-head.js';
import type { RenderedHead } from '../../../common/seo/rendered-head.js';
import { matchRoute, trailingSlashRedirect, type PageRoute } from '../../../common/seo/page-route.js';
import { LOGIN_NEXT_PARAM, loginReturnPath } from '../../../common/login-path.js';
import type { SimulatorPosted } from '../../../common/simulator/form.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { PageDataSources } from './page-data.source.js';
import { CodePagesService } from '../discounts/code-pages.service.js';
import { PageShellService, type RenderedBody } from './page-shell.service.js';
import { SeoContentService } from './seo-content.service.js';
import { SsrRendererService } from './ssr-renderer.service.js';

/** `private`: never kept by the public cache nor shared (admin pages, previews, anything per user). */
export type SitePage =
  /** 301: an old URL moved for good; 303: a page that needs a signed-in reader sends others to sign in. */
  | { status: 301 | 303; location: string }
  | {
      status: 200 | 400 | 404 | 503;
      html: string;
      robots: string;
      private: boolean;
      /** Never to be stored by any cache, even privately (an admin's draft preview). */
      noStore?: boolean;
    };

const cspHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
/** The pages' inline scripts, allowed by the CSP through their hashes (app.setup.ts), never by 'unsafe-inline'. */
export const INLINE_SCRIPT_HASHES = [cspHash(SPLASH_HEAD_SCRIPT), cspHash(DEFERRED_SCRIPTS_LOADER)];

/**
 * Pages that are a form the visitor fills at once: their scripts load with the page, not after its first
 * paint, so the first submit is the enhanced one (a sign-in, an unsubscribe), not the plain form's.
 */
const FORM_PAGES = new Set<PageRoute['kind']>(['login', 'unsubscribe', 'accept-invite']);

/** A page request: which route, its data (read once, for the body and the head), and the finished HTML. */
@Injectable()
export class SitePagesService {
  private readonly logger = new Logger('SitePages');

  constructor(
    private readonly shell: PageShellService,
    private readonly content: SeoContentService,
    private readonly ssr: SsrRendererService,
    private readonly sources: PageDataSources,
    private readonly codes: CodePagesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `posted`: the simulator's form sent without JavaScript (POST /simulator), rendered into its page, kept by no cache. */
  async page(req: Request, posted?: SimulatorPosted): Promise<SitePage> {
    const q = req.originalUrl.indexOf('?');
    const search = q >= 0 ? req.originalUrl.slice(q) : '';
    const redirect = trailingSlashRedirect(req.path, search);
    if (redirect) return { status: 301, location: redirect };

    const route = matchRoute(req.path, search);
    // A renamed code's old address moves for good to its new one (issue #30), its query kept.
    if (route.kind === 'discount') {
      const moved = await this.codes.movedSlug(route.slug);
      if (moved) return { status: 301, location: `/discounts/${moved}${search}` };
    }
    const user = req.user as PublicUser | undefined;
    // The trader's own page: signed-out readers sign in first and come back (the sign-in link lands here too).
    if (route.kind === 'account' && !user) return { status: 303, location: signInFirst(req.originalUrl) };
    const rendered = await this.render(req, route, posted);
    // Rendered: the head says what the body shows (the render's own reads); otherwise it reads its data itself.
    const data = rendered ? rendered.head.data : await this.headData(route, user);
    const failed = !!rendered?.head.failed;
    const preview = !!rendered?.head.preview;
    // An invitation link's page names the person invited (issue #35): theirs alone, like /account.
    const invitation = route.kind === 'accept-invite' && search !== '';
    const head = pageHead(route, data, this.config.publicSiteUrl);
    // A preview, a page whose content failed to load and a trader's simulation are never indexed.
    if (preview || failed || posted) head.robots = 'noindex';

    const headTags = headTagList(head);
    if (route.kind === 'home') headTags.push(`<script>${SPLASH_HEAD_SCRIPT}</script>`);
    return {
      status: failed ? 503 : pageStatus(route, data),
      html: this.shell.render(headTags, rendered?.body, { deferScripts: !FORM_PAGES.has(route.kind) }),
      robots: head.robots,
      // Only the admin area, the trader's own page, an invitation and previews depend on the reader: those are never kept. Every
      // other page is the same for anyone (the session is not rendered on the server), so signed-in readers share it.
      private: route.kind === 'admin' || route.kind === 'account' || invitation || preview || !!posted,
      // A preview, a trader's own page (their reports, claims, email), an invitation and a simulation are kept by no cache.
      ...(preview || route.kind === 'account' || invitation || posted ? { noStore: true } : {}),
    };
  }

  /** The page's content rendered on the server (not the admin, a client-only chunk); undefined without a server build. */
  private async render(req: Request, route: PageRoute, posted?: SimulatorPosted): Promise<{ body: RenderedBody; head: RenderedHead } | undefined> {
    if (route.kind === 'admin' || !this.shell.hasRoot()) return undefined;
    try {
      const entry = await this.ssr.load();
      if (!entry) return undefined;
      const page = await entry.render(req.originalUrl, this.sources.forRequest(req, entry, posted));
      const body = { html: page.html, state: page.state, stateId: entry.SSR_STATE_ID, assets: this.ssr.assets(page.modules) };
      return { body, head: page.head };
    } catch (error) {
      // A renderer that cannot run is a bug, not a reason to fail the visitor: the shell still renders in the browser.
      this.logger.error(`Server render of ${req.originalUrl} failed; serving the shell`, error instanceof Error ? error.stack : String(error));
      return undefined;
    }
  }

  /** The head's data read on its own, when the page is not rendered on the server. */
  private async headData(route: PageRoute, user: PublicUser | undefined): Promise<PageHeadData> {
    switch (route.kind) {
      case 'post':
        return { post: await this.content.publishedPost(route.slug) };
      case 'blog':
        // Page 1 always exists (an empty list shows its empty state); search pages are not counted.
        if (route.page === 1 || route.q) return {};
        return { pageOutOfRange: route.page > (await this.content.listPageCount(route)) };
      case 'firm':
        return { firm: await this.content.firmHead(route.slug) };
      case 'discount':
        return { discount: await this.codes.headData(route.slug) };
      case 'compare':
        return route.slugs ? { compareNames: await this.content.firmNames(route.slugs) } : {};
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

/** /login, asked to come back to `url` (the same ?next= the admin uses). */
function signInFirst(url: string): string {
  return `/login?${new URLSearchParams({ [LOGIN_NEXT_PARAM]: loginReturnPath(url) })}`;
}
