import { DecimalType, Entity, Enum, Index, ManyToOne, PrimaryKey, Property, type Opt, type Ref } from '@mikro-orm/core';
import { CHECK_RESULTS, type CheckResult } from '../../../common/proof.js';
import { Discount } from '../discounts/discount.entity.js';
import { User } from '../users/user.entity.js';

/** One admin's check of a discount at checkout (issue #11). The newest 'worked' one is the discount's lastVerifiedAt. */
@Entity({ tableName: 'discount_checks' })
@Index({ properties: ['discount', 'checkedAt'] })
export class DiscountCheck {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** A discount's log goes with it. */
  @ManyToOne(() => Discount, { ref: true, deleteRule: 'cascade' })
  discount!: Ref<Discount>;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  checkedAt!: Date;

  /** The admin who checked; kept as null if that account is deleted, so the log survives. */
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  checkedBy: Ref<User> | null = null;

  @Enum({ items: [...CHECK_RESULTS] })
  result!: CheckResult;

  /** The price seen at checkout with the code, in USD. */
  @Property({ type: new DecimalType('number'), precision: 10, scale: 2, nullable: true })
  priceSeen: number | null = null;

  @Property({ type: 'text', nullable: true })
  note: string | null = null;

  /** What was tested (issue #30): the program and account size, shown on the code's public record. */
  @Property({ type: 'string', length: 100, nullable: true })
  program: string | null = null;

  @Property({ type: 'integer', nullable: true })
  size: number | null = null;

  /** A checkout screenshot through the image pipeline (/media/…); only the admin API answers it. */
  @Property({ type: 'text', nullable: true })
  screenshotUrl: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
