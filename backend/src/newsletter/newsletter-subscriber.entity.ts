import { Entity, Enum, Index, PrimaryKey, Property, Unique, type Opt } from '@mikro-orm/core';
import type { NewsletterSubscriberDto } from '../../../common/api-types.js';
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from '../../../common/enums.js';

/**
 * The admin list's orders are served by indexes, so a page costs the same at 100,000 rows as at 20:
 * (subscribed_at, id) for the default newest-first order and the 'New (Last 7 Days)' count,
 * (status, subscribed_at, id) for a status filter or a sort by status; the unique email index for sorting by email;
 * a trigram index (pg_trgm, where the server offers it) for the 'Search by email...' box.
 */
@Entity({ tableName: 'newsletter_subscribers' })
@Index({ name: 'newsletter_subscribers_subscribed_at_id_index', properties: ['subscribedAt', 'id'] })
@Index({ name: 'newsletter_subscribers_status_subscribed_at_id_index', properties: ['status', 'subscribedAt', 'id'] })
@Index({
  name: 'newsletter_subscribers_email_trgm_index',
  expression: 'create index "newsletter_subscribers_email_trgm_index" on "newsletter_subscribers" using gin ("email" gin_trgm_ops)',
})
export class NewsletterSubscriber {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** Stored trimmed and lower-cased; unique, so a flood of one address makes one row. */
  @Unique()
  @Property({ type: 'string', length: 254 })
  email!: string;

  /** When the current subscription began (a returning subscriber gets a new date). */
  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' })
  subscribedAt: Date & Opt = new Date();

  @Enum({ items: [...SUBSCRIBER_STATUSES], default: 'subscribed' })
  status: SubscriberStatus & Opt = 'subscribed';

  /** Which signup form (docs/spec.md §3 labels or blog-post-{slug}); null is shown as 'Direct'. */
  @Property({ type: 'string', length: 120, nullable: true })
  source: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();

  /** Double opt-in: set by the confirmation link; null until then. Subscribers from before issue #16 count as confirmed. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  confirmedAt: Date | null = null;

  /** A permanent delivery failure or a complaint: the address is never mailed again. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  bouncedAt: Date | null = null;

  /** When the last confirmation mail was sent: a re-subscribe re-sends it at most once an hour. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  confirmationSentAt: Date | null = null;

  /** Preferences page: the Monday digest on or off. */
  @Property({ type: 'boolean', default: true })
  digest: boolean & Opt = true;
}

/** The API shape of docs/spec.md §3. Accepts entities and raw query rows alike. */
export function toSubscriberDto(
  s: Pick<NewsletterSubscriber, 'id' | 'email' | 'subscribedAt' | 'status' | 'source' | 'confirmedAt' | 'bouncedAt'>,
): NewsletterSubscriberDto {
  return {
    id: s.id,
    email: s.email,
    subscribedAt: new Date(s.subscribedAt).toISOString(),
    status: s.status,
    source: s.source,
    confirmedAt: s.confirmedAt ? new Date(s.confirmedAt).toISOString() : null,
    bouncedAt: s.bouncedAt ? new Date(s.bouncedAt).toISOString() : null,
  };
}
