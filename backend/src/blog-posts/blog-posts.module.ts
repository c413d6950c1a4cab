import { Module } from '@nestjs/common';
import { AdminBlogPostsController, BlogPostsController } from './blog-posts.controller.js';
import { BlogPostsService } from './blog-posts.service.js';

@Module({
  controllers: [BlogPostsController, AdminBlogPostsController],
  providers: [BlogPostsService],
  exports: [BlogPostsService],
})
export class BlogPostsModule {}
