import { Entity, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

/** One line of the audit log (issue #20): append-only (a trigger refuses updates); only the retention sweep deletes. */
@Entity({ tableName: 'audit_log' })
export class AuditEntry {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' })
  at: Date & Opt = new Date();

  @Property({ type: 'integer', nullable: true })
  actorId: number | null = null;

  @Property({ type: 'string', length: 254, nullable: true })
  actorEmail: string | null = null;

  @Property({ type: 'string', length: 40 })
  action!: string;

  @Property({ type: 'string', length: 60 })
  resource!: string;

  @Property({ type: 'string', length: 60, nullable: true })
  resourceId: string | null = null;

  @Property({ type: 'json', default: '{}' })
  changes: Record<string, [unknown, unknown]> & Opt = {};
}
