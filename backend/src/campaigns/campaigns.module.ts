import { Module } from '@nestjs/common';
import { DiscountsModule } from '../discounts/discounts.module.js';
import { AlertsModule } from '../alerts/alerts.module.js';
import { NewsletterModule } from '../newsletter/newsletter.module.js';
import { CampaignSender } from './campaign-sender.service.js';
import { CampaignsController } from './campaigns.controller.js';
import { CampaignsService } from './campaigns.service.js';
import { DigestService } from './digest.service.js';

/** Campaigns, their sending and the Monday digest; who receives them, and the public ends of their mail, are newsletter/. */
@Module({
  imports: [NewsletterModule, DiscountsModule, AlertsModule],
  controllers: [CampaignsController],
  providers: [CampaignSender, CampaignsService, DigestService],
})
export class CampaignsModule {}
