import { EditorsToo } from '../access/editor-access.js';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { AdminOnly, Public, RateLimit } from '../access/route-labels.js';
import { RATE_LIMITS } from '../rate-limit/rate-limits.js';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { PublicUser } from '../../../common/api-types.js';
import type { DiscountCheckDto, ReportDayDto } from '../../../common/proof-api-types.js';
import { IdDto } from '../common/id.dto.js';
import { idParam } from '../common/id.param.js';
import { parseListQuery, sendContentRange, type ListQuery } from '../common/rest-list.js';
import { isPersonAgent, networkVisitorKey } from '../common/visitor.js';
import type { ReportAnswer } from '../../../common/proof.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { BulkCheckDto, CreateCheckDto, ReportDto } from './dto/proof.dto.js';
import { BurstHoldsService } from './burst-holds.service.js';
import { CHECK_FILTERS, CHECK_SORTABLE, ChecksService } from './checks.service.js';
import { ProofFiguresService } from './proof-figures.service.js';
import { ReportsService } from './reports.service.js';
import { AdminResource, Audit } from '../audit/admin-write.js';

/** 'Did this code work?' — no account: the visitor is the network under a daily keyed hash, never stored. */
@ApiTags('discounts')
@Controller('_api/discounts')
@Public()
export class ReportsController {
  constructor(private readonly reports: ReportsService, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * 200 whether counted or not (a repeat within 24 h, or a bot, changes nothing); `counted` says which.
   * Past REPORT_LIMITS per address: the one 429 (RateLimitGuard).
   */
  @Post(':id/reports')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.codeReports)
  report(@Param('id', idParam) id: number, @Body() { worked }: ReportDto, @Req() req: Request): Promise<ReportAnswer> {
    // The visitor is the network (IPv4 address, IPv6 /64) under a daily key, whatever the user agent says.
    const visitor = networkVisitorKey(this.config.visitorKey, req.ip, new Date());
    return this.reports.report(id, worked, visitor, isPersonAgent(req.get('user-agent')));
  }
}

/** A discount's reports over time, next to its admin record. */
@ApiTags('admin: discounts')
@Controller('_api/admin/discounts')
@AdminResource('discounts')
@AdminOnly()
export class AdminDiscountReportsController {
  constructor(private readonly figures: ProofFiguresService, private readonly holds: BurstHoldsService) {}

  @EditorsToo()
  @Get(':id/reports')
  reports(@Param('id', idParam) id: number): Promise<ReportDayDto[]> {
    return this.figures.reportsOverTime(id);
  }

  /** Counts the code's held bursts of reports (issue #18): they join its figures at once. */
  @Audit('accept')
  @Post(':id/held-reports/accept')
  @HttpCode(200)
  async acceptHeld(@Param('id', idParam) id: number, @Req() req: Request): Promise<{ accepted: number }> {
    const answer = await this.holds.acceptHolds(id, adminId(req));
    await this.figures.refreshFigures();
    return answer;
  }
}

/** Verification checks, both admin faces (docs/design.md §3): SPEC-style POST calls and the ra-data-simple-rest routes. */
@ApiTags('admin: discount checks')
@Controller('_api/admin/discount-checks')
@AdminResource('discount-checks')
@AdminOnly()
export class AdminChecksController {
  constructor(private readonly checks: ChecksService) {}

  @Get()
  async list(@Query() query: ListQuery, @Res({ passthrough: true }) res: Response): Promise<DiscountCheckDto[]> {
    const params = parseListQuery(query, CHECK_SORTABLE, CHECK_FILTERS);
    const result = await this.checks.listChecks(params);
    sendContentRange(res, 'discount-checks', params, result);
    return result.items;
  }

  @Audit('create')
  @Post()
  create(@Body() body: CreateCheckDto, @Req() req: Request): Promise<DiscountCheckDto> {
    return this.checks.createCheck(body, adminId(req));
  }

  /** The same check of every selected discount (react-admin's bulk action), all or none. */
  @Audit('bulk')
  @Post('bulk')
  bulk(@Body() body: BulkCheckDto, @Req() req: Request): Promise<DiscountCheckDto[]> {
    return this.checks.createChecks(body, adminId(req));
  }

  @Audit('delete')
  @Post('delete')
  @HttpCode(200)
  remove(@Body() { id }: IdDto): Promise<DiscountCheckDto> {
    return this.checks.removeCheck(id);
  }

  @Get(':id')
  get(@Param('id', idParam) id: number): Promise<DiscountCheckDto> {
    return this.checks.getCheck(id);
  }

  @Audit('delete')
  @Delete(':id')
  delete(@Param('id', idParam) id: number): Promise<DiscountCheckDto> {
    return this.checks.removeCheck(id);
  }
}

/** RolesGuard (the controller is @AdminOnly) has already refused anyone who is not a signed-in admin. */
const adminId = (req: Request): number => (req.user as PublicUser).id;
