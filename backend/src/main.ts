import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/config.js';
import { startServer } from './app.setup.js';

try {
  await startServer(loadConfig());
} catch (error) {
  // A configuration mistake is the user's to fix: say what, without a stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
