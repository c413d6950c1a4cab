import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies/companies.module.js';
import { PayoutsModule } from '../payouts/payouts.module.js';
import { FirmFeedController } from './firm-feed.controller.js';
import { FirmPricesService } from './firm-prices.service.js';
import { FirmsController } from './firms.controller.js';
import { FirmsService } from './firms.service.js';

/**
 * Firm profiles (issue #10), the public side: the table, profile and comparison reads and the changes feed, over
 * the firm record CompaniesModule owns. FirmsService is exported for the server-rendered pages to call in-process.
 */
@Module({
  imports: [CompaniesModule, PayoutsModule],
  controllers: [FirmsController, FirmFeedController],
  providers: [FirmsService, FirmPricesService],
  exports: [FirmsService],
})
export class FirmsModule {}
