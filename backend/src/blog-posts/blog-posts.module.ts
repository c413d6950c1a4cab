import { Module } from '@nestjs/common';
import { PublishingModule } from '../publishing/publishing.module.js';
import { SearchModule } from '../search/search.module.js';
import { AdminBlogPostsController, BlogPostsController } from './blog-posts.controller.js';
import { BlogPostsService } from './blog-posts.service.js';

@Module({
  imports: [PublishingModule, SearchModule],
  controllers: [BlogPostsController, AdminBlogPostsController],
  providers: [BlogPostsService],
  exports: [BlogPostsService],
})
export class BlogPostsModule {}
