import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query, Res, StreamableFile, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { NewsletterMessageResponse, NewsletterStatsDto, NewsletterSubscriberDto } from '../../../common/api-types.js';
import { CsvExportRoute, csvFile } from '../common/csv-export.js';
import { newsletterExportFileName } from '../../../common/newsletter.js';
import { IdDto } from '../common/id.dto.js';
import { idParam } from '../common/id.param.js';
import { parseListQuery, sendContentRange, type ListQuery } from '../common/rest-list.js';
import { SuperjsonBodyInterceptor } from '../common/superjson-body.interceptor.js';
import { BulkSubscribersDto, ReplaceSubscriberDto, SubscribeDto, UpdateSubscriberDto } from './dto/newsletter.dto.js';
import type { BulkResult } from '../../../common/bulk.js';
import { ApiError } from '../common/api-error.js';
import { MSG } from '../../../common/messages.js';
import { AdminOnly, Public, RateLimit, TakesOneClickPost } from '../access/route-labels.js';
import { RATE_LIMITS } from '../rate-limit/rate-limits.js';
import { NewsletterService, SUBSCRIBER_FILTERS, SUBSCRIBER_SORTABLE } from './newsletter.service.js';
import { AdminResource, Audit } from '../audit/admin-write.js';

/** The export takes the list's `filter={...}`, or `q` and `status` as plain parameters (a download link). */
interface ExportQuery extends ListQuery {
  q?: string;
  status?: string;
}

function exportFilter({ filter, q, status }: ExportQuery): Record<string, unknown> {
  return { ...parseListQuery({ filter }, [], SUBSCRIBER_FILTERS).filter, ...(q !== undefined && { q }), ...(status !== undefined && { status }) };
}

@ApiTags('newsletter')
@Controller('_api/newsletter')
@Public()
export class NewsletterController {
  constructor(private readonly newsletter: NewsletterService) {}

  /** docs/spec.md §7: the body is superjson (`{json, meta}`) or plain `{email, source?}`. */
  @Post('subscribe')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.newsletterSubscribe)
  @UseInterceptors(SuperjsonBodyInterceptor)
  subscribe(@Body() body: SubscribeDto): Promise<NewsletterMessageResponse> {
    return this.newsletter.subscribe(body);
  }

  /**
   * The link in every newsletter leads here (through the site's /newsletter/unsubscribe page, JSON `{token}`), and
   * so does RFC 8058's one-click POST of `List-Unsubscribe=One-Click` to the List-Unsubscribe URL (token in the
   * query, form-encoded, no cookie, no Origin): 200, no redirect.
   */
  @Post('unsubscribe')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.newsletterUnsubscribe)
  @TakesOneClickPost()
  unsubscribe(@Query('token') queryToken: unknown, @Body() body: unknown): Promise<NewsletterMessageResponse> {
    const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const token = fields['List-Unsubscribe'] === 'One-Click' ? queryToken : fields.token;
    if (typeof token !== 'string' || token.length === 0) throw new ApiError(400, MSG.newsletterTokenInvalid, { token: MSG.newsletterTokenInvalid });
    return this.newsletter.unsubscribe(token);
  }

  /** A person opening the List-Unsubscribe URL in a browser gets the unsubscribe page, which asks before acting. */
  @Get('unsubscribe')
  unsubscribePage(@Query('token') token: unknown, @Res() res: Response): void {
    res.redirect(303, `/newsletter/unsubscribe${typeof token === 'string' ? `?token=${encodeURIComponent(token)}` : ''}`);
  }
}

/** Both admin faces of docs/design.md §3: SPEC's list and POST calls, and the ra-data-simple-rest routes. */
@ApiTags('admin: newsletter subscribers')
@Controller('_api/admin/newsletter-subscribers')
@AdminResource('newsletter-subscribers')
@AdminOnly()
export class AdminNewsletterController {
  constructor(private readonly newsletter: NewsletterService) {}

  @Get()
  async list(@Query() query: ListQuery, @Res({ passthrough: true }) res: Response): Promise<NewsletterSubscriberDto[]> {
    const params = parseListQuery(query, SUBSCRIBER_SORTABLE, SUBSCRIBER_FILTERS);
    const result = await this.newsletter.list(params);
    sendContentRange(res, 'newsletter-subscribers', params, result);
    return result.items;
  }

  // Declared before ':id' so these names are not read as ids.
  @Get('stats')
  @Header('Cache-Control', 'no-store')
  stats(): Promise<NewsletterStatsDto> {
    return this.newsletter.stats();
  }

  @Audit('export')
  @CsvExportRoute()
  async exportCsv(@Query() query: ExportQuery): Promise<StreamableFile> {
    return csvFile(await this.newsletter.exportCsv(exportFilter(query)), newsletterExportFileName());
  }

  /** One action on the ticked subscribers or every subscriber of the list's filter (issue #18); audited as 'bulk'. */
  @Audit('bulk')
  @Post('bulk')
  @HttpCode(200)
  bulk(@Body() body: BulkSubscribersDto): Promise<BulkResult> {
    return this.newsletter.bulk(body);
  }

  @Audit('update')
  @Post('update')
  @HttpCode(200)
  update(@Body() { id, status }: UpdateSubscriberDto): Promise<NewsletterSubscriberDto> {
    return this.newsletter.setStatus(id, status);
  }

  @Audit('delete')
  @Post('delete')
  @HttpCode(200)
  remove(@Body() { id }: IdDto): Promise<NewsletterSubscriberDto> {
    return this.newsletter.remove(id);
  }

  @Get(':id')
  get(@Param('id', idParam) id: number): Promise<NewsletterSubscriberDto> {
    return this.newsletter.get(id);
  }

  @Audit('update')
  @Put(':id')
  replace(@Param('id', idParam) id: number, @Body() { status }: ReplaceSubscriberDto): Promise<NewsletterSubscriberDto> {
    return this.newsletter.setStatus(id, status);
  }

  @Audit('delete')
  @Delete(':id')
  delete(@Param('id', idParam) id: number): Promise<NewsletterSubscriberDto> {
    return this.newsletter.remove(id);
  }
}
