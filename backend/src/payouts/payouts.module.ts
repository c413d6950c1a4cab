import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { AdminPayoutReportsController, PayoutReportsController } from './payout-reports.controller.js';
import { PayoutReportsService } from './payout-reports.service.js';

@Module({
  imports: [MediaModule],
  controllers: [PayoutReportsController, AdminPayoutReportsController],
  providers: [PayoutReportsService],
  exports: [PayoutReportsService],
})
export class PayoutsModule {}
