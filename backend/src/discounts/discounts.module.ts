import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { AdminDiscountsController, DiscountsController, GoController } from './discounts.controller.js';
import { DiscountsService } from './discounts.service.js';
import { CodePagesService } from './code-pages.service.js';

@Module({
  imports: [RateLimitModule],
  controllers: [DiscountsController, AdminDiscountsController, GoController],
  providers: [DiscountsService, CodePagesService],
  exports: [DiscountsService, CodePagesService],
})
export class DiscountsModule {}
