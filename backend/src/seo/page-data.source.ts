import { SearchService } from '../search/search.service.js';
import { HttpException, Injectable, Logger } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { Request } from 'express';
import type { BlogPostWithRelated, PublicUser } from '../../../common/api-types.js';
import type { BlogListFilter } from '../../../common/blog-view.js';
import { MSG } from '../../../common/messages.js';
import { AuthService } from '../auth/auth.service.js';
import { BlogPostsService } from '../blog-posts/blog-posts.service.js';
import { BlogListQueryDto } from '../blog-posts/dto/blog-post.dto.js';
import { ApiError } from '../common/api-error.js';
import { isDatabaseUnavailable } from '../common/database-errors.js';
import { CompaniesService } from '../companies/companies.service.js';
import { DiscountsService } from '../discounts/discounts.service.js';
import { CodePagesService } from '../discounts/code-pages.service.js';
import { FirmsService } from '../firms/firms.service.js';
import { FollowsService } from '../follows/follows.service.js';
import { PayoutClaimsService } from '../payouts/payout-claims.service.js';
import { PayoutReportsService } from '../payouts/payout-reports.service.js';
import { InvitationsService } from '../users/invitations.service.js';
import type { DataSource, ServerEntry } from '../../../common/seo/data-source.js';
import type { SimulatorPosted } from '../../../common/simulator/form.js';

/** JSON calls answer plain JSON: the rendered page must hold what the browser would have fetched. */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * The data a server render needs, read in-process from the services the API uses (no HTTP to
 * itself), in the shapes the API answers, with failures turned into the browser's error class.
 */
@Injectable()
export class PageDataSources {
  private readonly logger = new Logger('PageData');

  constructor(
    private readonly auth: AuthService,
    private readonly posts: BlogPostsService,
    private readonly companies: CompaniesService,
    private readonly discounts: DiscountsService,
    private readonly codes: CodePagesService,
    private readonly firms: FirmsService,
    private readonly payoutReports: PayoutReportsService,
    private readonly payoutClaims: PayoutClaimsService,
    private readonly searchService: SearchService,
    private readonly follows: FollowsService,
    private readonly invitations: InvitationsService,
  ) {}

  /** A source for one request (the page's head comes back from the render itself: RenderedPage.head). */
  forRequest(req: Request, entry: ServerEntry, posted?: SimulatorPosted): DataSource {
    const user = req.user as PublicUser | undefined;
    const fail = (error: unknown): never => {
      if (error instanceof HttpException) {
        const body = error.getResponse() as { message?: string; errors?: Record<string, string> } | string;
        const message = typeof body === 'string' ? body : (body.message ?? MSG.unknownError);
        throw new entry.ApiRequestError(message, error.getStatus(), typeof body === 'string' ? undefined : body.errors);
      }
      if (!isDatabaseUnavailable(error)) this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      throw new entry.ApiRequestError(MSG.serviceUnavailable, 503);
    };
    const guard = <T>(read: () => Promise<T>): Promise<T> => read().catch(fail);
    /** The trader's own data: only for the signed-in reader (the page is never shared, see SitePagesService). */
    const mine = <T>(read: (userId: number) => Promise<T>): Promise<T> =>
      user ? guard(async () => asJson(await read(user.id))) : Promise.reject(new entry.ApiRequestError(MSG.notAuthenticated, 401));

    return {
      session: async () => this.auth.session(req),
      simulatorPosted: async () => posted ?? null,
      companies: () => guard(async () => asJson(await this.companies.listPublic())),
      discounts: () => guard(async () => asJson(await this.discounts.listPublic())),
      // Already plain JSON (numbers and text only): no round trip for the table's hundred rows.
      firms: (query) => guard(() => this.firms.list(query)),
      firm: (slug) => guard(async () => asJson(await this.firms.profile(slug))),
      discountPage: (slug) =>
        guard(async () => {
          const found = await this.codes.bySlug(slug);
          // A moved slug was answered 301 before the render (SitePagesService); here it is no page.
          if ('moved' in found) throw new ApiError(404, MSG.notFound('Discount'));
          return asJson(found.page);
        }),
      discountRecord: (id, page) => guard(async () => asJson(await this.codes.record(id, page))),
      expiredDiscounts: (page) => guard(async () => asJson(await this.codes.expired(page))),
      compare: (slugs) => guard(async () => asJson(await this.firms.compare(slugs))),
      myPayoutReports: () => mine((id) => this.payoutReports.mine(id)),
      myPayoutClaims: () => mine((id) => this.payoutClaims.mine(id)),
      myFollows: () => mine(async (id) => ({ follows: await this.follows.list(id), frequency: await this.follows.frequency(id) })),
      // The same function as GET /_api/payout-guarantee/stats: the page and the API cannot disagree.
      guaranteeStats: () => guard(() => this.payoutClaims.stats()),
      // The same function as GET /_api/auth/invitations/preview; the page is then its reader's alone (SitePagesService).
      invitation: (token) => guard(() => this.invitations.preview(token)),
      // The route already checked the text (common/seo/page-route.ts); the same service as GET /_api/search.
      search: (q, type, page) => guard(async () => asJson(await this.searchService.search(q, type, page))),
      blogList: (page, limit, filter) => guard(async () => this.posts.listPublic(await this.listQuery(page, limit, filter))),
      blogPost: (slug) =>
        guard(async () => {
          let post: BlogPostWithRelated;
          try {
            post = await this.posts.getPublicBySlug(slug);
          } catch (error) {
            if (!(error instanceof HttpException && error.getStatus() === 404)) throw error;
            // A shared preview link (?preview=<signed token>) shows the draft to anyone holding it; an altered
            // or expired one is the same 404.
            const token = req.query.preview;
            if (token !== undefined) post = await this.posts.getPreviewByToken(slug, token);
            // SPEC's View button opens /blog/{slug}: a signed-in admin sees a draft or scheduled post.
            else if (user?.role === 'admin') post = await this.posts.getPreviewBySlug(slug);
            else throw error;
          }
          return post;
        }),
    };
  }

  /** The list query validated as the API validates it, so a bad ?tag or ?q fails the same way. */
  private async listQuery(page: number, limit: number, filter: BlogListFilter): Promise<BlogListQueryDto> {
    const query = plainToInstance(BlogListQueryDto, { page: String(page), limit: String(limit), ...filter });
    const [first] = await validate(query);
    if (first) throw new ApiError(400, Object.values(first.constraints ?? {})[0] ?? MSG.unknownError);
    return query;
  }
}
