import { Entity, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

/** A saved state of a post or firm profile (issue #20): the editable fields as they were after a save. */
@Entity({ tableName: 'revisions' })
export class Revision {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  @Property({ type: 'string', length: 60 })
  resource!: string;

  @Property({ type: 'integer' })
  recordId!: number;

  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' })
  at: Date & Opt = new Date();

  @Property({ type: 'integer', nullable: true })
  actorId: number | null = null;

  @Property({ type: 'string', length: 254, nullable: true })
  actorName: string | null = null;

  /** save | restore | autosave | create */
  @Property({ type: 'string', length: 20 })
  kind!: string;

  @Property({ type: 'json' })
  fields!: Record<string, unknown>;
}
