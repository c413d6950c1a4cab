/**
 * npm run admin:create -- <email> [display name]
 * Prints a new random password once; set ADMIN_CREATE_PASSWORD to choose it instead.
 */
import 'reflect-metadata';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config/config.js';
import { createAdmin } from './admin-create.command.js';

const [email, ...nameParts] = process.argv.slice(2);
if (!email || !z.email().safeParse(email.trim()).success) {
  console.error('Usage: npm run admin:create -- <email> [display name]');
  process.exit(2);
}
try {
  const chosen = process.env.ADMIN_CREATE_PASSWORD;
  const result = await createAdmin(loadConfig(), email, nameParts.join(' ') || undefined, chosen);
  console.log(`${result.created ? 'Created' : 'Updated'} admin ${result.email}`);
  if (!chosen) console.log(`Password: ${result.password}`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
