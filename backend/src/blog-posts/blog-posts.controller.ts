import { EditorsToo } from '../access/editor-access.js';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, StreamableFile } from '@nestjs/common';
import { Public } from '../access/route-labels.js';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { keyed, PublicCache, type Keyed } from '../cache/public-cache.decorator.js';
import type { AdminBlogPostListItem, BlogPostJson } from '../../../common/api-types.js';
import type { BulkResult } from '../../../common/bulk.js';
import type { PreviewLinkDto, RevisionDto } from '../../../common/team-api-types.js';
import { IdDto } from '../common/id.dto.js';
import { CsvExportRoute, csvFile, csvFileName } from '../common/csv-export.js';
import { idParam } from '../common/id.param.js';
import { parseListQuery, sendContentRange, type ListQuery } from '../common/rest-list.js';
import { BLOG_POST_FILTERS, BLOG_POST_SORTABLE, BlogPostsService, publicListQuery } from './blog-posts.service.js';
import {
  BlogBySlugQueryDto, BlogListQueryDto, BulkBlogPostsDto, CreateBlogPostDto, ReplaceBlogPostDto, UpdateBlogPostDto,
} from './dto/blog-post.dto.js';
import { AdminResource, Audit, NotAudited } from '../audit/admin-write.js';

/** docs/spec.md §7's public calls; both answer in superjson (`{json, meta}`) so dates arrive as dates. */
@ApiTags('blog posts')
@Controller('_api/blog-posts')
@Public()
export class BlogPostsController {
  constructor(private readonly posts: BlogPostsService) {}

  /** Answered from the public cache (docs/design.md §6), keyed by the validated, normalised query. */
  @Get()
  @PublicCache({ tables: ['blog_posts'] })
  list(@Query() query: BlogListQueryDto): Keyed {
    return keyed(`blog-posts?${JSON.stringify(publicListQuery(query))}`, () => this.posts.listPublicUntilChange(query));
  }

  @Get('by-slug')
  @PublicCache({ tables: ['blog_posts'] })
  bySlug(@Query() { slug }: BlogBySlugQueryDto): Keyed {
    return keyed(`blog-post?${JSON.stringify(slug)}`, () => this.posts.getPublicBySlugUntilChange(slug));
  }
}

/** Both admin faces of docs/design.md §3: SPEC's POST calls and the ra-data-simple-rest routes. */
@ApiTags('admin: blog posts')
@Controller('_api/admin/blog-posts')
@AdminResource('blog-posts')
@EditorsToo()
export class AdminBlogPostsController {
  constructor(private readonly posts: BlogPostsService) {}

  @Get()
  async list(@Query() query: ListQuery, @Res({ passthrough: true }) res: Response): Promise<Array<BlogPostJson | AdminBlogPostListItem>> {
    const params = parseListQuery(query, BLOG_POST_SORTABLE, BLOG_POST_FILTERS);
    const result = await this.posts.list(params);
    sendContentRange(res, 'blog-posts', params, result);
    return result.items;
  }

  /** Every post of the current filter as CSV, streamed (declared before ':id'). */
  @Audit('export')
  @CsvExportRoute()
  async exportCsv(@Query() query: ListQuery): Promise<StreamableFile> {
    const params = parseListQuery({ filter: query.filter }, BLOG_POST_SORTABLE, BLOG_POST_FILTERS);
    return csvFile(await this.posts.exportCsv(params.filter), csvFileName('blog_posts'));
  }

  @Audit('create')
  @Post()
  create(@Body() body: CreateBlogPostDto): Promise<BlogPostJson> {
    return this.posts.create(body);
  }

  /** One action on the ticked posts or every post of the list's filter (issue #18); audited as 'bulk'. */
  @Audit('bulk')
  @Post('bulk')
  @HttpCode(200)
  bulk(@Body() body: BulkBlogPostsDto): Promise<BulkResult> {
    return this.posts.bulk(body);
  }

  @Audit('update')
  @Post('update')
  @HttpCode(200)
  update(@Body() { id, ...changes }: UpdateBlogPostDto): Promise<BlogPostJson> {
    return this.posts.update(id, changes);
  }

  @Audit('delete')
  @Post('delete')
  @HttpCode(200)
  remove(@Body() { id }: IdDto): Promise<BlogPostJson> {
    return this.posts.remove(id);
  }

  @Get(':id')
  get(@Param('id', idParam) id: number): Promise<BlogPostJson> {
    return this.posts.get(id);
  }

  /** Newest first: who, when, the fields (issue #20). */
  @Get(':id/revisions')
  revisions(@Param('id', idParam) id: number): Promise<RevisionDto[]> {
    return this.posts.revisionsOf(id);
  }

  /** Saves the revision's fields as the post (a new revision itself). */
  @Audit('restore')
  @Post(':id/revisions/:revisionId/restore')
  @HttpCode(200)
  restore(@Param('id', idParam) id: number, @Param('revisionId', idParam) revisionId: number): Promise<BlogPostJson> {
    return this.posts.restore(id, revisionId);
  }

  /** A draft being typed, kept as a revision; the post itself does not change. */
  @NotAudited()
  @Post(':id/autosave')
  @HttpCode(200)
  autosave(@Param('id', idParam) id: number, @Body() body: ReplaceBlogPostDto): Promise<RevisionDto> {
    return this.posts.autosave(id, body);
  }

  @Audit('preview-link')
  @Post(':id/preview-link')
  @HttpCode(200)
  previewLink(@Param('id', idParam) id: number): Promise<PreviewLinkDto> {
    return this.posts.previewLink(id);
  }

  @Audit('update')
  @Put(':id')
  replace(@Param('id', idParam) id: number, @Body() body: ReplaceBlogPostDto): Promise<BlogPostJson> {
    return this.posts.update(id, body);
  }

  @Audit('delete')
  @Delete(':id')
  delete(@Param('id', idParam) id: number): Promise<BlogPostJson> {
    return this.posts.remove(id);
  }
}
