import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { NewsletterFormController } from './newsletter-form.controller.js';
import { NewsletterRateLimitGuard } from './newsletter-rate-limit.guard.js';
import { AdminNewsletterController, NewsletterController } from './newsletter.controller.js';
import { NewsletterService } from './newsletter.service.js';

@Module({
  imports: [RateLimitModule],
  controllers: [NewsletterController, AdminNewsletterController, NewsletterFormController],
  providers: [NewsletterService, NewsletterRateLimitGuard],
  exports: [NewsletterService],
})
export class NewsletterModule {}
