// `npm start` on a fresh clone: build once if the compiled app is missing or older than the sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const outputs = ['dist/backend/src/main.js', 'dist/frontend/index.html', 'dist/frontend-server/entry-server.js'];
const sources = ['backend/src', 'common', 'frontend/src', 'frontend/index.html', 'package-lock.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((f) => newest(join(path, f))));
}

const built = Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
if (built === 0 || Math.max(...sources.map(newest)) > built) {
  console.log('Building the site (first start or sources changed)...');
  execSync('npm run build', { stdio: 'inherit' });
}
