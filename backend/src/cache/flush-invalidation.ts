import { EntityManager, type EventSubscriber, type FlushEventArgs, type TransactionEventArgs } from '@mikro-orm/postgresql';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PublicCacheService } from './public-cache.service.js';

/**
 * The one place an instance's own writes reach its cache: every ORM flush drops the answers showing
 * the tables it wrote, so the writer's next read is fresh before PostgreSQL's NOTIFY (which every
 * instance, this one included, also gets) arrives. A flush inside a transaction drops them again at
 * commit, since a read between the flush and the commit still saw the old rows.
 */
@Injectable()
export class FlushInvalidation implements EventSubscriber, OnModuleInit {
  /** Tables flushed inside transactions not yet committed (shared by concurrent ones: dropping more is harmless). */
  private readonly pending = new Set<string>();

  constructor(private readonly em: EntityManager, private readonly cache: PublicCacheService) {}

  onModuleInit(): void {
    this.em.getEventManager().registerSubscriber(this);
  }

  afterFlush({ em, uow }: FlushEventArgs): void {
    const tables = new Set<string>();
    for (const changeSet of uow.getChangeSets()) tables.add(changeSet.meta.tableName);
    if (tables.size === 0) return;
    this.cache.invalidate(...tables);
    if (em.isInTransaction()) for (const table of tables) this.pending.add(table);
  }

  afterTransactionCommit(_args: TransactionEventArgs): void {
    if (this.pending.size === 0) return;
    const tables = [...this.pending];
    this.pending.clear();
    this.cache.invalidate(...tables);
  }
}
