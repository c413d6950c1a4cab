import { Module } from '@nestjs/common';
import { AdminCompaniesController, CompaniesController } from './companies.controller.js';
import { CompaniesService } from './companies.service.js';

@Module({
  controllers: [CompaniesController, AdminCompaniesController],
  providers: [CompaniesService],
  exports: [CompaniesService],
})
export class CompaniesModule {}
