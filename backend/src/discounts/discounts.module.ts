import { Module } from '@nestjs/common';
import { AdminDiscountsController, DiscountsController, GoController } from './discounts.controller.js';
import { DiscountsService } from './discounts.service.js';

@Module({
  controllers: [DiscountsController, AdminDiscountsController, GoController],
  providers: [DiscountsService],
  exports: [DiscountsService],
})
export class DiscountsModule {}
