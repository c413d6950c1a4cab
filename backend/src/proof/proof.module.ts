import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { AdminChecksController, AdminDiscountReportsController, ReportsController } from './proof.controller.js';
import { ProofService } from './proof.service.js';
import { ReportRateLimitGuard } from './report-rate-limit.guard.js';

@Module({
  imports: [RateLimitModule, MediaModule],
  controllers: [ReportsController, AdminDiscountReportsController, AdminChecksController],
  providers: [ProofService, ReportRateLimitGuard],
  exports: [ProofService],
})
export class ProofModule {}
