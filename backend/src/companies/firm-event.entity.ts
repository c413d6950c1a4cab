import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property, type Opt, type Ref } from '@mikro-orm/core';
import { FIRM_EVENT_KINDS, type FirmEventKind, type RuleValue } from '../../../common/rule-changes.js';
import { Company } from './company.entity.js';

/**
 * The outbox of what changed at a firm (issue #19): one row per field changed, written in the
 * transaction of the change (by FirmEventsService, or by the database triggers for any other
 * write). The timeline, the Atom feed and the alert fan-out read it; `fannedOutAt` marks the rows
 * the alerts have taken.
 */
@Entity({ tableName: 'firm_events' })
@Index({ properties: ['company', 'createdAt'] })
export class FirmEvent {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @Enum({ items: [...FIRM_EVENT_KINDS] })
  kind!: FirmEventKind;

  /** The program's name when the change is one of its rules. */
  @Property({ type: 'text', nullable: true })
  program: string | null = null;

  @Property({ type: 'text' })
  field!: string;

  @Property({ type: 'jsonb', nullable: true })
  before: RuleValue = null;

  @Property({ type: 'jsonb', nullable: true })
  after: RuleValue = null;

  /** The editor's note on why (optional). */
  @Property({ type: 'text', nullable: true })
  note: string | null = null;

  @Property({ type: 'text', nullable: true })
  sourceUrl: string | null = null;

  /** The code a 'code' event is about. */
  @Property({ type: 'integer', nullable: true })
  discountId: number | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  fannedOutAt: Date | null = null;
}
