import { Module } from '@nestjs/common';
import { PayoutsModule } from '../payouts/payouts.module.js';
import { FirmChangesService } from './firm-changes.service.js';
import { FirmEventsService } from './firm-events.service.js';
import { FirmFeedController } from './firm-feed.controller.js';
import { FirmPricesService } from './firm-prices.service.js';
import { FirmProfilesService } from './firm-profiles.service.js';
import { AdminFirmChangesController, FirmsController } from './firms.controller.js';
import { FirmsService } from './firms.service.js';

/**
 * Firm profiles (issue #10): the public table, profile and comparison reads, the changelog admin
 * resource, and the programs and scores a company record carries (FirmProfilesService, used by
 * CompaniesService). FirmsService is exported for the server-rendered pages to call in-process.
 */
@Module({
  imports: [PayoutsModule],
  controllers: [FirmsController, AdminFirmChangesController, FirmFeedController],
  providers: [FirmsService, FirmPricesService, FirmProfilesService, FirmChangesService, FirmEventsService],
  exports: [FirmsService, FirmProfilesService, FirmEventsService],
})
export class FirmsModule {}
