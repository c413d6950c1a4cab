import { Entity, Index, ManyToOne, PrimaryKey, Property, type Opt, type Ref } from '@mikro-orm/core';
import { Discount } from '../discounts/discount.entity.js';

/**
 * A visitor's 'Did this code work?' answer (issue #11): append-only (a trigger refuses updates), time and
 * result only — no address, no visitor key. Written by one SQL statement in ReportsService, never through the ORM.
 */
@Entity({ tableName: 'discount_reports' })
@Index({ properties: ['discount', 'createdAt'] })
export class DiscountReport {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @ManyToOne(() => Discount, { ref: true, deleteRule: 'cascade' })
  discount!: Ref<Discount>;

  @Property({ type: 'boolean' })
  worked!: boolean;

  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
