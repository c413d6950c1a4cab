import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { keyed, PublicCache, type Keyed } from '../cache/public-cache.decorator.js';
import type { AdminBlogPostListItem, BlogPostJson } from '../../../common/api-types.js';
import { IdDto } from '../common/id.dto.js';
import { idParam } from '../common/id.param.js';
import { parseListQuery, sendContentRange, type ListQuery } from '../common/rest-list.js';
import { BLOG_POST_SORTABLE, BlogPostsService, publicListQuery } from './blog-posts.service.js';
import {
  BlogBySlugQueryDto, BlogListQueryDto, CreateBlogPostDto, ReplaceBlogPostDto, UpdateBlogPostDto,
} from './dto/blog-post.dto.js';

/** SPEC §7's public calls; both answer in superjson (`{json, meta}`) so dates arrive as dates. */
@ApiTags('blog posts')
@Controller('_api/blog-posts')
export class BlogPostsController {
  constructor(private readonly posts: BlogPostsService) {}

  /** Answered from the public cache (DESIGN §6), keyed by the validated, normalised query. */
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

/** Both admin faces of DESIGN §3: SPEC's POST calls and the ra-data-simple-rest routes. */
@ApiTags('admin: blog posts')
@Controller('_api/admin/blog-posts')
export class AdminBlogPostsController {
  constructor(private readonly posts: BlogPostsService) {}

  @Get()
  async list(@Query() query: ListQuery, @Res({ passthrough: true }) res: Response): Promise<Array<BlogPostJson | AdminBlogPostListItem>> {
    const params = parseListQuery(query, BLOG_POST_SORTABLE);
    const result = await this.posts.list(params);
    sendContentRange(res, 'blog-posts', params, result);
    return result.items;
  }

  /** Every post of the current filter as CSV, streamed (declared before ':id'). */
  @Get('export.csv')
  @Header('Cache-Control', 'no-store')
  async exportCsv(@Query() query: ListQuery): Promise<StreamableFile> {
    const params = parseListQuery({ filter: query.filter }, BLOG_POST_SORTABLE);
    const csv = await this.posts.exportCsv(params.filter);
    return new StreamableFile(csv, { type: 'text/csv; charset=utf-8', disposition: `attachment; filename="blog_posts_${new Date().toISOString().slice(0, 10)}.csv"` });
  }

  @Post()
  create(@Body() body: CreateBlogPostDto): Promise<BlogPostJson> {
    return this.posts.create(body);
  }

  @Post('update')
  @HttpCode(200)
  update(@Body() { id, ...changes }: UpdateBlogPostDto): Promise<BlogPostJson> {
    return this.posts.update(id, changes);
  }

  @Post('delete')
  @HttpCode(200)
  remove(@Body() { id }: IdDto): Promise<BlogPostJson> {
    return this.posts.remove(id);
  }

  @Get(':id')
  get(@Param('id', idParam) id: number): Promise<BlogPostJson> {
    return this.posts.get(id);
  }

  @Put(':id')
  replace(@Param('id', idParam) id: number, @Body() body: ReplaceBlogPostDto): Promise<BlogPostJson> {
    return this.posts.update(id, body);
  }

  @Delete(':id')
  delete(@Param('id', idParam) id: number): Promise<BlogPostJson> {
    return this.posts.remove(id);
  }
}
