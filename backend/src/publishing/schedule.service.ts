import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ScheduleDto, ScheduledItemDto } from '../../../common/team-api-types.js';
import { CAMPAIGN_QUEUE, POST_PUBLISH_QUEUE } from '../jobs/queues.js';
import { JobsAdminService } from '../jobs/jobs-admin.service.js';

/** Items "Scheduled next" shows. */
const NEXT_LIMIT = 10;
/** Failed publishing jobs shown (the Jobs screen lists them all). */
const FAILED_LIMIT = 10;

/** The dashboard's view of publishing (issue #20): what publishes or sends next, and what failed for good. */
@Injectable()
export class ScheduleService {
  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobsAdminService,
  ) {}

  async summary(): Promise<ScheduleDto> {
    const [rows, posts, campaigns] = await Promise.all([
      this.em.getConnection().execute<Array<{ resource: ScheduledItemDto['resource']; id: number; title: string; at: Date; overdue: boolean }>>(
        `select * from (
           (select 'blog-posts' as resource, id, title, published_at as at, published_at <= now() as overdue
            from blog_posts where status = 'published' and went_live_at is null order by published_at limit ?)
           union all
           (select 'campaigns', id, subject, scheduled_at, scheduled_at <= now()
            from campaigns where status = 'scheduled' and scheduled_at is not null order by scheduled_at limit ?)
         ) s order by at, resource, id limit ?`,
        [NEXT_LIMIT, NEXT_LIMIT, NEXT_LIMIT],
      ),
      this.failed(POST_PUBLISH_QUEUE),
      this.failed(CAMPAIGN_QUEUE),
    ]);
    return {
      next: rows.map((r) => ({ resource: r.resource, id: r.id, title: r.title, at: new Date(r.at).toISOString(), overdue: r.overdue })),
      failed: [...posts, ...campaigns].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, FAILED_LIMIT),
    };
  }

  private async failed(queue: string) {
    const { items } = await this.jobs.list({ filter: { queue }, sort: null, page: { offset: 0, limit: FAILED_LIMIT } });
    return items;
  }
}
