import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { NewsletterConfirmController } from './newsletter-confirm.controller.js';
import { NewsletterFormController } from './newsletter-form.controller.js';
import { AdminNewsletterController, NewsletterController } from './newsletter.controller.js';
import { NewsletterService } from './newsletter.service.js';
import { DoubleOptInService } from './double-opt-in.service.js';

@Module({
  imports: [RateLimitModule],
  controllers: [NewsletterController, AdminNewsletterController, NewsletterFormController, NewsletterConfirmController],
  providers: [NewsletterService, DoubleOptInService],
  exports: [NewsletterService, DoubleOptInService],
})
export class NewsletterModule {}
