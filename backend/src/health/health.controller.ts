import { EntityManager } from '@mikro-orm/postgresql';
import { Public } from '../access/route-labels.js';
import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';

interface Health {
  status: 'ok' | 'error';
  uptimeSeconds: number;
  database: 'up' | 'down';
}

@ApiTags('health')
@Controller('_api/health')
@Public()
export class HealthController {
  constructor(private readonly em: EntityManager) {}

  /** 200 when the process and the database answer; 503 (same shape) when the database does not. */
  @Get()
  @Header('Cache-Control', 'no-store')
  async check(@Res({ passthrough: true }) res: Response): Promise<Health> {
    const database = await this.em.getConnection().execute('select 1').then(() => 'up' as const, () => 'down' as const);
    if (database === 'down') res.status(503);
    return { status: database === 'up' ? 'ok' : 'error', uptimeSeconds: Math.round(process.uptime()), database };
  }
}
