import { EditorsToo } from '../access/editor-access.js';
import { applyDecorators, Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { AdminOnly, Public } from '../access/route-labels.js';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AdminFirmChangeDto } from '../../../common/firm-api-types.js';
import { COMPARE_MESSAGE, FIRM_SLUG_PATTERN, FIRMS_QUERY_PARAMS, firmsQueryString, parseCompareFirms, parseFirmsQuery } from '../../../common/firms.js';
import { MSG } from '../../../common/messages.js';
import { keyed, PublicCache, type Keyed } from '../cache/public-cache.decorator.js';
import { ApiError } from '../common/api-error.js';
import { CsvExportRoute, csvFile, csvFileName } from '../common/csv-export.js';
import { IdDto } from '../common/id.dto.js';
import { idParam } from '../common/id.param.js';
import { parseListQuery, sendContentRange, type ListQuery } from '../common/rest-list.js';
import { CreateFirmChangeDto, ReplaceFirmChangeDto, UpdateFirmChangeDto } from './dto/firm-change.dto.js';
import { FIRM_CHANGE_FILTERS, FIRM_CHANGE_SORTABLE, FirmChangesService } from './firm-changes.service.js';
import { FirmsService } from './firms.service.js';
import { AdminResource, Audit } from '../audit/admin-write.js';

/** What the public firm reads show (a profile lists posts about the firm); a change to any of them drops their cache entries. */
export const FIRM_TABLES = ['companies', 'discounts', 'firm_programs', 'firm_program_sizes', 'firm_changes', 'firm_events', 'firm_scores', 'blog_posts', 'payout_reports'];

/** The /firms parameters in the OpenAPI document (they are read and checked by parseFirmsQuery). */
function FirmsQueryDocs() {
  return applyDecorators(...FIRMS_QUERY_PARAMS.map((name) => ApiQuery({ name, required: false, type: String })));
}

/** The public firm reads (issue #10), answered from the public cache (docs/design.md §6). */
@ApiTags('firms')
@Controller('_api/firms')
@Public()
export class FirmsController {
  constructor(private readonly firms: FirmsService) {}

  /**
   * Read from the raw query string, not Express's parsed object: `a[b]=c` must stay a wrong value,
   * not become an object. Keyed by the canonical query, so equal tables share one entry.
   */
  @Get()
  @FirmsQueryDocs()
  @PublicCache({ tables: FIRM_TABLES })
  list(@Req() req: Request): Keyed {
    const parsed = parseFirmsQuery(new URLSearchParams(req.originalUrl.split('?')[1] ?? ''));
    if (!parsed.ok) throw new ApiError(400, parsed.message, parsed.errors);
    const query = parsed.query;
    return keyed(`firms?${firmsQueryString(query)}`, async () => {
      const now = new Date();
      // One moment for all, so the entry expires when the first code it shows ends or a report leaves the figures' window.
      const [expiresAt, body] = await Promise.all([this.firms.nextChange(now), this.firms.list(query, now)]);
      return { body, expiresAt };
    });
  }

  @Get('compare')
  @ApiQuery({ name: 'firms', description: '2 or 3 firm slugs, comma-separated' })
  @PublicCache({ tables: FIRM_TABLES })
  compare(@Query('firms') firms: unknown): Keyed {
    const slugs = parseCompareFirms(firms);
    if (!slugs) throw new ApiError(400, COMPARE_MESSAGE, { firms: COMPARE_MESSAGE });
    return keyed(`firms/compare?${slugs.join(',')}`, async () => {
      const now = new Date();
      // One moment for all, so the entry expires when the first code it shows ends or a report leaves the figures' window.
      const [expiresAt, body] = await Promise.all([this.firms.nextChange(now), this.firms.compare(slugs, now)]);
      return { body, expiresAt };
    });
  }

  @Get(':slug')
  @PublicCache({ tables: FIRM_TABLES })
  profile(@Param('slug') slug: string): Keyed {
    if (!FIRM_SLUG_PATTERN.test(slug)) throw new ApiError(404, MSG.notFound('Firm'));
    return keyed(`firms/${slug}`, async () => {
      const now = new Date();
      // One moment for all, so the entry expires when the first code it shows ends or a report leaves the figures' window.
      const [expiresAt, body] = await Promise.all([this.firms.nextChange(now), this.firms.profile(slug, now)]);
      return { body, expiresAt };
    });
  }
}

/** Both admin faces of docs/design.md §3 for firms' changelog entries. */
@ApiTags('admin: firm changes')
@Controller('_api/admin/firm-changes')
@AdminResource('firm-changes')
@AdminOnly()
export class AdminFirmChangesController {
  constructor(private readonly changes: FirmChangesService) {}

  @EditorsToo()
  @Get()
  async list(@Query() query: ListQuery, @Res({ passthrough: true }) res: Response): Promise<AdminFirmChangeDto[]> {
    const params = parseListQuery(query, FIRM_CHANGE_SORTABLE, FIRM_CHANGE_FILTERS);
    const result = await this.changes.list(params);
    sendContentRange(res, 'firm-changes', params, result);
    return result.items;
  }

  /** Every entry of the current filter as CSV, streamed (issue #18; declared before ':id'). */
  @EditorsToo()
  @Audit('export')
  @CsvExportRoute()
  async exportCsv(@Query() query: ListQuery): Promise<StreamableFile> {
    const params = parseListQuery({ filter: query.filter }, FIRM_CHANGE_SORTABLE, FIRM_CHANGE_FILTERS);
    return csvFile(await this.changes.exportCsv(params.filter), csvFileName('firm_changes'));
  }

  @Audit('create')
  @Post()
  create(@Body() body: CreateFirmChangeDto): Promise<AdminFirmChangeDto> {
    return this.changes.create(body);
  }

  @Audit('update')
  @Post('update')
  @HttpCode(200)
  update(@Body() { id, ...changes }: UpdateFirmChangeDto): Promise<AdminFirmChangeDto> {
    return this.changes.update(id, changes);
  }

  @Audit('delete')
  @Post('delete')
  @HttpCode(200)
  remove(@Body() { id }: IdDto): Promise<AdminFirmChangeDto> {
    return this.changes.remove(id);
  }

  @EditorsToo()
  @Get(':id')
  get(@Param('id', idParam) id: number): Promise<AdminFirmChangeDto> {
    return this.changes.get(id);
  }

  @Audit('update')
  @Put(':id')
  replace(@Param('id', idParam) id: number, @Body() body: ReplaceFirmChangeDto): Promise<AdminFirmChangeDto> {
    return this.changes.update(id, body);
  }

  @Audit('delete')
  @Delete(':id')
  delete(@Param('id', idParam) id: number): Promise<AdminFirmChangeDto> {
    return this.changes.remove(id);
  }
}
