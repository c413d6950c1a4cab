import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** One fixed-window counter; kept in PostgreSQL so every instance shares it. */
@Entity({ tableName: 'rate_limits' })
export class RateLimitCounter {
  @PrimaryKey({ type: 'text' })
  key!: string;

  @Property({ type: 'integer' })
  hits!: number;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  resetAt!: Date;
}
