import { EntityManager, raw, UniqueConstraintViolationException, type FilterQuery, type QueryOrderMap } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { AdminBlogPostListItem, BlogListResponse, BlogPostDto, BlogPostJson, BlogPostWithRelated } from '../../../common/api-types.js';
import {
  BLOG_DEFAULT_LIMIT, BLOG_DEFAULT_PAGE, BLOG_MAX_LIMIT, BLOG_RELATED_COUNT, BLOG_SEARCH_COUNT_CAP, BLOG_SEARCH_SUGGESTIONS,
} from '../../../common/constants.js';
import { BLOG_CATEGORIES, BLOG_STATUSES, type BlogCategory, type BlogStatus } from '../../../common/enums.js';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import { checkFilterKeys, sortDirection } from '../common/list-filter.js';
import { idsFilter, searchPattern, type ListParams, type ListResult } from '../common/rest-list.js';
import { definedOnly } from '../companies/companies.service.js';
import { PublicCacheService, type Computed } from '../cache/public-cache.service.js';
import superjson from 'superjson';
import { MediaService } from '../media/media.service.js';
import { BlogPost, toBlogPostDto, toBlogPostJson, toBlogPostListItem } from './blog-post.entity.js';
import {
  listCountQuery, listPageQuery, postBySlugQuery, postsByIdsQuery, relatedQuery, type ListFilter, type SqlQuery,
} from './blog-post.queries.js';
import { cardFromRow, postFromRow, type CardRow, type PostRow } from './blog-post.rows.js';
import type { BlogListQueryDto, BlogPostChangesDto, BulkBlogPostsDto, CreateBlogPostDto } from './dto/blog-post.dto.js';
import type { BlogBulkAction, BulkResult } from '../../../common/bulk.js';
import { bulkFilter } from '../common/bulk.dto.js';
import { csvExport } from '../common/csv-export.js';
import { noteBulkWrite } from '../audit/admin-write-context.js';
import { sanitizePostHtml } from './html-sanitizer.js';
import type { PreviewLinkDto, RevisionDto } from '../../../common/team-api-types.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { createPreviewToken, verifyPreviewToken } from './preview-token.js';
import { EditConflicts } from '../audit/edit-conflicts.js';
import { RevisionsService, type RevisionKind } from '../audit/revisions.service.js';
import { PostPublishing } from '../publishing/post-publishing.service.js';
import { SearchService } from '../search/search.service.js';

export const BLOG_POST_SORTABLE = [
  'id', 'title', 'slug', 'status', 'category', 'authorName', 'publishedAt', 'createdAt', 'updatedAt',
] as const;
type BlogPostSortField = (typeof BLOG_POST_SORTABLE)[number];
export const BLOG_POST_FILTERS = ['q', 'status', 'category', 'id'] as const;
/** Kept list counts (one per category or tag asked for); a crawl of every tag starts the map over. */
const MAX_KEPT_COUNTS = 1000;

/** Newest first, as docs/spec.md §2 sorts the admin list. */
const ADMIN_ORDER: QueryOrderMap<BlogPost>[] = [{ createdAt: 'desc' }, { id: 'desc' }];
/** Rows per read of the streamed export. */
const EXPORT_BATCH = 500;
export const BLOG_CSV_COLUMNS = ['id', 'title', 'slug', 'status', 'category', 'author', 'tags', 'published_at', 'created_at'] as const;
const blogCsvRow = (p: Omit<BlogPost, 'content'>) => [
  p.id, p.title, p.slug, p.status, p.category, p.authorName ?? '', (p.tags ?? []).join(', '),
  p.publishedAt ? p.publishedAt.toISOString() : '', p.createdAt.toISOString(),
];

@Injectable()
export class BlogPostsService {
  /**
   * Post counts of the list filters (issue #21: counting 100,000 posts is the one read of a list page that
   * grows with them). One is trusted while the public cache saw no change (the same token its answers use:
   * this instance's flushes and every instance's NOTIFY) and until the next scheduled post or a minute.
   */
  private readonly counts = new Map<string, { n: number; token: number; until: number }>();

  constructor(
    private readonly em: EntityManager,
    private readonly media: MediaService,
    private readonly conflicts: EditConflicts,
    private readonly revisions: RevisionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cache: PublicCacheService,
    private readonly publishing: PostPublishing,
    private readonly search: SearchService,
  ) {}

