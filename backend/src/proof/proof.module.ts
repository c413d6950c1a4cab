import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { AdminChecksController, AdminDiscountReportsController, ReportsController } from './proof.controller.js';
import { ProofService } from './proof.service.js';

@Module({
  imports: [MediaModule],
  controllers: [ReportsController, AdminDiscountReportsController, AdminChecksController],
  providers: [ProofService],
  exports: [ProofService],
})
export class ProofModule {}
