import { Entity, Index, ManyToOne, Property, type Ref } from '@mikro-orm/core';
import { Company } from './company.entity.js';
import { BaseEntity } from '../db/base.entity.js';

/** One entry of a firm's changelog: a rule change we saw, when, and where it is written. */
@Entity({ tableName: 'firm_changes' })
@Index({ properties: ['company', 'date'] })
export class FirmChange extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  /** A calendar date. */
  @Property({ type: 'date' })
  date!: string;

  @Property({ type: 'text' })
  change!: string;

  @Property({ type: 'text', nullable: true })
  sourceUrl: string | null = null;
}
