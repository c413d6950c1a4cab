import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { AdminOnly } from '../access/route-labels.js';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { parseListQuery, sendContentRange, type ListQuery } from '../common/rest-list.js';
import type { ProblemJobDto } from '../../../common/mail-api-types.js';
import { JobsAdminService } from './jobs-admin.service.js';
import { AdminResource, Audit } from '../audit/admin-write.js';

/** Failed and dead jobs (ra-data-simple-rest list, newest first) and their retry. Admins only (@AdminOnly). */
@ApiTags('admin: jobs')
@Controller('_api/admin/jobs')
@AdminResource('jobs')
@AdminOnly()
export class JobsAdminController {
  constructor(private readonly jobs: JobsAdminService) {}

  @Get()
  async list(@Query() query: ListQuery, @Res({ passthrough: true }) res: Response): Promise<ProblemJobDto[]> {
    // Always newest first: the one order an admin looking for what broke needs.
    const params = parseListQuery(query, ['createdAt', 'id'], ['kind', 'queue']);
    const result = await this.jobs.list(params);
    sendContentRange(res, 'jobs', params, result);
    return result.items;
  }

  @Get(':id')
  get(@Param('id') id: string): Promise<ProblemJobDto> {
    return this.jobs.get(id);
  }

  @Audit('retry')
  @Post(':id/retry')
  @HttpCode(200)
  retry(@Param('id') id: string): Promise<ProblemJobDto> {
    return this.jobs.retry(id);
  }
}
