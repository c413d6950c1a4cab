// Whether a build's outputs are missing or older than its sources: one rule for `npm start` (ensure-build.mjs)
// and for the API suites that read server-rendered pages (backend/test/support/global-setup.mjs).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((f) => newest(join(path, f))));
}

export function isStale(outputs, sources) {
  const built = Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
  return built === 0 || Math.max(...sources.map(newest)) > built;
}

/** The front end and its server renderer, and what they are built from. */
export const FRONTEND_OUTPUTS = ['dist/frontend/index.html', 'dist/frontend/.vite/manifest.json', 'dist/frontend-server/entry-server.js'];
export const FRONTEND_SOURCES = ['common', 'frontend/src', 'frontend/index.html', 'frontend/vite.config.ts', 'package-lock.json'];
