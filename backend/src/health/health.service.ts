import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, type Role } from '../config/config.js';
import { DATABASE, type DatabaseConnection } from '../db/connection.js';
import { JobsService } from '../jobs/jobs.service.js';
import { WorkerChild } from './worker-child.service.js';

/** `starting`: not taking jobs yet; `restarting`: `all`'s worker child died and a new one is starting. */
export type WorkerState = 'up' | 'starting' | 'restarting' | 'stopped';

export interface Health {
  status: 'ok' | 'error';
  /** ROLE (issue #32): what this copy does. */
  role: Role;
  uptimeSeconds: number;
  /** `restarting`: the embedded PostgreSQL exited and is being started again (docs/operations.md). */
  database: 'up' | 'down' | 'restarting';
  /** The jobs' side, where this copy has one (worker, all): its readiness is part of `status`. */
  worker?: WorkerState;
}

/** GET /_api/health's answer, the same on every role: a web copy's controller and a worker's one-route server. */
@Injectable()
export class HealthService {
  constructor(
    private readonly em: EntityManager,
    @Inject(DATABASE) private readonly db: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
    private readonly child: WorkerChild,
  ) {}

  async check(): Promise<Health> {
    const database = await this.databaseState();
    const worker = this.workerState();
    // A copy is ready once each of its parts has started. `all`'s worker child dying later is reported, not a reason
    // to take the pages out of a balancer: it is started again on its own, and jobs wait in the database meanwhile.
    const ready = database === 'up' && (worker === undefined || worker === 'up' || (this.config.role === 'all' && worker === 'restarting'));
    return {
      status: ready ? 'ok' : 'error',
      role: this.config.role,
      uptimeSeconds: Math.round(process.uptime()),
      database,
      ...(worker !== undefined && { worker }),
    };
  }

  private workerState(): WorkerState | undefined {
    if (this.config.runsJobs) return this.jobs.running ? 'up' : 'starting';
    if (this.config.role === 'all') return this.child.status;
    return undefined;
  }

  private async databaseState(): Promise<Health['database']> {
    if (this.db.state() === 'restarting') return 'restarting';
    return this.em.getConnection().execute('select 1').then(() => 'up' as const, () => 'down' as const);
  }
}
