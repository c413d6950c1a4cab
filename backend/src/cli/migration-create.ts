/**
 * Writes a migration for the difference between the entities and the database
 * (an empty embedded one when DATABASE_URL is unset). Usage: npm run migration:create
 */
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../config/config.js';
import { startEmbeddedPostgres } from '../database/embedded-postgres.js';
import { ormConfig } from '../database/mikro-orm.config.js';

const config = loadConfig();
const db = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, console.log);
const orm = await MikroORM.init(ormConfig(config.databaseUrl ?? db!.url));
try {
  await orm.getMigrator().up();
  const result = await orm.getMigrator().createMigration();
  console.log(result.fileName ? `Created ${result.fileName}; add it to migrations/index.ts` : 'No schema changes');
} finally {
  await orm.close();
  await db?.stop();
}
