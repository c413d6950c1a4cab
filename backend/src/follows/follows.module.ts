import { Module } from '@nestjs/common';
import { FollowFormController } from './follow-form.controller.js';
import { FollowsService } from './follows.service.js';

/** Follow a firm (issue #19): follows and alert settings; the alert mail itself is alerts/. */
@Module({
  controllers: [FollowFormController],
  providers: [FollowsService],
  exports: [FollowsService],
})
export class FollowsModule {}
