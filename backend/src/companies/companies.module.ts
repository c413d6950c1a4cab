import { Module } from '@nestjs/common';
import { AdminCompaniesController, CompaniesController } from './companies.controller.js';
import { CompaniesService } from './companies.service.js';
import { FirmsModule } from '../firms/firms.module.js';

/** A company record carries its firm profile (FirmsModule), which also brings the /_api/firms reads. */
@Module({
  imports: [FirmsModule],
  controllers: [CompaniesController, AdminCompaniesController],
  providers: [CompaniesService],
  exports: [CompaniesService],
})
export class CompaniesModule {}
