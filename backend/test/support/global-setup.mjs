// One PostgreSQL for the whole run; each suite then makes its own database.
// TEST_DATABASE_ADMIN_URL points the suites at another server instead.
// Loaded through tsx because Jest does not map `.js` imports for global setup files.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

export default async function globalSetup() {
  if (process.env.TEST_DATABASE_ADMIN_URL) return;
  const { startEmbeddedPostgres } = await tsImport('../../src/database/embedded-postgres.ts', import.meta.url);
  const dir = mkdtempSync(join(tmpdir(), 'vtf-test-'));
  const db = await startEmbeddedPostgres(dir);
  process.env.TEST_DATABASE_ADMIN_URL = db.adminUrl;
  globalThis.__testDb = { stop: db.stop, dir };
}
