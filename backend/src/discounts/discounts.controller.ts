import { EditorsToo } from '../access/editor-access.js';
import { Body, Controller, Delete, Get, Header, HttpCode, Inject, Param, Post, Put, Query, Redirect, Req, Res, StreamableFile } from '@nestjs/common';
import { AdminOnly, Public } from '../access/route-labels.js';
import { ApiExcludeController, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { PublicCache } from '../cache/public-cache.decorator.js';
import type { Computed } from '../cache/public-cache.service.js';
import type { AdminDiscountDto } from '../../../common/api-types.js';
import { CsvExportRoute, csvFile, csvFileName } from '../common/csv-export.js';
import { IdDto } from '../common/id.dto.js';
import { idParam } from '../common/id.param.js';
import { isCountableVisit, networkVisitorKey } from '../common/visitor.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { parseListQuery, sendContentRange, type ListQuery } from '../common/rest-list.js';
import { DISCOUNT_FILTERS, DISCOUNT_SORTABLE, DISCOUNTS_PAGE, DiscountsService } from './discounts.service.js';
import { BulkDiscountsDto, CreateDiscountDto, ReplaceDiscountDto, UpdateDiscountDto } from './dto/discount.dto.js';
import type { BulkResult } from '../../../common/bulk.js';
import { MSG } from '../../../common/messages.js';
import { parsePage } from '../../../common/seo/page-route.js';
import { ApiError } from '../common/api-error.js';
import { CodePagesService } from './code-pages.service.js';
import { AdminResource, Audit } from '../audit/admin-write.js';

/** The tables a code's page and record show: a report, a check or a hold drops them (their triggers NOTIFY). */
const RECORD_TABLES = ['discounts', 'companies', 'discount_reports', 'discount_checks', 'report_holds', 'firm_programs', 'firm_program_sizes'];

@ApiTags('discounts')
@Controller('_api/discounts')
@Public()
export class DiscountsController {
  constructor(private readonly discounts: DiscountsService, private readonly codes: CodePagesService) {}

  /** Answered from the public cache (docs/design.md §6) until a write or the next expiry. */
  @Get()
  @PublicCache({ tables: ['discounts', 'companies'], key: 'discounts' })
  list(): Promise<Computed> {
    return this.discounts.listPublicUntilChange();
  }

  /** The archive of expired and withdrawn codes (issue #30), newest ended first. */
  @Get('expired')
  @PublicCache({ tables: RECORD_TABLES })
  async expired(@Query('page') page: unknown): Promise<Computed> {
    return { body: await this.codes.expired(pageParam(page)), expiresAt: await this.discounts.nextEnd() };
  }

  /** A code's page data by its slug; an old slug (renamed) answers 301 to the current one. */
  @Get('by-slug/:slug')
  @PublicCache({ tables: RECORD_TABLES })
  async bySlug(@Param('slug') slug: string): Promise<Computed> {
    const found = await this.codes.bySlug(slug);
    if ('moved' in found) {
      const location = `/_api/discounts/by-slug/${encodeURIComponent(found.moved)}`;
      return { status: 301, headers: { Location: location }, body: { statusCode: 301, message: `Moved to ${location}` } };
    }
    return { body: found.page, expiresAt: await this.discounts.nextEnd() };
  }

  /** The public record of a code (issue #30), 20 a page; dropped from the cache by the next answer or check. */
  @Get(':id/record')
  @PublicCache({ tables: RECORD_TABLES })
  async record(@Param('id', idParam) id: number, @Query('page') page: unknown): Promise<Computed> {
    return { body: await this.codes.record(id, pageParam(page)), expiresAt: nextUtcDay() };
  }
}

/** "Used N times today" starts again at midnight UTC. */
function nextUtcDay(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** `?page=`: absent is 1; anything but a whole number from 1 is the one 400. */
function pageParam(value: unknown): number {
  const page = typeof value === 'string' || value === undefined ? parsePage(value ?? null) : undefined;
  if (page === undefined) throw new ApiError(400, MSG.invalidListParam('page'), { page: MSG.invalidListParam('page') });
  return page;
}

/** Both admin faces of docs/design.md §3: SPEC's POST calls and the ra-data-simple-rest routes. */
@ApiTags('admin: discounts')
@Controller('_api/admin/discounts')
@AdminResource('discounts')
@AdminOnly()
export class AdminDiscountsController {
  constructor(private readonly discounts: DiscountsService) {}

  @EditorsToo()
  @Get()
  async list(@Query() query: ListQuery, @Res({ passthrough: true }) res: Response): Promise<AdminDiscountDto[]> {
    const params = parseListQuery(query, DISCOUNT_SORTABLE, DISCOUNT_FILTERS);
    const result = await this.discounts.list(params);
    sendContentRange(res, 'discounts', params, result);
    return result.items;
  }

  /** Every discount of the current filter as CSV, streamed (issue #18; declared before ':id'). */
  @EditorsToo()
  @Audit('export')
  @CsvExportRoute()
  async exportCsv(@Query() query: ListQuery): Promise<StreamableFile> {
    const params = parseListQuery({ filter: query.filter }, DISCOUNT_SORTABLE, DISCOUNT_FILTERS);
    return csvFile(await this.discounts.exportCsv(params.filter), csvFileName('discounts'));
  }

  @Audit('create')
  @Post()
  create(@Body() body: CreateDiscountDto): Promise<AdminDiscountDto> {
    return this.discounts.create(body);
  }

  /** A status for, or the deletion of, the ticked discounts or every discount of the list's filter (issue #18); audited as 'bulk'. */
  @Audit('bulk')
  @Post('bulk')
  @HttpCode(200)
  bulk(@Body() body: BulkDiscountsDto): Promise<BulkResult> {
    return this.discounts.bulk(body);
  }

  @Audit('update')
  @Post('update')
  @HttpCode(200)
  update(@Body() { id, ...changes }: UpdateDiscountDto): Promise<AdminDiscountDto> {
    return this.discounts.update(id, changes);
  }

  @Audit('delete')
  @Post('delete')
  @HttpCode(200)
  remove(@Body() { id }: IdDto): Promise<AdminDiscountDto> {
    return this.discounts.remove(id);
  }

  @EditorsToo()
  @Get(':id')
  get(@Param('id', idParam) id: number): Promise<AdminDiscountDto> {
    return this.discounts.get(id);
  }

  @Audit('update')
  @Put(':id')
  replace(@Param('id', idParam) id: number, @Body() body: ReplaceDiscountDto): Promise<AdminDiscountDto> {
    return this.discounts.update(id, body);
  }

  @Audit('delete')
  @Delete(':id')
  delete(@Param('id', idParam) id: number): Promise<AdminDiscountDto> {
    return this.discounts.remove(id);
  }
}

/** Affiliate redirects: `/go/:discountId` counts the click and sends the visitor to the firm. */
@ApiExcludeController()
@Controller('go')
@Public()
export class GoController {
  constructor(private readonly discounts: DiscountsService, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get(':discountId')
  @Redirect(DISCOUNTS_PAGE, 302)
  @Header('Cache-Control', 'no-store')
  @Header('X-Robots-Tag', 'noindex')
  async follow(@Param('discountId') discountId: string, @Req() req: Request): Promise<{ url: string }> {
    // Express answers HEAD with the GET handler: a link checker's HEAD, like a crawler's GET, is no visitor's click.
    const signals = { method: req.method, ip: req.ip, userAgent: req.get('user-agent') };
    // One click per code per network (IPv4 address, IPv6 /64) per day, whatever the user agent says.
    const visitor = isCountableVisit(signals) ? networkVisitorKey(this.config.visitorKey, signals.ip, new Date()) : undefined;
    return { url: await this.discounts.follow(discountId, visitor) };
  }
}
