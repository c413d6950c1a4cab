import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PublicUser } from '../../../common/api-types.js';
import type { MyPayoutReportDto, PayoutClaimDto } from '../../../common/payout-api-types.js';
import { SignedIn } from '../access/route-labels.js';
import { NoStore } from '../cache/no-store.js';
import { idParam } from '../common/id.param.js';
import { PayoutClaimsService } from '../payouts/payout-claims.service.js';
import { PayoutReportsService } from '../payouts/payout-reports.service.js';

const viewer = (req: Request) => req.user as PublicUser;

/** The signed-in trader's own payout reports and claims (issue #17), as the /account page lists them. */
@ApiTags('account')
@Controller('_api/me')
@NoStore('private, no-store')
@SignedIn()
export class MyPayoutsController {
  constructor(private readonly reports: PayoutReportsService, private readonly claims: PayoutClaimsService) {}

  @Get('payout-reports')
  myReports(@Req() req: Request): Promise<MyPayoutReportDto[]> {
    return this.reports.mine(viewer(req).id);
  }

  @Get('payout-reports/:id')
  myReport(@Param('id', idParam) id: number, @Req() req: Request): Promise<MyPayoutReportDto> {
    return this.reports.getFor(id, viewer(req));
  }

  @Get('payout-claims')
  myClaims(@Req() req: Request): Promise<PayoutClaimDto[]> {
    return this.claims.mine(viewer(req).id);
  }

  @Get('payout-claims/:id')
  myClaim(@Param('id', idParam) id: number, @Req() req: Request): Promise<PayoutClaimDto> {
    return this.claims.getMine(id, viewer(req));
  }
}
