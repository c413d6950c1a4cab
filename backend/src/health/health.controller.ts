import { EntityManager } from '@mikro-orm/postgresql';
import { Public } from '../access/route-labels.js';
import { Controller, Get, Header, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DATABASE, type DatabaseConnection } from '../db/connection.js';

interface Health {
  status: 'ok' | 'error';
  uptimeSeconds: number;
  /** `restarting`: the embedded PostgreSQL exited and is being started again (docs/operations.md). */
  database: 'up' | 'down' | 'restarting';
}

@ApiTags('health')
@Controller('_api/health')
@Public()
export class HealthController {
  constructor(
    private readonly em: EntityManager,
    @Inject(DATABASE) private readonly db: DatabaseConnection,
  ) {}

  /** 200 when the process and the database answer; 503 (same shape) when the database does not. */
  @Get()
  @Header('Cache-Control', 'no-store')
  async check(@Res({ passthrough: true }) res: Response): Promise<Health> {
    const database = await this.databaseState();
    if (database !== 'up') res.status(503);
    return { status: database === 'up' ? 'ok' : 'error', uptimeSeconds: Math.round(process.uptime()), database };
  }

  private async databaseState(): Promise<Health['database']> {
    if (this.db.state() === 'restarting') return 'restarting';
    return this.em.getConnection().execute('select 1').then(() => 'up' as const, () => 'down' as const);
  }
}
