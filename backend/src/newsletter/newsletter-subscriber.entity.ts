import { Entity, Enum, Index, PrimaryKey, Property, Unique, type Opt } from '@mikro-orm/core';
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from '../../../common/enums.js';

@Entity({ tableName: 'newsletter_subscribers' })
export class NewsletterSubscriber {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** Stored trimmed and lower-cased; unique, so a flood of one address makes one row. */
  @Unique()
  @Property({ type: 'string', length: 254 })
  email!: string;

  @Index()
  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' })
  subscribedAt: Date & Opt = new Date();

  @Enum({ items: [...SUBSCRIBER_STATUSES], default: 'subscribed' })
  status: SubscriberStatus & Opt = 'subscribed';

  @Property({ type: 'string', length: 120, nullable: true })
  source: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
