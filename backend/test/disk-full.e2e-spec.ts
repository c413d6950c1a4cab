/**
 * An upload onto a full disk: 503 with Retry-After and a message that says so, nothing stored, and a log
 * line an operator can read (not the 1.7 MB INSERT with the image as hex).
 *
 * The disk really is full where it can be: the media table is moved to a tablespace on a 512 KB tmpfs
 * (needs root and a local test PostgreSQL). Elsewhere PostgreSQL itself raises its disk_full error (53100)
 * on that table, which is what the app sees from a full disk.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type TestAgent from 'supertest/lib/agent.js';
import { MSG } from '../../common/messages.js';
import { makeImage } from './support/images.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const UPLOAD = '/_api/admin/media';

/** A tiny filesystem owned by the database server's user, or null when this machine cannot mount one. */
function smallFilesystem(): { path: string; unmount(): void } | null {
  const path = mkdtempSync(join(tmpdir(), 'vtf-full-'));
  try {
    const uid = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
    const gid = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=512k,mode=0700,uid=${uid},gid=${gid}`, 'tmpfs', path], { stdio: 'ignore' });
    return {
      path,
      unmount: () => {
        execFileSync('umount', [path]);
        rmSync(path, { recursive: true, force: true });
      },
    };
  } catch {
    rmSync(path, { recursive: true, force: true });
    return null;
  }
}

describe('a full disk', () => {
  let t: TestApp;
  let admin: TestAgent;
  let disk: ReturnType<typeof smallFilesystem>;
  const tablespace = `full_${process.pid}`;
  const logged: string[] = [];
  const writers = { out: process.stdout.write, err: process.stderr.write };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signedIn();
    const localServer = /@127\.0\.0\.1:/.test(process.env.TEST_DATABASE_ADMIN_URL ?? '');
    disk = localServer ? smallFilesystem() : null;
    if (disk) {
      await t.sql(`create tablespace ${tablespace} location '${disk.path}'`);
      await t.sql(`alter table media_assets set tablespace ${tablespace}`);
    } else {
      await t.sql(`create function vtf_disk_full() returns trigger language plpgsql as $$
        begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`);
      await t.sql('create trigger disk_full before insert on media_assets for each row execute function vtf_disk_full()');
    }
  });
  /** What an operator does: the table back on the big disk (or the simulated fault removed). */
  let roomMade = false;
  async function makeRoom(): Promise<void> {
    if (roomMade) return;
    roomMade = true;
    if (disk) {
      await t.sql('alter table media_assets set tablespace pg_default');
      await t.sql(`drop tablespace ${tablespace}`);
      disk.unmount();
    } else {
      await t.sql('drop trigger disk_full on media_assets');
    }
  }
  afterAll(async () => {
    await makeRoom();
    await t.close();
  });
  // What the app logs (Nest's console logger writes to stdout and stderr), kept to be read.
  beforeEach(() => {
    const keep = ((chunk: unknown) => (logged.push(String(chunk)), true)) as typeof process.stdout.write;
    process.stdout.write = keep;
    process.stderr.write = keep;
  });
  afterEach(() => {
    process.stdout.write = writers.out;
    process.stderr.write = writers.err;
  });

  it('answers an upload 503 with Retry-After and "disk is full", stores nothing, and logs a short line', async () => {
    // Noisy pixels: about 1 MB as WebP, more than the small disk holds.
    const picture = await makeImage(1200, 800, 'png');
    const res = await admin.post(UPLOAD).field('kind', 'featured').attach('file', picture, 'big.png');

    expect(res.status).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body).toEqual({ statusCode: 503, error: MSG.diskFull, message: MSG.diskFull });
    expect(await t.sql('select hash from media_assets')).toEqual([]);

    const log = logged.join('');
    expect(log).toMatch(/Disk full during POST \/_api\/admin\/media/);
    expect(Math.max(...log.split('\n').map((line) => line.length))).toBeLessThan(10_000);
  });

  it('keeps answering meanwhile, and takes the same upload once there is room again', async () => {
    await t.http().get('/_api/health').expect(200);
    await t.http().get('/_api/companies').expect(200);
    await makeRoom();
    const res = await admin.post(UPLOAD).field('kind', 'featured').attach('file', await makeImage(1200, 800, 'png'), 'big.png');
    expect(res.status).toBe(201);
    expect(await t.sql('select count(*)::int as n from media_assets')).toEqual([{ n: 1 }]);
  });
});
