import { Module } from '@nestjs/common';
import { AlertsService } from './alerts.service.js';
import { FollowFormController } from './follow-form.controller.js';
import { AlertsController, FollowsController } from './follows.controller.js';
import { FollowsService } from './follows.service.js';

/** Follow a firm (issue #19): follows, alert settings, and the alert fan-out on pg-boss. */
@Module({
  controllers: [FollowsController, FollowFormController, AlertsController],
  providers: [FollowsService, AlertsService],
  exports: [FollowsService, AlertsService],
})
export class FollowsModule {}
