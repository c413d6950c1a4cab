import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AlertFrequency, FollowDto } from '../../../common/follow-api-types.js';
import { followDonePath, followIntentOfNext } from '../../../common/follow-intent.js';
import { describeChangeIn } from '../../../common/rule-changes.js';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';

/**
 * Follows and alert settings (issue #19). Plain statements on `follows` and `alert_settings`:
 * neither is cached content, so a follow drops no cached page (no ORM flush of a content table,
 * no `content_changed` trigger).
 */
@Injectable()
export class FollowsService {
  constructor(private readonly em: EntityManager) {}

  /** Idempotent: following twice is one follow. 404 for an unknown firm. */
  async follow(userId: number, companyId: number): Promise<FollowDto[]> {
    const rows = await this.em.execute<Array<{ id: number }>>('select id from companies where id = ?', [companyId]);
    if (!rows.length) throw new ApiError(404, MSG.notFound('Firm'));
    await this.em.execute('insert into follows (user_id, company_id) values (?, ?) on conflict do nothing', [userId, companyId]);
    return this.list(userId);
  }

  /**
   * Where a trader who just signed in to follow lands: a `next` with the intent to follow is acted on here, so the
   * follow happens without the page's script (the no-script sign-in form, the mailed link), and the page is told.
   * An intent for a firm that is gone leaves `next` as it is (the page's script then says it could not follow).
   */
  async followAfterSignIn(userId: number, next: string): Promise<string> {
    const companyId = followIntentOfNext(next);
    if (companyId === null) return next;
    try {
      await this.follow(userId, companyId);
    } catch (error) {
      if (error instanceof ApiError && error.getStatus() === 404) return next;
      throw error;
    }
    return followDonePath(next, companyId, true);
  }

  async unfollow(userId: number, companyId: number): Promise<FollowDto[]> {
    await this.em.execute('delete from follows where user_id = ? and company_id = ?', [userId, companyId]);
    return this.list(userId);
  }

  /** What I follow, newest follow first, each firm with its latest recorded change. */
  async list(userId: number): Promise<FollowDto[]> {
    const rows = await this.em.execute<Array<{
      company_id: number; slug: string; name: string; followed_at: Date;
      e_id: string | null; e_kind: 'rule' | 'status' | 'code' | null; e_program: string | null; e_field: string | null;
      e_before: unknown; e_after: unknown; e_at: Date | null;
    }>>(
      `select f.company_id, c.slug, c.name, f.created_at as followed_at,
         e.id as e_id, e.kind as e_kind, e.program as e_program, e.field as e_field, e.before as e_before, e.after as e_after, e.created_at as e_at
       from follows f join companies c on c.id = f.company_id
       left join lateral (
         select * from firm_events x where x.company_id = f.company_id order by x.created_at desc, x.id desc limit 1
       ) e on true
       where f.user_id = ? order by f.created_at desc, f.company_id desc`,
      [userId],
    );
    return rows.map((r) => ({
      companyId: r.company_id,
      slug: r.slug,
      name: r.name,
      followedAt: new Date(r.followed_at).toISOString(),
      latestChange: r.e_id === null ? null : {
        text: describeChangeIn({ program: r.e_program, field: r.e_field!, before: r.e_before as never, after: r.e_after as never }),
        at: new Date(r.e_at!).toISOString(),
        eventId: r.e_id,
      },
    }));
  }

  async followerCount(companyId: number): Promise<number> {
    const [row] = await this.em.execute<Array<{ n: number }>>('select count(*)::int as n from follows where company_id = ?', [companyId]);
    return row?.n ?? 0;
  }

  async frequency(userId: number): Promise<AlertFrequency> {
    const [row] = await this.em.execute<Array<{ frequency: AlertFrequency }>>('select frequency from alert_settings where user_id = ?', [userId]);
    return row?.frequency ?? 'immediate';
  }

  async setFrequency(userId: number, frequency: AlertFrequency): Promise<AlertFrequency> {
    await this.em.execute(
      `insert into alert_settings (user_id, frequency) values (?, ?)
       on conflict (user_id) do update set frequency = excluded.frequency, updated_at = now()`,
      [userId, frequency],
    );
    return frequency;
  }
}
