/**
 * Starts the built site (node dist/backend/src/main.js) on a free port with a
 * fresh DATA_DIR (embedded PostgreSQL, demo content), exactly as `npm start` does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, signInAdmin, waitForHealth } from '../../test-support/app-process.mjs';

export const E2E_ADMIN = { email: 'admin@e2e.example', password: 'e2e-admin-password' };

export interface Site {
  baseUrl: string;
  /** The site's process and everything it printed so far (the shutdown test signals it directly). */
  child: ChildProcess;
  output(): string;
  /** The site's DATA_DIR (its embedded PostgreSQL lives in it; see support/sql.ts). */
  dataDir: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /**
   * Start it as a user does, `npm start` (prestart included), in a process group of its own like a terminal's
   * foreground job: the group's id is the child's pid, so `process.kill(-site.child.pid, 'SIGINT')` is Ctrl-C.
   */
  npmStart?: boolean;
  /** Start on this data folder (kept on stop) instead of a new one: a second start of the same site. */
  dataDir?: string;
  /** Listen on this port (a copy started again where its balancer expects it) instead of a free one. */
  port?: number;
}

export async function startSite(env: Record<string, string> = {}, options: StartOptions = {}): Promise<Site> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'vtf-e2e-'));
  // A free port is only free until someone binds it: suites start in parallel, each with its own site and
  // database, so a port taken in between is tried again with another one.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startSiteOn(options.port ?? (await freePort()), dataDir, env, options);
    } catch (error) {
      if (attempt >= 3 || options.port !== undefined || !/EADDRINUSE/.test(String(error))) throw error;
    }
  }
}

async function startSiteOn(port: number, dataDir: string, env: Record<string, string>, options: StartOptions): Promise<Site> {
  const [command, args] = options.npmStart ? ['npm', ['start', '--silent']] : [process.execPath, ['dist/backend/src/main.js']];
  const child = spawn(command, args, {
    detached: options.npmStart === true,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO_CONTENT: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, {
    exited: () => child.exitCode ?? child.signalCode,
    output: () => output,
    onTimeout: () => void stopProcess(child, options.npmStart === true),
    // ROLE=all is healthy once its worker child has started too: two processes' start on a shared 2-core machine.
    timeoutMs: 120_000,
  });
  return {
    baseUrl,
    child,
    output: () => output,
    dataDir,
    stop: async () => {
      await stopProcess(child, options.npmStart === true);
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `group`: signal the child's whole process group (npm and the node it started), as a terminal would. */
function stopProcess(child: ChildProcess, group = false): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const signal = (sig: NodeJS.Signals) => {
    try {
      if (group) process.kill(-child.pid!, sig);
      else child.kill(sig);
    } catch {
      // already gone
    }
  };
  return new Promise((resolve) => {
    const timer = setTimeout(() => signal('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    signal('SIGTERM');
  });
}

/** The admin's session over the API (the `Cookie` header), as E2E_ADMIN unless told otherwise. */
export function signIn(baseUrl: string, credentials: { email: string; password: string } = E2E_ADMIN): Promise<string> {
  return signInAdmin(baseUrl, credentials);
}

/** A PostgreSQL of the suite's own that several copies of the site share (issue #32): its `app` database's URL. */
export interface SharedDatabase {
  url: string;
  stop(): Promise<void>;
}

export async function startSharedDatabase(): Promise<SharedDatabase> {
  const { ensureDatabase, startEmbeddedPostgres } = await import('../../backend/src/database/embedded-postgres.js');
  const dir = mkdtempSync(join(tmpdir(), 'vtf-copies-db-'));
  const database = await startEmbeddedPostgres(dir);
  await ensureDatabase(database.adminUrl, 'app');
  return {
    url: database.adminUrl.replace(/\/postgres$/, '/app'),
    stop: async () => {
      await database.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The session secret every copy of one site shares (a cookie made by one is read by the others). */
const COPIES_SECRET = 'e2e-copies-session-secret-0123456789';

/**
 * Starts one copy per entry of `copies` (each one's env over `env`) on `databaseUrl`, all at once, as a deployment
 * does (ROLE=web copies behind a balancer, ROLE=worker ones): each with a DATA_DIR of its own and the same session
 * secret. If one does not start, the others are stopped and the error is thrown.
 */
export async function startCopies(databaseUrl: string, copies: Array<Record<string, string>>, env: Record<string, string> = {}): Promise<Site[]> {
  const started = await Promise.allSettled(
    copies.map((own) => startSite({ DATABASE_URL: databaseUrl, SESSION_SECRET: COPIES_SECRET, ...env, ...own })),
  );
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  const sites = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  if (failed) {
    await Promise.all(sites.map((site) => site.stop()));
    throw failed.reason;
  }
  return sites;
}
