import { MikroORM, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import {
  Global, Inject, Injectable, Logger, Module,
  type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DATABASE, type DatabaseConnection } from '../db/connection.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { ormConfig } from './mikro-orm.config.js';
import { waitForDatabase } from './wait-for-database.js';
import { seedDemoContent } from '../seeders/demo.seeder.js';

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
    const applied = await this.orm.getMigrator().up();
    if (applied.length) this.logger.log(`Applied ${applied.length} migration(s)`);
  }

  async onApplicationBootstrap() {
    if (this.config.seedDemoContent) await seedDemoContent(this.orm.em.fork(), this.logger);
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
      inject: [DATABASE],
      useFactory: (db: DatabaseConnection) => ormConfig(db.url),
    }),
  ],
  providers: [DatabaseLifecycle],
  exports: [DatabaseConnectionModule],
})
export class DatabaseModule {}
