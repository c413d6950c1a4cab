import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { WriteChangesSubscriber } from '../audit/write-changes.subscriber.js';
import { CompanySlugSubscriber } from '../companies/company-slug.subscriber.js';
import { DiscountSlugSubscriber } from '../discounts/discount-slug.subscriber.js';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';

/**
 * Entities and migrations are listed explicitly (no folder globbing) so the same
 * config works from compiled JS, from jest and from the CLI scripts.
 */
export function ormConfig(clientUrl: string, overrides: Partial<Options> = {}): Options {
  return defineConfig({
    clientUrl,
    entities: ENTITIES,
    extensions: [Migrator],
    subscribers: [new CompanySlugSubscriber(), new DiscountSlugSubscriber(), new WriteChangesSubscriber()],
    forceUtcTimezone: true,
    // Decorators carry every type, so no metadata cache or TS reflection is needed.
    metadataCache: { enabled: false },
    discovery: { requireEntitiesArray: true },
    pool: { min: 0, max: 10, acquireTimeoutMillis: 5000 },
    driverOptions: { connection: { connectionTimeoutMillis: 5000, statement_timeout: 15000 } },
    migrations: {
      migrationsList: MIGRATIONS,
      path: 'backend/src/database/migrations',
      transactional: true,
      // Each migration in its own transaction, not all in one: a migration that builds indexes CONCURRENTLY
      // (Migration20261129020000) runs outside any transaction and must see the tables the ones before it made.
      allOrNothing: false,
      snapshot: false,
      emit: 'ts',
      silent: true,
    },
    ...overrides,
  });
}
