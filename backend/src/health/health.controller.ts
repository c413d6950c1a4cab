import { Public } from '../access/route-labels.js';
import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { HealthService, type Health } from './health.service.js';

@ApiTags('health')
@Controller('_api/health')
@Public()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** 200 when the process, the database and this role's jobs side answer; 503 (same shape) when one does not. */
  @Get()
  @Header('Cache-Control', 'no-store')
  async check(@Res({ passthrough: true }) res: Response): Promise<Health> {
    const health = await this.health.check();
    if (health.status !== 'ok') res.status(503);
    return health;
  }
}
