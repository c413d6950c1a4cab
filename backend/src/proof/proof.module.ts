import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { AdminChecksController, AdminDiscountReportsController, ReportsController } from './proof.controller.js';
import { BurstHoldsService } from './burst-holds.service.js';
import { ChecksService } from './checks.service.js';
import { ProofFiguresService } from './proof-figures.service.js';
import { ReportsService } from './reports.service.js';

/** Proof that codes work (issue #11): visitors' reports, held bursts, the figures made of them, admins' checks. */
@Module({
  imports: [MediaModule],
  controllers: [ReportsController, AdminDiscountReportsController, AdminChecksController],
  providers: [ReportsService, BurstHoldsService, ProofFiguresService, ChecksService],
  exports: [ProofFiguresService],
})
export class ProofModule {}
