import { Module } from '@nestjs/common';
import { FirmsModule } from '../firms/firms.module.js';
import { SimulationsController } from './simulations.controller.js';
import { SimulationsService } from './simulations.service.js';

/** The challenge simulator's API (issue #28): a trader's results against every listed program; nothing is stored. */
@Module({
  imports: [FirmsModule],
  controllers: [SimulationsController],
  providers: [SimulationsService],
  exports: [SimulationsService],
})
export class SimulationsModule {}
