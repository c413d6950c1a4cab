import { DecimalType, Entity, Enum, Index, ManyToOne, Property, type Opt, type Ref } from '@mikro-orm/core';
import { DISCOUNT_STATUSES, type DiscountStatus } from '../../../common/enums.js';
import { Company } from '../companies/company.entity.js';
import { BaseEntity } from '../database/base.entity.js';

@Entity({ tableName: 'discounts' })
@Index({ properties: ['status', 'validUntil'] })
export class Discount extends BaseEntity {
  /** Deleting a company with discounts is refused by the service (409); the FK keeps that true in SQL too. */
  @ManyToOne(() => Company, { ref: true, deleteRule: 'restrict', index: true })
  company!: Ref<Company>;

  @Property({ type: 'string', length: 200 })
  title!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  discountCode: string | null = null;

  @Property({ type: 'text', nullable: true })
  affiliateLink: string | null = null;

  @Enum({ items: [...DISCOUNT_STATUSES], default: 'active' })
  status: DiscountStatus & Opt = 'active';

  @Property({ type: new DecimalType('number'), precision: 10, scale: 2, nullable: true })
  discountAmount: number | null = null;

  @Property({ type: new DecimalType('number'), precision: 5, scale: 2, nullable: true })
  discountPercentage: number | null = null;

  @Property({ type: new DecimalType('number'), precision: 10, scale: 2, nullable: true })
  originalPrice: number | null = null;

  @Property({ type: new DecimalType('number'), precision: 10, scale: 2, nullable: true })
  discountedPrice: number | null = null;

  @Property({ type: 'text', nullable: true })
  termsAndConditions: string | null = null;

  /** A calendar date (SPEC §3): no time, no zone. */
  @Property({ type: 'date', nullable: true })
  validFrom: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  validUntil: Date | null = null;

  @Property({ type: 'text', nullable: true })
  mediaUrl: string | null = null;

  /** Follows of the affiliate link through /go/:id. */
  @Property({ type: 'integer', default: 0 })
  clicks: number & Opt = 0;
}
