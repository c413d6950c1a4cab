/**
 * Starts the real app (createApp, as production does) on a fresh database of
 * its own, so every suite begins from an empty, fully migrated schema.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import pg from 'pg';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { createScratchDatabase } from '../../../test-support/app-process.mjs';
import { createApp } from '../../src/app.setup.js';
import { loadConfig, type AppConfig } from '../../src/config/config.js';
import { PublicCacheService } from '../../src/cache/public-cache.service.js';
import { UsersService } from '../../src/users/users.service.js';
import { tempDir } from './temp-dir.js';

export const ADMIN = { email: 'admin@test.example', password: 'admin-password-1' };

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  databaseUrl: string;
  /** A plain client without cookies. */
  http(): TestAgent;
  /** A cookie-keeping client signed in as the given user (default: the admin). */
  signedIn(user?: { email: string; password: string }): Promise<TestAgent>;
  createUser(email: string, password: string, role: 'admin' | 'editor' | 'user'): Promise<void>;
  sql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_ADMIN_URL is not set (jest globalSetup starts PostgreSQL)');
  return createScratchDatabase(adminUrl, 'test');
}

/** `dataDir` is the caller's to make and to remove (support/temp-dir.ts). */
export function testConfig(overrides: Partial<AppConfig> & { dataDir: string }): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: overrides.dataDir, PORT: '0' }),
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    seedDemoContent: false,
    logLevel: 'error',
    ...overrides,
  };
}

/** `databaseUrl: undefined` in overrides means: use the embedded PostgreSQL in `dataDir`, as `npm start` does. */
export async function startTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const db = 'databaseUrl' in overrides ? undefined : await createDatabase();
  // A data dir of its own unless the suite brings one (and then removes it itself).
  const ownDataDir = overrides.dataDir ? undefined : tempDir('vtf-data-');
  const config = testConfig({ databaseUrl: db?.url, ...overrides, dataDir: overrides.dataDir ?? ownDataDir!.path });
  const app = await createApp(config);
  await app.init();
  const server = app.getHttpServer();
  const pool = new pg.Pool({ connectionString: config.databaseUrl ?? db?.url, max: 2 });
  pool.on('error', () => undefined);

  return {
    app,
    config,
    databaseUrl: config.databaseUrl ?? '',
    http: () => request(server) as unknown as TestAgent,
    async signedIn(user = ADMIN) {
      const agent = request.agent(server);
      const res = await agent.post('/_api/auth/login_with_password').send(user);
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
      return agent as unknown as TestAgent;
    },
    async createUser(email, password, role) {
      await app.get(UsersService).upsert({ email, password, role });
    },
    async sql(text, params) {
      const { rows } = await pool.query(text, params);
      // A write made here reaches the app's public cache by NOTIFY; wait for it, as a later request would.
      await app.get(PublicCacheService).sync();
      return rows;
    },
    async close() {
      await pool.end();
      await app.close();
      await db?.drop();
      ownDataDir?.remove();
    },
  };
}

/** The app with SMTP_URL pointing at an in-process SMTP server (support/smtp-sink.ts); close() stops both. */
export async function startTestAppWithSmtp(
  overrides: Partial<AppConfig> = {},
): Promise<TestApp & { smtp: import('./smtp-sink.js').SmtpSink }> {
  const { startSmtpSink } = await import('./smtp-sink.js');
  const smtp = await startSmtpSink();
  const t = await startTestApp({ smtpUrl: smtp.url, ...overrides });
  return {
    ...t,
    smtp,
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}
