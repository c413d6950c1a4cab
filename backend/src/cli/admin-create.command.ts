import { NestFactory } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import { AppModule } from '../app.module.js';
import type { AppConfig } from '../config/config.js';
import { UsersService } from '../users/users.service.js';

export interface AdminCreated {
  email: string;
  created: boolean;
  /** The password that was set: the one given, or a new random one. */
  password: string;
}

/** Creates an admin, or gives an existing user the admin role and a new password. */
export async function createAdmin(config: AppConfig, email: string, displayName?: string, password?: string): Promise<AdminCreated> {
  const app = await NestFactory.createApplicationContext(
    AppModule.forRoot({ ...config, seedDemoContent: false, adminEmail: undefined, adminPassword: undefined }),
    { logger: ['error', 'warn'] },
  );
  try {
    const secret = password || randomBytes(12).toString('base64url');
    const { user, created } = await app.get(UsersService).upsert({ email, password: secret, role: 'admin', displayName });
    return { email: user.email, created, password: secret };
  } finally {
    await app.close();
  }
}
