import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { PublicUser } from '../../../common/api-types.js';
import type { AdminPayoutReportDto } from '../../../common/payout-api-types.js';
import { AdminOnly, RateLimit, SignedIn, TakesUploads } from '../access/route-labels.js';
import { RATE_LIMITS } from '../rate-limit/rate-limits.js';
import { idParam } from '../common/id.param.js';
import { parseListQuery, sendContentRange, type ListQuery } from '../common/rest-list.js';
import type { BulkResult } from '../../../common/bulk.js';
import { BulkPayoutReportsDto, CreatePayoutReportDto, ReviewPayoutReportDto } from './dto/payouts.dto.js';
import { PAYOUT_REPORT_FILTERS, PAYOUT_REPORT_SORTABLE, PayoutReportsService } from './payout-reports.service.js';
import { AdminResource, Audit } from '../audit/admin-write.js';

const viewer = (req: Request) => req.user as PublicUser;

/** A signed-in trader's payout reports (issue #17). Anonymous: 401. */
@ApiTags('payout reports')
@Controller('_api')
@SignedIn()
export class PayoutReportsController {
  constructor(private readonly reports: PayoutReportsService) {}

  /** 201 { id, status: 'awaiting-review' }; proof images are stored privately (author and admins only). */
  @Post('payout-reports')
  @TakesUploads()
  @RateLimit(RATE_LIMITS.payoutReports)
  create(@Body() body: CreatePayoutReportDto, @Req() req: Request): Promise<{ id: number; status: 'awaiting-review' }> {
    return this.reports.create(body, viewer(req));
  }
}

/** Moderation (react-admin resource `payout-reports`, ra-data-simple-rest). */
@ApiTags('admin: payout reports')
@Controller('_api/admin/payout-reports')
@AdminResource('payout-reports')
@AdminOnly()
export class AdminPayoutReportsController {
  constructor(private readonly reports: PayoutReportsService) {}

  @Get()
  async list(@Query() query: ListQuery, @Res({ passthrough: true }) res: Response): Promise<AdminPayoutReportDto[]> {
    const params = parseListQuery(query, PAYOUT_REPORT_SORTABLE, PAYOUT_REPORT_FILTERS);
    const result = await this.reports.list(params);
    sendContentRange(res, 'payout-reports', params, result);
    return result.items;
  }

  /** Approves the ticked reports or every report of the list's filter, all or none (issue #18); audited as 'bulk'. */
  @Audit('bulk')
  @Post('bulk')
  @HttpCode(200)
  bulk(@Body() body: BulkPayoutReportsDto): Promise<BulkResult> {
    return this.reports.bulk(body);
  }

  @Get(':id')
  get(@Param('id', idParam) id: number): Promise<AdminPayoutReportDto> {
    return this.reports.get(id);
  }

  /** Approve / reject (rejectionReason required) / proofVerified; react-admin's update sends the whole record. */
  @Audit('update')
  @Put(':id')
  review(@Param('id', idParam) id: number, @Body() body: ReviewPayoutReportDto): Promise<AdminPayoutReportDto> {
    return this.reports.review(id, body);
  }
}