  /** The superjson list page and when it next changes without a write (a scheduled post's time). */
  async listPublicUntilChange(query: BlogListQueryDto): Promise<Computed> {
    const expiresAt = await this.nextScheduled();
    return { expiresAt, body: superjson.serialize(await this.listPublic(query)) };
  }

  /** The superjson post (its related posts change when a scheduled post appears, too). */
  async getPublicBySlugUntilChange(slug: string): Promise<Computed> {
    const expiresAt = await this.nextScheduled();
    return { expiresAt, body: superjson.serialize(await this.getPublicBySlug(slug)) };
  }

  /** When the next scheduled post becomes visible; asked before the data so a passing boundary expires at once. */
  private async nextScheduled(now = new Date()): Promise<Date | null> {
    const [row] = await this.em.getConnection().execute<Array<{ next: Date | null }>>(
      `select min("published_at") as "next" from "blog_posts" where "status" = 'published' and "published_at" > ?`,
      [now],
    );
    return row?.next ? new Date(row.next) : null;
  }

  /**
   * GET /_api/blog-posts: a page of cards' posts and the page count; with `q`, the site search's matches
   * (SearchService.posts: its ranking, stemming and typo rule) within the category or tag, and a capped count.
   */
  async listPublic(query: BlogListQueryDto): Promise<BlogListResponse> {
    const page = query.page ?? BLOG_DEFAULT_PAGE;
    const limit = Math.min(query.limit ?? BLOG_DEFAULT_LIMIT, BLOG_MAX_LIMIT);
    const filter: ListFilter = { category: query.category, tag: query.tag };
    if (query.q) return this.searchPublic(query.q, filter, page, limit);
    const [rows, total] = await Promise.all([this.run<PostRow>(listPageQuery(filter, limit, (page - 1) * limit)), this.listCount(filter)]);
    return { posts: rows.map(postFromRow), pagination: { page, totalPages: Math.max(1, Math.ceil(total / limit)) } };
  }

  private async searchPublic(q: string, filter: ListFilter, page: number, limit: number): Promise<BlogListResponse> {
    // Counted one past the cap: that one says "more" without counting every match.
    const found = await this.search.posts(q, filter, {
      limit, offset: (page - 1) * limit, cap: BLOG_SEARCH_COUNT_CAP + 1, suggestions: BLOG_SEARCH_SUGGESTIONS,
    });
    const rows = found.ids.length ? await this.run<PostRow>(postsByIdsQuery(found.ids)) : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const total = Math.min(found.matched, BLOG_SEARCH_COUNT_CAP);
    return {
      // In the engine's rank order; a post unpublished between the two reads is left out.
      posts: found.ids.flatMap((id) => byId.get(id) ?? []).map(postFromRow),
      pagination: { page, totalPages: Math.max(1, Math.ceil(total / limit)) },
      search: { total, more: found.matched > BLOG_SEARCH_COUNT_CAP, suggestions: total === 0 ? found.suggestions : [] },
    };
  }

  /** How many posts a list filter shows, counted once per change (see `counts`). */
  private async listCount(filter: ListFilter): Promise<number> {
    const key = JSON.stringify([filter.category ?? null, filter.tag ?? null]);
    const kept = this.counts.get(key);
    if (kept && this.cache.isListening && kept.token === this.cache.readStarted() && Date.now() < kept.until) return kept.n;
    const token = this.cache.readStarted();
    const [next, [count]] = await Promise.all([this.nextScheduled(), this.run<{ n: number }>(listCountQuery(filter))]);
    const n = count?.n ?? 0;
    if (this.counts.size >= MAX_KEPT_COUNTS) this.counts.clear();
    this.counts.set(key, { n, token, until: Math.min(next?.getTime() ?? Infinity, Date.now() + 60_000) });
    return n;
  }

  /** GET /_api/blog-posts/by-slug: the post (one unique-index lookup) and up to 3 related cards. */
  async getPublicBySlug(slug: string): Promise<BlogPostWithRelated> {
    const [row] = await this.run<PostRow>(postBySlugQuery(slug));
    if (!row) throw new ApiError(404, MSG.blogPostNotFound);
    return this.withRelated(postFromRow(row));
  }

  /** An admin's preview of /blog/{slug}: the post whatever its status or date, with its related posts. */
  async getPreviewBySlug(slug: string): Promise<BlogPostWithRelated> {
    const post = await this.em.findOne(BlogPost, { slug });
    if (!post) throw new ApiError(404, MSG.blogPostNotFound);
    return this.withRelated(toBlogPostDto(post));
  }

