import { Module } from '@nestjs/common';
import { AdminCompaniesController, CompaniesController } from './companies.controller.js';
import { CompaniesService } from './companies.service.js';
import { FirmChangesService } from './firm-changes.service.js';
import { AdminFirmChangesController } from './firm-changes.controller.js';
import { FirmEventsService } from './firm-events.service.js';
import { FirmProfilesService } from './firm-profiles.service.js';

/**
 * The one owner of a firm's record (the companies table, issue #33): its data and admin resource
 * (CompaniesService), the programs and scores it carries (FirmProfilesService), its status events
 * (FirmEventsService) and its changelog (FirmChangesService). The public reads built on it are firms/.
 */
@Module({
  controllers: [CompaniesController, AdminCompaniesController, AdminFirmChangesController],
  providers: [CompaniesService, FirmProfilesService, FirmChangesService, FirmEventsService],
  exports: [CompaniesService, FirmProfilesService, FirmEventsService],
})
export class CompaniesModule {}
