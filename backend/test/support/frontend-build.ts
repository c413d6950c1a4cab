/**
 * The server-rendering suites need the built front end (dist/frontend with its manifest, and the
 * server renderer in dist/frontend-server). CI builds before Jest; on a fresh clone the suite builds
 * the front end once itself, so `npm test` passes without a prior `npm run build`.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureFrontendBuilt(): void {
  if (existsSync('dist/frontend-server/entry-server.js') && existsSync('dist/frontend/.vite/manifest.json')) return;
  // A production build whatever NODE_ENV the tests run with (Jest sets "test", which would pick React's dev JSX).
  execSync('npm run build:frontend', { stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } });
}
