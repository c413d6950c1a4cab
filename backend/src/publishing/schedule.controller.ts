import { Controller, Get, Header } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { ScheduleDto } from '../../../common/team-api-types.js';
import { AdminOnly } from '../access/route-labels.js';
import { ScheduleService } from './schedule.service.js';
import { AdminResource } from '../audit/admin-write.js';

/** The dashboard's "Scheduled next" and failed publishing jobs (issue #20). Admins only. */
@ApiTags('admin: schedule')
@Controller('_api/admin/schedule')
@AdminResource('schedule')
@AdminOnly()
export class ScheduleController {
  constructor(private readonly schedule: ScheduleService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  summary(): Promise<ScheduleDto> {
    return this.schedule.summary();
  }
}
