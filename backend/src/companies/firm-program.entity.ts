import { DecimalType, Entity, Enum, Index, ManyToOne, PrimaryKey, Property, Unique, type Opt, type Ref } from '@mikro-orm/core';
import { DRAWDOWN_TYPES, PROGRAM_TYPES, type DrawdownType, type ProgramType } from '../../../common/firms.js';
import { Company } from './company.entity.js';
import { BaseEntity } from '../db/base.entity.js';

/** A funding program of a firm. Edited as part of its company: a save replaces them all (FirmProgramsService). */
@Entity({ tableName: 'firm_programs' })
export class FirmProgram extends BaseEntity {
  @ManyToOne(() => Company, { ref: true, deleteRule: 'cascade', index: true })
  company!: Ref<Company>;

  /** The order the admin listed them in. */
  @Property({ type: 'integer', default: 0 })
  position: number & Opt = 0;

  @Property({ type: 'string', length: 200 })
  name!: string;

  @Index()
  @Enum({ items: [...PROGRAM_TYPES] })
  type!: ProgramType;

  /** One target (%) per evaluation phase, in phase order; none for instant funding. */
  @Property({ type: 'json', default: '[]' })
  profitTargets: number[] & Opt = [];

  @Property({ type: new DecimalType('number'), precision: 5, scale: 2, nullable: true })
  dailyLoss: number | null = null;

  @Property({ type: new DecimalType('number'), precision: 5, scale: 2 })
  maxLoss!: number;

  @Index()
  @Enum({ items: [...DRAWDOWN_TYPES] })
  drawdownType!: DrawdownType;

  @Property({ type: 'integer', default: 0 })
  minTradingDays: number & Opt = 0;

  /** The trailing floor stops rising once it reaches the starting balance (issue #28; the simulator reads it). */
  @Property({ type: 'boolean', default: false })
  trailingStopsAtStart: boolean & Opt = false;

  /** Consistency rule: the best day may be at most this % of the total profit; null: none (issue #28). */
  @Property({ type: new DecimalType('number'), precision: 5, scale: 2, nullable: true })
  consistency: number | null = null;

  /** null: no time limit. */
  @Property({ type: 'integer', nullable: true })
  timeLimitDays: number | null = null;

  @Property({ type: new DecimalType('number'), precision: 5, scale: 2 })
  profitSplit!: number;

  @Property({ type: 'integer', nullable: true })
  firstPayoutDays: number | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  payoutFrequency: string | null = null;

  @Property({ type: 'boolean', default: false })
  refundableFee: boolean & Opt = false;

  @Property({ type: new DecimalType('number'), precision: 10, scale: 2, nullable: true })
  activationFee: number | null = null;

  @Property({ type: new DecimalType('number'), precision: 10, scale: 2, nullable: true })
  resetPrice: number | null = null;
}

/** One account size of a program and its price, both in US dollars. */
@Entity({ tableName: 'firm_program_sizes' })
@Unique({ properties: ['program', 'size'] })
@Index({ properties: ['size'] })
export class FirmProgramSize {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => FirmProgram, { ref: true, deleteRule: 'cascade' })
  program!: Ref<FirmProgram>;

  @Property({ type: 'integer' })
  size!: number;

  @Property({ type: new DecimalType('number'), precision: 10, scale: 2 })
  price!: number;
}
