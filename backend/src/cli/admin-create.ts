/**
 * npm run admin:create -- <email> [display name]
 * Creates an admin (or makes an existing user admin) and prints a new random password once.
 * Set ADMIN_CREATE_PASSWORD to choose the password instead.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppModule } from '../app.module.js';
import { loadConfig } from '../config/config.js';
import { UsersService } from '../users/users.service.js';

const [email, ...nameParts] = process.argv.slice(2);
if (!email || !z.email().safeParse(email.trim()).success) {
  console.error('Usage: npm run admin:create -- <email> [display name]');
  process.exit(2);
}
const config = { ...loadConfig(), seedDemoContent: false, logLevel: 'warn' as const };
const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['error', 'warn'] });
try {
  const password = process.env.ADMIN_CREATE_PASSWORD || randomBytes(12).toString('base64url');
  const { created } = await app.get(UsersService).upsert({
    email,
    password,
    role: 'admin',
    displayName: nameParts.join(' ') || undefined,
  });
  console.log(`${created ? 'Created' : 'Updated'} admin ${email.trim().toLowerCase()}`);
  if (!process.env.ADMIN_CREATE_PASSWORD) console.log(`Password: ${password}`);
} finally {
  await app.close();
}
