import { Module } from '@nestjs/common';
import { DiscountsModule } from '../discounts/discounts.module.js';
import { FollowsModule } from '../follows/follows.module.js';
import { NewsletterModule } from '../newsletter/newsletter.module.js';
import { CampaignSender } from './campaign-sender.service.js';
import { CampaignsController } from './campaigns.controller.js';
import { CampaignsService } from './campaigns.service.js';
import { DigestService } from './digest.service.js';
import { NewsletterSettingsService } from './newsletter-settings.service.js';
import { NewsletterPrivacyController, NewsletterPublicController } from './newsletter-public.controller.js';
import { NewsletterPrivacyService } from './newsletter-privacy.service.js';

/** Campaigns, their sending, the Monday digest, and the public ends of the mail (clicks, one-click, webhook, preferences). */
@Module({
  imports: [NewsletterModule, DiscountsModule, FollowsModule],
  controllers: [CampaignsController, NewsletterPublicController, NewsletterPrivacyController],
  providers: [CampaignSender, CampaignsService, DigestService, NewsletterSettingsService, NewsletterPrivacyService],
})
export class CampaignsModule {}
