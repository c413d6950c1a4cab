import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AccessModule } from './access/access.module.js';
import { AuditModule } from './audit/audit.module.js';
import { AuthModule } from './auth/auth.module.js';
import { BlogPostsModule } from './blog-posts/blog-posts.module.js';
import { CacheModule } from './cache/cache.module.js';
import { CampaignsModule } from './campaigns/campaigns.module.js';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { createValidationPipe } from './common/validation.pipe.js';
import { CompaniesModule } from './companies/companies.module.js';
import { FollowsModule } from './follows/follows.module.js';
import { AlertsModule } from './alerts/alerts.module.js';
import { AccountModule } from './account/account.module.js';
import { FirmsModule } from './firms/firms.module.js';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { DiscountsModule } from './discounts/discounts.module.js';
import { HealthModule } from './health/health.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import { MailModule } from './mail/mail.module.js';
import { MediaModule } from './media/media.module.js';
import { NewsletterModule } from './newsletter/newsletter.module.js';
import { PayoutsModule } from './payouts/payouts.module.js';
import { PublishingModule } from './publishing/publishing.module.js';
import { SearchModule } from './search/search.module.js';
import { ProofModule } from './proof/proof.module.js';
import { SeoModule } from './seo/seo.module.js';
import { SimulationsModule } from './simulations/simulations.module.js';
import { UsersModule } from './users/users.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        JobsModule,
        MailModule,
        CacheModule,
        AuditModule,
        AuthModule,
        // Listed here (not only under AuthModule) so its routes come before SeoModule's catch-all page route.
        UsersModule,
        AccessModule,
        MediaModule,
        HealthModule,
        CompaniesModule,
        DiscountsModule,
        ProofModule,
        BlogPostsModule,
        PublishingModule,
        NewsletterModule,
        CampaignsModule,
        FirmsModule,
        PayoutsModule,
        FollowsModule,
        AlertsModule,
        AccountModule,
        SimulationsModule,
        SearchModule,
        // Last: its catch-all page route must be registered after every API route.
        SeoModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
    };
  }
}
