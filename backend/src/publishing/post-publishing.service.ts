import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { PublicCacheService } from '../cache/public-cache.service.js';
import { JobsService } from '../jobs/jobs.service.js';
import { POST_PUBLISH_QUEUE } from '../jobs/queues.js';

const keyOf = (postId: number) => `post-${postId}`;

/** A post as its save leaves it, for the scheduling decision. */
export interface PublicationState {
  id: number;
  status: string;
  publishedAt: Date | null;
  wentLiveAt: Date | null;
}

/**
 * Scheduled posts publish from pg-boss jobs (issue #20). A post saved as published with a future date waits
 * (`went_live_at` null); a job per post, deferred to its date (singletonKey `post-<id>`: a re-save moves it), makes
 * it go live and empties the public caches on every instance, as a save does. At start, whatever fell due while
 * no instance ran goes live at once, and every waiting post gets its job back (jobs lost or moved by hand).
 * A job whose post was unscheduled, unpublished or deleted finds nothing to do.
 */
@Injectable()
export class PostPublishing implements OnModuleInit {
  private readonly logger = new Logger('Publishing');

  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobsService,
    private readonly cache: PublicCacheService,
  ) {}

  onModuleInit(): void {
    void this.jobs.register<{ postId: number }>(POST_PUBLISH_QUEUE, ({ postId }) => this.publishDue(postId), {
      policy: 'stately', retryLimit: 10, retryDelaySeconds: 5, expireInSeconds: 60,
    });
    this.jobs.atStart('post-publish catch-up', () => this.catchUp());
  }

  /** After a save: a post waiting for its date gets its job (moved, if it had one); any other needs none. */
  async afterSave(post: PublicationState): Promise<void> {
    if (post.status !== 'published' || post.wentLiveAt || !post.publishedAt) return;
    try {
      await this.jobs.reschedule(POST_PUBLISH_QUEUE, { postId: post.id }, { singletonKey: keyOf(post.id), startAfter: post.publishedAt });
    } catch (error) {
      // The save is stored and the post shows at its date regardless; the next start's catch-up gives it its job.
      this.logger.warn(`Post ${post.id}: its publishing job was not queued (${(error as Error).message})`);
    }
  }

  /**
   * Makes the posts whose date has come go live (one post, or every one due), and empties the public caches
   * when any did. Answers how many went live.
   */
  async publishDue(postId?: number): Promise<number> {
    const rows = await this.execute<{ id: number }>(
      `update blog_posts set went_live_at = now()
       where status = 'published' and went_live_at is null and published_at <= now() ${postId === undefined ? '' : 'and id = ?'}
       returning id`,
      postId === undefined ? [] : [postId],
    );
    if (rows.length) {
      // The UPDATE's NOTIFY empties every instance's cache; this one's at once, before the job reports done.
      this.cache.invalidate('blog_posts');
      this.logger.log(`Published ${rows.length} scheduled post(s): ${rows.map((r) => r.id).join(', ')}`);
    } else if (postId !== undefined) {
      await this.requeueIfEarly(postId);
    }
    return rows.length;
  }

  /** Due posts go live; waiting ones get their job at their date again. */
  async catchUp(): Promise<void> {
    await this.publishDue();
    const waiting = await this.execute<{ id: number; published_at: Date }>(
      `select id, published_at from blog_posts where status = 'published' and went_live_at is null and published_at > now()`,
    );
    for (const post of waiting) {
      await this.jobs.reschedule(POST_PUBLISH_QUEUE, { postId: post.id }, { singletonKey: keyOf(post.id), startAfter: new Date(post.published_at) });
    }
  }

  /** A job that ran before its post's date (the date moved later without a new job): the post gets one at its date. */
  private async requeueIfEarly(postId: number): Promise<void> {
    const [post] = await this.execute<{ published_at: Date }>(
      `select published_at from blog_posts where id = ? and status = 'published' and went_live_at is null and published_at > now()`, [postId],
    );
    if (post) await this.jobs.send(POST_PUBLISH_QUEUE, { postId }, { singletonKey: keyOf(postId), startAfter: new Date(post.published_at) });
  }

  private execute<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params);
  }
}
