import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import connectPgSimple from 'connect-pg-simple';
import type { RequestHandler } from 'express';
import session from 'express-session';
import pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DATABASE, type DatabaseConnection } from '../db/connection.js';

export const SESSION_COOKIE = 'vtf.sid';
const SESSION_DAYS = 14;

/** express-session backed by PostgreSQL (table user_sessions, created by a migration). */
@Injectable()
export class SessionMiddleware implements OnApplicationShutdown {
  private readonly pool: pg.Pool;
  readonly handler: RequestHandler;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(DATABASE) db: DatabaseConnection) {
    this.pool = new pg.Pool({ connectionString: db.url, max: config.connections.sessions, connectionTimeoutMillis: 5000 });
    // An idle client losing its server must not crash the process; the pool reconnects on next use.
    this.pool.on('error', () => undefined);
    const Store = connectPgSimple(session);
    this.handler = session({
      name: SESSION_COOKIE,
      secret: config.sessionSecret,
      store: new Store({ pool: this.pool, tableName: 'user_sessions', createTableIfMissing: false, pruneSessionInterval: 15 * 60 }),
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.publicSiteUrl.startsWith('https://'),
        maxAge: SESSION_DAYS * 24 * 60 * 60 * 1000,
        path: '/',
      },
    });
  }

  async onApplicationShutdown() {
    await this.pool.end().catch(() => undefined);
  }
}
