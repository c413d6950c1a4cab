import { Module } from '@nestjs/common';
import { PostPublishing } from './post-publishing.service.js';
import { ScheduleController } from './schedule.controller.js';
import { ScheduleService } from './schedule.service.js';

/** Scheduled publishing on pg-boss (issue #20): the posts' jobs, the catch-up at start, the dashboard's schedule. */
@Module({
  controllers: [ScheduleController],
  providers: [PostPublishing, ScheduleService],
  exports: [PostPublishing],
})
export class PublishingModule {}