  /** A signed link anyone can open to see the post as it will be published (PREVIEW_LINK_DAYS, default 7). */
  async previewLink(id: number): Promise<PreviewLinkDto> {
    const post = await this.find(id);
    const expiresAt = new Date(Date.now() + this.config.previewLinkDays * 24 * 60 * 60 * 1000);
    const token = createPreviewToken(post.id, expiresAt, this.config.previewKey);
    return { url: `${this.config.publicSiteUrl}/blog/${post.slug}?preview=${token}`, expiresAt: expiresAt.toISOString() };
  }

  /** The post a valid preview link names, when it is the post at this slug; else 404 like any unknown post. */
  async getPreviewByToken(slug: string, token: unknown): Promise<BlogPostWithRelated> {
    const id = verifyPreviewToken(token, this.config.previewKey);
    const post = id === null ? null : await this.em.findOne(BlogPost, { id, slug });
    if (!post) throw new ApiError(404, MSG.blogPostNotFound);
    return this.withRelated(toBlogPostDto(post));
  }

  private async withRelated(post: BlogPostDto): Promise<BlogPostWithRelated> {
    const rows = await this.run<CardRow>(relatedQuery(post, BLOG_RELATED_COUNT));
    // The firms the post is about (issue #18): linked from the post to their profiles.
    const firms = post.companyIds.length
      ? await this.em.getConnection().execute<Array<{ id: number; slug: string; name: string }>>(
        `select id, slug, name from companies where id in (${post.companyIds.map(() => '?').join(', ')}) order by name`, post.companyIds,
      )
      : [];
    return { ...post, related: rows.map(cardFromRow), firms };
  }

