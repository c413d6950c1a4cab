import { SearchModule } from '../search/search.module.js';
import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { BlogPostsModule } from '../blog-posts/blog-posts.module.js';
import { CompaniesModule } from '../companies/companies.module.js';
import { DiscountsModule } from '../discounts/discounts.module.js';
import { FirmsModule } from '../firms/firms.module.js';
import { FollowsModule } from '../follows/follows.module.js';
import { PayoutsModule } from '../payouts/payouts.module.js';
import { SimulationsModule } from '../simulations/simulations.module.js';
import { UsersModule } from '../users/users.module.js';
import { SimulatorFormController } from './simulator-form.controller.js';
import { PageDataSources } from './page-data.source.js';
import { PageShellService } from './page-shell.service.js';
import { SeoContentService } from './seo-content.service.js';
import { SeoFilesController } from './seo-files.controller.js';
import { SitePagesService } from './site-pages.service.js';
import { SiteController } from './site.controller.js';
import { SsrRendererService } from './ssr-renderer.service.js';

/** SiteController's catch-all must stay the last controller (and this the last module of AppModule). */
@Module({
  imports: [AuthModule, BlogPostsModule, CompaniesModule, DiscountsModule, FirmsModule, FollowsModule, PayoutsModule, SearchModule, SimulationsModule, UsersModule],
  // The simulator's no-JavaScript form renders its page, so it sits with the pages.
  controllers: [SeoFilesController, SimulatorFormController, SiteController],
  providers: [PageShellService, SeoContentService, SitePagesService, SsrRendererService, PageDataSources],
})
export class SeoModule {}
