import { PrimaryKey, Property, type Opt } from '@mikro-orm/core';

/** Integer id, timestamps and the optimistic-locking version shared by every content entity. */
export abstract class BaseEntity {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();

  /**
   * Raised by every update the ORM flushes (its UPDATE is `where id = ? and version = ?`), so two saves
   * from the same starting point cannot both land: see backend/src/audit/edit-conflicts.ts.
   */
  @Property({ type: 'integer', version: true, default: 1 })
  version: number & Opt = 1;
}
