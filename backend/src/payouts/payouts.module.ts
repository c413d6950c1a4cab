import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { AdminPayoutClaimsController, PayoutClaimsController, PayoutGuaranteeController } from './payout-claims.controller.js';
import { PayoutClaimsService } from './payout-claims.service.js';
import { AdminPayoutReportsController, PayoutReportsController } from './payout-reports.controller.js';
import { PayoutReportsService } from './payout-reports.service.js';

/** Payout evidence and the claimable guarantee (issue #17). Mail comes from the global MailModule. */
@Module({
  imports: [MediaModule],
  controllers: [PayoutReportsController, AdminPayoutReportsController, PayoutClaimsController, PayoutGuaranteeController, AdminPayoutClaimsController],
  providers: [PayoutReportsService, PayoutClaimsService],
  exports: [PayoutReportsService, PayoutClaimsService],
})
export class PayoutsModule {}
