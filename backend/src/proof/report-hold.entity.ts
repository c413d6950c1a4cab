import { Entity, Index, ManyToOne, PrimaryKey, Property, type Opt, type Ref } from '@mikro-orm/core';
import { Discount } from '../discounts/discount.entity.js';
import { User } from '../users/user.entity.js';
import type { HoldReason } from '../../../common/proof.js';

/**
 * A burst of visitors' reports on one code (issue #18, common/proof.ts holdReason), held out of its figures
 * until an admin accepts it: the reports of `discount` made from `startedAt` to `endedAt` (inclusive). Reports
 * stay append-only; a hold only says which of them the figures leave out.
 */
@Entity({ tableName: 'report_holds' })
@Index({ properties: ['discount', 'endedAt'] })
export class ReportHold {
  @PrimaryKey()
  id!: number;

  @ManyToOne(() => Discount, { ref: true, deleteRule: 'cascade' })
  discount!: Ref<Discount>;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  startedAt!: Date;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  endedAt!: Date;

  @Property({ type: 'text' })
  reason!: HoldReason;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  acceptedAt: Date | null = null;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  acceptedBy: Ref<User> | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
