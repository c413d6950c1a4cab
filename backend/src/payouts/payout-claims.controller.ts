import { Body, Controller, Get, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { PublicUser } from '../../../common/api-types.js';
import type { AdminPayoutClaimDto, PayoutClaimDto } from '../../../common/payout-api-types.js';
import { PublicCache } from '../cache/public-cache.decorator.js';
import type { Computed } from '../cache/public-cache.service.js';
import { AdminOnly, Public, RateLimit, SignedIn, TakesUploads } from '../access/route-labels.js';
import { RATE_LIMITS } from '../rate-limit/rate-limits.js';
import { idParam } from '../common/id.param.js';
import { parseListQuery, sendContentRange, type ListQuery } from '../common/rest-list.js';
import { ClaimMessageDto, CreateClaimDto, MoveClaimDto } from './dto/payouts.dto.js';
import { CLAIM_SORTABLE, PayoutClaimsService } from './payout-claims.service.js';
import { AdminResource, Audit } from '../audit/admin-write.js';

const viewer = (req: Request) => req.user as PublicUser;

/** A trader's payout-guarantee claims (issue #17). */
@ApiTags('payout claims')
@Controller('_api')
@SignedIn()
export class PayoutClaimsController {
  constructor(private readonly claims: PayoutClaimsService) {}

  /** 201 { id, status: 'submitted' } from one of the trader's denied reports. */
  @Post('payout-claims')
  @TakesUploads()
  @RateLimit(RATE_LIMITS.payoutClaims)
  create(@Body() body: CreateClaimDto, @Req() req: Request): Promise<{ id: number; status: 'submitted' }> {
    return this.claims.create(body, viewer(req));
  }

  /** The trader's answer to 'needs-info' (409 in any other state). */
  @Post('payout-claims/:id/messages')
  @RateLimit(RATE_LIMITS.claimMessages)
  answer(@Param('id', idParam) id: number, @Body() body: ClaimMessageDto, @Req() req: Request): Promise<PayoutClaimDto> {
    return this.claims.answer(id, viewer(req), body);
  }
}

/** The guarantee's live figures over the last 12 months. */
@ApiTags('payout guarantee')
@Controller('_api/payout-guarantee')
@Public()
export class PayoutGuaranteeController {
  constructor(private readonly claims: PayoutClaimsService) {}

  /** Cached like the other public reads: dropped on any claim write, and expiring when a claim leaves the 12 months. */
  @Get('stats')
  @PublicCache({ tables: ['payout_claims'], key: 'payout-guarantee-stats' })
  stats(): Promise<Computed> {
    return this.claims.statsUntilChange();
  }
}

/** The claims board (react-admin resource `payout-claims`): filter by status, age, overdue; moves by PUT. */
@ApiTags('admin: payout claims')
@Controller('_api/admin/payout-claims')
@AdminResource('payout-claims')
@AdminOnly()
export class AdminPayoutClaimsController {
  constructor(private readonly claims: PayoutClaimsService) {}

  @Get()
  async list(@Query() query: ListQuery, @Res({ passthrough: true }) res: Response): Promise<AdminPayoutClaimDto[]> {
    const params = parseListQuery(query, CLAIM_SORTABLE, ['status', 'olderThanDays', 'overdue', 'id']);
    const result = await this.claims.list(params);
    sendContentRange(res, 'payout-claims', params, result);
    return result.items;
  }

  @Get(':id')
  get(@Param('id', idParam) id: number): Promise<AdminPayoutClaimDto> {
    return this.claims.adminGet(id);
  }

  /** { status, note, paidAmount? }: 409 for a move the state machine does not allow. */
  @Audit('update')
  @Put(':id')
  move(@Param('id', idParam) id: number, @Body() body: MoveClaimDto): Promise<AdminPayoutClaimDto> {
    return this.claims.move(id, body);
  }
}
