import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ProblemJobDto } from '../../../common/mail-api-types.js';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import { checkFilterKeys } from '../common/list-filter.js';
import type { ListParams, ListResult } from '../common/rest-list.js';
import { DEAD_SUFFIX, JOBS_SCHEMA, JobsService } from './jobs.service.js';

interface JobRow {
  id: string;
  name: string;
  state: string;
  data: unknown;
  output: unknown;
  retry_count: number;
  created_on: Date;
  completed_on: Date | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KIND_SQL = {
  failed: `(state = 'failed' and right(name, ${DEAD_SUFFIX.length}) <> '${DEAD_SUFFIX}')`,
  dead: `(state in ('created', 'retry') and right(name, ${DEAD_SUFFIX.length}) = '${DEAD_SUFFIX}')`,
};

/** The admin's view of jobs that need a person (GET/POST /_api/admin/jobs…): list them, send them back. */
@Injectable()
export class JobsAdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobsService,
  ) {}

  async list(params: ListParams): Promise<ListResult<ProblemJobDto>> {
    checkFilterKeys(params.filter, ['kind', 'queue']);
    const { kind, queue } = params.filter;
    if (kind !== undefined && kind !== 'failed' && kind !== 'dead') throw new ApiError(400, MSG.invalidListParam('filter'));
    if (queue !== undefined && typeof queue !== 'string') throw new ApiError(400, MSG.invalidListParam('filter'));
    const conditions = [kind ? KIND_SQL[kind] : `(${KIND_SQL.failed} or ${KIND_SQL.dead})`];
    const values: unknown[] = [];
    if (queue) {
      conditions.push('(name = ? or name = ?)');
      values.push(queue, `${queue}${DEAD_SUFFIX}`);
    }
    const where = `where ${conditions.join(' and ')}`;
    const page = params.page ?? { offset: 0, limit: 100 };
    const [rows, [count]] = await Promise.all([
      this.execute<JobRow>(
        `select id, name, state, data, output, retry_count, created_on, completed_on from ${JOBS_SCHEMA}.job ${where}
         order by created_on desc, id desc limit ? offset ?`,
        [...values, page.limit, page.offset],
      ),
      this.execute<{ total: number }>(`select count(*)::int as total from ${JOBS_SCHEMA}.job ${where}`, values),
    ]);
    return { items: rows.map(toDto), total: count!.total };
  }

  async get(id: string): Promise<ProblemJobDto> {
    return toDto(await this.find(id));
  }

  /**
   * Sends a job back to work: a failed one is retried in place (pg-boss retry), a dead one goes back to its
   * own queue as a new job and leaves the dead-letter queue — in one transaction, so it is never in both or neither.
   */
  async retry(id: string): Promise<ProblemJobDto> {
    const row = await this.find(id);
    const boss = await this.jobs.ready();
    if (row.state === 'failed') {
      await boss.retry(row.name, row.id);
    } else {
      const origin = row.name.slice(0, -DEAD_SUFFIX.length);
      await this.em.getConnection().transactional(async (trx) => {
        const moved = await this.em.getConnection().execute<Array<{ id: string }>>(
          `delete from ${JOBS_SCHEMA}.job where name = ? and id = ? and state in ('created', 'retry') returning id`, [row.name, row.id], 'all', trx,
        );
        if (!moved.length) throw new ApiError(404, MSG.notFound('Job'));
        await this.em.getConnection().execute(
          `insert into ${JOBS_SCHEMA}.job (name, data, retry_limit, retry_delay, retry_backoff, expire_in, dead_letter, policy)
           select q.name, ?::jsonb, q.retry_limit, q.retry_delay, q.retry_backoff, make_interval(secs => q.expire_seconds), q.dead_letter, q.policy
           from ${JOBS_SCHEMA}.queue q where q.name = ?`,
          [JSON.stringify(row.data ?? {}), origin], 'run', trx,
        );
      });
    }
    return { ...toDto(row), kind: row.state === 'failed' ? 'failed' : 'dead' };
  }

  private async find(id: string): Promise<JobRow> {
    if (!UUID.test(id)) throw new ApiError(404, MSG.notFound('Job'));
    const [row] = await this.execute<JobRow>(
      `select id, name, state, data, output, retry_count, created_on, completed_on from ${JOBS_SCHEMA}.job
       where id = ? and (${KIND_SQL.failed} or ${KIND_SQL.dead})`,
      [id],
    );
    if (!row) throw new ApiError(404, MSG.notFound('Job'));
    return row;
  }

  private execute<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params);
  }
}

function toDto(row: JobRow): ProblemJobDto {
  const dead = row.name.endsWith(DEAD_SUFFIX);
  const output = row.output as { message?: unknown; value?: { message?: unknown } } | null;
  const error = output?.message ?? output?.value?.message;
  return {
    id: row.id,
    queue: dead ? row.name.slice(0, -DEAD_SUFFIX.length) : row.name,
    kind: dead ? 'dead' : 'failed',
    data: row.data,
    error: typeof error === 'string' ? error : output ? JSON.stringify(output) : null,
    retryCount: row.retry_count,
    createdAt: new Date(row.created_on).toISOString(),
    finishedAt: row.completed_on ? new Date(row.completed_on).toISOString() : null,
  };
}
