// Before the API suites: the built front end (several suites read server-rendered pages), then one PostgreSQL
// for the whole run; each suite then makes its own database. TEST_DATABASE_ADMIN_URL points the suites at another
// server instead. Loaded through tsx because Jest does not map `.js` imports for global setup files.
import { execSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { FRONTEND_OUTPUTS, FRONTEND_SOURCES, isStale } from '../../../scripts/build-freshness.mjs';

/** `npm test` on a fresh clone builds the front end once (as `npm start` does); CI has built it already. */
function ensureFrontendBuilt() {
  if (!isStale(FRONTEND_OUTPUTS, FRONTEND_SOURCES)) return;
  console.log('\nBuilding the front end for the server-rendering suites (missing or older than its sources)...');
  // A production build whatever NODE_ENV the tests run with (Jest sets "test", which would pick React's dev JSX).
  execSync('npm run build:frontend', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

export default async function globalSetup() {
  ensureFrontendBuilt();
  if (process.env.TEST_DATABASE_ADMIN_URL) return;
  const { startEmbeddedPostgres } = await tsImport('../../src/database/embedded-postgres.ts', import.meta.url);
  const dir = mkdtempSync(join(tmpdir(), 'vtf-test-'));
  const db = await startEmbeddedPostgres(dir);
  process.env.TEST_DATABASE_ADMIN_URL = db.adminUrl;
  globalThis.__testDb = { stop: db.stop, dir };
}
