import { MikroORM, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import {
  Global, Inject, Injectable, Logger, Module,
  type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit,
} from '@nestjs/common';
import { APP_CONFIG, ConfigError, type AppConfig } from '../config/config.js';
import { DATABASE, type DatabaseConnection } from '../db/connection.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { ormConfig } from './mikro-orm.config.js';
import { waitForDatabase } from './wait-for-database.js';
import { seedDemoContent } from '../seeders/demo.seeder.js';
import { MIGRATIONS } from './migrations/index.js';
import { unknownMigrations, withStartupLock } from '../db/startup-lock.js';

// Re-exported so code importing the token from here still builds; new code imports it from db/ (the ground floor).
export { DATABASE, type DatabaseConnection };

@Injectable()
class DatabaseLifecycle implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  constructor(
    private readonly orm: MikroORM,
    @Inject(DATABASE) private readonly db: DatabaseConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit() {
    // Copies started together (issue #32) migrate one after the other; the later ones find nothing pending.
    await withStartupLock(this.db.url, this.waiting('migrations'), async () => {
      const unknown = await unknownMigrations(this.db.url, MIGRATIONS.map((m) => m.name));
      if (unknown.length) {
        throw new ConfigError(
          `The database was migrated by a newer version of the site (migrations this build does not know: ${unknown.join(', ')}). ` +
            'Start the newer version, or restore a backup taken before that upgrade.',
        );
      }
      const applied = await this.orm.getMigrator().up();
      if (applied.length) this.logger.log(`Applied ${applied.length} migration(s)`);
    });
  }

  async onApplicationBootstrap() {
    if (!this.config.seedDemoContent) return;
    // Each seed step fills only an empty table: under the lock, a second copy starting at once finds them filled.
    await withStartupLock(this.db.url, this.waiting('demo seed'), () => seedDemoContent(this.orm.em.fork(), this.logger));
  }

  private waiting(what: string): () => void {
    return () => this.logger.log(`Another copy holds the start-up lock: waiting to run the ${what}`);
  }

  async onApplicationShutdown() {
    await this.orm.close(true);
    await this.db.stop();
  }
}

@Global()
@Module({
  providers: [
    {
      provide: DATABASE,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<DatabaseConnection> => {
        if (config.databaseUrl) {
          await waitForDatabase(config.databaseUrl, config.databaseWaitSeconds, (m) => new Logger('Database').warn(m));
          return { url: config.databaseUrl, embedded: false, state: () => 'running', stop: async () => {} };
        }
        const logger = new Logger('EmbeddedPostgres');
        const db = await startEmbeddedPostgres(config.dataDir, (m) => logger.log(m), undefined, true);
        logger.log(`Embedded PostgreSQL running, data in ${config.dataDir}`);
        return { url: db.url, embedded: true, state: db.state, stop: db.stop };
      },
    },
  ],
  exports: [DATABASE],
})
class DatabaseConnectionModule {}

@Global()
@Module({
  imports: [
    DatabaseConnectionModule,
    MikroOrmModule.forRootAsync({
      driver: PostgreSqlDriver,
      inject: [DATABASE, APP_CONFIG],
      useFactory: (db: DatabaseConnection, config: AppConfig) =>
        ormConfig(db.url, { pool: { min: 0, max: config.connections.orm, acquireTimeoutMillis: 5000 } }),
    }),
  ],
  providers: [DatabaseLifecycle],
  exports: [DatabaseConnectionModule],
})
export class DatabaseModule {}