  private run<T>({ sql, params }: SqlQuery): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params);
  }

  /**
   * GET /_api/admin/blog-posts: every status; filters q (title or author), status, category, id.
   * A page (`range`) leaves `content` out so a page stays small whatever the posts' length; without `range`
   * it is docs/spec.md §7's call, whose answer the SPEC edit page reads the post from, so it stays whole.
   */
  async list(params: ListParams<BlogPostSortField>): Promise<ListResult<BlogPostJson | AdminBlogPostListItem>> {
    const where = adminWhere(params.filter);
    // id in the sort's direction breaks ties, so one index (field, id) serves both directions and pages never overlap.
    const { sort } = params;
    const nullable = sort ? Boolean(this.em.getMetadata(BlogPost).properties[sort.field]?.nullable) : false;
    const orderBy = sort
      ? [{ [sort.field]: sortDirection(sort.order, nullable) } as QueryOrderMap<BlogPost>, { id: sortDirection(sort.order, false) }]
      : ADMIN_ORDER;
    const [items, total] = await this.em.findAndCount(BlogPost, where, {
      orderBy,
      limit: params.page?.limit,
      offset: params.page?.offset,
      ...(params.page && { exclude: ['content'] as const }),
    });
    return { items: items.map((p) => (params.page ? toBlogPostListItem(p) : toBlogPostJson(p as BlogPost))), total };
  }

  /** CSV of every post matching the admin filter, newest first (csvExport); the content stays out. */
  exportCsv(filter: Record<string, unknown>): Promise<Readable> {
    const where = adminWhere(filter);
    return csvExport({
      columns: BLOG_CSV_COLUMNS,
      // Pages by offset in the list's order (created_at, id): a keyset on created_at would need its microseconds,
      // which a JavaScript Date drops.
      readBatch: (_last, offset) =>
        this.em.find(BlogPost, where, { orderBy: ADMIN_ORDER, limit: EXPORT_BATCH, offset, exclude: ['content'] as const }),
      row: blogCsvRow,
      batchSize: EXPORT_BATCH,
      afterBatch: () => this.em.clear(),
    });
  }

  async get(id: number): Promise<BlogPostJson> {
    return toBlogPostJson(await this.find(id));
  }

  async create(input: CreateBlogPostDto): Promise<BlogPostJson> {
    const fields = await this.prepare(input);
    const post = await this.saving(fields.slug, async (em) => {
      await this.ensureSlugFree(em, input.slug);
      const post = em.create(BlogPost, { ...definedOnly(fields), title: input.title, slug: input.slug, content: fields.content! });
      stampPublication(post);
      await em.flush();
      this.revisions.record(em, 'blog-posts', post.id, postRevisionFields(post), 'create');
      return post;
    });
    // After the commit: the job must never find the post not yet there. Should this fail, the post is still
    // caught up at the next start (PostPublishing.catchUp).
    await this.publishing.afterSave(post);
    return toBlogPostJson(post);
  }

  /**
   * Read-only fields never arrive here (ReadOnlyFieldsInterceptor); a stale `version` is a 409 and stores
   * nothing (EditConflicts). Each save keeps a revision in the same transaction.
   */
  async update(id: number, changes: BlogPostChangesDto, kind: RevisionKind = 'save'): Promise<BlogPostJson> {
    const { version, ...rest } = changes;
    const fields = definedOnly(await this.prepare(rest));
    const post = await this.saving(fields.slug, async (em) => {
      const post = await this.find(id, em);
      await this.conflicts.assertCurrent('blog-posts', post, version);
      if (fields.slug !== undefined && fields.slug !== post.slug) await this.ensureSlugFree(em, fields.slug, id);
      em.assign(post, fields);
      stampPublication(post);
      await em.flush();
      this.revisions.record(em, 'blog-posts', post.id, postRevisionFields(post), kind);
      return post;
    });
    await this.publishing.afterSave(post);
    return toBlogPostJson(post);
  }

  async revisionsOf(id: number): Promise<RevisionDto[]> {
    await this.find(id);
    return this.revisions.list('blog-posts', id);
  }

  /** Restores a revision by saving its fields: the save is itself a new revision ('restore'). */
  async restore(id: number, revisionId: number): Promise<BlogPostJson> {
    const revision = await this.revisions.find('blog-posts', id, revisionId);
    const { publishedAt, ...fields } = revision.fields as Record<string, unknown>;
    const changes = { ...fields, publishedAt: typeof publishedAt === 'string' ? new Date(publishedAt) : null } as BlogPostChangesDto;
    return this.update(id, changes, 'restore');
  }

  /** A draft being typed, kept as a revision (never published, the post itself unchanged). */
  async autosave(id: number, changes: BlogPostChangesDto): Promise<RevisionDto> {
    const { version: _version, ...rest } = changes;
    const fields = definedOnly(await this.prepare(rest));
    const post = await this.find(id);
    return this.revisions.autosave('blog-posts', id, { ...postRevisionFields(post), ...asRevisionFields(fields) });
  }

  /**
   * POST /_api/admin/blog-posts/bulk (issue #18): one action on the ticked posts or on every post of the list's
   * filter, as one statement in one transaction (all or none). Only posts the action changes are written (publishing a
   * published post leaves it, its date and its version alone), so `count` is what changed. Publishing stamps
   * now on posts without a date, as a single save does (stampPublication); a scheduled post keeps its date. Each
   * written post's version moves on, so an editor's open form of it gets the usual conflict rather than undoing this.
   */
  async bulk({ action, ...scope }: BulkBlogPostsDto): Promise<BulkResult> {
    const filter = bulkFilter(scope);
    const where = adminWhere(filter);
    const count = await this.em.transactional(async (em) => {
      if (action === 'delete') return em.nativeDelete(BlogPost, where);
      const status = BULK_STATUS[action];
      return em.nativeUpdate(BlogPost, { $and: [where, { status: { $ne: status } }] }, {
        status,
        updatedAt: new Date(),
        version: raw('version + 1'),
        ...(action === 'publish' ? { publishedAt: raw('coalesce(published_at, now())') } : { wentLiveAt: null }),
      });
    });
    // Published posts whose date has come go live now, and those dated ahead get their job, as a single save does.
    if (count && action === 'publish') await this.publishing.catchUp();
    // One statement, no ORM flush: the public answers showing posts are dropped here (other instances hear NOTIFY).
    if (count) this.cache.invalidate('blog_posts');
    noteBulkWrite({ action, ...(scope.ids ? { ids: scope.ids.length } : { filter }), count });
    return { action, count };
  }

  async remove(id: number): Promise<BlogPostJson> {
    const post = await this.find(id);
    const dto = toBlogPostJson(post);
    await this.em.remove(post).flush();
    return dto;
  }

  /** Makes the written fields safe to store: HTML through the allow-list, images through the media store. */
  private async prepare<T extends BlogPostChangesDto>(input: T): Promise<T> {
    const out = { ...input };
    if (typeof input.content === 'string') {
      out.content = sanitizePostHtml(input.content);
      if (!out.content) throw new ApiError(400, MSG.contentRequired, { content: MSG.contentRequired });
    }
    if (input.featuredImageUrl !== undefined) {
      out.featuredImageUrl = await this.media.resolveImage(input.featuredImageUrl, 'featured');
    }
    if (input.companyIds?.length) {
      const found = await this.em.getConnection().execute<Array<{ id: number }>>(
        `select id from companies where id in (${input.companyIds.map(() => '?').join(', ')})`, input.companyIds,
      );
      const missing = input.companyIds.find((id) => !found.some((f) => f.id === id));
      if (missing !== undefined) throw new ApiError(400, MSG.companyMissing(missing), { companyIds: MSG.companyMissing(missing) });
    }
    return out;
  }

  /** Runs a write in a transaction; a slug taken meanwhile by another request still answers 409. */
  private async saving<R>(slug: string | undefined, work: (em: EntityManager) => Promise<R>): Promise<R> {
    try {
      return await this.em.transactional(work);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException && slug !== undefined) throw slugTaken(slug);
      throw error;
    }
  }

  private async ensureSlugFree(em: EntityManager, slug: string, exceptId?: number): Promise<void> {
    const where: FilterQuery<BlogPost> = exceptId === undefined ? { slug } : { slug, id: { $ne: exceptId } };
    if ((await em.count(BlogPost, where)) > 0) throw slugTaken(slug);
  }

  private async find(id: number, em: EntityManager = this.em): Promise<BlogPost> {
    const post = await em.findOne(BlogPost, { id });
    if (!post) throw new ApiError(404, MSG.blogPostNotFound);
    return post;
  }
}

