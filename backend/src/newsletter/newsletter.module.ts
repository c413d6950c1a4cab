import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { NewsletterConfirmController } from './newsletter-confirm.controller.js';
import { NewsletterFormController } from './newsletter-form.controller.js';
import { AdminNewsletterController, NewsletterController } from './newsletter.controller.js';
import { NewsletterService } from './newsletter.service.js';
import { DoubleOptInService } from './double-opt-in.service.js';
import { NewsletterLinksService } from './newsletter-links.service.js';
import { NewsletterPrivacyService } from './newsletter-privacy.service.js';
import { NewsletterPrivacyController, NewsletterPublicController } from './newsletter-public.controller.js';
import { NewsletterSettingsService } from './newsletter-settings.service.js';

/**
 * Everything about a subscriber (issue #33): subscribe and confirm, both kinds of unsubscribe, the preferences page,
 * click tracking, the provider's bounce webhook, privacy export and erase, the send rate and digest settings, and
 * the one rule for a deliverable address (subscriber-rules.sql.ts). Campaigns, the digest and alerts read it.
 */
@Module({
  imports: [RateLimitModule],
  controllers: [NewsletterController, AdminNewsletterController, NewsletterFormController, NewsletterConfirmController, NewsletterPublicController, NewsletterPrivacyController],
  providers: [NewsletterService, DoubleOptInService, NewsletterSettingsService, NewsletterPrivacyService, NewsletterLinksService],
  exports: [NewsletterService, DoubleOptInService, NewsletterSettingsService],
})
export class NewsletterModule {}
