import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

export interface RateLimitState {
  hits: number;
  resetAt: Date;
}

/**
 * The one counter upsert: `rows` gives (key, 1, window end) rows; a hit opens a new window once the last has
 * ended, else counts one more. Exported so a statement that claims a counter inside a larger one (a proof report
 * claims its visitor's daily slot in the same round trip) runs this text rather than a copy.
 */
export const hitCounterSql = (rows: string): string =>
  `insert into rate_limits (key, hits, reset_at) ${rows}
   on conflict (key) do update set
     hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
     reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end`;

/**
 * Fixed-window counters in PostgreSQL: every instance of the app sees the same
 * counts, and one atomic upsert per hit means concurrent requests cannot race past a limit.
 */
@Injectable()
export class RateLimitService {
  constructor(private readonly em: EntityManager) {}

  /** Counts one hit against `key` and returns the count within the current window. */
  async hit(key: string, windowSeconds: number): Promise<RateLimitState> {
    const [row] = await this.em.getConnection().execute<{ hits: number; reset_at: Date }[]>(
      `${hitCounterSql('values (?, 1, now() + make_interval(secs => ?))')}
       returning hits, reset_at`,
      [key, windowSeconds],
    );
    if (Math.random() < 0.01) void this.purgeExpired();
    return { hits: row.hits, resetAt: new Date(row.reset_at) };
  }

  /** The current window's count without adding to it (0 when none is open). */
  async peek(key: string): Promise<RateLimitState | null> {
    const [row] = await this.em.getConnection().execute<{ hits: number; reset_at: Date }[]>(
      'select hits, reset_at from rate_limits where key = ? and reset_at > now()',
      [key],
    );
    return row ? { hits: row.hits, resetAt: new Date(row.reset_at) } : null;
  }

  /** Opens (or extends) a window of `seconds` on `key` from now: a wait that `peek` reports until it ends. */
  async hold(key: string, seconds: number): Promise<void> {
    await this.em.getConnection().execute(
      `insert into rate_limits (key, hits, reset_at) values (?, 1, now() + make_interval(secs => ?))
       on conflict (key) do update set hits = rate_limits.hits + 1, reset_at = greatest(rate_limits.reset_at, excluded.reset_at)`,
      [key, seconds],
    );
  }

  /**
   * Takes `key` until `until` if no one holds it: true for the one caller that took it (a single-use claim, kept
   * until the row is purged after `until`).
   */
  async claimOnce(key: string, until: Date | null): Promise<boolean> {
    const rows = await this.em.getConnection().execute<Array<{ key: string }>>(
      'insert into rate_limits (key, hits, reset_at) values (?, 1, ?) on conflict (key) do nothing returning key',
      [key, until],
    );
    return rows.length > 0;
  }

  /** Whether claimOnce has taken `key` (whatever its window: a used single-use claim stays used). */
  async isClaimed(key: string): Promise<boolean> {
    const rows = await this.em.getConnection().execute<Array<{ key: string }>>('select key from rate_limits where key = ?', [key]);
    return rows.length > 0;
  }

  async reset(key: string): Promise<void> {
    await this.em.getConnection().execute('delete from rate_limits where key = ?', [key]);
  }

  private async purgeExpired(): Promise<void> {
    await this.em.getConnection().execute('delete from rate_limits where reset_at <= now()').catch(() => undefined);
  }
}
