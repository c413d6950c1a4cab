import { DecimalType, Entity, Enum, ManyToOne, Property, Unique, type Ref } from '@mikro-orm/core';
import { CRITERION_KEYS, type CriterionKey } from '../../../common/firms.js';
import { Company } from './company.entity.js';
import { BaseEntity } from '../db/base.entity.js';

/** A firm's score on one criterion of the methodology, with the admin's note on why. */
@Entity({ tableName: 'firm_scores' })
@Unique({ properties: ['company', 'criterion'] })
export class FirmScore extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade' })
  company!: Ref<Company>;

  @Enum({ items: [...CRITERION_KEYS] })
  criterion!: CriterionKey;

  @Property({ type: new DecimalType('number'), precision: 2, scale: 1 })
  score!: number;

  @Property({ type: 'text', nullable: true })
  note: string | null = null;
}
