// `npm start` on a fresh clone: build once if the compiled app is missing or older than the sources.
import { execSync } from 'node:child_process';
import { FRONTEND_OUTPUTS, FRONTEND_SOURCES, isStale } from './build-freshness.mjs';

const outputs = ['dist/backend/src/main.js', ...FRONTEND_OUTPUTS];
const sources = ['backend/src', ...FRONTEND_SOURCES];

if (isStale(outputs, sources)) {
  console.log('Building the site (first start or sources changed)...');
  // The build is always a production one: under NODE_ENV=test or development Vite compiles JSX for React's dev
  // runtime, which the server renderer's production React does not have (every page would lose its content).
  execSync('npm run build', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
