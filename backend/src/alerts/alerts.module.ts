import { Module } from '@nestjs/common';
import { AlertsController } from './alerts.controller.js';
import { AlertsService } from './alerts.service.js';

/**
 * Alert mail for followed firms (issue #19): the fan-out of firm changes to followers on pg-boss, the weekly mail,
 * the digest's followed-firms sections and the one-click stop. Follows themselves are follows/.
 */
@Module({
  controllers: [AlertsController],
  providers: [AlertsService],
  exports: [AlertsService],
})
export class AlertsModule {}
