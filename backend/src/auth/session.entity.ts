import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/** The table connect-pg-simple keeps express sessions in; mapped so migrations own it. */
@Entity({ tableName: 'user_sessions' })
export class SessionRecord {
  @PrimaryKey({ type: 'text' })
  sid!: string;

  @Property({ type: 'json' })
  sess!: Record<string, unknown>;

  @Index()
  @Property({ type: 'datetime', columnType: 'timestamp(6)' })
  expire!: Date;
}
