import { Module } from '@nestjs/common';
import { NewsletterFormController } from './newsletter-form.controller.js';
import { AdminNewsletterController, NewsletterController } from './newsletter.controller.js';
import { NewsletterService } from './newsletter.service.js';

@Module({
  controllers: [NewsletterController, AdminNewsletterController, NewsletterFormController],
  providers: [NewsletterService],
  exports: [NewsletterService],
})
export class NewsletterModule {}