/** The status each bulk action (other than delete) sets. */
const BULK_STATUS: Record<Exclude<BlogBulkAction, 'delete'>, BlogStatus> = { publish: 'published', unpublish: 'draft', archive: 'archived' };

/**
 * A post published without a date is published now. One whose date has come is live from this save on; one
 * dated ahead (or not published) waits, and its job (PostPublishing) makes it go live at its date.
 */
function stampPublication(post: BlogPost): void {
  if (post.status === 'published' && !post.publishedAt) post.publishedAt = new Date();
  const due = post.status === 'published' && post.publishedAt !== null && post.publishedAt.getTime() <= Date.now();
  post.wentLiveAt = due ? (post.wentLiveAt ?? new Date()) : null;
}

function slugTaken(slug: string): ApiError {
  const message = MSG.blogSlugTaken(slug);
  return new ApiError(409, message, { slug: message });
}

/** The list query as the public cache keys it: defaults filled in, limit capped, empties dropped. */
export function publicListQuery(query: BlogListQueryDto): Record<string, unknown> {
  return {
    page: query.page ?? BLOG_DEFAULT_PAGE,
    limit: Math.min(query.limit ?? BLOG_DEFAULT_LIMIT, BLOG_MAX_LIMIT),
    category: query.category ?? null,
    tag: query.tag ?? null,
    q: query.q ?? null,
  };
}

/** The fields a post revision keeps: everything an editor can change. */
export const POST_REVISION_FIELDS = [
  'title', 'slug', 'excerpt', 'content', 'metaTitle', 'metaDescription', 'featuredImageUrl', 'publishedAt',
  'authorName', 'category', 'tags', 'status', 'companyIds',
] as const;

export function postRevisionFields(post: BlogPost): Record<string, unknown> {
  return asRevisionFields(Object.fromEntries(POST_REVISION_FIELDS.map((f) => [f, post[f]])));
}

/** Dates as ISO text, as JSON keeps them. */
function asRevisionFields(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}

/** The admin list's filters (q on title or author, status, category, id), shared by the list and the export. */
function adminWhere(filter: Record<string, unknown>): FilterQuery<BlogPost> {
  checkFilterKeys(filter, BLOG_POST_FILTERS);
  const where: FilterQuery<BlogPost> = {};
  const ids = idsFilter(filter);
  if (ids) where.id = { $in: ids };
  const q = searchPattern(filter);
  if (q) where.$or = [{ title: { $ilike: q } }, { authorName: { $ilike: q } }];
  const { status, category } = filter;
  if (status !== undefined && status !== null && status !== '') {
    if (!BLOG_STATUSES.includes(status as BlogStatus)) throw new ApiError(400, MSG.blogStatusInvalid);
    where.status = status as BlogStatus;
  }
  if (category !== undefined && category !== null && category !== '') {
    if (!BLOG_CATEGORIES.includes(category as BlogCategory)) throw new ApiError(400, MSG.blogCategoryInvalid);
    where.category = category as BlogCategory;
  }
  return where;
}
